import { describe, expect, it } from 'vitest';
import { parseCatalogueVersion, parseJson, parseSrc20Holdings, parseStatsList, src20HoldersUrl } from './realtime';

const row = {
  id: 'A759628262854187034',
  name: 'GLYPH32 collection',
  holders: 8,
  uniqueFloorPrice: null,
  oneDayVolume: { volume: 0, variation: null },
  oneWeekVolume: { volume: 1000, variation: -100.0 },
  oneMonthVolume: { volume: 3195000, variation: 12.5 },
  totalVolume: 3195000,
  marketCap: null,
};

describe('live values', () => {
  it('reads SSE data as JSON, undefined when it is not', () => {
    expect(parseJson('"11.2.0"')).toBe('11.2.0');
    expect(parseJson('11.2')).toBe(11.2);
    expect(parseJson('nope')).toBeUndefined();
    expect(parseJson(undefined)).toBeUndefined();
  });

  it('reads a market list as the API sends it, leaving malformed rows out', () => {
    expect(parseStatsList([row])).toEqual([row]);
    const withoutVariation = { ...row, oneDayVolume: { volume: 5 } };
    expect(parseStatsList([withoutVariation])?.[0]?.oneDayVolume).toEqual({ volume: 5, variation: null });
    expect(
      parseStatsList([
        { ...row, id: '' },
        { ...row, holders: '8' },
        { ...row, oneWeekVolume: null },
        { ...row, marketCap: 'lots' },
        null,
        { ...row, id: 'kept', name: 42 },
      ]),
    ).toEqual([{ ...row, id: 'kept', name: '' }]);
    expect(parseStatsList({ stats: [] })).toBeNull();
  });

  it('reads the catalogue version and height', () => {
    expect(parseCatalogueVersion({ version: 'abc', height: 963203 })).toEqual({ version: 'abc', height: 963203 });
    expect(parseCatalogueVersion({ version: 'abc', height: -1 })).toBeNull();
    expect(parseCatalogueVersion({ height: 1 })).toBeNull();
    expect(parseCatalogueVersion('abc')).toBeNull();
  });

  it("reads an address's SRC-20 balances and names its stream", () => {
    expect(parseSrc20Holdings([{ tick: 'kevin', balance: '100' }, { tick: 'x', balance: 5 }, 'y'])).toEqual([
      { tick: 'kevin', balance: '100' },
    ]);
    expect(parseSrc20Holdings({})).toBeNull();
    expect(src20HoldersUrl('bc1qabc')).toBe('/api/realtime/src20/holders/bc1qabc');
  });
});
