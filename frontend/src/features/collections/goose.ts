/**
 * The goose launchpad's geese (spec: 'Goose tool'). A data script from the assets host sets `window.stampsGoose`:
 * the cpid prefix, an SVG viewBox and 6 layers of 10 SVG fragments each. Goose number n (0..999999) is written as six
 * zero-padded digits d0..d5 (d0 the most significant); layer i draws its fragment d_i, and the goose's cpid is the
 * prefix followed by the six digits.
 */

/** The collection id whose launchpad has the goose tool instead of the generic one. */
export const GOOSE_COLLECTION_ID = 'goose';

/** Goose numbers run 0..999999 (spec), written with six digits. */
export const GOOSE_NUMBER_COUNT = 1_000_000;
export const GOOSE_DIGITS = 6;
/** One layer per digit, one fragment per digit value. */
const FRAGMENTS_PER_LAYER = 10;

/** Where the data script is, under the assets host (the site's own origin by default). */
export const GOOSE_SCRIPT_PATH = '/goose/data.js';

declare global {
  interface Window {
    /** Set by the goose data script; read through `readGooseData` only. */
    stampsGoose?: unknown;
  }
}

/** What the data script gives, checked. */
export type GooseData = {
  /** The cpid prefix: the letter A and digits. */
  prefix: string;
  /** The images' SVG viewBox: four numbers. */
  viewBox: string;
  /** 6 layers of 10 SVG fragments, in drawing order. */
  layers: string[][];
};

/** A goose as the tool shows it: its number, written, its cpid (for the mint) and its image (a data URL). */
export type GoosePick = { number: number; digits: string; cpid: string; image: string };

const PREFIX = /^A\d+$/;
const NUMBER = String.raw`-?(?:\d+\.?\d*|\.\d+)`;
const VIEW_BOX = new RegExp(String.raw`^${NUMBER}(?:(?:\s+|\s*,\s*)${NUMBER}){3}$`);

/** The data script's URL: `{assets host}/goose/data.js`. */
export function gooseScriptUrl(assetsUrl: string | undefined = import.meta.env.VITE_ASSETS_URL): string {
  return `${(assetsUrl ?? '').replace(/\/+$/, '')}${GOOSE_SCRIPT_PATH}`;
}

function readFragments(layer: unknown): string[] | null {
  if (!Array.isArray(layer) || layer.length !== FRAGMENTS_PER_LAYER) return null;
  // Array.from turns holes into undefined, which is no fragment.
  const fragments = Array.from(layer as unknown[]);
  return fragments.every((fragment): fragment is string => typeof fragment === 'string') ? fragments : null;
}

/**
 * `window.stampsGoose` read defensively: a copy of it when it has exactly the expected shape (a prefix of the letter A
 * and digits, a viewBox of four numbers, 6 layers of 10 strings), else null.
 */
export function readGooseData(raw: unknown): GooseData | null {
  try {
    if (typeof raw !== 'object' || raw === null) return null;
    const { prefix, viewBox, layers } = raw as { prefix?: unknown; viewBox?: unknown; layers?: unknown };
    if (typeof prefix !== 'string' || !PREFIX.test(prefix)) return null;
    if (typeof viewBox !== 'string' || !VIEW_BOX.test(viewBox.trim())) return null;
    if (!Array.isArray(layers) || layers.length !== GOOSE_DIGITS) return null;
    const read: string[][] = [];
    for (const layer of Array.from(layers as unknown[])) {
      const fragments = readFragments(layer);
      if (!fragments) return null;
      read.push(fragments);
    }
    return { prefix, viewBox: viewBox.trim(), layers: read };
  } catch {
    // A getter of a foreign object may throw: that is no data either.
    return null;
  }
}

/** Whether `n` is a goose number: an integer in 0..999999. */
export function isGooseNumber(n: number): boolean {
  return Number.isInteger(n) && n >= 0 && n < GOOSE_NUMBER_COUNT;
}

/** A goose number as six zero-padded digits: 12345 is '012345'. */
export function gooseNumberText(n: number): string {
  if (!isGooseNumber(n)) throw new RangeError(`not a goose number: ${String(n)}`);
  return String(n).padStart(GOOSE_DIGITS, '0');
}

/** The six digits d0..d5 of a goose number, the most significant first. */
export function gooseDigits(n: number): number[] {
  return Array.from(gooseNumberText(n), Number);
}

/** The goose's SVG: the root with the data's viewBox, then each layer's fragment chosen by its digit, in order. */
export function gooseSvg(data: GooseData, n: number): string {
  const fragments = gooseDigits(n).map((digit, layer) => data.layers[layer]?.[digit] ?? '');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${data.viewBox}" shape-rendering="crispEdges">` +
    `${fragments.join('')}</svg>`
  );
}

/** The goose's image as a `data:image/svg+xml` URL, for an `<img>` (the SVG never enters the page as markup). */
export function gooseImageUrl(data: GooseData, n: number): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(gooseSvg(data, n))}`;
}

/** The goose's cpid: the fixed prefix and the six digits. */
export function gooseCpid(data: GooseData, n: number): string {
  return `${data.prefix}${gooseNumberText(n)}`;
}

/** Goose `n` with its digits, cpid and image. */
export function pickGoose(data: GooseData, n: number): GoosePick {
  return { number: n, digits: gooseNumberText(n), cpid: gooseCpid(data, n), image: gooseImageUrl(data, n) };
}

/** Fills an array with random values, as `crypto.getRandomValues` does. */
export type RandomSource = (array: Uint32Array) => unknown;

const cryptoSource: RandomSource = (array) => crypto.getRandomValues(array);

/**
 * A random goose number, uniform in 0..999999: a random 32-bit value, drawn again while it falls in the incomplete
 * last run of a million (so that no number is likelier), taken modulo a million.
 */
export function randomGooseNumber(random: RandomSource = cryptoSource): number {
  const limit = Math.floor(2 ** 32 / GOOSE_NUMBER_COUNT) * GOOSE_NUMBER_COUNT;
  const draw = new Uint32Array(1);
  for (;;) {
    random(draw);
    const value = draw[0] ?? limit;
    if (value < limit) return value % GOOSE_NUMBER_COUNT;
  }
}
