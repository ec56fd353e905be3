import { describe, expect, it } from 'vitest';
import { dataUrlBytes, EXPORT_SIZE, fittingPng, PNG_BYTE_LIMIT } from './png';
import { fitFontSize, textLines } from './text-layout';

/** A data URL of `length` bytes. */
function dataUrl(length: number): string {
  return `data:image/png;base64,${btoa('x'.repeat(length))}`;
}

describe('the minted PNG', () => {
  it("reads a data URL's bytes", () => {
    expect([...dataUrlBytes('data:image/png;base64,iVBORw==')]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(() => dataUrlBytes('data:image/png,abc')).toThrow();
    expect(() => dataUrlBytes('nope')).toThrow();
  });

  it('draws at 420 pixels when the file fits, else at the largest smaller side that fits', () => {
    const sides: number[] = [];
    expect(
      fittingPng((side) => {
        sides.push(side);
        return dataUrl(1000);
      }),
    ).toHaveLength(1000);
    expect(sides).toEqual([EXPORT_SIZE]);

    sides.length = 0;
    const bytes = fittingPng((side) => {
      sides.push(side);
      return dataUrl(side > 300 ? PNG_BYTE_LIMIT + 1 : PNG_BYTE_LIMIT);
    });
    expect(bytes).toHaveLength(PNG_BYTE_LIMIT);
    expect(sides).toEqual([420, 360, 300]);
  });
});

describe('text layout', () => {
  it('fits the font to the box: one font size a line, the widest line no wider than the box', () => {
    expect(fitFontSize(2, 1, 100, 20)).toBe(20);
    expect(fitFontSize(10, 1, 100, 20)).toBe(10);
    expect(fitFontSize(2, 2, 100, 20)).toBe(10);
    expect(fitFontSize(0, 1, 100, 20)).toBe(20);
    expect(textLines('a\nb')).toEqual(['a', 'b']);
  });
});
