import { describe, expect, it } from 'vitest';
import {
  boxFits,
  boxFromNode,
  clampBox,
  clampCenter,
  fromCornerBox,
  MIN_SIZE_PERCENT,
  nodeAttrs,
  normalizeRotation,
  ROTATION_SNAPS,
  snapRotation,
  toPercent,
  toPixels,
  type Box,
} from './geometry';

const box = (left: number, top: number, width: number, height: number, rotation = 0): Box => ({
  left,
  top,
  width,
  height,
  rotation,
});

/** The box's corners once turned about its centre. */
function corners(b: Box): [number, number][] {
  const radians = (b.rotation * Math.PI) / 180;
  const cx = b.left + b.width / 2;
  const cy = b.top + b.height / 2;
  return [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([sx = 0, sy = 0]) => {
    const dx = (sx * b.width) / 2;
    const dy = (sy * b.height) / 2;
    return [cx + dx * Math.cos(radians) - dy * Math.sin(radians), cy + dx * Math.sin(radians) + dy * Math.cos(radians)];
  });
}

function inside(b: Box): boolean {
  return corners(b).every(([x, y]) => x >= -1e-9 && y >= -1e-9 && x <= 100 + 1e-9 && y <= 100 + 1e-9);
}

describe('snapRotation', () => {
  it('snaps to the nearest multiple of 15 degrees within 3 degrees', () => {
    expect(snapRotation(0)).toBe(0);
    expect(snapRotation(2)).toBe(0);
    expect(snapRotation(3)).toBe(0);
    expect(snapRotation(12)).toBe(15);
    expect(snapRotation(17.9)).toBe(15);
    expect(snapRotation(-2)).toBe(0);
    expect(snapRotation(-14)).toBe(345);
    expect(snapRotation(358)).toBe(0);
    expect(snapRotation(88)).toBe(90);
  });

  it('leaves a rotation further than 3 degrees from a multiple of 15 unchanged', () => {
    expect(snapRotation(3.5)).toBe(3.5);
    expect(snapRotation(7.5)).toBe(7.5);
    expect(snapRotation(11)).toBe(11);
    expect(snapRotation(-20)).toBe(-20);
    expect(snapRotation(200)).toBe(200);
  });

  it('offers the canvas library every multiple of 15 degrees', () => {
    expect(ROTATION_SNAPS).toHaveLength(24);
    expect(ROTATION_SNAPS.slice(0, 3)).toEqual([0, 15, 30]);
    expect(ROTATION_SNAPS.at(-1)).toBe(345);
  });

  it('normalizes rotations into [0, 360)', () => {
    expect(normalizeRotation(-90)).toBe(270);
    expect(normalizeRotation(720)).toBe(0);
    expect(normalizeRotation(-0)).toBe(0);
    expect(Object.is(normalizeRotation(-360), 0)).toBe(true);
  });
});

describe('clampBox', () => {
  it('leaves a box within the rules unchanged', () => {
    for (const b of [box(10, 20, 30, 40), box(0, 0, 100, 100), box(0.1, 0.2, 5, 5), box(30, 30, 40, 10, 45)]) {
      expect(clampBox(b)).toEqual(b);
    }
  });

  it('keeps an element at least 5% wide and high', () => {
    const clamped = clampBox(box(50, 50, 1, 2));
    expect(clamped.width).toBe(MIN_SIZE_PERCENT);
    expect(clamped.height).toBe(MIN_SIZE_PERCENT);
    expect(clampBox(box(10, 10, -20, 0)).width).toBe(MIN_SIZE_PERCENT);
  });

  it('keeps an element no larger than the canvas', () => {
    expect(clampBox(box(-50, -50, 200, 300))).toEqual(box(0, 0, 100, 100));
  });

  it('moves a box that leaves the canvas back inside, the least it can', () => {
    expect(clampBox(box(-10, 5, 20, 20))).toEqual(box(0, 5, 20, 20));
    expect(clampBox(box(90, 95, 20, 20))).toEqual(box(80, 80, 20, 20));
    expect(clampBox(box(40, -3, 20, 20))).toEqual(box(40, 0, 20, 20));
  });

  it('keeps a turned box wholly inside, shrinking it (ratio kept) when its turn does not fit', () => {
    const turned = clampBox(box(0, 0, 60, 10, 90));
    expect(turned.width).toBe(60);
    expect(inside(turned)).toBe(true);
    const large = clampBox(box(0, 0, 100, 100, 45));
    expect(large.width).toBeCloseTo(100 / Math.SQRT2);
    expect(large.height).toBeCloseTo(100 / Math.SQRT2);
    expect(inside(large)).toBe(true);
    expect(boxFits(large)).toBe(true);
  });

  it('normalizes the rotation', () => {
    expect(clampBox(box(40, 40, 10, 10, -45)).rotation).toBe(315);
  });

  it('is idempotent', () => {
    for (const b of [box(-10, 95, 50, 3, 30), box(12.345, 67.891, 23.456, 7.89, 123.4), box(0, 0, 100, 100, 45)]) {
      const once = clampBox(b);
      expect(clampBox(once)).toEqual(once);
      expect(boxFits(once)).toBe(true);
    }
  });
});

describe('boxFits', () => {
  it('refuses a box smaller than 5% or reaching out of the canvas', () => {
    expect(boxFits(box(10, 10, 20, 20))).toBe(true);
    expect(boxFits(box(10, 10, 4.9, 20))).toBe(false);
    expect(boxFits(box(10, 10, 20, 4.9))).toBe(false);
    expect(boxFits(box(-1, 10, 20, 20))).toBe(false);
    expect(boxFits(box(81, 10, 20, 20))).toBe(false);
    expect(boxFits(box(0, 0, 100, 100))).toBe(true);
    expect(boxFits(box(0, 0, 100, 100, 10))).toBe(false);
  });
});

describe('clampCenter', () => {
  it("keeps a dragged element's centre where the whole turned box stays inside", () => {
    const size = { width: 20, height: 10, rotation: 0 };
    expect(clampCenter({ x: 50, y: 50 }, size)).toEqual({ x: 50, y: 50 });
    expect(clampCenter({ x: -30, y: 120 }, size)).toEqual({ x: 10, y: 95 });
    const upright = clampCenter({ x: 0, y: 0 }, { ...size, rotation: 90 });
    expect(upright.x).toBeCloseTo(5);
    expect(upright.y).toBeCloseTo(10);
  });
});

describe('percent and pixels', () => {
  it('converts lengths between percent of the canvas and pixels', () => {
    expect(toPixels(25, 420)).toBe(105);
    expect(toPercent(105, 420)).toBe(25);
    expect(toPercent(toPixels(12.5, 333), 333)).toBeCloseTo(12.5);
    expect(toPercent(10, 0)).toBe(0);
  });

  it("places a box's node by its centre, turning about it, and reads the box back", () => {
    const b = box(10, 20, 30, 40, 15);
    const attrs = nodeAttrs(b, 200);
    expect(attrs).toEqual({ x: 50, y: 80, width: 60, height: 80, offsetX: 30, offsetY: 40, rotation: 15 });
    expect(boxFromNode(attrs, 200)).toEqual(b);
  });

  it("reads a transformer's box (top-left corner turned, radians) as a box", () => {
    expect(fromCornerBox({ x: 20, y: 40, width: 60, height: 80, rotation: 0 }, 200)).toEqual(box(10, 20, 30, 40));
    // A 40x20 box turned 90 degrees about its centre (100, 100): its top-left corner went to (110, 80).
    const turned = fromCornerBox({ x: 110, y: 80, width: 40, height: 20, rotation: Math.PI / 2 }, 200);
    expect(turned.left).toBeCloseTo(40);
    expect(turned.top).toBeCloseTo(45);
    expect(turned.width).toBeCloseTo(20);
    expect(turned.height).toBeCloseTo(10);
    expect(turned.rotation).toBeCloseTo(90);
  });
});
