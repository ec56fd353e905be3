import { fontFamily } from './composition';

/** A text's lines. */
export function textLines(text: string): string[] {
  return text.split('\n');
}

/**
 * The font size that fits text into its box: each line one font size high, the widest line (`widthPerFont` of the
 * font size) no wider than the box. In the units of the box.
 */
export function fitFontSize(widthPerFont: number, lines: number, boxWidth: number, boxHeight: number): number {
  const byHeight = boxHeight / Math.max(1, lines);
  return widthPerFont > 0 ? Math.min(byHeight, boxWidth / widthPerFont) : byHeight;
}

/** The share of the font size an average character takes, where no canvas can measure the text. */
const AVERAGE_CHARACTER_WIDTH = 0.6;

/** The size the text is measured at, in pixels. */
const MEASURE_SIZE = 100;

let measuring: CanvasRenderingContext2D | null | undefined;

/**
 * The width of text's widest line in font `font`, as a share of the font size: measured on a canvas, or estimated
 * from its length where the browser has no canvas to measure with.
 */
export function textWidthPerFont(text: string, font: number): number {
  measuring ??= document.createElement('canvas').getContext('2d');
  const lines = textLines(text);
  if (!measuring) return Math.max(...lines.map((line) => line.length)) * AVERAGE_CHARACTER_WIDTH;
  measuring.font = `${String(MEASURE_SIZE)}px ${fontFamily(font)}`;
  const context = measuring;
  return Math.max(...lines.map((line) => context.measureText(line).width)) / MEASURE_SIZE;
}
