/**
 * The Stamp Mixer's geometry rules (spec §5, §9). The canvas is square, so one unit measures both directions: a
 * percent of the canvas's side. An element's box is its unrotated frame (left, top, width, height) turned about its
 * centre by `rotation` degrees.
 */

/** The smallest width and height of an element, in percent of the canvas (spec: 'minimum size 5%'). */
export const MIN_SIZE_PERCENT = 5;

/** Rotations snap to multiples of this many degrees... */
export const ROTATION_SNAP_DEGREES = 15;

/** ...when they are within this many degrees of one (spec: 'rotation snap 15 degrees within 3'). */
export const ROTATION_SNAP_TOLERANCE = 3;

/** A new text's font size, in percent of the canvas (spec: 'text font 20%'). */
export const TEXT_FONT_PERCENT = 20;

/** The rotations a rotation snaps to, in degrees: 0, 15, ... 345. */
export const ROTATION_SNAPS: readonly number[] = Array.from(
  { length: 360 / ROTATION_SNAP_DEGREES },
  (_, index) => index * ROTATION_SNAP_DEGREES,
);

/** An element's box in percent of the canvas's side, its rotation in degrees about its centre. */
export type Box = { left: number; top: number; width: number; height: number; rotation: number };

/** A point in percent of the canvas's side. */
export type Point = { x: number; y: number };

/** Rounding slack of the bound checks, in percent. */
const EPSILON = 1e-6;

/** `value` within [min, max]. */
function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** A rotation in degrees, brought into [0, 360). */
export function normalizeRotation(degrees: number): number {
  const turned = degrees % 360;
  return turned < 0 ? turned + 360 : turned + 0;
}

/**
 * The rotation after the snap: the nearest multiple of 15 degrees (in [0, 360)) when `degrees` is within 3 degrees
 * of it, `degrees` unchanged otherwise.
 */
export function snapRotation(degrees: number): number {
  const nearest = Math.round(degrees / ROTATION_SNAP_DEGREES) * ROTATION_SNAP_DEGREES;
  return Math.abs(degrees - nearest) <= ROTATION_SNAP_TOLERANCE ? normalizeRotation(nearest) : degrees;
}

/** Half the width and half the height of the upright rectangle that holds the turned box. */
export function halfExtents(box: Pick<Box, 'width' | 'height' | 'rotation'>): Point {
  const radians = (box.rotation * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  return { x: (box.width * cos + box.height * sin) / 2, y: (box.width * sin + box.height * cos) / 2 };
}

/** The centre of a box. */
export function boxCenter(box: Box): Point {
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

/** One coordinate of a centre kept so that `half` either side of it stays within [0, 100]. */
function clampCoordinate(center: number, half: number): number {
  if (half >= 50) return 50;
  return clamp(center, half, 100 - half);
}

/**
 * Where a box of this size and rotation may have its centre: `center` moved the least so that the whole turned
 * box stays inside the canvas.
 */
export function clampCenter(center: Point, box: Pick<Box, 'width' | 'height' | 'rotation'>): Point {
  const half = halfExtents(box);
  return { x: clampCoordinate(center.x, half.x), y: clampCoordinate(center.y, half.y) };
}

/**
 * The box kept to the rules: its rotation in [0, 360), its width and height at least 5% (and at most the canvas),
 * shrunk about its centre, ratio kept, until the turned box fits the canvas, then moved the least to lie inside it.
 * A box already within the rules comes back unchanged.
 */
export function clampBox(box: Box): Box {
  const rotation = normalizeRotation(box.rotation);
  let width = clamp(box.width, MIN_SIZE_PERCENT, 100);
  let height = clamp(box.height, MIN_SIZE_PERCENT, 100);
  const extents = halfExtents({ width, height, rotation });
  const largest = 2 * Math.max(extents.x, extents.y);
  if (largest > 100 + EPSILON) {
    width = Math.max(MIN_SIZE_PERCENT, (width * 100) / largest);
    height = Math.max(MIN_SIZE_PERCENT, (height * 100) / largest);
  }
  const center = boxCenter(box);
  const sized = { width, height, rotation };
  const moved = clampCenter(center, sized);
  const kept = width === box.width && height === box.height;
  // Unmoved and unresized, the box keeps its own numbers (no rounding through its centre).
  const left = kept && moved.x === center.x ? box.left : moved.x - width / 2;
  const top = kept && moved.y === center.y ? box.top : moved.y - height / 2;
  return { left, top, width, height, rotation };
}

/** Whether a box keeps the rules: at least 5% wide and high, and wholly inside the canvas once turned. */
export function boxFits(box: Box): boolean {
  if (box.width < MIN_SIZE_PERCENT - EPSILON || box.height < MIN_SIZE_PERCENT - EPSILON) return false;
  const half = halfExtents(box);
  const center = boxCenter(box);
  return (
    center.x - half.x >= -EPSILON &&
    center.y - half.y >= -EPSILON &&
    center.x + half.x <= 100 + EPSILON &&
    center.y + half.y <= 100 + EPSILON
  );
}

/** A length in percent of the canvas's side, in pixels of a canvas `size` pixels wide. */
export function toPixels(percent: number, size: number): number {
  return (percent * size) / 100;
}

/** A length in pixels of a canvas `size` pixels wide, in percent of its side. */
export function toPercent(pixels: number, size: number): number {
  return size > 0 ? (pixels * 100) / size : 0;
}

/**
 * A turned rectangle as the canvas library's transformer gives it, in pixels: (x, y) is its top-left corner once
 * turned, `rotation` in radians.
 */
export type CornerBox = { x: number; y: number; width: number; height: number; rotation: number };

/** A transformer's box (pixels, corner, radians) as a box (percent, centre-turned, degrees). */
export function fromCornerBox(corner: CornerBox, size: number): Box {
  const cos = Math.cos(corner.rotation);
  const sin = Math.sin(corner.rotation);
  const centerX = corner.x + (corner.width / 2) * cos - (corner.height / 2) * sin;
  const centerY = corner.y + (corner.width / 2) * sin + (corner.height / 2) * cos;
  const width = toPercent(corner.width, size);
  const height = toPercent(corner.height, size);
  return {
    left: toPercent(centerX, size) - width / 2,
    top: toPercent(centerY, size) - height / 2,
    width,
    height,
    rotation: (corner.rotation * 180) / Math.PI,
  };
}

/** A node's place on the canvas, in pixels and degrees. */
export type NodeAttrs = {
  x: number;
  y: number;
  width: number;
  height: number;
  offsetX: number;
  offsetY: number;
  rotation: number;
};

/**
 * What a box's node on a canvas `size` pixels wide is given: its centre as position, half its size as offset (the
 * point it turns about), its size and rotation.
 */
export function nodeAttrs(box: Box, size: number): NodeAttrs {
  const width = toPixels(box.width, size);
  const height = toPixels(box.height, size);
  return {
    x: toPixels(box.left, size) + width / 2,
    y: toPixels(box.top, size) + height / 2,
    width,
    height,
    offsetX: width / 2,
    offsetY: height / 2,
    rotation: box.rotation,
  };
}

/**
 * The box a node of a canvas `size` pixels wide stands for, given its position (its centre), its size times its
 * scale and its rotation.
 */
export function boxFromNode(
  node: { x: number; y: number; width: number; height: number; rotation: number },
  size: number,
): Box {
  const width = toPercent(node.width, size);
  const height = toPercent(node.height, size);
  return {
    left: toPercent(node.x, size) - width / 2,
    top: toPercent(node.y, size) - height / 2,
    width,
    height,
    rotation: node.rotation,
  };
}
