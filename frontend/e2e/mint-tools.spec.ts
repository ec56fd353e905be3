import { expect, test, type Page } from '@playwright/test';
import {
  createWallet,
  fund,
  heldStamps,
  mine,
  panelOf,
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
  await panel.getByRole('button', { name: 'Review', exact: true }).click();
  await panel.getByRole('button', { name: 'Sign and send', exact: true }).click({ timeout: 20_000 });
  const link = panel.getByRole('link', { name: /^[0-9a-f]{64}$/ });
  await expect(link).toBeVisible({ timeout: 20_000 });
  await mine((await link.textContent()) ?? '');

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
