import { describe, expect, it } from 'vitest';
import { SITES } from '@/config/site';
import { exactStamp, submitTarget } from './submit-target';
import type { AutocompleteStamp } from './types';

const hits: AutocompleteStamp[] = [
  { stamp: 1234, cpid: 'A3471624412617400000', asset_longname: null },
  { stamp: 12345, cpid: 'A1234500000000000000', asset_longname: null },
  { stamp: -7, cpid: 'PEPECASH', asset_longname: null },
];

describe('exactStamp', () => {
  it('matches a cpid case-insensitively', () => {
    expect(exactStamp('a3471624412617400000', hits)?.stamp).toBe(1234);
    expect(exactStamp(' PepeCash ', hits)?.stamp).toBe(-7);
  });

  it('matches a number exactly, cursed ones included', () => {
    expect(exactStamp('1234', hits)?.cpid).toBe('A3471624412617400000');
    expect(exactStamp('-7', hits)?.cpid).toBe('PEPECASH');
  });

  it('ignores prefixes and empty text', () => {
    expect(exactStamp('123', hits)).toBeUndefined();
    expect(exactStamp('A347', hits)).toBeUndefined();
    expect(exactStamp('', hits)).toBeUndefined();
  });

  it('goes nowhere when the text matches more than one stamp', () => {
    const twice: AutocompleteStamp[] = [
      { stamp: 5, cpid: 'A5000000000000000000', asset_longname: null },
      { stamp: 6, cpid: '5', asset_longname: null },
    ];
    expect(exactStamp('5', twice)).toBeUndefined();
  });
});

describe('submitTarget', () => {
  it("goes to the exact match's page in the variant's path", () => {
    expect(submitTarget('1234', hits, SITES.stamps.stampHref)).toBe('/stamp/A3471624412617400000');
    expect(submitTarget('pepecash', hits, SITES.xcp.stampHref)).toBe('/asset/PEPECASH');
  });

  it('goes to /search/{text} without an exact match, /search when empty', () => {
    expect(submitTarget('pepe', hits, SITES.stamps.stampHref)).toBe('/search/pepe');
    expect(submitTarget('123', [], SITES.stamps.stampHref)).toBe('/search/123');
    expect(submitTarget('  ', hits, SITES.stamps.stampHref)).toBe('/search');
  });
});
