import { describe, expect, it } from 'vitest';
import { parseOrigins } from './origins-api';

describe("the gateway's origins", () => {
  it("are read as the site's origins and the wallet app's", () => {
    expect(
      parseOrigins({ site: ['http://127.0.0.1:8080', 'https://stamps.example'], wallet: 'http://127.0.0.1:8081' }),
    ).toEqual({ site: ['http://127.0.0.1:8080', 'https://stamps.example'], wallet: 'http://127.0.0.1:8081' });
    expect(parseOrigins({ site: ['http://127.0.0.1:8080'], wallet: null })).toEqual({
      site: ['http://127.0.0.1:8080'],
      wallet: null,
    });
  });

  it('leave out what is not an http(s) origin', () => {
    expect(
      parseOrigins({
        site: ['http://a.example/', 'https://b.example', 'javascript:alert(1)', 42],
        wallet: 'https://w.example/path',
      }),
    ).toEqual({ site: ['https://b.example'], wallet: null });
    expect(parseOrigins({ wallet: 'ftp://w.example' })).toEqual({ site: [], wallet: null });
    expect(parseOrigins({ wallet: '' })).toEqual({ site: [], wallet: null });
    expect(parseOrigins('nope')).toEqual({ site: [], wallet: null });
    expect(parseOrigins(null)).toEqual({ site: [], wallet: null });
  });
});
