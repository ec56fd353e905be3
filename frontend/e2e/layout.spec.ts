import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The layout at a phone's width (390 px) and a desktop's (1440 px): each main page, once its data from the API is
 * shown, fits the window's width (nothing scrolls the page sideways; wide tables scroll inside their own box).
 */

type Paged<T> = { hits: T[]; estimatedTotalHits: number };

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path} answered ${String(response.status())}`).toBe(true);
  return (await response.json()) as T;
}

function first<T>(list: T[], what: string): T {
  const item = list[0];
  if (item === undefined) throw new Error(`the API listed no ${what}`);
  return item;
}

/** How far the page reaches past the window's right edge, in CSS pixels (0 when it fits). */
async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

for (const viewport of VIEWPORTS) {
  test(
    `the main pages fit a ${viewport.name}'s width ` + `(${String(viewport.width)} px) with their data from the API`,
    async ({ page, request }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });

      const stamps = await api<Paged<{ cpid: string; stamp: number }>>(request, '/api/search?limit=1&sort=stamp:desc');
      const stamp = first(stamps.hits, 'stamp');
      const collections = await api<Paged<{ collection_id: string; name: string }>>(
        request,
        '/api/collections?sort=stamp_count:desc&limit=1',
      );
      const collection = first(collections.hits, 'collection');
      const deploys = await api<Paged<{ tick: string }>>(request, '/api/src20/search?types=deploy&limit=1');
      const tick = first(deploys.hits, 'SRC-20 deploy').tick;
      const board = await api<Paged<{ user_id: string; display_name: string | null; stamp_count: number }>>(
        request,
        '/api/leaderboard?limit=1',
      );
      const collector = first(board.hits, 'collector');
      const profileId = collector.display_name ?? collector.user_id;

      const pages: { path: string; shows: (page: Page) => Promise<void> }[] = [
        {
          path: '/',
          shows: async (p) => {
            await expect(p.getByRole('region', { name: 'Last sales' })).toBeVisible();
          },
        },
        {
          path: '/search?sort=stamp:desc',
          shows: async (p) => {
            await expect(p.locator(`a.stamp-card__link[href="/stamp/${stamp.cpid}"]`).first()).toBeVisible();
          },
        },
        {
          path: `/stamp/${stamp.cpid}`,
          shows: async (p) => {
            await expect(p.getByRole('heading', { level: 1, name: `#${String(stamp.stamp)}` })).toBeVisible();
          },
        },
        {
          path: `/collection/${collection.collection_id}`,
          shows: async (p) => {
            await expect(p.getByRole('heading', { level: 1 })).toContainText(
              collection.name || collection.collection_id,
            );
            await expect(p.locator('a.stamp-card__link').first()).toBeVisible();
          },
        },
        {
          path: '/src20/search?types=deploy',
          shows: async (p) => {
            await expect(p.locator(`a[href="/src20/tick/${encodeURIComponent(tick)}"]`).first()).toBeVisible();
          },
        },
        {
          path: `/src20/tick/${encodeURIComponent(tick)}`,
          shows: async (p) => {
            await expect(p.getByRole('heading', { level: 1, name: tick })).toBeVisible();
            await expect(p.getByRole('heading', { name: 'Activity' })).toBeVisible();
          },
        },
        {
          path: `/profile/${encodeURIComponent(profileId)}`,
          shows: async (p) => {
            await expect(p.locator('.profile__stats')).toContainText(collector.stamp_count.toLocaleString('en-US'));
          },
        },
        {
          path: '/leaderboard',
          shows: async (p) => {
            await expect(p.locator('.collector').first().locator('.collector__facts')).toContainText(
              collector.stamp_count.toLocaleString('en-US'),
            );
          },
        },
      ];

      for (const { path, shows } of pages) {
        await page.goto(path);
        await shows(page);
        expect(
          await overflow(page),
          `${path} at ${String(viewport.width)} px reaches past the window`,
        ).toBeLessThanOrEqual(0);
      }

      // The header's navigation is reachable at this width too.
      await page.goto('/');
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leaderboard' }),
      ).toBeVisible();
    },
  );
}
