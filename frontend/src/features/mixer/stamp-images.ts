import { useSyncExternalStore } from 'react';

/** The URL of a stamp's file, the mixer's images (same origin: the canvas stays exportable). */
export function stampFileUrl(cpid: string): string {
  return `/s/${encodeURIComponent(cpid)}`;
}

/** A stamp's image as the mixer loads it. */
export type StampImage =
  | { status: 'loading'; image: HTMLImageElement }
  | { status: 'loaded'; image: HTMLImageElement }
  | { status: 'failed'; image: HTMLImageElement };

const images = new Map<string, { entry: StampImage; settled: Promise<StampImage> }>();
const listeners = new Set<() => void>();
let version = 0;

function changed() {
  version += 1;
  for (const listener of listeners) listener();
}

function request(cpid: string) {
  const known = images.get(cpid);
  if (known) return known;
  const image = new Image();
  const record: { entry: StampImage; settled: Promise<StampImage> } = {
    entry: { status: 'loading', image },
    settled: new Promise<StampImage>((resolve) => {
      const settle = (status: 'loaded' | 'failed') => {
        record.entry = { status, image };
        changed();
        resolve(record.entry);
      };
      image.onload = () => {
        settle(image.naturalWidth > 0 ? 'loaded' : 'failed');
      };
      image.onerror = () => {
        settle('failed');
      };
    }),
  };
  images.set(cpid, record);
  image.src = stampFileUrl(cpid);
  return record;
}

/** Stamp `cpid`'s image, loading it when it is not already (each stamp loads once a page, failed or not). */
export function stampImage(cpid: string): StampImage {
  return request(cpid).entry;
}

/** Loads stamp `cpid`'s image: resolves with it once it has loaded or failed to. */
export function loadStampImage(cpid: string): Promise<StampImage> {
  return request(cpid).settled;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Re-renders the component whenever one of the stamp images settles; read them with `stampImage` in the render.
 * Returns a number that changes with them.
 */
export function useStampImages(): number {
  return useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
}
