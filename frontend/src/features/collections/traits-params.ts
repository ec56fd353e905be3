import { PAGE_PARAM } from '@/utils/pagination';

/** The query parameter holding the Traits filter: a JSON list, one list of chosen layer stamps' cpids per layer. */
export const TRAITS_PARAM = 'traits';

/** The chosen layer stamps, per layer (by position); an empty list is a layer with nothing chosen. */
export type TraitSelection = string[][];

/** Drops trailing empty layers and duplicate cpids, so that equal selections serialize the same. */
export function normalizeTraits(selection: readonly (readonly string[])[]): TraitSelection {
  const groups = selection.map((group) => [...new Set(group.filter((cpid) => cpid !== ''))]);
  while (groups.length > 0 && groups[groups.length - 1]?.length === 0) groups.pop();
  return groups;
}

/** Whether anything is chosen. */
export function hasTraits(selection: readonly (readonly string[])[]): boolean {
  return selection.some((group) => group.length > 0);
}

/** Reads the `traits` parameter: a JSON list of lists of strings; anything else reads as no selection. */
export function parseTraits(value: string | null): TraitSelection {
  if (!value) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const groups: string[][] = [];
  for (const group of parsed as unknown[]) {
    if (!Array.isArray(group) || !group.every((cpid): cpid is string => typeof cpid === 'string')) return [];
    groups.push(group.map((cpid) => cpid.trim()));
  }
  return normalizeTraits(groups);
}

/** The `traits` value of a selection, or null when nothing is chosen (the parameter is then dropped). */
export function formatTraits(selection: readonly (readonly string[])[]): string | null {
  const groups = normalizeTraits(selection);
  return hasTraits(groups) ? JSON.stringify(groups) : null;
}

/** Checks or unchecks a layer stamp in layer `layer`. */
export function toggleTrait(selection: readonly (readonly string[])[], layer: number, cpid: string): TraitSelection {
  const groups = selection.map((group) => [...group]);
  while (groups.length <= layer) groups.push([]);
  const group = groups[layer] ?? [];
  groups[layer] = group.includes(cpid) ? group.filter((chosen) => chosen !== cpid) : [...group, cpid];
  return normalizeTraits(groups);
}

/** Unchecks everything in one layer. */
export function clearLayer(selection: readonly (readonly string[])[], layer: number): TraitSelection {
  return normalizeTraits(selection.map((group, index) => (index === layer ? [] : [...group])));
}

/**
 * The query string after a selection change: `traits` set (or dropped when nothing is chosen) and the page reset;
 * the other parameters (slideshow, ...) are kept.
 */
export function traitsSearch(search: string | URLSearchParams, selection: readonly (readonly string[])[]): string {
  const params = new URLSearchParams(search);
  const value = formatTraits(selection);
  if (value) params.set(TRAITS_PARAM, value);
  else params.delete(TRAITS_PARAM);
  params.delete(PAGE_PARAM);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * The search's `src721cpids`: the layers with something chosen, in layer order (a mint matches when it chose one of
 * the stamps of every list); undefined when nothing is chosen.
 */
export function src721CpidsArg(selection: readonly (readonly string[])[]): string | undefined {
  const groups = selection.filter((group) => group.length > 0);
  return groups.length > 0 ? JSON.stringify(groups) : undefined;
}

/**
 * The search's `cpids` for a launchpad's curated layers, whose stamps are the layers' own: every chosen stamp, in any
 * layer; undefined when nothing is chosen.
 */
export function layerCpidsArg(selection: readonly (readonly string[])[]): string | undefined {
  const chosen = [...new Set(selection.flat())];
  return chosen.length > 0 ? JSON.stringify(chosen) : undefined;
}
