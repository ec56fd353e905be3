import { describe, expect, it } from 'vitest';
import {
  buyFeeOf,
  feesRefreshDue,
  feesStale,
  newestRecord,
  optimalFeeOf,
  parseFeeRecord,
  parsePriceRecord,
} from './market-records';

const fees = {
  fastestFee: 12,
  halfHourFee: 10,
  hourFee: 8,
  economyFee: 4,
  minimumFee: 1,
  time: 1_700_000_000_000,
  optimalFee: 8.5,
  buyFee: 12,
};

describe('fee records', () => {
  it('derive the optimal and buy rates as the spec says', () => {
    expect(optimalFeeOf(12, 8)).toBe(8.5);
    expect(optimalFeeOf(5, 8)).toBe(5);
    expect(buyFeeOf(12)).toBe(12);
    expect(buyFeeOf(50)).toBe(51);
    expect(buyFeeOf(25)).toBe(26);
  });

  it('are read as the API sends them, derived rates filled in when missing', () => {
    expect(parseFeeRecord(fees)).toEqual(fees);
    expect(parseFeeRecord({ fastestFee: 20, halfHourFee: 15, hourFee: 10, time: 5 })).toEqual({
      fastestFee: 20,
      halfHourFee: 15,
      hourFee: 10,
      economyFee: 10,
      minimumFee: 10,
      optimalFee: 10.5,
      buyFee: 20,
      time: 5,
    });
    expect(parseFeeRecord({ ...fees, hourFee: '8' })).toBeNull();
    expect(parseFeeRecord({ ...fees, time: undefined })).toBeNull();
    expect(parseFeeRecord({ error: 'no fee record yet' })).toBeNull();
    expect(parseFeeRecord(null)).toBeNull();
  });

  it('are refreshed when older than 30 seconds, asking the API at most every 30 seconds', () => {
    const now = fees.time + 30_000;
    expect(feesStale(fees, now)).toBe(false);
    expect(feesStale(fees, now + 1)).toBe(true);
    expect(feesStale(undefined, now)).toBe(true);
    expect(feesRefreshDue(undefined, undefined, now)).toBe(true);
    expect(feesRefreshDue(fees, undefined, now)).toBe(false);
    expect(feesRefreshDue(fees, undefined, now + 1)).toBe(true);
    expect(feesRefreshDue(fees, now - 10_000, now + 1)).toBe(false);
    expect(feesRefreshDue(fees, now - 30_000, now + 1)).toBe(true);
  });
});

describe('price records', () => {
  it("keep each currency's integer price", () => {
    expect(parsePriceRecord({ time: 9, USD: 60000, EUR: 55000, GBP: 1.5, JPY: -3, XYZ: 1 })).toEqual({
      time: 9,
      rates: { USD: 60000, EUR: 55000 },
    });
    expect(parsePriceRecord({ USD: 60000 })).toBeNull();
  });
});

describe('the newest record', () => {
  it('is the one with the later time; either may be missing', () => {
    const older = { time: 1, id: 'a' };
    const newer = { time: 2, id: 'b' };
    expect(newestRecord(older, newer)).toBe(newer);
    expect(newestRecord(newer, older)).toBe(newer);
    expect(newestRecord(undefined, older)).toBe(older);
    expect(newestRecord(older, null)).toBe(older);
    expect(newestRecord(undefined, undefined)).toBeUndefined();
  });
});
