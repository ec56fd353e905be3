import { base64 } from '@scure/base';

/**
 * What the site hands the panel to mint as a new stamp (its creator tools): the message
 * `{ type: 'ninja:mint', file, quantity?, locked?, divisible? }`, the file in base64.
 */

/** A stamp's file may hold at most this many bytes. */
export const MAX_STAMP_BYTES = 64_000;

export type MintPayload = {
  file: string;
  bytes: number;
  mime: string;
  quantity: number;
  locked: boolean;
  divisible: boolean;
};

const SIGNATURES: [number[], string][] = [
  [[0x89, 0x50, 0x4e, 0x47], 'image/png'],
  [[0xff, 0xd8, 0xff], 'image/jpeg'],
  [[0x47, 0x49, 0x46, 0x38], 'image/gif'],
  [[0x52, 0x49, 0x46, 0x46], 'image/webp'],
];

/** The file's type by its first bytes: an image the stamps show, else text (SVG, HTML) or unknown. */
export function sniff(bytes: Uint8Array): string {
  for (const [magic, mime] of SIGNATURES) {
    if (magic.every((byte, index) => bytes[index] === byte)) return mime;
  }
  const head = new TextDecoder().decode(bytes.slice(0, 256)).trimStart().toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'image/svg+xml';
  if (head.startsWith('<!doctype html') || head.startsWith('<html')) return 'text/html';
  if (head.startsWith('{') || head.startsWith('[')) return 'application/json';
  return 'application/octet-stream';
}

/**
 * The payload of a site's message, checked; `{ error }` for a stamp that cannot be minted (too large), null for
 * anything else.
 */
export function readMintPayload(data: unknown): MintPayload | { error: string } | null {
  if (typeof data !== 'object' || data === null) return null;
  const v = data as Record<string, unknown>;
  if (v.type !== 'ninja:mint' || typeof v.file !== 'string') return null;
  let bytes: Uint8Array;
  try {
    bytes = base64.decode(v.file);
  } catch {
    return null;
  }
  if (bytes.length === 0) return null;
  if (bytes.length > MAX_STAMP_BYTES) {
    const size = bytes.length.toLocaleString('en-US');
    return { error: `This file is ${size} bytes: a stamp holds at most 64,000. Make it smaller, then mint again.` };
  }
  const quantity = v.quantity ?? 1;
  if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity < 1) return null;
  return {
    file: v.file,
    bytes: bytes.length,
    mime: sniff(bytes),
    quantity,
    locked: v.locked !== false,
    divisible: v.divisible === true,
  };
}
