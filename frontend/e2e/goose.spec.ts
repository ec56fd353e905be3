import { expect, test, type Locator } from '@playwright/test';

/** The goose launchpad's page: its data script from the assets host, then a random goose drawn from it. */

const GOOSE_ALT = /^Goose #\d{6}$/;

/** Whether the browser decoded and drew the image (a broken one has no natural width). */
async function isDrawn(image: Locator): Promise<boolean> {
  return image.evaluate(
    (element) => element instanceof HTMLImageElement && element.complete && element.naturalWidth > 0,
  );
}

test('the goose launchpad loads its data script, then shows a random goose and picks another', async ({
  page,
  request,
}) => {
  const launchpad = await request.get('/api/launchpad/goose');
  expect(launchpad.ok(), `/api/launchpad/goose answered ${String(launchpad.status())}`).toBe(true);
  const info = (await launchpad.json()) as { totalMinters: number };

  // The script waits until the loading state was seen, so that a fast or cached answer cannot skip it.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/goose/data.js', async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/collection/goose');
  await expect(page.getByText('Launchpad collection', { exact: true })).toBeVisible();
  const tool = page.getByRole('region', { name: 'Random goose' });
  await expect(tool.getByText('Goose data can take up to 2 minutes to load.')).toBeVisible();
  await expect(tool.getByRole('status')).toBeVisible();
  await expect(tool.getByRole('img')).toHaveCount(0);
  const answered = page.waitForResponse('**/goose/data.js');
  release();
  const script = await answered;
  expect(script.ok(), `the goose data script answered ${String(script.status())}`).toBe(true);
  const prefix = /"prefix"\s*:\s*"(A\d+)"/.exec(await script.text())?.[1];
  expect(prefix, 'the data script names a cpid prefix').toBeTruthy();

  const image = tool.getByRole('img', { name: GOOSE_ALT });
  await expect(image).toBeVisible();
  expect(await image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  await expect.poll(() => isDrawn(image)).toBe(true);
  await expect(tool.getByRole('status')).toHaveCount(0);
  const alt = (await image.getAttribute('alt')) ?? '';
  await expect(tool).toContainText(alt.replace('Goose ', ''));
  // The cpid's prefix is not shown; the mint button follows the goose launchpad's public mint (open).
  await expect(tool).not.toContainText(prefix ?? '');
  await expect(tool.getByRole('button')).toHaveText(['Pick another', /^(Mint Now|Free Mint)$/]);

  await tool.getByRole('button', { name: 'Pick another' }).click();
  await expect(image).toHaveAttribute('alt', GOOSE_ALT);
  expect(await image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  await expect.poll(() => isDrawn(image)).toBe(true);

  const stats = page.getByRole('region', { name: 'Launchpad stats' });
  await expect(stats).toContainText(`Minters${String(info.totalMinters).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`);
});
