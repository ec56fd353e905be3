/**
 * Answers index.html's inline script asked for before the app's code had loaded (home's data, so that its first
 * banner's image can load meanwhile): each a promise of the JSON body, or of null when the call failed.
 */
declare global {
  interface Window {
    __earlyAnswers?: Record<string, Promise<unknown> | undefined>;
  }
}

/** Takes the early answer of `path` (an `/api/...` path), once: the next call for it goes to the network. */
export function takeEarlyAnswer(path: string): Promise<unknown> | undefined {
  const answers = window.__earlyAnswers;
  const answer = answers?.[path];
  if (answers && answer) answers[path] = undefined;
  return answer;
}
