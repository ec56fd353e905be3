import { describe, expect, it } from 'vitest';
import { searchTarget } from './search';

describe('searchTarget', () => {
  it('goes to /search/{text}', () => {
    expect(searchTarget('A3471624412617400000')).toBe('/search/A3471624412617400000');
    expect(searchTarget('  pepe  ')).toBe('/search/pepe');
  });

  it('encodes the text as one path segment', () => {
    expect(searchTarget('a/b c?')).toBe('/search/a%2Fb%20c%3F');
  });

  it('goes to /search when the box is empty', () => {
    expect(searchTarget('')).toBe('/search');
    expect(searchTarget('   ')).toBe('/search');
  });
});
