import { shortenAddress } from '@/utils/format';

/** The ident the protocol gives SRC-721 deploys and mints. */
export const SRC721_IDENT = 'SRC-721';

/** Whether the stamp's ident is SRC-721 (then the detail page asks for its SRC-721 block). */
export function isSrc721(ident: string | null | undefined): boolean {
  return (ident ?? '').trim().toUpperCase() === SRC721_IDENT;
}

/** A cpid shortened for thumbnails' captions: first and last 4 characters. */
export function shortCpid(cpid: string): string {
  return shortenAddress(cpid, 4);
}

/** A layer's label, counted from 1. */
export function layerLabel(index: number): string {
  return `Layer ${String(index + 1)}`;
}
