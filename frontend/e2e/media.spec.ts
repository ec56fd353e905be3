import { expect, test, type APIRequestContext } from '@playwright/test';

/** Stamp files shown as what they are: a BMN melody played in the browser, a text stamp's text. */

type Hit = { cpid: string; stamp_mimetype: string | null };

async function search(request: APIRequestContext, query: string): Promise<Hit[]> {
  const response = await request.get(`/api/search?${query}`);
  expect(response.ok(), `/api/search?${query} answered ${String(response.status())}`).toBe(true);
  return ((await response.json()) as { hits: Hit[] }).hits;
}

test('a BMN stamp plays in the browser: Play starts an audio context, Stop ends the playback', async ({
  page,
  request,
}) => {
  const [bmn] = await search(request, 'types=bmn&limit=1');
  if (!bmn) throw new Error('the API listed no BMN stamp');
  await page.goto(`/stamp/${bmn.cpid}`);
  const player = page.locator('.bmn-player');
  await expect(player).toHaveAttribute('data-state', 'idle');
  await page.getByRole('button', { name: 'Play melody' }).click();
  await expect(player).toHaveAttribute('data-state', 'playing');
  await expect(player).toHaveAttribute('data-audio-context', 'running');
  await expect(player.getByText(/\d+ notes, \d+ BPM, /)).toBeVisible();
  await page.getByRole('button', { name: 'Stop melody' }).click();
  await expect(player).toHaveAttribute('data-state', 'idle');
  await expect(player.getByRole('alert')).toHaveCount(0);
});

test("a text stamp's page shows its text", async ({ page, request }) => {
  const text = (await search(request, 'types=other&limit=100')).find((hit) =>
    (hit.stamp_mimetype ?? '').startsWith('text/plain'),
  );
  if (!text) throw new Error('the API listed no text/plain stamp among the first 100 of type other');
  const file = await request.get(`/s/${text.cpid}`);
  expect(file.ok()).toBe(true);
  const firstLine = (await file.text()).split('\n')[0]?.trim() ?? '';
  expect(firstLine.length).toBeGreaterThan(0);
  await page.goto(`/stamp/${text.cpid}`);
  const block = page.getByRole('region', { name: /^Text of / });
  await expect(block.getByText(firstLine)).toBeVisible();
  await expect(page.getByText('PLAIN', { exact: true })).toHaveCount(0);
});
