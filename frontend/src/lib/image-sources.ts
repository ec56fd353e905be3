/** The marker a hosted URL carries when the host failed to make the image. */
export const HOSTED_ERROR_MARKER = 'ERROR_';

/**
 * The image URLs worth trying, in order: empty ones, duplicates and hosted URLs containing ERROR_ are dropped (the
 * spec: such URLs fall back to the other image URLs). An empty result means the placeholder.
 */
export function usableImageSources(sources: readonly (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  const usable: string[] = [];
  for (const source of sources) {
    if (!source || source.includes(HOSTED_ERROR_MARKER) || seen.has(source)) continue;
    seen.add(source);
    usable.push(source);
  }
  return usable;
}
