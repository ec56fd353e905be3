import { expect, test, type Page } from '@playwright/test';
import {
  createWallet,
  fund,
  heldStamps,
  panelOf,
  signAndMine,
  signInWithNinja,
  unlockPanel,
  WALLET_URL,
} from './support/ninja';
import { api, type Paged } from './support/wallet';

/**
 * The creator tools of /mint, against the real stack: the SRC-721 builder's checks in the spec's order, then a
 * deploy minted as a stamp through the wallet panel (signed in with a Ninja wallet funded on the devnet), mined,
 * indexed, and listed among the collections.
 */

/** Replaces the builder's JSON with `text`, as typed. */
async function typeJson(page: Page, text: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: 'SRC-721 deploy JSON' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

test("the SRC-721 builder's checks in order, then a deploy minted through the wallet panel and listed", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await page.goto(WALLET_URL);
  const { address } = await createWallet(page);
  await fund(request, address);
  await page.goto('/mint/src721-builder');
  await signInWithNinja(page);

  const builder = page.getByRole('region', { name: 'Src721 Builder' });
  const message = builder.getByRole('alert');
  const mint = builder.getByRole('button', { name: 'Mint', exact: true });
  const steps: [string, string][] = [
    ['{', 'Invalid JSON'],
    ['{}', 'Collection Name is required'],
    ['{"name": "N"}', 'Max Supply is required'],
    ['{"name": "N", "max": "10"}', 'Quantity per Mint is required'],
    ['{"name": "N", "max": "10", "lim": "1"}', 'At least one layer `"t0": [A1234,A5678]` is required'],
    ['{"name": "N", "max": "10", "lim": "1", "t0": []}', 'Empty layers for t0'],
    ['{"name": "N", "max": "10", "lim": "1", "t0": ["A1"], "t2": ["A2"]}', 'Invalid layer key t2'],
  ];
  for (const [text, expected] of steps) {
    await typeJson(page, text);
    await expect(message).toHaveText(expected);
    await expect(mint).toBeDisabled();
  }

  // A valid deploy of real stamps' images: no message, the preview drawn, Mint enabled.
  const pngs = await api<Paged<{ cpid: string }>>(request, '/api/search?types=png&limit=3');
  const [a, b, c] = pngs.hits.map((hit) => hit.cpid);
  expect(c, 'three PNG stamps in the demo').toBeDefined();
  const name = `E2E${String(Date.now()).slice(-8)}`;
  const deploy = {
    p: 'src-721',
    v: '1',
    op: 'deploy',
    name,
    symbol: 'E2E',
    description: 'A collection deployed by the browser tests',
    type: 'data:image/png;base64',
    viewbox: '0 0 28 28',
    max: '100',
    lim: '1',
    icon: a,
    t0: [a, b],
    t1: [c],
  };
  await typeJson(page, JSON.stringify(deploy, null, 2));
  await expect(message).toHaveCount(0);
  await expect(builder.getByRole('list', { name: 'Layer t1' }).getByRole('img')).toHaveCount(1);
  await expect(mint).toBeEnabled();
  await mint.click();

  // The wallet panel takes the deploy's bytes from the site, then builds, signs and sends the stamp.
  const panel = panelOf(page);
  await unlockPanel(panel);
  const bytes = Buffer.byteLength(JSON.stringify(deploy));
  await expect(
    panel.getByText(`A new stamp of ${bytes.toLocaleString('en-US')} bytes (application/json)`, { exact: false }),
  ).toBeVisible();
  await signAndMine(panel);

  // The deploy stamp is the wallet's, and its collection is listed.
  await expect.poll(async () => (await heldStamps(request, address)).length, { timeout: 90_000 }).toBe(1);
  await expect
    .poll(
      async () => {
        const found = await api<Paged<{ name: string; type?: string }>>(request, `/api/collections/${name}`);
        return found.hits.map((hit) => hit.name);
      },
      { timeout: 60_000, intervals: [1_000, 2_000] },
    )
    .toContain(name);
  // Its page: the deploy stamp is the collection.
  const [deployCpid] = await heldStamps(request, address);
  await page.goto(`/collection/${deployCpid ?? ''}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name, { timeout: 30_000 });
});

/** Mints the file of type `mime` the wallet panel was handed: unlocked, reviewed, signed, sent, mined. */
async function mintThroughPanel(page: Page, mime: string): Promise<void> {
  const panel = panelOf(page);
  await unlockPanel(panel);
  await expect(
    panel.getByText(new RegExp(`^A new stamp of [\\d,]+ bytes \\(${mime.replace('/', '\\/')}\\)`)),
  ).toBeVisible();
  await signAndMine(panel);
}

test('a meme of two stamps and a text, minted through the wallet panel: the new stamp is the canvas’s PNG', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await page.goto(WALLET_URL);
  const { address } = await createWallet(page);
  await fund(request, address);
  await page.goto('/mint/stamp-mixer');
  await signInWithNinja(page);

  const pngs = await api<Paged<{ cpid: string }>>(request, '/api/search?types=png&limit=2');
  const mixer = page.getByRole('region', { name: 'Stamp Mixer' });
  for (const hit of pngs.hits) {
    await mixer.getByLabel('Stamp cpid').fill(hit.cpid);
    await mixer.getByRole('button', { name: 'Add image', exact: true }).click();
  }
  await mixer.getByLabel('Text', { exact: true }).fill('GM STAMPS');
  await mixer.getByRole('button', { name: 'Add text', exact: true }).click();
  await expect(mixer.locator('.mixer__elements li')).toHaveCount(3);
  await expect(mixer.locator('.mixer__elements')).not.toContainText('(no image)');

  // One drag of the text on the canvas, then the mint.
  const canvas = mixer.locator('.mixer__canvas canvas').first();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height / 2 + 30, { steps: 10 });
  await page.mouse.up();
  await mixer.getByRole('button', { name: 'Mint', exact: true }).click();

  // The panel shows the PNG it was handed; minted, the new stamp's file is that PNG.
  const panel = panelOf(page);
  await unlockPanel(panel);
  const preview = panel.getByRole('img', { name: 'The stamp to mint' });
  const src = (await preview.getAttribute('src')) ?? '';
  expect(src).toMatch(/^data:image\/png;base64,/);
  const png = Buffer.from(src.split(',')[1] ?? '', 'base64');
  await signAndMine(panel);
  await expect.poll(async () => (await heldStamps(request, address)).length, { timeout: 90_000 }).toBe(1);
  const [cpid] = await heldStamps(request, address);
  const file = await request.get(`/s/${cpid ?? ''}`);
  expect(Buffer.from(await file.body()).equals(png)).toBe(true);
});

test('the mixer keeps its frame rate while one of 20 elements is dragged', async ({ page }) => {
  await page.goto('/mint/stamp-mixer');
  const mixer = page.getByRole('region', { name: 'Stamp Mixer' });
  for (let index = 0; index < 20; index++) {
    await mixer.getByLabel('Text', { exact: true }).fill(`Layer ${String(index + 1)}`);
    await mixer.getByRole('button', { name: 'Add text', exact: true }).click();
  }
  await expect(mixer.locator('.mixer__elements li')).toHaveCount(20);
  const stored = () => page.evaluate(() => localStorage.getItem('stamp-mixer'));
  const before = await stored();
  const canvas = mixer.locator('.mixer__canvas canvas').first();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  // Frames counted by the page while the topmost text is dragged back and forth for about a second.
  await page.evaluate(() => {
    const times: number[] = [];
    (window as unknown as { frames_: number[] }).frames_ = times;
    const tick = (time: number) => {
      times.push(time);
      if (times.length < 100_000) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  const started = Date.now();
  for (let step = 0; step < 60; step++) {
    await page.mouse.move(x + 40 * Math.sin(step / 5), y + 30 * Math.cos(step / 5));
  }
  const moved = Date.now() - started;
  await page.mouse.up();
  const frames = await page.evaluate(() => (window as unknown as { frames_: number[] }).frames_);
  const gaps = frames.slice(1).map((time, index) => time - (frames[index] ?? time));
  const sorted = [...gaps].sort((a, b) => a - b);
  const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
  console.log(
    `mixer drag over 20 elements: ${String(frames.length)} frames, ${String(moved)} ms of moves, ` +
      `frame gap median ${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`,
  );
  expect(frames.length).toBeGreaterThan(10);
  // The drag moved an element: the composition kept at its end differs.
  await expect.poll(stored).not.toBe(before);
});

test('a melody written on the roll plays, is minted through the wallet panel, and plays on its stamp page', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await page.goto(WALLET_URL);
  const { address } = await createWallet(page);
  await fund(request, address);
  await page.goto('/mint/bit-melody');
  await signInWithNinja(page);

  const roll = page.getByRole('group', { name: 'Piano roll' });
  for (const [pitch, step] of [
    ['C3', 1],
    ['E3', 3],
    ['G3', 5],
    ['C4', 7],
  ] as const) {
    await roll.getByRole('button', { name: `${pitch} at step ${String(step)}`, exact: true }).click();
  }
  const actions = page.getByRole('group', { name: 'Melody' });
  const player = actions.locator('.bmn-player');
  await actions.getByRole('button', { name: 'Play melody' }).click();
  await expect(player).toHaveAttribute('data-audio-context', 'running');
  await actions.getByRole('button', { name: 'Stop melody' }).click();
  await actions.getByRole('button', { name: 'Mint', exact: true }).click();

  await mintThroughPanel(page, 'application/octet-stream');
  await expect.poll(async () => (await heldStamps(request, address)).length, { timeout: 90_000 }).toBe(1);
  const [cpid] = await heldStamps(request, address);
  const file = Buffer.from(await (await request.get(`/s/${cpid ?? ''}`)).body());
  expect(file.subarray(0, 3).toString('latin1')).toBe('BMN');
  expect(file[6]).toBe(4);

  await page.goto(`/stamp/${cpid ?? ''}`);
  const stampPlayer = page.locator('.bmn-player');
  await page.getByRole('button', { name: 'Play melody' }).click();
  await expect(stampPlayer).toHaveAttribute('data-audio-context', 'running');
  await expect(stampPlayer.getByText(/4 notes, \d+ BPM, /)).toBeVisible();
});
