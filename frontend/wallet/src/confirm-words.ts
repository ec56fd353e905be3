import { CONFIRM_WORD_COUNT } from './config';

/**
 * The backup check of a new wallet: the owner types back a few words of the phrase, each asked by its position
 * (1-based), in an order drawn at random.
 */

/** `count` distinct positions (1-based, ascending) among `length` words, drawn with the browser's random source. */
export function pickPositions(length: number, count: number = CONFIRM_WORD_COUNT): number[] {
  if (count > length) throw new Error(`cannot ask ${String(count)} of ${String(length)} words`);
  const chosen = new Set<number>();
  const random = new Uint32Array(1);
  while (chosen.size < count) {
    crypto.getRandomValues(random);
    // Rejection sampling keeps every position equally likely.
    const limit = Math.floor(0x1_0000_0000 / length) * length;
    const value = random[0] ?? 0;
    if (value < limit) chosen.add((value % length) + 1);
  }
  return [...chosen].sort((a, b) => a - b);
}

/**
 * Whether the typed words are the phrase's words at the asked positions (case and surrounding spaces ignored).
 * `answers[i]` answers `positions[i]`.
 */
export function confirmsPhrase(
  words: readonly string[],
  positions: readonly number[],
  answers: readonly string[],
): boolean {
  return (
    positions.length > 0 &&
    answers.length === positions.length &&
    positions.every((position, index) => {
      const expected = words[position - 1];
      return expected !== undefined && (answers[index] ?? '').trim().toLowerCase() === expected;
    })
  );
}
