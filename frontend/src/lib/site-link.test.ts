import { describe, expect, it } from 'vitest';
import { linksToPage, siteLink } from './site-link';

const ORIGIN = 'https://stamps.example';

describe('siteLink', () => {
  it('reads site paths and same-origin URLs as internal links', () => {
    expect(siteLink('/collection/X', ORIGIN)).toEqual({ kind: 'internal', to: '/collection/X' });
    expect(siteLink('https://stamps.example/feat?page=2#top', ORIGIN)).toEqual({
      kind: 'internal',
      to: '/feat?page=2#top',
    });
  });

  it('reads other http(s) URLs as external links', () => {
    expect(siteLink('https://blog.example/post', ORIGIN)).toEqual({
      kind: 'external',
      href: 'https://blog.example/post',
    });
  });

  it('refuses empty, protocol-relative, non-http and bare links', () => {
    for (const link of [
      null,
      undefined,
      '',
      '  ',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'data:text/html,x',
      'collection/X',
    ]) {
      expect(siteLink(link, ORIGIN)).toBeNull();
    }
  });
});

describe('linksToPage', () => {
  it('matches the current path, ignoring a trailing slash, the query and the fragment', () => {
    expect(linksToPage('/advent-calendar', '/advent-calendar', ORIGIN)).toBe(true);
    expect(linksToPage('/advent-calendar/', '/advent-calendar', ORIGIN)).toBe(true);
    expect(linksToPage('https://stamps.example/feat?page=2', '/feat', ORIGIN)).toBe(true);
    expect(linksToPage('/', '/', ORIGIN)).toBe(true);
  });

  it('does not match another page, another site or no link', () => {
    expect(linksToPage('/feat', '/', ORIGIN)).toBe(false);
    expect(linksToPage('https://other.example/feat', '/feat', ORIGIN)).toBe(false);
    expect(linksToPage(null, '/', ORIGIN)).toBe(false);
  });
});
