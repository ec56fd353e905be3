import { describe, expect, it } from 'vitest';
import {
  clearLayer,
  layerCpidsArg,
  formatTraits,
  hasTraits,
  parseTraits,
  src721CpidsArg,
  toggleTrait,
  traitsSearch,
} from './traits-params';

describe('parseTraits', () => {
  it('reads a JSON list of lists of cpids', () => {
    expect(parseTraits('[["A1","A2"],[],["A5"]]')).toEqual([['A1', 'A2'], [], ['A5']]);
  });

  it('reads nothing from a missing or malformed value', () => {
    for (const value of [null, '', 'nope', '{"a":1}', '["A1"]', '[[1,2]]', '[["A1"],"A2"]', '[[null]]']) {
      expect(parseTraits(value)).toEqual([]);
    }
  });

  it('drops trailing empty layers, empty and duplicate cpids', () => {
    expect(parseTraits('[["A1","A1",""],[],[]]')).toEqual([['A1']]);
    expect(parseTraits('[[],[]]')).toEqual([]);
  });
});

describe('formatTraits', () => {
  it('writes the nested list, keeping the layers by position', () => {
    expect(formatTraits([[], ['A3']])).toBe('[[],["A3"]]');
  });

  it('is null when nothing is chosen', () => {
    expect(formatTraits([])).toBeNull();
    expect(formatTraits([[], []])).toBeNull();
  });

  it('round-trips', () => {
    const selection = [['A1'], [], ['A5', 'A6']];
    expect(parseTraits(formatTraits(selection))).toEqual(selection);
  });
});

describe('toggleTrait and clearLayer', () => {
  it('checks and unchecks a layer stamp', () => {
    const one = toggleTrait([], 2, 'A9');
    expect(one).toEqual([[], [], ['A9']]);
    const two = toggleTrait(one, 0, 'A1');
    expect(two).toEqual([['A1'], [], ['A9']]);
    expect(toggleTrait(two, 2, 'A9')).toEqual([['A1']]);
    expect(toggleTrait([['A1']], 0, 'A1')).toEqual([]);
    expect(hasTraits(toggleTrait([['A1']], 0, 'A1'))).toBe(false);
  });

  it('clears one layer', () => {
    expect(clearLayer([['A1'], ['A2', 'A3']], 1)).toEqual([['A1']]);
    expect(clearLayer([['A1'], ['A2']], 0)).toEqual([[], ['A2']]);
  });
});

describe('traitsSearch', () => {
  it('sets the parameter and resets the page, keeping the others', () => {
    const search = traitsSearch('?page=3&slideshow=scroll,3,3,0', [['A1']]);
    const params = new URLSearchParams(search);
    expect(params.get('traits')).toBe('[["A1"]]');
    expect(params.get('page')).toBeNull();
    expect(params.get('slideshow')).toBe('scroll,3,3,0');
  });

  it('drops the parameter when the selection is empty', () => {
    expect(traitsSearch('?traits=%5B%5B%22A1%22%5D%5D&page=2', [])).toBe('');
  });
});

describe('src721CpidsArg', () => {
  it('leaves out the layers with nothing chosen', () => {
    expect(src721CpidsArg([['A1', 'A2'], [], ['A5']])).toBe('[["A1","A2"],["A5"]]');
  });

  it('is undefined when nothing is chosen', () => {
    expect(src721CpidsArg([])).toBeUndefined();
    expect(src721CpidsArg([[], []])).toBeUndefined();
  });
});

describe('layerCpidsArg', () => {
  it('lists every chosen stamp once, whatever its layer', () => {
    expect(layerCpidsArg([['A1', 'A2'], [], ['A5', 'A1']])).toBe('["A1","A2","A5"]');
  });

  it('is undefined when nothing is chosen', () => {
    expect(layerCpidsArg([])).toBeUndefined();
    expect(layerCpidsArg([[], []])).toBeUndefined();
  });
});
