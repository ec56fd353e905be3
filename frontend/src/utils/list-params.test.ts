import { describe, expect, it } from 'vitest';
import { formatSort, nextSort, parseList, parseSort, sameSort, toggleInList } from './list-params';

const FIELDS = ['a', 'b', 'c'] as const;

describe('list params', () => {
  it('reads lists in canonical order, dropping unknown values', () => {
    expect(parseList('c,x,a', FIELDS)).toEqual(['a', 'c']);
    expect(parseList(null, FIELDS)).toEqual([]);
    expect(toggleInList(['c'], 'a', FIELDS)).toEqual(['a', 'c']);
    expect(toggleInList(['a', 'c'], 'a', FIELDS)).toEqual(['c']);
  });

  it('reads and writes sorts', () => {
    expect(parseSort('b:asc', FIELDS)).toEqual({ field: 'b', direction: 'asc' });
    expect(parseSort('b', FIELDS)).toEqual({ field: 'b', direction: 'desc' });
    expect(parseSort('b', FIELDS, 'asc')).toEqual({ field: 'b', direction: 'asc' });
    expect(parseSort('z:asc', FIELDS)).toBeNull();
    expect(parseSort('a:up', FIELDS)).toBeNull();
    expect(formatSort({ field: 'c', direction: 'desc' })).toBe('c:desc');
    expect(sameSort({ field: 'a', direction: 'asc' }, { field: 'a', direction: 'asc' })).toBe(true);
  });

  it('flips the active field and starts another at the given direction', () => {
    expect(nextSort({ field: 'a', direction: 'desc' }, 'a', 'desc')).toEqual({ field: 'a', direction: 'asc' });
    expect(nextSort({ field: 'a', direction: 'asc' }, 'a', 'desc')).toEqual({ field: 'a', direction: 'desc' });
    expect(nextSort({ field: 'a', direction: 'asc' }, 'b', 'desc')).toEqual({ field: 'b', direction: 'desc' });
  });
});
