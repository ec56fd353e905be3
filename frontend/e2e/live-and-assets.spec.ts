import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The XCP site's asset catalogue, a launchpad's page and the live market figures, each checked against what the
 * API answers for the same data.
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

/** Thousands grouped as the pages group them. */
function grouped(value: number | string): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A unix time (seconds) as the pages write it: '2026-08-15 22:49 UTC'. */
function blockTime(seconds: number): string {
  const iso = new Date(seconds * 1000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** Satoshis in BTC, exactly, as the market table writes amounts under 1,000 BTC. */
function btc(sats: number): string {
  const digits = String(sats).padStart(9, '0');
  const whole = digits.slice(0, -8).replace(/^0+(?=\d)/, '');
  const fraction = digits.slice(-8).replace(/0+$/, '');
  return `${fraction ? `${whole}.${fraction}` : whole} BTC`;
}

/** The first value of a live key, read from /api/realtime in the page, as the app reads it. */
async function liveValue<T>(page: Page, key: string): Promise<T> {
  return page.evaluate(
    (name) =>
      new Promise<T>((resolve, reject) => {
        const source = new EventSource('/api/realtime');
        const timer = setTimeout(() => {
          source.close();
          reject(new Error(`no ${name} value within 10 s`));
        }, 10_000);
        source.addEventListener(name, (event) => {
          clearTimeout(timer);
          source.close();
          resolve(JSON.parse((event as MessageEvent<string>).data) as T);
        });
      }),
    key,
  );
}

type StatsRow = {
  id: string;
  name: string;
  holders: number;
  totalVolume: number;
  oneMonthVolume: { volume: number };
};

/** The home page's market table against the live list of its site: rows in order, names, holders, total volume. */
async function expectMarketTable(page: Page, rows: StatsRow[]) {
  const table = page.getByRole('table', { name: 'Market stats' });
  const shown = rows.slice(0, 5);
  const bodyRows = table.locator('tbody tr');
  await expect(bodyRows).toHaveCount(shown.length);
  for (const [index, row] of shown.entries()) {
    const line = bodyRows.nth(index);
    await expect(line.getByRole('link')).toHaveAttribute('href', `/collection/${row.id}`);
    await expect(line.getByRole('link')).toHaveText(row.name || row.id);
    await expect(line.locator('td').nth(0)).toHaveText(grouped(row.holders));
    await expect(line.locator('td').nth(5)).toHaveText(btc(row.totalVolume));
  }
  if (rows.length > 5) {
    await page.getByRole('button', { name: 'show more' }).click();
    await expect(bodyRows).toHaveCount(rows.length);
  } else {
    await expect(page.getByRole('button', { name: 'show more' })).toHaveCount(0);
  }
}

test("the home page's market stats follow the live market list of each site (stats, xcp-stats)", async ({ page }) => {
  await page.goto('/');
  const stats = await liveValue<StatsRow[]>(page, 'stats');
  expect(stats.length).toBeGreaterThan(0);
  await expectMarketTable(page, stats);
  // The demo's collections trade in its last days: the most sold one has a 30-day volume, and the table shows it.
  const top = stats[0];
  if (!top) throw new Error('the live market list is empty');
  expect(top.oneMonthVolume.volume).toBeGreaterThan(0);
  const monthCell = page.getByRole('table', { name: 'Market stats' }).locator('tbody tr').first().locator('td').nth(4);
  await expect(monthCell).toContainText(btc(top.oneMonthVolume.volume));

  await page.goto('/?site=xcp');
  const xcpStats = await liveValue<StatsRow[]>(page, 'xcp-stats');
  if (xcpStats.length > 0) {
    await expectMarketTable(page, xcpStats);
  } else {
    await expect(page.getByRole('heading', { name: 'Latest assets' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Market stats' })).toHaveCount(0);
  }
  // The footer names the last block the catalogue projected.
  const catalogue = await liveValue<{ height: number }>(page, 'catalogue');
  await expect(page.getByRole('contentinfo').getByText(`Block ${grouped(catalogue.height)}`)).toBeVisible();
});

type Asset = {
  cpid: string;
  asset_longname: string | null;
  stamp: number | null;
  xcp_image_url?: string | null;
  stamp_mimetype?: string | null;
  supply: string;
  divisible: boolean;
  holders: number;
};

test(
  'the XCP finder lists an asset that is no stamp, with its ' + 'name for an image, and opens its page from /api/asset',
  async ({ page, request }) => {
    const named = await api<Paged<Asset>>(request, '/api/xcp/search?only=named&sort=block_index:desc&limit=100');
    // Without a picture from enhanced asset information: its card shows its name.
    const asset = first(
      named.hits.filter((hit) => hit.stamp === null && !hit.xcp_image_url),
      'named asset that is no stamp and has no picture',
    );
    const name = asset.asset_longname ?? asset.cpid;

    await page.goto('/?site=xcp');
    // The header's directories menu lists the staff directories as /api/xcp/projects does.
    const { projects } = await api<{ projects: { collection_id: string; name: string; count: number }[] }>(
      request,
      '/api/xcp/projects',
    );
    if (projects.length > 0) {
      await page.getByRole('button', { name: 'Directories menu' }).click();
      const menu = page.getByRole('list', { name: 'Directories' });
      await expect(menu.getByRole('link')).toHaveCount(projects.length);
      const project = first(projects, 'project');
      await expect(menu.getByRole('link').first()).toHaveAttribute('href', `/collection/${project.collection_id}`);
      await expect(menu.getByRole('link').first()).toHaveText(`${project.name}${grouped(project.count)} assets`);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    }
    await page.getByRole('navigation').getByRole('link', { name: 'Finder' }).first().click();
    await expect(page).toHaveURL(/\/search$/);
    const all = await api<Paged<Asset>>(request, '/api/xcp/search?limit=1');
    const allLine =
      `1 - ${String(Math.min(100, all.estimatedTotalHits))} ` + `of ${grouped(all.estimatedTotalHits)} results`;
    await expect(page.getByText(allLine)).toBeVisible();
    await page.getByRole('checkbox', { name: 'Named' }).check();
    await expect(page).toHaveURL(/only=named$/);
    const namedLine =
      `1 - ${String(Math.min(100, named.estimatedTotalHits))} ` + `of ${grouped(named.estimatedTotalHits)} results`;
    await expect(page.getByText(namedLine)).toBeVisible();

    const card = page.locator(`a.stamp-card__link[href="/asset/${asset.cpid}"]`);
    await expect(card).toBeVisible();
    await expect(card.locator('img')).toHaveCount(0);
    await expect(card.locator('.asset-tile__name')).toHaveText(name);
    // A stamp among the assets shows its image, or its file's kind when the file is no image (its MIME type is the
    // API's).
    for (const stampAsset of named.hits.filter((hit) => hit.stamp !== null)) {
      const stampCard = page.locator(`a.stamp-card__link[href="/asset/${stampAsset.cpid}"]`);
      const mimetype = stampAsset.stamp_mimetype ?? '';
      if (mimetype.startsWith('image/')) {
        await expect(stampCard.locator('img')).toHaveAttribute('src', `/s/${stampAsset.cpid}`);
      } else {
        await expect(stampCard.locator('img')).toHaveCount(0);
        await expect(stampCard.locator('.stamp-image--placeholder')).toBeVisible();
      }
    }

    await card.click();
    await expect(page).toHaveURL(new RegExp(`/asset/${asset.cpid}$`));
    const detail = await api<{
      supply: string;
      divisible: boolean;
      stamp: unknown;
      block_index: number;
      block_time: number;
      creator: string;
      creator_name: string | null;
      holders: { address: string | null }[];
    }>(request, `/api/asset/${asset.cpid}`);
    expect(detail.stamp).toBeNull();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page).toHaveTitle(
      detail.creator_name ? `Asset: ${asset.cpid} - ${detail.creator_name}` : `Asset: ${asset.cpid}`,
    );
    const info = page.getByRole('region', { name: 'Information' });
    await expect(info).toContainText(`Block ${grouped(detail.block_index)} (${blockTime(detail.block_time)})`);
    // Its creator, the first issuer, links to its profile.
    await expect(info.locator(`a[href="/profile/${detail.creator}"]`).first()).toHaveText(
      detail.creator_name ?? `${detail.creator.slice(0, 5)}...${detail.creator.slice(-5)}`,
    );
    if (!detail.divisible) await expect(info).toContainText(grouped(detail.supply));
    const holders = page.getByRole('region', { name: 'Holders' }).locator('tbody tr');
    await expect(holders).toHaveCount(detail.holders.length);

    // An asset that does not exist.
    await page.goto('/asset/NOSUCHASSETXYZ');
    await expect(page.getByText('Asset not found')).toBeVisible();
  },
);

type Launchpad = {
  collection_id: string;
  name: string;
  type: string;
  max: number | null;
  fee: number | null;
  public_mint: [number, number] | null;
  free_mint?: [number, number] | null;
  white_list_config?: { groups: { type: string; id: string }[][] }[] | null;
};

/** The mint button's label the spec gives at `now`: closed, a preview before the start, else free or paid. */
function mintLabel(launchpad: Launchpad, now: number): string {
  const range = launchpad.public_mint;
  if (!range || now >= range[1]) return 'Mint Closed';
  if (now < range[0]) return 'Preview';
  const free = launchpad.free_mint && now >= launchpad.free_mint[0] && now < launchpad.free_mint[1];
  return !launchpad.fee || free ? 'Free Mint' : 'Mint Now';
}

/** Where a whitelist item links by its type (spec). */
function whitelistHref(item: { type: string; id: string }): string {
  if (item.type === 'collection') return `/collection/${encodeURIComponent(item.id)}`;
  if (item.type === 'token') return `/src20/tick/${encodeURIComponent(item.id)}`;
  return `/stamp/${encodeURIComponent(item.id)}`;
}

type LaunchpadInfo = {
  history: [number, number][];
  totalMinters: number;
  firstMintDate: number;
  lastMintDate: number;
  topMinters: { address: string; count: number }[];
};

/** The countdown's label the spec gives for the public mint's phase at `now`. */
function timerLabel(range: [number, number], now: number): string {
  if (now < range[0]) return 'Mint Starts in';
  if (now < range[1]) return 'Mint Open for';
  return 'Mint Closed';
}

test(
  "a launchpad's page: its countdown from its card's terms, " +
    "its stats from /api/launchpad/{id}, a layered one's preview",
  async ({ page, request }) => {
    const collections = await api<Paged<Launchpad>>(request, '/api/collections?only=launchpad');
    const directories = await api<Paged<Launchpad>>(request, '/api/directories?only=launchpad');
    // The goose launchpad has a tool of its own (goose.spec.ts).
    const launchpads = [...collections.hits, ...directories.hits].filter(
      (launchpad) => launchpad.collection_id !== 'goose',
    );
    expect(launchpads.length).toBeGreaterThan(0);

    for (const launchpad of launchpads) {
      const info = await api<LaunchpadInfo>(request, `/api/launchpad/${launchpad.collection_id}`);
      const preview = await request.get(`/api/wallet/mint/preview/${launchpad.collection_id}`);
      await page.goto(`/collection/${launchpad.collection_id}`);
      await expect(page.getByText('Launchpad collection', { exact: true })).toBeVisible();

      const mint = page.getByRole('region', { name: 'Mint' });
      if (launchpad.public_mint) {
        const now = Date.now();
        const label = timerLabel(launchpad.public_mint, now);
        await expect(mint.getByText(label, { exact: true })).toBeVisible();
        const timer = mint.getByRole('timer');
        if (label === 'Mint Closed') {
          await expect(mint).toContainText('Public mint is closed');
          const ago = now - launchpad.public_mint[1];
          await expect(timer).toHaveText(
            ago > 36 * 3600 * 1000 ? `${String(Math.round(ago / 86_400_000))} days ago` : /^\d\d:\d\d:\d\d ago$/,
          );
        } else {
          await expect(mint).toContainText(label === 'Mint Starts in' ? 'Start in' : 'End in');
          await expect(timer).toHaveText(/^(\d+ days|\d\d:\d\d:\d\d)$/);
        }
      }
      const minted = info.history.at(-1)?.[1] ?? 0;
      await expect(mint).toContainText(
        `Minted${grouped(minted)}${launchpad.max ? ` / ${grouped(launchpad.max)}` : ''}`,
      );
      const price = launchpad.fee === null ? '-' : launchpad.fee === 0 ? 'Free' : btc(launchpad.fee);
      await expect(mint).toContainText(`Price${price}`);
      // One mint button, by the public mint's phase; it mints only while the public mint is open.
      const label = mintLabel(launchpad, Date.now());
      const button = mint.getByRole('button', { name: /^(Mint Closed|Preview|Free Mint|Mint Now)$/ });
      await expect(button).toHaveText(label);
      if (label === 'Mint Closed' || label === 'Preview') await expect(button).toBeDisabled();

      const stats = page.getByRole('region', { name: 'Launchpad stats' });
      await expect(stats).toContainText(`Minters${grouped(info.totalMinters)}`);
      await expect(stats).toContainText(`First mint${blockTime(info.firstMintDate)}`);
      await expect(stats).toContainText(`Last mint${blockTime(info.lastMintDate)}`);
      await expect(stats.getByRole('figure', { name: 'Mint history' })).toHaveCount(info.history.length >= 2 ? 1 : 0);
      const minters = stats.getByRole('table', { name: 'Top minters' }).locator('tbody tr');
      await expect(minters).toHaveCount(info.topMinters.length);
      const top = first(info.topMinters, 'top minter');
      await expect(minters.first().getByRole('link')).toHaveAttribute('href', `/profile/${top.address}`);
      await expect(minters.first()).toContainText(
        `${top.address.slice(0, 5)}...${top.address.slice(-5)}${grouped(top.count)}`,
      );

      // The whitelist rounds of its card, each item linking by its type.
      const rounds = launchpad.white_list_config ?? [];
      const whitelist = page.getByRole('region', { name: 'Whitelist' });
      await expect(whitelist).toHaveCount(rounds.length > 0 ? 1 : 0);
      for (const item of rounds.flatMap((round) => round.groups.flat())) {
        await expect(whitelist.locator(`a[href="${whitelistHref(item)}"]`).first()).toContainText(item.id);
      }

      const image = mint.getByRole('img', { name: 'A mint this launchpad may draw' });
      if (launchpad.type !== 'src721' && preview.ok()) {
        // The layered launchpad's combinations, 4 a second.
        const shown = await image.getAttribute('src');
        expect(shown).toMatch(/^data:image\/png;base64,/);
        await expect(image).not.toHaveAttribute('src', shown ?? '', { timeout: 2000 });
        await expect(mint).toContainText('100 combinations');
      } else {
        await expect(image).toHaveCount(0);
      }
    }
  },
);

test("a profile's SRC-20 balances follow its address's live balances (/api/realtime/src20/holders/{address})", async ({
  page,
  request,
}) => {
  const deploys = await api<Paged<{ tick: string }>>(
    request,
    '/api/src20/search?types=deploy&only=valid&sort=holdersCount:desc&limit=1',
  );
  const tick = first(deploys.hits, 'SRC-20 deploy').tick;
  const data = await api<{ holders: { address: string }[] }>(request, `/api/src20/tick/${encodeURIComponent(tick)}`);
  const address = first(data.holders, 'holder').address;
  const profile = await api<{ addresses: string[] }>(request, `/api/profile/${address}`);

  await page.goto(`/profile/${address}?tab=src20`);
  const live = await page.evaluate(
    (addresses) =>
      Promise.all(
        addresses.map(
          (holder) =>
            new Promise<{ address: string; balances: { tick: string; balance: string }[] }>((resolve, reject) => {
              const source = new EventSource(`/api/realtime/src20/holders/${encodeURIComponent(holder)}`);
              const timer = setTimeout(() => {
                source.close();
                reject(new Error(`no balances of ${holder} within 10 s`));
              }, 10_000);
              source.addEventListener(`src20/holders/${holder}`, (event) => {
                clearTimeout(timer);
                source.close();
                const balances = JSON.parse((event as MessageEvent<string>).data) as {
                  tick: string;
                  balance: string;
                }[];
                resolve({ address: holder, balances });
              });
            }),
        ),
      ),
    profile.addresses,
  );
  const expected = live.flatMap(({ balances }) => balances.map((balance) => balance.tick));
  expect(expected).toContain(tick);
  const rows = page.getByRole('table', { name: 'SRC-20 balances' }).locator('tbody tr');
  await expect(rows).toHaveCount(expected.length);
  for (const [index, name] of expected.entries()) {
    await expect(rows.nth(index).getByRole('link').first()).toHaveText(name);
  }
});
