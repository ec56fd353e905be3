import { QueryStatus } from '@reduxjs/toolkit/query';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeEventSource } from '@/testing/event-source';
import { requestedUrl, stubFetchRoutes } from '@/testing/render';
import { prefetchFirstPage } from './prefetch';
import { makeStore } from './store';

async function prefetched(path: string, site: 'stamps' | 'xcp' = 'stamps'): Promise<string[]> {
  const fetchMock = stubFetchRoutes(() => ({ body: {} }));
  const store = makeStore({ site: { variant: site } });
  const url = new URL(path, 'http://site');
  prefetchFirstPage(store, { pathname: url.pathname, search: url.search });
  await waitFor(() => {
    expect(Object.values(store.getState().api.queries).every((query) => query?.status !== QueryStatus.pending)).toBe(
      true,
    );
  });
  return fetchMock.mock.calls.map(([input]) => {
    const called = new URL(requestedUrl(input));
    return called.pathname + called.search;
  });
}

describe('prefetchFirstPage', () => {
  it('asks the home page its data and the announcement, and opens the live values', async () => {
    // The SRC-721 collections come with the home call: no collections call.
    expect((await prefetched('/')).sort()).toEqual(['/api/announcement', '/api/home']);
    await waitFor(() => {
      expect(FakeEventSource.instances.map((source) => source.url)).toEqual(['/api/realtime']);
    });
  });

  it("takes home's answer from index.html's early call when there is one", async () => {
    const home = {
      mainBanner: [],
      featured: [],
      launchpads: [],
      lastSales: [],
      newDispenser: [],
      src721Collections: [],
      src721: [],
      classic: [],
    };
    window.__earlyAnswers = { '/api/home': Promise.resolve(home) };
    try {
      expect(await prefetched('/')).not.toContain('/api/home');
      // Taken once: the next call goes to the network.
      expect(window.__earlyAnswers['/api/home']).toBeUndefined();
    } finally {
      window.__earlyAnswers = undefined;
    }
  });

  it("asks the network when index.html's early call failed", async () => {
    window.__earlyAnswers = { '/api/home': Promise.resolve(null) };
    try {
      expect(await prefetched('/')).toContain('/api/home');
    } finally {
      window.__earlyAnswers = undefined;
    }
  });

  it("asks the finder's search with the finder's own arguments", async () => {
    expect(await prefetched('/search/pepe?types=png&page=2')).toContain(
      '/api/search?q=pepe&types=png&sort=stamp%3Aasc&offset=100&limit=100',
    );
  });

  it(
    "asks a stamp's page its stamp and an asset's page " + 'its asset, without the announcement on the XCP site',
    async () => {
      expect(await prefetched('/stamp/A123')).toEqual(['/api/announcement', '/api/stamp/A123']);
      expect(await prefetched('/asset/A123', 'xcp')).toEqual(['/api/asset/A123']);
    },
  );

  it("asks the XCP site's finder its asset search with the finder's own arguments", async () => {
    expect(await prefetched('/search/pepe?only=named&sort=holders:desc&page=2', 'xcp')).toEqual([
      '/api/xcp/search/pepe?only=named&sort=holders%3Adesc&offset=100&limit=100',
    ]);
    expect(await prefetched('/search?types=svg,cursed_stamp&only=on_sale&sort=last_sale:desc', 'xcp')).toEqual([
      '/api/xcp/search?types=svg%2Ccursed_stamp&only=on_sale&sort=last_sale%3Adesc&offset=0&limit=100',
    ]);
  });

  it('asks nothing more for other pages', async () => {
    expect(await prefetched('/leaderboard')).toEqual(['/api/announcement']);
  });
});
