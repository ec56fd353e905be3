import { describe, expect, it } from 'vitest';
import {
  canDownload,
  DOWNLOAD_DEFAULT_SIZE,
  DOWNLOAD_QUICK_SIZES,
  DOWNLOAD_SIZE_ERROR,
  downloadFileName,
  pngDataUrl,
  validateDownloadSize,
} from './download-rules';

describe('validateDownloadSize', () => {
  it('accepts whole sizes from 8 to 1280', () => {
    expect(validateDownloadSize('8')).toEqual({ ok: true, size: 8 });
    expect(validateDownloadSize('400')).toEqual({ ok: true, size: 400 });
    expect(validateDownloadSize(' 1280 ')).toEqual({ ok: true, size: 1280 });
    expect(validateDownloadSize('0720')).toEqual({ ok: true, size: 720 });
  });

  it("refuses sizes out of range with the spec's message", () => {
    for (const input of ['7', '0', '1281', '99999']) {
      expect(validateDownloadSize(input)).toEqual({ ok: false, error: 'Size must be between 8 and 1280' });
    }
  });

  it('refuses what is not a whole number', () => {
    for (const input of ['', '  ', '12.5', '-10', '+10', '1e3', 'abc', '40px']) {
      expect(validateDownloadSize(input)).toEqual({ ok: false, error: DOWNLOAD_SIZE_ERROR });
    }
  });

  it('has the spec constants', () => {
    expect(DOWNLOAD_DEFAULT_SIZE).toBe(400);
    expect(DOWNLOAD_QUICK_SIZES).toEqual([360, 720]);
  });
});

describe('canDownload', () => {
  it('allows the raster images only', () => {
    for (const mime of [
      'image/png',
      'image/gif',
      'image/jpeg',
      'image/webp',
      'IMAGE/PNG',
      'image/png; charset=binary',
    ]) {
      expect(canDownload(mime)).toBe(true);
    }
    for (const mime of ['image/svg+xml', 'text/html', 'audio/mpeg', 'application/json', '', null, undefined]) {
      expect(canDownload(mime)).toBe(false);
    }
  });
});

describe('download file', () => {
  it('names the file {cpid}_{size}.png', () => {
    expect(downloadFileName('A123', 400)).toBe('A123_400.png');
  });

  it('builds a PNG data URL from the base64 text', () => {
    expect(pngDataUrl('iVBORw0K\nGgo=\n')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(pngDataUrl('')).toBeNull();
    expect(pngDataUrl('{"error":"x"}')).toBeNull();
  });
});
