import { expect, test, type APIRequestContext } from '@playwright/test';

/**
 * Visitors' journeys through the demo market, each checked against what the API answers for the same data.
 */

type Paged<T> = { hits: T[]; estimatedTotalHits: number };

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path} answered ${String(response.status())}`).toBe(true);
  return (await response.json()) as T;
}

/** The first item of a list the API answered; fails the test when the demo has none. */
function first<T>(list: T[], what: string): T {
  const item = list[0];
  if (item === undefined) throw new Error(`the API listed no ${what}`);
  return item;
}

/** The page's 'x - y of n results' line for a list of `total` items starting at 1. */
function resultLine(total: number, pageSize: number): RegExp {
  return new RegExp(`1 - ${String(Math.min(total, pageSize))} of ${total.toLocaleString('en-US')} results`);
}

test(
  'home → finder with a filter → a stamp → its collection → its collectors → ' +
    "an SRC-20 tick → a holder's profile → the leaderboard → the top collector",
  async ({ page, request }) => {
    const home = await api<{
      lastSales: { stamp: number | null; cpid: string }[];
      src721Collections: { collection_id: string; type: string }[];
    }>(request, '/api/home');
    expect(home.lastSales.length).toBeGreaterThan(0);
    await page.goto('/');
    const sales = page.getByRole('region', { name: 'Last sales' });
    await expect(sales.getByText(`#${String(first(home.lastSales, 'sale').stamp)}`).first()).toBeVisible();

    // The SRC-721 collections are the home call's: 10 shown at most, a see-all link only when it lists more.
    expect(home.src721Collections.length).toBeLessThanOrEqual(11);
    expect(home.src721Collections.every((listed) => listed.type === 'src721')).toBe(true);
    const src721Collections = page.getByRole('region', { name: 'SRC-721 collections' });
    if (home.src721Collections.length === 0) {
      await expect(src721Collections).toHaveCount(0);
    } else {
      const cards = src721Collections.getByRole('list', { name: 'Collections' }).getByRole('link');
      await expect(cards).toHaveCount(Math.min(home.src721Collections.length, 10));
      const listed = home.src721Collections.map((listedCollection) => `/collection/${listedCollection.collection_id}`);
      for (const href of await cards.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
        expect(listed).toContain(href);
      }
      await expect(src721Collections.getByRole('link', { name: 'See all ›' })).toHaveCount(
        home.src721Collections.length > 10 ? 1 : 0,
      );
    }

    // The finder, filtered to SRC-721: the count is the API's, and the filter is in the URL.
    await page.getByRole('navigation').getByRole('link', { name: 'Finder' }).first().click();
    await expect(page).toHaveURL(/\/search$/);
    await page.getByRole('checkbox', { name: 'SRC-721' }).check();
    await expect(page).toHaveURL(/types=src-721/);
    const src721 = await api<Paged<{ cpid: string; stamp: number }>>(request, '/api/search?types=src-721&limit=100');
    expect(src721.estimatedTotalHits).toBeGreaterThan(0);
    await expect(page.getByText(resultLine(src721.estimatedTotalHits, 100)).first()).toBeVisible();

    // A mint of a collection (the finder's newest SRC-721 that belongs to one).
    const collections = await api<Paged<{ collection_id: string; stamp_ids: string[] }>>(
      request,
      '/api/collections?sort=stamp_count:desc&limit=1',
    );
    const collection = first(collections.hits, 'collection');
    const mint = first(collection.stamp_ids, 'stamp of the collection');
    const mintCard = page.locator(`a[href="/stamp/${mint}"]`).first();
    if (await mintCard.count()) {
      await mintCard.click();
    } else {
      await page.goto(`/stamp/${mint}`);
    }
    await expect(page).toHaveURL(new RegExp(`/stamp/${mint}$`));
    const detail = await api<{ stamp: number; collection_id: string[] }>(request, `/api/stamp/${mint}`);
    await expect(page.getByRole('heading', { level: 1, name: `#${String(detail.stamp)}` })).toBeVisible();
    expect(detail.collection_id).toContain(collection.collection_id);

    // Its collection: the name, the stamp count, and the collectors tab ranked as the API ranks them.
    await page.getByRole('region', { name: 'From Collection' }).getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/collection/${collection.collection_id}$`));
    const card = await api<{ name: string; stamp_count: number; collector_count: number }>(
      request,
      `/api/collection/${collection.collection_id}`,
    );
    await expect(page.getByRole('heading', { level: 1 })).toContainText(card.name);
    await expect(page.getByText(resultLine(card.stamp_count, 50)).first()).toBeVisible();
    await page.getByRole('link', { name: 'Collectors' }).click();
    await expect(page).toHaveURL(new RegExp(`/collection/${collection.collection_id}/collectors$`));
    const collectors = await api<Paged<{ address: string; stamp_count: number }>>(
      request,
      `/api/collection/${collection.collection_id}/collectors`,
    );
    expect(collectors.estimatedTotalHits).toBe(card.collector_count);
    const top = first(collectors.hits, 'collector').address;
    await expect(page.locator(`a[href="/profile/${top}"]`).first()).toBeVisible();

    // On to SRC-20: the tick with the most holders, from the SRC-20 finder.
    const deploys = await api<Paged<{ tick: string }>>(
      request,
      '/api/src20/search?types=deploy&only=valid&sort=holdersCount:desc&limit=1',
    );
    const tick = first(deploys.hits, 'SRC-20 deploy').tick;
    const data = await api<{ tick: string; holders: { address: string; amount: string }[] }>(
      request,
      `/api/src20/tick/${encodeURIComponent(tick)}`,
    );
    expect(data.holders.length).toBeGreaterThan(0);
    await page.getByRole('navigation').getByRole('link', { name: 'Src20' }).first().click();
    await expect(page).toHaveURL(/\/src20\/search/);
    await page
      .locator(`a[href="/src20/tick/${encodeURIComponent(data.tick)}"]`)
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/src20/tick/${encodeURIComponent(data.tick)}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(data.tick);

    // The largest holder's profile shows that balance among its SRC-20 holdings.
    const holder = first(data.holders, 'holder').address;
    await page.locator(`a[href="/profile/${holder}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`/profile/${holder}$`));
    const profile = await api<{ stamp_count: number; src20: { tick: string }[] }>(request, `/api/profile/${holder}`);
    expect(profile.src20.map((b) => b.tick)).toContain(data.tick);
    const stats = page.locator('.profile__stats');
    await expect(stats.getByText('Total unique')).toBeVisible();
    await expect(stats).toContainText(profile.stamp_count.toLocaleString('en-US'));

    // The leaderboard ranks as the API does; its first entry opens that collector's profile.
    await page.getByRole('navigation').getByRole('link', { name: 'Leaderboard' }).first().click();
    await expect(page).toHaveURL(/\/leaderboard$/);
    const board = await api<Paged<{ user_id: string; display_name: string | null; stamp_count: number }>>(
      request,
      '/api/leaderboard',
    );
    const leader = first(board.hits, 'collector');
    const entry = page.locator('.collector').first();
    await expect(entry.getByLabel('Rank 1')).toBeVisible();
    await expect(entry.locator('.collector__facts')).toContainText(leader.stamp_count.toLocaleString('en-US'));
    await entry.locator('.collector__name').click();
    await expect(page).toHaveURL(new RegExp(`/profile/${encodeURIComponent(leader.display_name ?? leader.user_id)}$`));
    await expect(page.locator('.profile__stats')).toContainText(leader.stamp_count.toLocaleString('en-US'));
  },
);

test('the XCP site: FairMint list as the API counts it, a directory, an asset page under /asset', async ({
  page,
  request,
}) => {
  const fairminters = await api<Paged<{ cpid: string; image: string | null }>>(request, '/api/fairminter/search');
  expect(fairminters.estimatedTotalHits).toBeGreaterThan(0);
  await page.goto('/?site=xcp');
  await page.getByRole('navigation').getByRole('link', { name: 'FairMint' }).first().click();
  await expect(page).toHaveURL(/\/fairmint$/);
  await expect(page.getByRole('heading', { level: 1, name: 'FairMint' })).toBeVisible();
  const grid = page.getByRole('list', { name: 'Fairminters' });
  await expect(grid.getByRole('listitem')).toHaveCount(Math.min(24, fairminters.estimatedTotalHits));
  // A fairminted asset's picture comes from its enhanced asset information, read by the site, and is drawn.
  const pictured = first(
    fairminters.hits.filter((f) => f.image?.startsWith('/api/asset/')),
    'fairminter with a picture',
  );
  const picture = grid.locator(`img[src="${pictured.image}"]`);
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  // Directories: the staff's collections, owned by the network default, headed 'Directory' on this site.
  const directories = await api<Paged<{ collection_id: string; name: string; is_launchpad: boolean }>>(
    request,
    '/api/directories',
  );
  const directory = first(directories.hits, 'directory');
  await page.getByRole('navigation').getByRole('link', { name: 'Directories' }).first().click();
  await expect(page).toHaveURL(/\/directories$/);
  await page.getByRole('main').locator(`a[href="/collection/${directory.collection_id}"]`).first().click();
  // A launchpad reads 'Launchpad collection' before anything else.
  await expect(
    page.getByText(directory.is_launchpad ? 'Launchpad collection' : 'Directory', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(directory.name);

  // A stamp's page on the XCP site is an asset page.
  const stamps = await api<Paged<{ cpid: string; stamp: number }>>(request, '/api/search?limit=1');
  const { cpid, stamp } = first(stamps.hits, 'stamp');
  const { creator_name: creatorName } = await api<{ creator_name: string | null }>(request, `/api/asset/${cpid}`);
  await page.goto(`/asset/${cpid}`);
  await expect(page.getByRole('heading', { level: 1, name: `#${String(stamp)}` })).toBeVisible();
  await expect(page).toHaveTitle(creatorName ? `Asset: ${cpid} - ${creatorName}` : `Asset: ${cpid}`);

  // The leaderboard ranks the holders of Counterparty assets as /api/xcp/leaderboard does; a held asset opens its page.
  const holders = await api<
    Paged<{ user_id: string; display_name: string | null; xcp_count: number; xcp_ids: string[] }>
  >(request, '/api/xcp/leaderboard');
  const top = first(holders.hits, 'asset holder');
  await page.getByRole('navigation').getByRole('link', { name: 'Leaderboard' }).first().click();
  await expect(page).toHaveURL(/\/leaderboard$/);
  await expect(page.getByText(resultLine(holders.estimatedTotalHits, 20))).toBeVisible();
  const leader = page.locator('.collector').first();
  await expect(leader.getByLabel('Rank 1')).toBeVisible();
  await expect(leader.locator('.collector__name')).toHaveText(
    top.display_name ?? `${top.user_id.slice(0, 5)}...${top.user_id.slice(-5)}`,
  );
  await expect(leader.locator('.collector__facts')).toContainText(top.xcp_count.toLocaleString('en-US'));
  const held = first(top.xcp_ids, 'held asset');
  // Each held asset is a thumbnail (its name when it has no image) linking to its page.
  await leader.getByRole('link', { name: `Asset ${held}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/asset/${held}$`));
});

test('staff content: the announcement, the home banners, the themed list and the advent calendar', async ({
  page,
  request,
}) => {
  const { announcement } = await api<{ announcement: { content: string } | null }>(request, '/api/announcement');
  expect(announcement).not.toBeNull();
  const home = await api<{ mainBanner: { name: string; link: string }[]; featured: { name: string }[] }>(
    request,
    '/api/home',
  );
  const banner = first(home.mainBanner, 'banner');
  // The page shows without waiting for the announcement, which arrives in the bottom dock moving nothing.
  await page.addInitScript(() => {
    const record = window as unknown as { layoutShift: number };
    record.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) record.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/');
  await expect(page.getByRole('complementary', { name: 'Announcement' })).toContainText(announcement?.content ?? '');
  await expect(page.locator('.dock > .announcement')).toBeInViewport();
  await expect(page.getByRole('heading', { name: 'Latest art stamps' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBeLessThan(0.01);
  const carousel = page.getByRole('region', { name: 'Highlights' });
  const slide = carousel.getByRole('group', { name: new RegExp(`^1 of ${String(home.mainBanner.length)}`) });
  await expect(slide).toContainText(banner.name);
  // The XCP site carries no announcement.
  await page.goto('/?site=xcp');
  await expect(page.getByRole('heading', { name: 'Latest assets' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Announcement' })).toHaveCount(0);

  const feat = await api<{ title: string; hits: { cpid: string; stamp: number }[]; estimatedTotalHits: number }>(
    request,
    '/api/feat',
  );
  await page.goto('/feat?site=stamps');
  await expect(page.getByRole('heading', { level: 1, name: feat.title })).toBeVisible();
  await expect(page.getByText(resultLine(feat.estimatedTotalHits, 100)).first()).toBeVisible();
  await expect(page.locator(`a[href="/stamp/${first(feat.hits, 'featured stamp').cpid}"]`).first()).toBeVisible();

  const advent = await api<{ days: { day: number; cpid: string | null; src: string | null }[] }>(
    request,
    '/api/advent',
  );
  const open = first(
    advent.days.filter((d) => d.src !== null),
    'open door',
  );
  await page.goto('/advent-calendar');
  const door = page.getByRole('listitem', { name: `Day ${String(open.day)}`, exact: true });
  await expect(door.getByRole('link', { name: `View Day ${String(open.day)}`, exact: true })).toHaveAttribute(
    'href',
    `/stamp/${open.cpid ?? ''}`,
  );
});

test(
  "a profile's stamp lists: the finder's filters and sort, " +
    "the collected stamps' slideshow, the collections created",
  async ({ page, request }) => {
    // A collection's creator: its profile lists the collection, and the stamps its addresses hold.
    const collections = await api<Paged<{ collection_id: string; user_id: string }>>(
      request,
      '/api/collections?sort=stamp_count:desc&limit=1',
    );
    const { user_id: creator, collection_id: collectionId } = first(collections.hits, 'collection');
    const held = await api<Paged<{ cpid: string }>>(
      request,
      `/api/stamps/holders_addresses?addresses=${creator}&sort=stamp:asc&limit=100`,
    );
    expect(held.estimatedTotalHits).toBeGreaterThan(0);
    await page.goto(`/profile/${creator}`);
    const grid = page.getByRole('list', { name: 'Collected stamps' });
    await expect(grid.locator('a.stamp-card__link').first()).toHaveAttribute(
      'href',
      `/stamp/${first(held.hits, 'held stamp').cpid}`,
    );
    await expect(page.getByText(resultLine(held.estimatedTotalHits, 100)).first()).toBeVisible();

    // Newest first, and PNG only: the count and the first card are the API's for the same query.
    await page.getByRole('button', { name: 'Sort by Stamp, ascending' }).click();
    await page.getByRole('checkbox', { name: 'PNG' }).check();
    await expect(page).toHaveURL(/\?sort=stamp%3Adesc&types=png$|\?types=png&sort=stamp%3Adesc$/);
    const png = await api<Paged<{ cpid: string }>>(
      request,
      `/api/stamps/holders_addresses?addresses=${creator}&types=png&sort=stamp:desc&limit=100`,
    );
    if (png.estimatedTotalHits > 0) {
      await expect(page.getByText(resultLine(png.estimatedTotalHits, 100)).first()).toBeVisible();
      await expect(grid.locator('a.stamp-card__link').first()).toHaveAttribute(
        'href',
        `/stamp/${first(png.hits, 'PNG').cpid}`,
      );

      // The slideshow shows the page's stamps, and closes back to the list.
      await page.getByRole('button', { name: 'Scroll', exact: true }).click();
      await expect(page).toHaveURL(/slideshow=scroll%2C3%2C3%2C0/);
      const slideshow = page.getByRole('dialog', { name: 'Slideshow' });
      await expect(slideshow.locator(`img[src="/s/${first(png.hits, 'PNG').cpid}"]`).first()).toBeAttached();
      await slideshow.getByRole('button', { name: 'Close slideshow' }).click();
      await expect(slideshow).toHaveCount(0);
    } else {
      await expect(page.getByText('NO RESULTS')).toBeVisible();
    }

    // The Collections tab: what the creator made.
    await page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link', { name: 'Collections' }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/${creator}\\?tab=collections$`));
    await expect(
      page.getByRole('list', { name: 'Collections' }).locator(`a[href="/collection/${collectionId}"]`),
    ).toBeVisible();
  },
);

test("charts drawn from the API's figures: a tick's holders pie and mint history, the SRC-20 trending bars", async ({
  page,
  request,
}) => {
  const deploys = await api<Paged<{ tick: string }>>(
    request,
    '/api/src20/search?types=deploy&only=valid&sort=holdersCount:desc&limit=1',
  );
  const tick = first(deploys.hits, 'SRC-20 deploy').tick;
  const data = await api<{ tick: string; holders: { address: string }[]; mintHistory: unknown[] }>(
    request,
    `/api/src20/tick/${encodeURIComponent(tick)}`,
  );
  await page.goto(`/src20/tick/${encodeURIComponent(data.tick)}`);

  // The pie's legend: the API's holders in its order, at most 50.
  const pie = page.getByRole('figure', { name: /largest holders/ });
  const legend = pie.getByRole('list', { name: 'Holders legend' }).getByRole('listitem');
  await expect(legend).toHaveCount(Math.min(50, data.holders.length));
  await expect(legend.first().getByRole('link')).toHaveAttribute(
    'href',
    `/profile/${first(data.holders, 'holder').address}`,
  );
  // Chart.js has drawn the pie: its canvas has painted pixels in the middle.
  await expect(pie.getByRole('img')).toHaveAccessibleName(new RegExp(`^${data.tick} holders: `));
  const canvas = pie.locator('canvas');
  await expect
    .poll(() =>
      canvas.evaluate((element: HTMLCanvasElement) => {
        const context = element.getContext('2d');
        if (!context) return 0;
        return context.getImageData(Math.floor(element.width / 2), Math.floor(element.height / 2), 1, 1).data[3] ?? 0;
      }),
    )
    .toBeGreaterThan(0);
  if (data.mintHistory.length >= 2) {
    await expect(page.getByRole('figure', { name: 'Mint history' }).getByRole('img')).toHaveAccessibleName(
      new RegExp(`^${data.tick} minted supply: .* over ${String(data.mintHistory.length)} blocks with mints$`),
    );
  } else {
    await expect(page.getByRole('figure', { name: 'Mint history' })).toHaveCount(0);
  }

  // The trending bars name their ticks and counts as the API ranks them.
  const trending = await api<{ mint: { tuple: [string, number][] } }>(request, '/api/src20/trending');
  await page.goto('/src20/search');
  const mints = page.getByRole('figure', { name: 'Trending mints (last 1k valid)' });
  if (trending.mint.tuple.length >= 2) {
    const [topTick, topCount] = first(trending.mint.tuple, 'trending mint');
    await expect(mints.getByRole('img')).toHaveAccessibleName(
      new RegExp(`^Trending mints \\(last 1k valid\\): ${topTick}: ${topCount.toLocaleString('en-US')} mints`),
    );
  } else {
    await expect(mints).toHaveCount(0);
  }
});

test("a collection's Stamps tab filtered with the finder's filters, counted as the API counts", async ({
  page,
  request,
}) => {
  const collections = await api<Paged<{ collection_id: string }>>(
    request,
    '/api/collections?sort=stamp_count:desc&limit=1',
  );
  const { collection_id: id } = first(collections.hits, 'collection');
  const oldest = await api<Paged<{ cpid: string }>>(request, `/api/search?collection=${id}&sort=stamp:asc&limit=100`);
  await page.goto(`/collection/${id}`);
  const cards = page.locator('.stamp-grid a.stamp-card__link');
  await expect(cards.first()).toHaveAttribute('href', `/stamp/${first(oldest.hits, 'stamp of the collection').cpid}`);

  // The Traits filter: each layer stamp's share of the mints, as the API counts them.
  const layers = await request.get(`/api/collection/layers/${id}`);
  if (layers.ok()) {
    const body = (await layers.json()) as {
      stamp_count: number;
      layers: { items: { cpid: string; count: number }[] }[];
    };
    const trait = first(first(body.layers, 'layer').items, 'layer stamp');
    const share = `${((trait.count / body.stamp_count) * 100).toFixed(2)}%`;
    await expect(
      page
        .locator('.traits__option', { has: page.locator(`input`) })
        .filter({ hasText: share })
        .first(),
    ).toBeVisible();
  }

  await page.getByRole('checkbox', { name: 'SRC-721' }).check();
  await expect(page).toHaveURL(/types=src-721/);
  const src721 = await api<Paged<{ cpid: string }>>(
    request,
    `/api/search?collection=${id}&types=src-721&sort=stamp:asc&limit=100`,
  );
  if (src721.estimatedTotalHits > 0) {
    await expect(page.getByText(resultLine(src721.estimatedTotalHits, 100)).first()).toBeVisible();
  } else {
    await expect(page.getByText('NO RESULTS')).toBeVisible();
  }
});

test(
  'the search box: SRC-20 and collection suggestions as the API ' +
    'groups them, and an exact collection name submitted to its page',
  async ({ page, request }) => {
    const collections = await api<Paged<{ collection_id: string; name: string }>>(
      request,
      '/api/collections?sort=stamp_count:desc&limit=1',
    );
    const collection = first(collections.hits, 'collection');
    const deploys = await api<Paged<{ tick: string }>>(request, '/api/src20/search?types=deploy&only=valid&limit=1');
    const tick = first(deploys.hits, 'SRC-20 deploy').tick;
    const prefix = tick.slice(0, 2);
    const suggested = await api<{ src20Hits: { tick: string }[] }>(
      request,
      `/api/autocomplete/${encodeURIComponent(prefix)}`,
    );

    await page.goto('/');
    const input = page.getByRole('searchbox', { name: 'Search stamps' });
    await input.fill(prefix);
    const src20 = page.locator('.search-panel').getByRole('region', { name: 'Src20' });
    await expect(src20.getByRole('link')).toHaveCount(suggested.src20Hits.length);
    await expect(src20.getByRole('link', { name: tick, exact: true })).toHaveAttribute(
      'href',
      `/src20/tick/${encodeURIComponent(tick)}`,
    );

    await input.fill(collection.name.toUpperCase());
    await expect(
      page
        .locator('.search-panel')
        .getByRole('region', { name: 'Collections' })
        .getByRole('link', { name: collection.name }),
    ).toBeVisible();
    await input.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/collection/${collection.collection_id}$`));
  },
);

test(
  "a profile's Counterparty activity, its lists scoped to a " +
    "collection, and the finder's rarity filter, as the API answers",
  async ({ page, request }) => {
    const collections = await api<Paged<{ collection_id: string }>>(
      request,
      '/api/collections?sort=stamp_count:desc&limit=1',
    );
    const { collection_id: collectionId } = first(collections.hits, 'collection');
    const board = await api<Paged<{ user_id: string }>>(request, '/api/leaderboard');
    const collector = first(board.hits, 'collector').user_id;

    // Activity: asset, event, quantity and date, newest first.
    const activity = await api<Paged<{ asset: string; asset_longname: string | null; tx_type: string }>>(
      request,
      `/api/activity?addresses=${collector}`,
    );
    await page.goto(`/profile/${collector}?tab=activity`);
    if (activity.estimatedTotalHits > 0) {
      const rows = page.getByRole('table', { name: 'Activity' }).getByRole('row');
      const newest = first(activity.hits, 'activity');
      await expect(rows.nth(1)).toContainText(newest.asset_longname ?? newest.asset);
      await expect(rows.nth(1)).toContainText(newest.tx_type.charAt(0).toUpperCase() + newest.tx_type.slice(1));
      await expect(page.getByText(resultLine(activity.estimatedTotalHits, 100)).first()).toBeVisible();
    } else {
      await expect(page.getByText('NO RESULTS')).toBeVisible();
    }

    // The collected stamps of one collection.
    const scoped = await api<Paged<{ cpid: string }>>(
      request,
      `/api/stamps/holders_addresses?addresses=${collector}&collection=${collectionId}&sort=stamp:asc&limit=100`,
    );
    await page.goto(`/profile/${collector}?collection=${collectionId}`);
    await expect(page.getByRole('link', { name: 'Show all' })).toBeVisible();
    if (scoped.estimatedTotalHits > 0) {
      await expect(page.getByText(resultLine(scoped.estimatedTotalHits, 100)).first()).toBeVisible();
    } else {
      await expect(page.getByText('NO RESULTS')).toBeVisible();
    }

    // The finder's rarest SRC-721 mints.
    const rare = await api<Paged<{ cpid: string }>>(request, '/api/search?rarity=top10&sort=rarity_rank:asc&limit=100');
    await page.goto('/search');
    await page.getByRole('button', { name: 'Top 10', exact: true }).click();
    await page.getByRole('button', { name: 'Sort by Rarity' }).click();
    await expect(page).toHaveURL(/sort=rarity_rank%3Aasc&rarity=top10$/);
    if (rare.estimatedTotalHits > 0) {
      await expect(page.getByText(resultLine(rare.estimatedTotalHits, 100)).first()).toBeVisible();
      await expect(page.locator('.stamp-grid a.stamp-card__link').first()).toHaveAttribute(
        'href',
        `/stamp/${first(rare.hits, 'rare mint').cpid}`,
      );
    } else {
      await expect(page.getByText('NO RESULTS')).toBeVisible();
    }
  },
);
