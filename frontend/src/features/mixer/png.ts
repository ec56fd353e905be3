/** The side of the minted PNG, in pixels: a stamp-sized image whose file stays small. */
export const EXPORT_SIZE = 420;

/** The most bytes the minted PNG may take: a busier canvas is drawn smaller until it fits. */
export const PNG_BYTE_LIMIT = 64_000;

/** The sides tried, largest first, until the PNG fits the limit. */
export const EXPORT_SIZES: readonly number[] = [EXPORT_SIZE, 360, 300, 240, 180];

/** The bytes of a base64 data URL (`data:image/png;base64,...`). */
export function dataUrlBytes(url: string): Uint8Array {
  const comma = url.indexOf(',');
  if (!url.startsWith('data:') || comma < 0 || !url.slice(0, comma).endsWith(';base64')) {
    throw new Error('not a base64 data URL');
  }
  const binary = atob(url.slice(comma + 1));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

/**
 * The PNG of the canvas: drawn by `draw` (a data URL of the canvas at a given side in pixels) at 420 pixels, or at
 * the largest of the smaller sides whose file fits 64,000 bytes (the smallest tried when none does).
 */
export function fittingPng(draw: (side: number) => string): Uint8Array {
  let bytes: Uint8Array = new Uint8Array();
  for (const side of EXPORT_SIZES) {
    bytes = dataUrlBytes(draw(side));
    if (bytes.length <= PNG_BYTE_LIMIT) break;
  }
  return bytes;
}
