import { expect, test } from '@playwright/test';

/** A required environment variable; the run fails with a clear message without it. */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (see playwright.config.ts)`);
  return value;
}

const cpid = required('E2E_CPID');
const stampNumber = required('E2E_STAMP');

test('a stamp page shows its number, its loaded image and its title', async ({ page }) => {
  await page.goto(`/stamp/${cpid}`);

  await expect(page.getByRole('heading', { level: 1, name: `#${stampNumber}` })).toBeVisible();

  const image = page.locator(`img[alt*="${cpid}"]`);
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);

  await expect(page).toHaveTitle(`Stamp: ${cpid}`);
});

test('the finder lists the stamp and its card opens the stamp page', async ({ page }) => {
  await page.goto('/search');

  const card = page.locator(`a[href="/stamp/${cpid}"]`).first();
  await expect(card).toBeVisible();
  await card.click();

  await expect(page).toHaveURL(new RegExp(`/stamp/${cpid}$`));
  await expect(page.getByRole('heading', { level: 1, name: `#${stampNumber}` })).toBeVisible();
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('There nothing here...')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
});
