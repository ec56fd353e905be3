/** The query parameter that turns the slideshow on: `slideshow=type,speed,perRow,mode`. */
export const SLIDESHOW_PARAM = 'slideshow';

/** The slideshow types, as the URL spells them, in the selector's order. */
export const SLIDESHOW_TYPES = ['scroll', 'rotate3d', 'parallax'] as const;
export type SlideshowType = (typeof SLIDESHOW_TYPES)[number];

/** The selector's labels (spec: Scroll, Rotate 3D, Parallax). */
export const SLIDESHOW_LABELS: Record<SlideshowType, string> = {
  scroll: 'Scroll',
  rotate3d: 'Rotate 3D',
  parallax: 'Parallax',
};

export type SlideshowSettings = { type: SlideshowType; speed: number; perRow: number; mode: number };

/** Spec defaults: speed 3, per row 3, mode 0. */
export const SLIDESHOW_DEFAULTS = { speed: 3, perRow: 3, mode: 0 } as const;
export const MIN_SPEED = 1;
export const MAX_SPEED = 5;
/** Images per row: at least 1; the upper bound keeps the images visible. */
export const MIN_PER_ROW = 1;
export const MAX_PER_ROW = 12;
/** The controls hide after this long without a mouse move (spec: 2.5 s). */
export const CONTROLS_IDLE_MS = 2500;

/** The highest mode of a type: 0-1 for scroll, 0-3 otherwise. */
export function maxMode(type: SlideshowType): number {
  return type === 'scroll' ? 1 : 3;
}

function clampInt(value: string | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined || !/^-?\d+$/.test(value.trim())) return fallback;
  return Math.min(max, Math.max(min, Number(value)));
}

/** Clamps each setting into its range (a stepper's rule). */
export function clampSlideshow(settings: SlideshowSettings): SlideshowSettings {
  return {
    type: settings.type,
    speed: Math.min(MAX_SPEED, Math.max(MIN_SPEED, Math.round(settings.speed))),
    perRow: Math.min(MAX_PER_ROW, Math.max(MIN_PER_ROW, Math.round(settings.perRow))),
    mode: Math.min(maxMode(settings.type), Math.max(0, Math.round(settings.mode))),
  };
}

/**
 * Reads the parameter: null (slideshow off) when absent or when the type is unknown; missing or unreadable numbers
 * take the defaults, out-of-range ones are clamped.
 */
export function parseSlideshow(value: string | null): SlideshowSettings | null {
  if (value === null) return null;
  const [rawType, speed, perRow, mode] = value.split(',');
  const type = SLIDESHOW_TYPES.find((candidate) => candidate === rawType?.trim());
  if (!type) return null;
  return {
    type,
    speed: clampInt(speed, MIN_SPEED, MAX_SPEED, SLIDESHOW_DEFAULTS.speed),
    perRow: clampInt(perRow, MIN_PER_ROW, MAX_PER_ROW, SLIDESHOW_DEFAULTS.perRow),
    mode: clampInt(mode, 0, maxMode(type), SLIDESHOW_DEFAULTS.mode),
  };
}

/** The parameter's value: `type,speed,perRow,mode`. */
export function formatSlideshow(settings: SlideshowSettings): string {
  const clamped = clampSlideshow(settings);
  return [clamped.type, clamped.speed, clamped.perRow, clamped.mode].join(',');
}

/** A type's settings at the defaults. */
export function defaultSlideshow(type: SlideshowType): SlideshowSettings {
  return { type, ...SLIDESHOW_DEFAULTS };
}

/** The query string with the slideshow set (or removed with null), other parameters kept. */
export function slideshowSearch(search: string | URLSearchParams, settings: SlideshowSettings | null): string {
  const params = new URLSearchParams(search);
  if (settings) params.set(SLIDESHOW_PARAM, formatSlideshow(settings));
  else params.delete(SLIDESHOW_PARAM);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The parameters the stamp search receives: the slideshow parameter is removed from the search call (spec). */
export function withoutSlideshow(search: string | URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(search);
  params.delete(SLIDESHOW_PARAM);
  return params;
}

/**
 * The animation period of one cycle, in seconds: faster speeds give shorter periods (scroll speed and rotate timing
 * scale with speed). Speed 3 is the base.
 */
export function cycleSeconds(settings: SlideshowSettings, base = 30): number {
  return (base * SLIDESHOW_DEFAULTS.speed) / settings.speed;
}
