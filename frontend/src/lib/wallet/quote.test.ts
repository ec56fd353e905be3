import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { quotedBuild, quoteRows, settledAnswer, useQuote } from './quote';
import { parseBuild, type BuildResult, type CallResult } from './transaction';

function answer(hex: string, total: number): CallResult {
  return {
    data: {
      result: {
        txHex: hex,
        inputsToSign: [{ index: 0, address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }],
        fee: 1000,
        vsize: 200,
        walletFee: 2222,
        royalties: 0,
        total,
        hashes: [],
      },
    },
  };
}

/** Flushes the answers already resolved. */
async function settle() {
  await act(async () => {
    await Promise.resolve();
  });
}

describe('useQuote', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('builds once the inputs settle, keeps the last build while building again, drops stale answers', async () => {
    const create = vi.fn((): Promise<CallResult> => Promise.resolve(answer('70736274ff01', 5000)));
    const { result, rerender } = renderHook(({ key }) => useQuote(key, create, 500, 30_000), {
      initialProps: { key: null as string | null },
    });
    expect(result.current).toEqual({ state: 'idle' });
    rerender({ key: 'a' });
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(create).not.toHaveBeenCalled();
    expect(result.current).toEqual({ state: 'building', last: null });
    act(() => {
      vi.advanceTimersByTime(1);
    });
    await settle();
    expect(create).toHaveBeenCalledTimes(1);
    expect(quotedBuild(result.current)?.total).toBe(5000);
    expect(settledAnswer(result.current)?.kind).toBe('built');

    // An answer that arrives after the inputs changed is not shown as theirs.
    let late: (value: CallResult) => void = () => undefined;
    create.mockImplementationOnce(
      () =>
        new Promise<CallResult>((resolve) => {
          late = resolve;
        }),
    );
    rerender({ key: 'b' });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(result.current.state).toBe('building');
    expect(quotedBuild(result.current)?.total).toBe(5000);
    expect(settledAnswer(result.current)).toBeNull();
    rerender({ key: 'c' });
    late(answer('70736274ff02', 9999));
    await settle();
    expect(result.current.state).toBe('building');
    create.mockImplementationOnce(() => Promise.resolve(answer('70736274ff03', 7000)));
    act(() => {
      vi.advanceTimersByTime(500);
    });
    await settle();
    expect(quotedBuild(result.current)?.total).toBe(7000);
  });

  it('builds again while the inputs stay, so a failure passes and a quote is never long stale', async () => {
    const create = vi.fn((): Promise<CallResult> =>
      Promise.resolve({ error: { status: 'FETCH_ERROR', error: 'Failed to fetch' } }),
    );
    const { result } = renderHook(() => useQuote('a', create, 500, 30_000));
    act(() => {
      vi.advanceTimersByTime(500);
    });
    await settle();
    expect(settledAnswer(result.current)).toMatchObject({ kind: 'failed', message: 'API Error' });
    create.mockImplementation(() => Promise.resolve(answer('70736274ff01', 5000)));
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    await settle();
    expect(create).toHaveBeenCalledTimes(2);
    expect(settledAnswer(result.current)?.kind).toBe('built');
  });
});

describe('quoteRows', () => {
  function build(figures: Partial<BuildResult>): BuildResult {
    const parsed = parseBuild((answer('70736274ff01', 0) as { data: { result: unknown } }).data.result);
    if (!parsed) throw new Error('the build does not parse');
    return { ...parsed, ...figures };
  }

  it("reads every line off the server's figures: what is paid beyond the fees, fees, royalties, network fee", () => {
    const { rows, total } = quoteRows(build({ walletFee: 2222, royalties: 600, fee: 1500, vsize: 250, total: 24322 }), {
      rest: 'Items',
      royalties: 'Royalties',
    });
    expect(rows).toEqual([
      { label: 'Items', sats: BigInt(20000) },
      { label: 'Service fee', sats: BigInt(2222) },
      { label: 'Royalties', sats: BigInt(600) },
      { label: 'Network fee (250 vB)', sats: BigInt(1500) },
    ]);
    expect(total).toBe(BigInt(24322));
    expect(rows.reduce((sum, row) => sum + row.sats, BigInt(0))).toBe(total);
  });

  it('leaves out the lines of nothing', () => {
    const { rows } = quoteRows(build({ walletFee: 0, royalties: 0, fee: 300, vsize: 150, total: 300 }), {
      rest: 'Data outputs',
      royalties: 'Royalties',
    });
    expect(rows).toEqual([{ label: 'Network fee (150 vB)', sats: BigInt(300) }]);
  });
});
