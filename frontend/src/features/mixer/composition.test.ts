import { describe, expect, it } from 'vitest';
import {
  FONTS,
  fontFamily,
  fromComposition,
  moveElement,
  newImageBox,
  newTextBox,
  toComposition,
  type Composition,
  type MixerElement,
} from './composition';
import { MIN_SIZE_PERCENT, TEXT_FONT_PERCENT } from './geometry';
import { TEMPLATES } from './templates';

const COMPOSITION: Composition = {
  elements: [
    [0, 'A1234567890', [10, 20, 30, 40, 0]],
    [1, 'GM', [5, 10, 50, 20, 15], [3, '#ffffff', '#000000']],
    [0, 'A999', [12.5, 33.25, 17.75, 21.5, 7.5]],
  ],
  background: '#123abc',
};

/** The elements without their ids (which only the page gives them). */
function withoutIds(elements: readonly MixerElement[]) {
  return elements.map((element) => {
    const rest: Partial<MixerElement> = { ...element };
    delete rest.id;
    return rest;
  });
}

describe('composition', () => {
  it("reads the spec's format: image [0, cpid, box], text [1, text, box, [font, color, shadow]]", () => {
    const state = fromComposition(COMPOSITION);
    expect(state?.background).toBe('#123abc');
    expect(withoutIds(state?.elements ?? [])).toEqual([
      { kind: 'image', cpid: 'A1234567890', box: { left: 10, top: 20, width: 30, height: 40, rotation: 0 } },
      {
        kind: 'text',
        text: 'GM',
        box: { left: 5, top: 10, width: 50, height: 20, rotation: 15 },
        font: 3,
        color: '#ffffff',
        shadow: '#000000',
      },
      { kind: 'image', cpid: 'A999', box: { left: 12.5, top: 33.25, width: 17.75, height: 21.5, rotation: 7.5 } },
    ]);
  });

  it('round-trips: a composition read and written back is the same', () => {
    const state = fromComposition(COMPOSITION);
    if (!state) throw new Error('no state');
    expect(toComposition(state.elements, state.background)).toEqual(COMPOSITION);
    expect(fromComposition(JSON.parse(JSON.stringify(COMPOSITION)))).toEqual({
      elements: expect.any(Array) as unknown,
      background: '#123abc',
    });
    const again = fromComposition(toComposition(state.elements, state.background));
    expect(withoutIds(again?.elements ?? [])).toEqual(withoutIds(state.elements));
  });

  it('gives each element read a new id', () => {
    const ids = [...(fromComposition(COMPOSITION)?.elements ?? []), ...(fromComposition(COMPOSITION)?.elements ?? [])];
    expect(new Set(ids.map((element) => element.id)).size).toBe(6);
  });

  it('keeps the boxes read to the geometry rules', () => {
    const state = fromComposition({ elements: [[0, 'A1', [98, -10, 2, 30, -360]]], background: '#000000' });
    expect(state?.elements[0]?.box).toEqual({ left: 95, top: 0, width: MIN_SIZE_PERCENT, height: 30, rotation: 0 });
  });

  it('reads nothing that is not a composition, and leaves malformed elements out', () => {
    for (const value of [
      null,
      3,
      'x',
      [],
      {},
      { elements: [], background: 'red' },
      { elements: {}, background: '#fff000' },
    ]) {
      expect(fromComposition(value)).toBeNull();
    }
    const state = fromComposition({
      background: '#000000',
      elements: [
        [0, 'A1', [1, 2, 30, 40]],
        [0, '', [1, 2, 30, 40, 0]],
        [0, 'A1', [1, 2, 30, 40, Number.NaN]],
        [1, 'x', [1, 2, 30, 40, 0], [FONTS.length, '#ffffff', '#000000']],
        [1, 'x', [1, 2, 30, 40, 0], [0, 'white', '#000000']],
        [2, 'x', [1, 2, 30, 40, 0]],
        [1, 'ok', [1, 2, 30, 40, 0], [5, '#ffffff', '#000000']],
      ],
    });
    expect(state?.elements.map((element) => element.kind)).toEqual(['text']);
  });

  it("gives every template in the spec's format, each box within the rules", () => {
    for (const template of TEMPLATES) {
      const state = fromComposition(template.composition);
      expect(state?.elements).toHaveLength(template.composition.elements.length);
      if (!state) continue;
      expect(toComposition(state.elements, state.background)).toEqual(template.composition);
    }
  });
});

describe('new elements', () => {
  it('starts a text at a font of 20% of the canvas, as wide as its text, centred', () => {
    expect(newTextBox(2, 1)).toEqual({ left: 30, top: 40, width: 40, height: TEXT_FONT_PERCENT, rotation: 0 });
    // A text wider than the canvas at that font takes the whole width (and its font shrinks to fit).
    expect(newTextBox(8, 1)).toEqual({ left: 0, top: 40, width: 100, height: 20, rotation: 0 });
    expect(newTextBox(1, 2).height).toBe(40);
  });

  it('starts an image at half the canvas, its ratio kept, centred', () => {
    expect(newImageBox(24, 24)).toEqual({ left: 25, top: 25, width: 50, height: 50, rotation: 0 });
    expect(newImageBox(200, 100)).toEqual({ left: 25, top: 37.5, width: 50, height: 25, rotation: 0 });
    expect(newImageBox(1, 1000).width).toBe(MIN_SIZE_PERCENT);
    expect(newImageBox(0, 0).width).toBe(50);
  });
});

describe('moveElement', () => {
  const items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

  it('moves an element one step towards the front (up) or the back (down)', () => {
    expect(moveElement(items, 'a', true).map((item) => item.id)).toEqual(['b', 'a', 'c']);
    expect(moveElement(items, 'c', false).map((item) => item.id)).toEqual(['a', 'c', 'b']);
  });

  it('leaves the order at the ends and for an unknown id', () => {
    expect(moveElement(items, 'c', true)).toEqual(items);
    expect(moveElement(items, 'a', false)).toEqual(items);
    expect(moveElement(items, 'x', true)).toEqual(items);
  });
});

describe('fonts', () => {
  it("lists the spec's six fonts, quoting names with spaces", () => {
    expect(FONTS).toEqual(['Impact', 'Arial', 'Verdana', 'Comic Sans MS', 'Helvetica', 'sans-serif']);
    expect(fontFamily(3)).toBe('"Comic Sans MS"');
    expect(fontFamily(0)).toBe('Impact');
    expect(fontFamily(99)).toBe('Impact');
  });
});
