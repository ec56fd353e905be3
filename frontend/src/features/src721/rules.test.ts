import { describe, expect, it } from 'vitest';
import { isSrc721, layerLabel, shortCpid } from './rules';

describe('SRC-721 rules', () => {
  it('recognizes the SRC-721 ident only', () => {
    expect(isSrc721('SRC-721')).toBe(true);
    expect(isSrc721('src-721')).toBe(true);
    expect(isSrc721('SRC-20')).toBe(false);
    expect(isSrc721('STAMP')).toBe(false);
    expect(isSrc721('')).toBe(false);
    expect(isSrc721(null)).toBe(false);
  });

  it('shortens cpids and counts layers from 1', () => {
    expect(shortCpid('A3471624412617400000')).toBe('A347...0000');
    expect(shortCpid('A1234')).toBe('A1234');
    expect(layerLabel(0)).toBe('Layer 1');
  });
});
