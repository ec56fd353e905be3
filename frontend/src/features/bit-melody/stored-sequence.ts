import { useEffect, useState } from 'react';
import { EMPTY_SEQUENCE, readSequence, type Sequence } from './sequence';

/** Where the tool keeps the sequence in local storage, so that a reload finds it again. */
export const SEQUENCE_STORAGE_KEY = 'bit-melody:sequence';

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The sequence kept in `storage`, or the empty one when there is none (or it cannot be read). */
export function storedSequence(storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): Sequence {
  try {
    return readSequence(storage?.getItem(SEQUENCE_STORAGE_KEY) ?? null) ?? EMPTY_SEQUENCE;
  } catch {
    return EMPTY_SEQUENCE;
  }
}

/** Keeps `sequence` in `storage`. */
export function storeSequence(
  sequence: Sequence,
  storage: Pick<Storage, 'setItem'> | undefined = safeLocalStorage(),
): void {
  try {
    storage?.setItem(SEQUENCE_STORAGE_KEY, JSON.stringify(sequence));
  } catch {
    // Storage refused (private mode, quota): the melody holds until the page is reloaded.
  }
}

/** The tool's sequence, starting from the one kept in local storage and kept there on every change. */
export function useStoredSequence(): [Sequence, (update: (sequence: Sequence) => Sequence) => void] {
  const [sequence, setSequence] = useState(() => storedSequence());
  useEffect(() => {
    storeSequence(sequence);
  }, [sequence]);
  return [sequence, setSequence];
}
