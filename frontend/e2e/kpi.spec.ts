import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { devnetActor } from './support/devnet-signer';
import { injectUnisat, signIn } from './support/wallet';

/**
 * The staff's analytics dashboard (/kpi), against the real stack: the server answers its figures to staff alone
 * (the auth service gives the staff role to devnet actor 63), and anyone else opening the page lands on the home
 * page. The actors here sign in for this file only.
 */

/** The actor whose address the stack makes staff. */
const STAFF = 63;
/** An actor no other browser test signs in with, and not staff. */
const NOT_STAFF = 60;

/** How long the request log may take to count a request (its pipeline is asynchronous). */
const PIPELINE_MS = 20_000;

/** Requests the staff test makes from the page itself, each a few times, so that the log must count them. */
const OWN_PATHS = ['/api/search', '/api/src20/search'];
/**
 * How many times each of `OWN_PATHS` is asked for: more than the log's own polls could add while the test waits
 * (at most one every 500 ms for `PIPELINE_MS`), so that only these requests can account for the rise.
 */
const ROUNDS = 50;

type Log = {
  series: { requests: number }[];
  totals: { requests: number };
  topPaths: { path: string; requests: number }[];
};

/** `/api/log` for the Stamps site over the last 7 days, hourly: what the dashboard asks by default. */
function logPath(): string {
  const end = Date.now();
  const start = end - 7 * 24 * 3_600_000;
  return `/api/log?origin=stamps&start=${String(start)}&end=${String(end)}&granularity=hour`;
}

/** Waits until the page shows the home page, and says the dashboard is not on it. */
async function expectHome(page: Page): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Bitcoin Stamps' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toHaveCount(0);
}

/** The request log as staff read it. */
async function readLog(request: APIRequestContext): Promise<Log> {
  const response = await request.get(logPath());
  expect(response.status(), 'GET /api/log as staff').toBe(200);
  return (await response.json()) as Log;
}

/** The requests a log counts, bucket by bucket. */
function counted(log: Log): number {
  return log.series.reduce((sum, bucket) => sum + bucket.requests, 0);
}

/** The request log once it counts at least `atLeast` requests (its pipeline is asynchronous). */
async function logCounting(request: APIRequestContext, atLeast: number): Promise<Log> {
  const latest: { log?: Log } = {};
  await expect
    .poll(
      async () => {
        latest.log = await readLog(request);
        return counted(latest.log);
      },
      { message: 'the request log counts the test’s requests', timeout: PIPELINE_MS, intervals: [500, 1_000] },
    )
    .toBeGreaterThanOrEqual(atLeast);
  if (!latest.log) throw new Error('no request log');
  return latest.log;
}

test('a visitor opening /kpi lands on the home page, the page replaced', async ({ page }) => {
  expect((await page.request.get(logPath())).status(), 'GET /api/log signed out').toBe(401);
  await page.goto('/kpi');
  await expectHome(page);
  // Replaced, not pushed: going back does not return to /kpi.
  await page.goBack();
  expect(page.url()).not.toContain('/kpi');
});

test('a signed-in user who is not staff opening /kpi lands on the home page', async ({ page }) => {
  await injectUnisat(page, devnetActor(NOT_STAFF));
  await page.goto('/');
  await signIn(page);
  expect((await page.request.get(logPath())).status(), 'GET /api/log as a user who is not staff').toBe(403);

  await page.goto('/kpi');
  await expectHome(page);
});

test('staff see the Stamps site’s requests: totals, the charts and the paths they asked for', async ({ page }) => {
  test.setTimeout(PIPELINE_MS + 60_000);
  await injectUnisat(page, devnetActor(STAFF));
  await page.goto('/');
  await signIn(page);

  // Requests from the page, as the site makes them: the log counts every one of them.
  const before = counted(await readLog(page.request));
  await page.evaluate(
    async ({ paths, rounds }) => {
      for (const path of paths) {
        for (let round = 0; round < rounds; round++) await fetch(`${path}?limit=1`);
      }
    },
    { paths: OWN_PATHS, rounds: ROUNDS },
  );
  const log = await logCounting(page.request, before + OWN_PATHS.length * ROUNDS);
  expect(log.totals.requests).toBeGreaterThanOrEqual(before + OWN_PATHS.length * ROUNDS);
  const listed = log.topPaths.map((row) => row.path);
  expect(listed.length).toBeGreaterThan(0);

  await page.goto('/kpi');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Origin' })).toHaveValue('stamps');
  await expect(page.getByRole('button', { name: 'Hour', exact: true })).toHaveAttribute('aria-pressed', 'true');

  const requests = page
    .getByLabel('Totals')
    .locator('dt', { hasText: /^Requests$/ })
    .locator('xpath=following-sibling::dd[1]');
  await expect(requests).toHaveText(/^[\d,]+$/);
  // The page's totals are the log's, which only grow.
  expect(Number(((await requests.textContent()) ?? '').replace(/,/g, ''))).toBeGreaterThanOrEqual(log.totals.requests);

  for (const name of ['Requests and visitors', 'Mobile share', 'Latency']) {
    const figure = page.getByRole('figure', { name, exact: true });
    await figure.scrollIntoViewIfNeeded();
    await expect(figure.getByRole('img')).toHaveAttribute('aria-label', /per hour, from /);
    await expect(figure.locator('canvas')).toBeAttached();
  }

  // The table's first row (after its head: rank, path, count) is a path of the log's top list of a moment ago.
  const paths = page.getByRole('table', { name: 'Top paths' });
  await paths.scrollIntoViewIfNeeded();
  const first = (await paths.getByRole('row').nth(1).getByRole('cell').nth(1).textContent()) ?? '';
  expect(listed).toContain(first.trim());
  await expect(page.getByRole('table', { name: 'Top URLs' })).toBeVisible();
});
