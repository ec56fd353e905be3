import { describe, expect, it } from 'vitest';
import { availableNavigation, NAVIGATION } from './navigation';

describe('NAVIGATION', () => {
  it("lists the spec's entries in the spec's order", () => {
    expect(NAVIGATION.stamps.map((entry) => entry.label)).toEqual([
      'Mint',
      'Src20',
      'Finder',
      'Collections',
      'Leaderboard',
      'Faq',
    ]);
    expect(NAVIGATION.xcp.map((entry) => entry.label)).toEqual([
      'Stamps',
      'FairMint',
      'Finder',
      'Collections',
      'Directories',
      'Leaderboard',
      'Faq',
    ]);
  });

  it('offers the pages this app has: Mint, Src20, Finder, Leaderboard and Faq; FairMint on the XCP site', () => {
    expect(availableNavigation('stamps')).toEqual(
      expect.arrayContaining([
        { label: 'Mint', href: '/mint' },
        { label: 'Src20', href: '/src20/search' },
        { label: 'Finder', href: '/search' },
        { label: 'Leaderboard', href: '/leaderboard' },
        { label: 'Faq', href: '/faq' },
      ]),
    );
    expect(availableNavigation('xcp')).toEqual(
      expect.arrayContaining([
        { label: 'FairMint', href: '/fairmint' },
        { label: 'Finder', href: '/search' },
        { label: 'Leaderboard', href: '/leaderboard' },
        { label: 'Faq', href: '/faq' },
      ]),
    );
  });

  it("offers the mint tools on the Stamps site only, FairMint on the XCP site only, as the spec's lists do", () => {
    expect(availableNavigation('xcp').map((entry) => entry.label)).not.toContain('Mint');
    expect(availableNavigation('stamps').map((entry) => entry.label)).not.toContain('FairMint');
  });

  it("the XCP site's Stamps entry opens the Stamps site's home", () => {
    expect(availableNavigation('xcp')[0]).toEqual({ label: 'Stamps', href: '/?site=stamps' });
    expect(availableNavigation('stamps').map((entry) => entry.label)).not.toContain('Stamps');
  });
});
