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

  it('offers only the pages this app has: Src20 and the Finder on the Stamps site, the Finder on the XCP site', () => {
    expect(availableNavigation('stamps')).toEqual([
      { label: 'Src20', href: '/src20/search' },
      { label: 'Finder', href: '/search' },
    ]);
    expect(availableNavigation('xcp')).toEqual([{ label: 'Finder', href: '/search' }]);
  });
});
