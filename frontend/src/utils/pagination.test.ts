import { describe, expect, it } from 'vitest';
import { offsetToPage, pageCount, pageSearch, pageToOffset, pageWindow, parsePage, resultRange } from './pagination';

describe('page <-> offset', () => {
  it('converts pages of 24 to offsets and back', () => {
    expect(pageToOffset(1, 24)).toBe(0);
    expect(pageToOffset(2, 24)).toBe(24);
    expect(pageToOffset(10, 24)).toBe(216);
    expect(offsetToPage(0, 24)).toBe(1);
    expect(offsetToPage(24, 24)).toBe(2);
    expect(offsetToPage(216, 24)).toBe(10);
    expect(offsetToPage(pageToOffset(7, 24), 24)).toBe(7);
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 24)).toBe(1);
    expect(pageCount(24, 24)).toBe(1);
    expect(pageCount(25, 24)).toBe(2);
  });
});

describe('parsePage', () => {
  it('reads positive integers and falls back to page 1', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage(null)).toBe(1);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('abc')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage('99999999999999999999')).toBe(1);
  });
});

describe('pageSearch', () => {
  it('drops the parameter on page 1', () => {
    expect(pageSearch('?page=3', 1)).toBe('');
    expect(pageSearch('', 1)).toBe('');
  });

  it('sets the page and keeps other parameters', () => {
    expect(pageSearch('', 2)).toBe('?page=2');
    expect(pageSearch('?page=2', 5)).toBe('?page=5');
    expect(pageSearch('?sort=stamp%3Adesc&page=4', 1)).toBe('?sort=stamp%3Adesc');
    expect(pageSearch('?sort=stamp', 2)).toBe('?sort=stamp&page=2');
  });
});

describe('pageWindow', () => {
  it('lists every page when there are few', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it('keeps the first, the last and the neighbours, with gaps', () => {
    expect(pageWindow(10, 40)).toEqual([1, 'gap', 9, 10, 11, 'gap', 40]);
    expect(pageWindow(1, 40)).toEqual([1, 2, 'gap', 40]);
    expect(pageWindow(40, 40)).toEqual([1, 'gap', 39, 40]);
  });

  it('never hides a single page behind a gap', () => {
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
  });
});

describe('resultRange', () => {
  it('gives 1-based bounds', () => {
    expect(resultRange(24, 24, 100)).toEqual({ from: 25, to: 48, total: 100 });
    expect(resultRange(96, 4, 100)).toEqual({ from: 97, to: 100, total: 100 });
    expect(resultRange(0, 0, 0)).toEqual({ from: 0, to: 0, total: 0 });
  });
});
