import { fromComposition, toComposition, type MixerState } from './composition';

/**
 * Where the mixer keeps its composition between visits: the browser's local storage, under this key, in the spec's
 * format (JSON of `Composition`). Each change is written (a drag or a resize once it ends), so a reload restores
 * the canvas.
 */
export const MIXER_STORAGE_KEY = 'stamp-mixer';

/** The composition kept, or null when there is none or it cannot be read. */
export function loadMixerState(): MixerState | null {
  try {
    const text = window.localStorage.getItem(MIXER_STORAGE_KEY);
    return text === null ? null : fromComposition(JSON.parse(text));
  } catch {
    // Storage refused or a broken text: the mixer starts empty.
    return null;
  }
}

/** Keeps the composition for the next visit. */
export function saveMixerState({ elements, background }: MixerState): void {
  try {
    window.localStorage.setItem(MIXER_STORAGE_KEY, JSON.stringify(toComposition(elements, background)));
  } catch {
    // Storage refused (private mode, quota): the composition lasts until the page is left.
  }
}
