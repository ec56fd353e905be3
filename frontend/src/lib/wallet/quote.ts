import { useEffect, useRef, useState } from 'react';
import { readCreateAnswer, type BuildResult, type CallResult, type CreateAnswer } from './transaction';

/**
 * Quotes: a dialog shows what the server built for the inputs as they are (the create call, the same builder that
 * makes what is signed), never its own arithmetic, and signs that very build.
 */

/** Where a quote stands: nothing to build, building (with the last answer, for inputs since changed), or the create
 * call's answer. */
export type Quote =
  { state: 'idle' } | { state: 'building'; last: CreateAnswer | null } | { state: 'done'; answer: CreateAnswer };

/** A line of a quote: what it is and its satoshis. */
export type QuoteRow = { label: string; sats: bigint };

/** How often a quote is built again while its inputs stay as they are: the coins and the listings it spends move. */
export const QUOTE_REFRESH_MS = 30_000;

/**
 * The build of `create` for the inputs `key` names (null while they cannot be built), made once they have settled for
 * `delayMs`, again whenever they change, and every `refreshMs` while they do not (so a quote is never long stale, and
 * a failure to reach the server passes); an answer for inputs changed meanwhile is dropped.
 */
export function useQuote(
  key: string | null,
  create: () => Promise<CallResult>,
  delayMs: number,
  refreshMs: number = QUOTE_REFRESH_MS,
): Quote {
  // The last answer, with the inputs it was made for: the quote is derived from it and the inputs now.
  const [made, setMade] = useState<{ key: string; answer: CreateAnswer } | null>(null);
  const latest = useRef(create);
  useEffect(() => {
    latest.current = create;
  }, [create]);
  useEffect(() => {
    if (key === null) return;
    let current = true;
    let timer: ReturnType<typeof setTimeout>;
    const run = () => {
      void latest.current().then((result) => {
        if (!current) return;
        setMade({ key, answer: readCreateAnswer(result) });
        timer = setTimeout(run, refreshMs);
      });
    };
    timer = setTimeout(run, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key, delayMs, refreshMs]);
  if (key === null) return { state: 'idle' };
  if (made?.key === key) return { state: 'done', answer: made.answer };
  return { state: 'building', last: made?.answer ?? null };
}

/** The build a quote shows: its answer's, or while it builds again the last one's; null when the server built none. */
export function quotedBuild(quote: Quote): BuildResult | null {
  const answer = quote.state === 'done' ? quote.answer : quote.state === 'building' ? quote.last : null;
  return answer?.kind === 'built' ? answer.build : null;
}

/** The answer a dialog may sign: a settled quote's (its build, or the refusal or sign-out to act on). */
export function settledAnswer(quote: Quote): CreateAnswer | null {
  return quote.state === 'done' ? quote.answer : null;
}

/**
 * A build's lines, every figure the server's: what it pays beyond the fees (`rest`: the items of a purchase, the data
 * outputs of a mint), the service fee, the royalties (`royalties`: their name), the network fee with its size, and the
 * total it costs.
 */
export function quoteRows(
  build: BuildResult,
  names: { rest: string; royalties: string },
): { rows: QuoteRow[]; total: bigint } {
  const total = BigInt(build.total);
  const fees = BigInt(build.walletFee) + BigInt(build.royalties) + BigInt(build.fee);
  const rows: QuoteRow[] = [];
  if (total > fees) rows.push({ label: names.rest, sats: total - fees });
  if (build.walletFee > 0) rows.push({ label: 'Service fee', sats: BigInt(build.walletFee) });
  if (build.royalties > 0) rows.push({ label: names.royalties, sats: BigInt(build.royalties) });
  rows.push({ label: `Network fee (${String(build.vsize)} vB)`, sats: BigInt(build.fee) });
  return { rows, total };
}
