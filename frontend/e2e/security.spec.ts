import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The site's origin kept apart from what stamps carry: a stamp's file (HTML, XHTML in XML) opened directly runs in
 * an opaque origin on every request, not only the first (kept answers must keep the sandbox), so it reads neither
 * the site's cookies nor its storage; the app's pages forbid framing and load without a Content Security Policy
 * violation; a missing bundle file is not kept by caches.
 */

type Hit = { cpid: string; stamp: number; stamp_mimetype: string | null };
type Paged<T> = { hits: T[]; estimatedTotalHits: number };

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path} answered ${String(response.status())}`).toBe(true);
  return (await response.json()) as T;
}

/** The newest HTML stamp of the demo. */
async function htmlStamp(request: APIRequestContext): Promise<Hit> {
  const page = await api<Paged<Hit>>(request, '/api/search?types=html&limit=100');
  const hit = page.hits.find((candidate) => (candidate.stamp_mimetype ?? '').includes('html'));
  if (!hit) throw new Error('the API listed no HTML stamp (/api/search?types=html)');
  return hit;
}

/** The newest stamp whose file is XML but not SVG (the demo's XHTML-in-XML stamps), paging through 'other'. */
async function xmlStamp(request: APIRequestContext): Promise<Hit> {
  for (let offset = 0; ; offset += 100) {
    const page = await api<Paged<Hit>>(request, `/api/search?types=other&limit=100&offset=${String(offset)}`);
    const hit = page.hits.find((candidate) => {
      const mime = (candidate.stamp_mimetype ?? '').toLowerCase();
      return mime.includes('xml') && !mime.includes('svg');
    });
    if (hit) return hit;
    if (page.hits.length === 0 || offset + 100 >= page.estimatedTotalHits) {
      throw new Error(
        `no XML stamp (stamp_mimetype with 'xml', not 'svg') among the ` +
          `${String(page.estimatedTotalHits)} stamps of /api/search?types=other`,
      );
    }
  }
}

/** What the page's own scripts get: its origin, and whether reading the cookie and the storage works or throws. */
type Reach = { origin: string; cookie: string; storage: string };

function reach(page: Page): Promise<Reach> {
  return page.evaluate(() => {
    const attempt = (read: () => unknown): string => {
      try {
        return `read ${JSON.stringify(read())}`;
      } catch (error) {
        return `threw ${error instanceof Error ? error.name : String(error)}`;
      }
    };
    return {
      origin: self.origin,
      cookie: attempt(() => document.cookie),
      storage: attempt(() => window.localStorage.getItem('probe')),
    };
  });
}

/** Collects the console's errors that report a Content Security Policy violation, in every frame of the page. */
function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /content security policy/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  return violations;
}

test("a stamp's HTML or XML file, opened directly, runs sandboxed on the first and on a repeated request", async ({
  page,
  request,
}) => {
  const stamps = [
    { kind: 'HTML', stamp: await htmlStamp(request) },
    { kind: 'XML', stamp: await xmlStamp(request) },
  ];

  // The site's origin holds a cookie and a stored item; the app's own pages read both.
  await page.goto('/');
  await page.evaluate(() => {
    document.cookie = 'probe=1; path=/';
    window.localStorage.setItem('probe', '1');
  });
  const site = await reach(page);
  expect(site.origin).not.toBe('null');
  expect(site.cookie).toContain('probe=1');
  expect(site.storage).toBe('read "1"');

  // Routing keeps the browser's HTTP cache out of the way: each visit below reaches the gateway.
  let fetched = 0;
  await page.route('**/s/**', async (route) => {
    if (route.request().isNavigationRequest()) fetched += 1;
    await route.continue();
  });

  for (const { kind, stamp } of stamps) {
    for (const visit of ['first', 'second']) {
      const what = `${kind} stamp ${stamp.cpid} (${stamp.stamp_mimetype ?? 'no type'}), ${visit} request`;
      const before = fetched;
      const response = await page.goto(`/s/${stamp.cpid}`);
      expect(response, what).not.toBeNull();
      if (!response) return;
      expect(response.status(), what).toBe(200);
      expect(fetched, `${what}: the request reached the gateway`).toBe(before + 1);
      expect(response.headers()['content-security-policy'] ?? '(none)', what).toMatch(/(^|;)\s*sandbox\b/);
      const inside = await reach(page);
      expect(inside.origin, what).toBe('null');
      expect(inside.cookie, `${what}: document.cookie`).toMatch(/^threw /);
      expect(inside.storage, `${what}: localStorage`).toMatch(/^threw /);
    }
  }
});

test('a missing bundle file is a 404 no cache keeps', async ({ request }) => {
  const response = await request.get('/assets/does-not-exist.js');
  expect(response.status()).toBe(404);
  const cacheControl = response.headers()['cache-control'] ?? '';
  expect(cacheControl).not.toMatch(/immutable/i);
  expect(cacheControl).not.toMatch(/max-age\s*=\s*[1-9]/i);
  expect(cacheControl).toMatch(/no-store|no-cache|max-age\s*=\s*0\b/i);
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(['error']);
  expect(typeof body.error).toBe('string');
});

test("the app's pages forbid framing and render without a Content Security Policy violation", async ({
  page,
  request,
}) => {
  const violations = cspViolations(page);

  const home = await page.goto('/');
  expect(home?.status()).toBe(200);
  const homePolicy = home?.headers()['content-security-policy'] ?? '(none)';
  expect(homePolicy).toMatch(/frame-ancestors 'none'/);
  await expect(page.getByRole('region', { name: 'Last sales' })).toBeVisible();
  await expect(page.locator('a.stamp-card__link, a[href^="/stamp/"]').first()).toBeVisible();

  // An HTML stamp's page: the app, then the stamp in its sandboxed frame (opened as a visitor would).
  const stamp = await htmlStamp(request);
  const detail = await page.goto(`/stamp/${stamp.cpid}`);
  expect(detail?.status()).toBe(200);
  expect(detail?.headers()['content-security-policy'] ?? '(none)').toMatch(/frame-ancestors 'none'/);
  await expect(page.getByRole('heading', { level: 1, name: `#${String(stamp.stamp)}` })).toBeVisible();
  const openHtml = page.getByRole('button', { name: 'Open HTML' });
  if (await openHtml.isVisible()) {
    await openHtml.click();
    await page.getByRole('button', { name: 'Open anyway' }).click();
  }
  const frameElement = page.locator('iframe.stamp-frame');
  await expect(frameElement).toBeVisible();
  await expect(frameElement).toHaveAttribute('src', `/s/${stamp.cpid}`);
  const frame = await (await frameElement.elementHandle()).contentFrame();
  if (!frame) throw new Error('the stamp frame has no document');
  await frame.waitForLoadState('load');
  expect(await frame.evaluate(() => self.origin)).toBe('null');

  // Late reports (the frame's subresources) have arrived by now.
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
