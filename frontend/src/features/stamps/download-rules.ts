/** Download sizes (spec, section 9): 8 to 1280 pixels on the longer side, quick choices 360 and 720, default 400. */
export const DOWNLOAD_MIN_SIZE = 8;
export const DOWNLOAD_MAX_SIZE = 1280;
export const DOWNLOAD_QUICK_SIZES: readonly number[] = [360, 720];
export const DOWNLOAD_DEFAULT_SIZE = 400;

/** The spec's validation message for a size out of range (also the API's 400 message). */
export const DOWNLOAD_SIZE_ERROR = 'Size must be between 8 and 1280';
/** The spec's message for any failed download. */
export const DOWNLOAD_FAILED = 'Something went wrong';

/** The MIME types the resize API can read (raster images); the control is hidden for the others. */
export const DOWNLOADABLE_MIMETYPES: readonly string[] = ['image/png', 'image/gif', 'image/jpeg', 'image/webp'];

export type SizeCheck = { ok: true; size: number } | { ok: false; error: string };

/**
 * Checks the size the user typed: a whole number of pixels from 8 to 1280 (surrounding spaces allowed), else the
 * spec's message. Decimals, signs other than digits, exponents and empty input are refused.
 */
export function validateDownloadSize(input: string): SizeCheck {
  const text = input.trim();
  if (!/^\d+$/.test(text)) return { ok: false, error: DOWNLOAD_SIZE_ERROR };
  const size = Number(text);
  if (size < DOWNLOAD_MIN_SIZE || size > DOWNLOAD_MAX_SIZE) return { ok: false, error: DOWNLOAD_SIZE_ERROR };
  return { ok: true, size };
}

/** Whether the stamp's file is a raster image the resize API reads (parameters such as `;charset` ignored). */
export function canDownload(mimetype: string | null | undefined): boolean {
  const base = (mimetype ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return DOWNLOADABLE_MIMETYPES.includes(base);
}

/** The downloaded file's name: `{cpid}_{size}.png`. */
export function downloadFileName(cpid: string, size: number): string {
  return `${cpid}_${String(size)}.png`;
}

/** The data URL of the API's base64 PNG (whitespace and line breaks dropped); null when the text is no base64. */
export function pngDataUrl(base64: string): string | null {
  const clean = base64.replace(/\s+/g, '');
  if (!clean || !/^[A-Za-z0-9+/]+={0,2}$/.test(clean)) return null;
  return `data:image/png;base64,${clean}`;
}
