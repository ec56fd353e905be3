import { clampBox, TEXT_FONT_PERCENT, type Box } from './geometry';

/** The mixer's fonts, in the spec's order: a text element names one by its index. */
export const FONTS = ['Impact', 'Arial', 'Verdana', 'Comic Sans MS', 'Helvetica', 'sans-serif'] as const;

/** The CSS font family of font `index` (names with spaces quoted). */
export function fontFamily(index: number): string {
  const name = FONTS[index] ?? FONTS[0];
  return name.includes(' ') ? `"${name}"` : name;
}

/** A new canvas's background colour. */
export const DEFAULT_BACKGROUND = '#ffffff';

/** A new text's colour and shadow colour: white on a black shadow, as memes are written. */
export const DEFAULT_TEXT_COLOR = '#ffffff';
export const DEFAULT_SHADOW_COLOR = '#000000';

/** A box in the composition: [left%, top%, width%, height%, rotation]. */
export type BoxTuple = [left: number, top: number, width: number, height: number, rotation: number];

/** An image element in the composition: [0, cpid, box]. */
export type ImageEntry = [kind: 0, cpid: string, box: BoxTuple];

/** A text element in the composition: [1, text, box, [font index, color, shadow color]]. */
export type TextEntry = [kind: 1, text: string, box: BoxTuple, style: [font: number, color: string, shadow: string]];

/**
 * The mixer's composition in the spec's format (§3): its elements, back to front, and the background colour.
 */
export type Composition = { elements: (ImageEntry | TextEntry)[]; background: string };

/** A stamp's image on the canvas. */
export type ImageElement = { id: string; kind: 'image'; cpid: string; box: Box };

/** A text on the canvas, in font `font` (an index in `FONTS`), its colours as #rrggbb. */
export type TextElement = {
  id: string;
  kind: 'text';
  text: string;
  box: Box;
  font: number;
  color: string;
  shadow: string;
};

/** An element of the canvas; `id` names it while the page is open (it is not part of the composition). */
export type MixerElement = ImageElement | TextElement;

/** What the mixer edits: its elements, back to front, and the background colour. */
export type MixerState = { elements: MixerElement[]; background: string };

let lastId = 0;

/** A new element's id, unique on the page. */
export function newElementId(): string {
  lastId += 1;
  return `element-${String(lastId)}`;
}

/** Whether `value` is a colour the mixer keeps: #rrggbb. */
export function isColor(value: unknown): value is string {
  return typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);
}

function boxTuple(box: Box): BoxTuple {
  return [box.left, box.top, box.width, box.height, box.rotation];
}

/** The elements and background as a composition in the spec's format. */
export function toComposition(elements: readonly MixerElement[], background: string): Composition {
  return {
    elements: elements.map((element): ImageEntry | TextEntry =>
      element.kind === 'image'
        ? [0, element.cpid, boxTuple(element.box)]
        : [1, element.text, boxTuple(element.box), [element.font, element.color, element.shadow]],
    ),
    background,
  };
}

function readBox(value: unknown): Box | null {
  if (!Array.isArray(value) || value.length !== 5) return null;
  const numbers: unknown[] = value;
  if (!numbers.every((item): item is number => typeof item === 'number' && Number.isFinite(item))) return null;
  const [left = 0, top = 0, width = 0, height = 0, rotation = 0] = numbers;
  return clampBox({ left, top, width, height, rotation });
}

function readElement(value: unknown): MixerElement | null {
  if (!Array.isArray(value)) return null;
  const entry: unknown[] = value;
  const [kind, content, rawBox, style] = entry;
  const box = readBox(rawBox);
  if (!box || typeof content !== 'string') return null;
  if (kind === 0 && entry.length === 3)
    return content ? { id: newElementId(), kind: 'image', cpid: content, box } : null;
  if (kind !== 1 || entry.length !== 4 || !Array.isArray(style)) return null;
  const [font, color, shadow] = style as unknown[];
  if (typeof font !== 'number' || !Number.isInteger(font) || font < 0 || font >= FONTS.length) return null;
  if (!isColor(color) || !isColor(shadow)) return null;
  return { id: newElementId(), kind: 'text', text: content, box, font, color, shadow };
}

/**
 * The elements and background a composition stands for, each element with a new id and its box kept to the rules,
 * or null when `value` is not a composition (a malformed element is left out).
 */
export function fromComposition(value: unknown): MixerState | null {
  if (typeof value !== 'object' || value === null) return null;
  const { elements, background } = value as Partial<Record<keyof Composition, unknown>>;
  if (!Array.isArray(elements) || !isColor(background)) return null;
  const read = (elements as unknown[]).map(readElement);
  return { elements: read.filter((element) => element !== null), background };
}

/** An empty canvas. */
export const EMPTY_STATE: MixerState = { elements: [], background: DEFAULT_BACKGROUND };

/**
 * A new text element's box: one line per line of text at a font of 20% of the canvas (fewer if they do not fit),
 * as wide as its widest line (`widthPerFont` of the font size, at most the canvas), centred.
 */
export function newTextBox(widthPerFont: number, lines: number): Box {
  const height = Math.min(100, TEXT_FONT_PERCENT * Math.max(1, lines));
  const width = Math.min(100, TEXT_FONT_PERCENT * widthPerFont);
  return clampBox({ left: (100 - width) / 2, top: (100 - height) / 2, width, height, rotation: 0 });
}

/** The share of the canvas a new image takes at most, in percent of its side. */
export const NEW_IMAGE_PERCENT = 50;

/** A new image's box: its natural ratio kept within half the canvas, centred. */
export function newImageBox(naturalWidth: number, naturalHeight: number): Box {
  const ratio = naturalWidth > 0 && naturalHeight > 0 ? naturalWidth / naturalHeight : 1;
  const width = ratio >= 1 ? NEW_IMAGE_PERCENT : NEW_IMAGE_PERCENT * ratio;
  const height = ratio >= 1 ? NEW_IMAGE_PERCENT / ratio : NEW_IMAGE_PERCENT;
  return clampBox({ left: (100 - width) / 2, top: (100 - height) / 2, width, height, rotation: 0 });
}

/** The elements with element `id` moved one step towards the front (`up`) or the back; unchanged at the end. */
export function moveElement<T extends { id: string }>(elements: readonly T[], id: string, up: boolean): T[] {
  const index = elements.findIndex((element) => element.id === id);
  const target = up ? index + 1 : index - 1;
  const moving = elements[index];
  const other = elements[target];
  if (index < 0 || !moving || !other) return [...elements];
  const moved = [...elements];
  moved[index] = other;
  moved[target] = moving;
  return moved;
}
