import { expect, test } from '@playwright/test';

/** The Faq, reached from the header navigation of both sites. */
for (const site of ['stamps', 'xcp'] as const) {
  test(`the Faq opens from the navigation of the ${site} site`, async ({ page }) => {
    await page.goto(`/?site=${site}`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Faq' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
    for (const question of [
      'What are stamps?',
      'What is SRC-20?',
      'What are dispensers?',
      'What are atomic swaps?',
      'How do fees work?',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: question })).toBeVisible();
    }
    await expect(page).toHaveTitle('Faq');
  });
}
