import { describe, expect, it } from 'vitest';
import { desiredFeeRate, feeRateOf, formatRate, isBech32, milliRate, networkFee } from './fees';

const fees = {
  fastestFee: 12,
  halfHourFee: 10,
  hourFee: 8,
  economyFee: 4,
  minimumFee: 1,
  optimalFee: 8.5,
  buyFee: 12.24,
  time: 1,
};

describe('fee options', () => {
  it('rate Ninja Optimized at the optimal rate and ask the server for -1', () => {
    expect(feeRateOf('optimal', fees)).toBe(8.5);
    expect(desiredFeeRate('optimal', fees)).toBe(-1);
    expect(desiredFeeRate('fastest', fees)).toBe(12);
    expect(desiredFeeRate('halfHour', fees)).toBe(10);
    expect(desiredFeeRate('hour', fees)).toBe(8);
    expect(formatRate(8.5)).toBe('8.5 sat/vB');
  });

  it('rate Ninja Optimized at the buy fee when urgent, and ask for that rate itself', () => {
    expect(feeRateOf('optimal', fees, true)).toBe(12.24);
    expect(desiredFeeRate('optimal', fees, true)).toBe(12.24);
    expect(desiredFeeRate('hour', fees, true)).toBe(8);
  });
});

describe('fee arithmetic', () => {
  it('reads fee rates with decimals as integers', () => {
    expect(milliRate(8.5)).toBe(BigInt(8500));
    expect(milliRate(1.234)).toBe(BigInt(1234));
    expect(milliRate(-1)).toBe(BigInt(0));
    expect(milliRate(Number.NaN)).toBe(BigInt(0));
  });

  it('prices vbytes at a rate, rounded up', () => {
    expect(networkFee(264, 10)).toBe(BigInt(2640));
    expect(networkFee(170, 8.5)).toBe(BigInt(1445));
    expect(networkFee(3, 0.5)).toBe(BigInt(2));
    expect(networkFee(346, -1)).toBe(BigInt(0));
  });

  it('knows a bech32 address', () => {
    expect(isBech32('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(true);
    expect(isBech32('BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ')).toBe(true);
    expect(isBech32('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(false);
  });
});
