import { describe, expect, it } from 'vitest';
import {
  collectionHeading,
  collectionImages,
  collectionTitle,
  creatorDisplay,
  showSeeAll,
  twitterHref,
  websiteHref,
} from './rules';

describe('collectionHeading', () => {
  it("reads 'Launchpad collection', 'Directory' (XCP site, network owner) or 'Collection'", () => {
    expect(collectionHeading({ is_launchpad: true, user_id: 'XCP' }, 'xcp')).toBe('Launchpad collection');
    expect(collectionHeading({ is_launchpad: false, user_id: 'XCP' }, 'xcp')).toBe('Directory');
    expect(collectionHeading({ is_launchpad: false, user_id: 'XCP' }, 'stamps')).toBe('Collection');
    expect(collectionHeading({ is_launchpad: false, user_id: 'alice' }, 'xcp')).toBe('Collection');
  });
});

describe('collectionTitle', () => {
  it('uses the name, prefixed for SRC-721, or the id', () => {
    expect(collectionTitle({ name: 'Pepes', collection_id: 'p', type: 'other' })).toBe('Pepes');
    expect(collectionTitle({ name: 'Punks', collection_id: 'p', type: 'src721' })).toBe('SRC-721 Punks');
    expect(collectionTitle({ name: '', collection_id: 'abc', type: 'other' })).toBe('abc');
  });
});

describe('creatorDisplay', () => {
  it('links ids of at most 20 characters, shows COMMUNITY plain, hides XCP and longer ids', () => {
    expect(creatorDisplay('alice')).toEqual({ kind: 'link', userId: 'alice' });
    expect(creatorDisplay('a'.repeat(20))).toEqual({ kind: 'link', userId: 'a'.repeat(20) });
    expect(creatorDisplay('a'.repeat(21))).toEqual({ kind: 'none' });
    expect(creatorDisplay('COMMUNITY')).toEqual({ kind: 'plain', text: 'COMMUNITY' });
    expect(creatorDisplay('XCP')).toEqual({ kind: 'none' });
    expect(creatorDisplay('')).toEqual({ kind: 'none' });
  });
});

describe('links and images', () => {
  it('builds twitter and website links safely', () => {
    expect(twitterHref('@stampchain')).toBe('https://x.com/stampchain');
    expect(twitterHref('https://x.com/a')).toBe('https://x.com/a');
    expect(twitterHref('')).toBeNull();
    expect(websiteHref('stamps.example')).toBe('https://stamps.example/');
    expect(websiteHref('javascript:alert(1)')).toBeNull();
  });

  it('prefers the icon stamp, then the stamps', () => {
    expect(collectionImages({ icon_id: 'A1', stamp_images: ['/s/A2'] })).toEqual(['/s/A1', '/s/A2']);
    expect(collectionImages({ icon_id: '', stamp_images: ['/s/A2'] })).toEqual(['/s/A2']);
  });

  it('offers see-all only beyond 10 collections', () => {
    expect(showSeeAll(10)).toBe(false);
    expect(showSeeAll(11)).toBe(true);
  });
});
