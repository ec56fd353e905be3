import { render, screen } from '@testing-library/react';
import decodeQR from 'qr/decode.js';
import { describe, expect, it } from 'vitest';
import { QrCode } from './qr-code';

const URI = 'bitcoin:bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
/** Pixels per module in the test's drawing. */
const SCALE = 4;

/** Paints the SVG's path (unit squares `M{x} {y}h1v1h-1z` on white) into an RGBA image, SCALE pixels per module. */
function paint(size: number, path: string) {
  const width = size * SCALE;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < SCALE; dy++) {
      for (let dx = 0; dx < SCALE; dx++) {
        const offset = ((Number(y) * SCALE + dy) * width + Number(x) * SCALE + dx) * 4;
        data.fill(0, offset, offset + 3);
      }
    }
  }
  return { width, height: width, data };
}

describe('QrCode', () => {
  it('draws a symbol, quiet zone included, that a reader decodes to the text', () => {
    render(<QrCode text={URI} label="QR code" />);
    const svg = screen.getByRole('img', { name: 'QR code' });
    const size = Number(svg.getAttribute('viewBox')?.split(' ')[2]);
    const path = svg.querySelector('path')?.getAttribute('d') ?? '';
    expect(path).toMatch(/^(M\d+ \d+h1v1h-1z)+$/);
    // The quiet zone: no dark module in the first or last 4 rows and columns.
    for (const [, x, y] of path.matchAll(/M(\d+) (\d+)/g)) {
      for (const coordinate of [Number(x), Number(y)]) {
        expect(coordinate).toBeGreaterThanOrEqual(4);
        expect(coordinate).toBeLessThan(size - 4);
      }
    }
    expect(decodeQR(paint(size, path))).toBe(URI);
  });
});
