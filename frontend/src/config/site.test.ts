import { describe, expect, it } from 'vitest';
import { parseSiteVariant, siteFromSearch, SITES } from './site';

describe('site variant parameter', () => {
  it('reads the two variants and nothing else', () => {
    expect(parseSiteVariant('xcp')).toBe('xcp');
    expect(parseSiteVariant('stamps')).toBe('stamps');
    expect(parseSiteVariant('XCP')).toBeNull();
    expect(parseSiteVariant('')).toBeNull();
    expect(parseSiteVariant(null)).toBeNull();
  });

  it('finds ?site= among other parameters', () => {
    expect(siteFromSearch('?page=2&site=xcp')).toBe('xcp');
    expect(siteFromSearch('?site=stamps')).toBe('stamps');
    expect(siteFromSearch('?site=other')).toBeNull();
    expect(siteFromSearch('')).toBeNull();
  });
});

describe('variant wording and paths', () => {
  it("says 'Stamps' and links /stamp/{cpid} on the Stamps site", () => {
    expect(SITES.stamps.stampsWord).toBe('Stamps');
    expect(SITES.stamps.searchPlaceholder).toBe('Search for a stamp...');
    expect(SITES.stamps.stampHref('A123')).toBe('/stamp/A123');
  });

  it("says 'Assets' and links /asset/{cpid} on the XCP site", () => {
    expect(SITES.xcp.stampsWord).toBe('Assets');
    expect(SITES.xcp.searchPlaceholder).toBe('Search for an XCP asset...');
    expect(SITES.xcp.stampHref('PEPE.rare')).toBe('/asset/PEPE.rare');
  });

  it('gives the XCP site its own brand', () => {
    expect(SITES.xcp.brand).not.toBe(SITES.stamps.brand);
    expect(SITES.xcp.logoText).not.toBe(SITES.stamps.logoText);
  });
});
