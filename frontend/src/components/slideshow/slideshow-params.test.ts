import { describe, expect, it } from 'vitest';
import {
  clampSlideshow,
  cycleSeconds,
  defaultSlideshow,
  formatSlideshow,
  parseSlideshow,
  slideshowSearch,
  withoutSlideshow,
} from './slideshow-params';

describe('parseSlideshow', () => {
  it('is off without the parameter or with an unknown type', () => {
    expect(parseSlideshow(null)).toBeNull();
    expect(parseSlideshow('spin,3,3,0')).toBeNull();
    expect(parseSlideshow('')).toBeNull();
  });

  it('reads type,speed,perRow,mode', () => {
    expect(parseSlideshow('rotate3d,5,2,3')).toEqual({ type: 'rotate3d', speed: 5, perRow: 2, mode: 3 });
  });

  it('uses the defaults speed 3, per row 3, mode 0 for missing or unreadable numbers', () => {
    expect(parseSlideshow('scroll')).toEqual({ type: 'scroll', speed: 3, perRow: 3, mode: 0 });
    expect(parseSlideshow('parallax,x,,y')).toEqual({ type: 'parallax', speed: 3, perRow: 3, mode: 0 });
  });

  it('clamps speed to 1-5, per row to at least 1, and mode to 0-1 for scroll and 0-3 otherwise', () => {
    expect(parseSlideshow('scroll,9,0,3')).toEqual({ type: 'scroll', speed: 5, perRow: 1, mode: 1 });
    expect(parseSlideshow('parallax,0,4,7')).toEqual({ type: 'parallax', speed: 1, perRow: 4, mode: 3 });
    expect(parseSlideshow('rotate3d,-2,3,-1')).toEqual({ type: 'rotate3d', speed: 1, perRow: 3, mode: 0 });
  });
});

describe('formatSlideshow and slideshowSearch', () => {
  it('writes the value back, clamped', () => {
    expect(formatSlideshow(defaultSlideshow('scroll'))).toBe('scroll,3,3,0');
    expect(formatSlideshow({ type: 'scroll', speed: 8, perRow: 2, mode: 2 })).toBe('scroll,5,2,1');
    expect(clampSlideshow({ type: 'rotate3d', speed: 2, perRow: 0, mode: 2 })).toEqual({
      type: 'rotate3d',
      speed: 2,
      perRow: 1,
      mode: 2,
    });
  });

  it('sets and removes the parameter, keeping the others', () => {
    expect(slideshowSearch('?page=2', defaultSlideshow('parallax'))).toBe('?page=2&slideshow=parallax%2C3%2C3%2C0');
    expect(slideshowSearch('?page=2&slideshow=scroll,3,3,0', null)).toBe('?page=2');
  });

  it('keeps the slideshow out of the search call', () => {
    expect(withoutSlideshow('?page=2&slideshow=scroll,3,3,0').toString()).toBe('page=2');
  });

  it('shortens the cycle as the speed grows', () => {
    expect(cycleSeconds({ type: 'scroll', speed: 3, perRow: 3, mode: 0 })).toBe(30);
    expect(cycleSeconds({ type: 'scroll', speed: 5, perRow: 3, mode: 0 })).toBe(18);
  });
});
