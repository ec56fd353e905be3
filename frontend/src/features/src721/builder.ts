/**
 * The SRC-721 builder's rules (catalogue: 'Mint tools', §5): the deploy JSON's defaults, its checks in the spec's
 * order, the layers its preview shows and the deploy stamp's file.
 */

/**
 * The deploy JSON the editor starts with (spec: p src-721, v 1, op deploy, name, symbol, description, type
 * data:image/png;base64, viewbox 0 0 28 28, max 10000, lim 1, icon, layers t0, t1...). The protocol's values are
 * strings; what the creator must fill in is empty.
 */
export const SRC721_DEFAULTS = {
  p: 'src-721',
  v: '1',
  op: 'deploy',
  name: '',
  symbol: '',
  description: '',
  type: 'data:image/png;base64',
  viewbox: '0 0 28 28',
  max: '10000',
  lim: '1',
  icon: '',
  t0: [],
  t1: [],
} as const;

/** The defaults as the editor shows them: indented by 2 spaces. */
export const SRC721_DEFAULT_TEXT = JSON.stringify(SRC721_DEFAULTS, null, 2);

/** The builder's red messages (spec §5), in the order of its checks. */
export const SRC721_MESSAGES = {
  invalidJson: 'Invalid JSON',
  noName: 'Collection Name is required',
  noMax: 'Max Supply is required',
  noLim: 'Quantity per Mint is required',
  noLayer: 'At least one layer `"t0": [A1234,A5678]` is required',
  emptyLayer: (key: string) => `Empty layers for ${key}`,
  invalidLayerKey: (key: string) => `Invalid layer key ${key}`,
} as const;

/** A layer's key: t followed by its number, counted from t0. */
const LAYER_KEY = /^t\d+$/;

type Document = Record<string, unknown>;

/** The text read as a JSON object; null for invalid JSON and for JSON that is not an object. */
function readDocument(text: string): Document | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Document) : null;
}

/** Whether a field is filled in: a string that is not blank, or a number. */
function filled(value: unknown): boolean {
  return (typeof value === 'string' && value.trim() !== '') || (typeof value === 'number' && Number.isFinite(value));
}

/** A layer's entry: a cpid, a string that is not blank. Anything else is an empty entry. */
function isEntry(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** The layer keys of a document by their number (then by spelling: t0 before t00), as the preview lists them. */
function layerKeys(document: Document): string[] {
  return Object.keys(document)
    .filter((key) => LAYER_KEY.test(key))
    .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)) || a.localeCompare(b));
}

/**
 * The first check a deploy JSON fails, as its red message (spec §5), or null when it passes them all: invalid JSON
 * (or JSON that is not an object); no name; no max; no lim (each missing, blank or not a string or number); no layer
 * key like t0; a layer that is empty, not a list, or holds an empty entry (anything but a non-blank string), in the
 * document's order; layer keys not consecutive from t0 (the first one out of the sequence t0, t1, ...).
 */
export function src721Error(text: string): string | null {
  const document = readDocument(text);
  if (!document) return SRC721_MESSAGES.invalidJson;
  if (!filled(document.name)) return SRC721_MESSAGES.noName;
  if (!filled(document.max)) return SRC721_MESSAGES.noMax;
  if (!filled(document.lim)) return SRC721_MESSAGES.noLim;
  const keys = Object.keys(document).filter((key) => LAYER_KEY.test(key));
  if (keys.length === 0) return SRC721_MESSAGES.noLayer;
  const empty = keys.find((key) => {
    const layer = document[key];
    return !Array.isArray(layer) || layer.length === 0 || !layer.every(isEntry);
  });
  if (empty) return SRC721_MESSAGES.emptyLayer(empty);
  const misplaced = layerKeys(document).find((key, index) => key !== `t${String(index)}`);
  if (misplaced) return SRC721_MESSAGES.invalidLayerKey(misplaced);
  return null;
}

/** A layer of the preview: its key and its entries (cpids), in order. */
export type PreviewLayer = { key: string; entries: string[] };

/**
 * The layers the preview shows, by their number: each one's entries that are cpids (other values are left out, and a
 * layer that is not a list has none). Null when the text is not a JSON object.
 */
export function src721Layers(text: string): PreviewLayer[] | null {
  const document = readDocument(text);
  if (!document) return null;
  return layerKeys(document).map((key) => {
    const layer = document[key];
    return { key, entries: Array.isArray(layer) ? layer.filter(isEntry) : [] };
  });
}

/** Whether the preview lets the deploy be minted: it shows at least one layer, and no layer is empty. */
export function previewReady(layers: readonly PreviewLayer[] | null): boolean {
  return layers !== null && layers.length > 0 && layers.every((layer) => layer.entries.length > 0);
}

/**
 * The deploy stamp's file: the deploy JSON as checked, serialised compactly (no white space between tokens, the
 * keys in the creator's order, the values as written). Only for a text `src721Error` accepts: it throws on invalid
 * JSON.
 */
export function src721DeployFile(value: string): string {
  return JSON.stringify(JSON.parse(value) as unknown);
}

/** The image of a layer's entry: the stamp's file. */
export function entryImageUrl(cpid: string): string {
  return `/s/${encodeURIComponent(cpid)}`;
}
