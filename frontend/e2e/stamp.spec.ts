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
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // The spec's title, with the creator's display name when they have one.
  await expect(page).toHaveTitle(new RegExp(`^Stamp: ${cpid}( - .+)?$`));
});

test('the finder lists the oldest stamps first by default', async ({ page, request }) => {
  const response = await request.get('/api/search?types=png&sort=stamp:asc&limit=100');
  expect(response.ok()).toBe(true);
  const oldest = ((await response.json()) as { hits: { cpid: string }[] }).hits.map((hit) => hit.cpid);
  expect(oldest.length).toBeGreaterThan(0);
  await page.goto('/search?types=png');
  const grid = page.getByRole('list', { name: 'Stamps' });
  await expect(grid.locator('a.stamp-card__link').first()).toHaveAttribute('href', `/stamp/${oldest[0] ?? ''}`);
  await expect(page.getByRole('button', { name: 'Sort by Stamp, ascending' })).toBeVisible();
  const hrefs = await grid
    .locator('a.stamp-card__link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual(oldest.map((id) => `/stamp/${id}`));
});

test('the finder sorted newest first lists the stamp and its card opens the stamp page', async ({ page }) => {
  // The stamp is the newest PNG: first among the PNG stamps, newest first.
  await page.goto('/search?types=png&sort=stamp:desc');

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
  await expect(page.getByRole('main').getByRole('link', { name: 'Discord' })).toHaveAttribute('href', '/discord');
  await expect(page.getByRole('main').getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', '/telegram');
  await expect(page).toHaveTitle('Page not found');
});

test('the search overlay opens on focus, locks scrolling, and Escape clears and closes it', async ({ page }) => {
  await page.goto('/');
  const input = page.getByRole('searchbox', { name: 'Search stamps' });
  await expect(input).toHaveAttribute('placeholder', 'Search for a stamp...');

  await input.focus();
  await expect(page.locator('.search-overlay')).toBeVisible();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');

  await input.fill(stampNumber);
  const suggestions = page.locator('.search-panel').getByRole('region', { name: 'Stamps' });
  // Typing a number also suggests the stamps whose numbers start with it: this stamp is the one with its cpid.
  await expect(suggestions.getByRole('link', { name: new RegExp(`#${stampNumber} ${cpid}`) })).toBeVisible();

  await input.press('Escape');
  await expect(input).toHaveValue('');
  await expect(page.locator('.search-overlay')).toHaveCount(0);
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
});

test('submitting a cpid goes straight to that stamp', async ({ page }) => {
  await page.goto('/');
  const input = page.getByRole('searchbox', { name: 'Search stamps' });
  await input.fill(cpid.toLowerCase());
  await input.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/stamp/${cpid}$`));
  await expect(page.getByRole('heading', { level: 1, name: `#${stampNumber}` })).toBeVisible();
});

test('the XCP site variant says Assets and opens stamps under /asset', async ({ page }) => {
  await page.goto(`/search/${cpid}?site=xcp`);
  await expect(page.getByRole('searchbox', { name: 'Search assets' })).toHaveAttribute(
    'placeholder',
    'Search for an XCP asset...',
  );
  const card = page.locator(`a[href="/asset/${cpid}"]`).first();
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/asset/${cpid}$`));
  await expect(page.getByRole('heading', { level: 1, name: `#${stampNumber}` })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^Asset: ${cpid}( - .+)?$`));

  // The navigation's Stamps entry opens the Stamps site, where the same stamp lives under /stamp.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stamps' }).click();
  await expect(page).toHaveURL(/\/\?site=stamps$/);
  await expect(page.getByRole('link', { name: 'Bitcoin Stamps, home' })).toBeVisible();
  await page.goto(`/search/${cpid}`);
  await expect(page.locator(`a[href="/stamp/${cpid}"]`).first()).toBeVisible();
});

test('the footer links to the community pages and shows the Counterparty version', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Discord' })).toHaveAttribute('href', '/discord');
  await expect(footer.getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', '/telegram');
  await expect(footer.getByText(/^Counterparty v\d+\.\d+\.\d+$/)).toBeVisible();
});
