import { base64 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { MAX_STAMP_BYTES, readMintPayload, sniff } from './mint';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe('readMintPayload', () => {
  it('reads the site’s stamp: its file, type and size, one locked indivisible unit by default', () => {
    expect(readMintPayload({ type: 'ninja:mint', file: base64.encode(PNG) })).toEqual({
      file: base64.encode(PNG),
      bytes: PNG.length,
      mime: 'image/png',
      quantity: 1,
      locked: true,
      divisible: false,
    });
    expect(readMintPayload({ type: 'ninja:mint', file: base64.encode(PNG), quantity: 3, locked: false })).toMatchObject(
      {
        quantity: 3,
        locked: false,
      },
    );
  });

  it('ignores anything else, and refuses a file too large for a stamp', () => {
    expect(readMintPayload('close')).toBeNull();
    expect(readMintPayload({ type: 'other', file: base64.encode(PNG) })).toBeNull();
    expect(readMintPayload({ type: 'ninja:mint', file: '!!' })).toBeNull();
    expect(readMintPayload({ type: 'ninja:mint', file: '' })).toBeNull();
    expect(readMintPayload({ type: 'ninja:mint', file: base64.encode(PNG), quantity: 0 })).toBeNull();
    const big = base64.encode(new Uint8Array(MAX_STAMP_BYTES + 1));
    expect(readMintPayload({ type: 'ninja:mint', file: big })).toEqual({
      error: 'This file is 64,001 bytes: a stamp holds at most 64,000. Make it smaller, then mint again.',
    });
  });

  it('knows the stamps’ file types by their first bytes', () => {
    expect(sniff(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('image/svg+xml');
    expect(sniff(new TextEncoder().encode('<!DOCTYPE html><html></html>'))).toBe('text/html');
    expect(sniff(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniff(new TextEncoder().encode('{"p":"src-721","op":"deploy"}'))).toBe('application/json');
    expect(sniff(new Uint8Array([1, 2, 3]))).toBe('application/octet-stream');
  });
});
