import { describe, expect, it, vi } from 'vitest';
import { askingSite, framingOrigin, postToSite } from './parent';

const SITE = 'http://127.0.0.1:8080';

describe('the asking site', () => {
  it('is the framing origin only when it is one of the site origins', () => {
    expect(askingSite(SITE, [SITE, 'https://stamps.example'])).toBe(SITE);
    expect(askingSite('https://evil.example', [SITE])).toBeNull();
    expect(askingSite(null, [SITE])).toBeNull();
    expect(askingSite(SITE, [])).toBeNull();
  });

  it('is nobody for a page that is not framed', () => {
    expect(framingOrigin(window)).toBeNull();
  });

  it('reads the framing origin from the browser, the referrer as a fallback', () => {
    const parent = {} as Window;
    const framed = (ancestors: string[], referrer: string) =>
      ({
        parent,
        location: { ancestorOrigins: { length: ancestors.length, item: (i: number) => ancestors[i] ?? null } },
        document: { referrer },
      }) as unknown as Window;
    expect(framingOrigin(framed([SITE], 'https://other.example/page'))).toBe(SITE);
    expect(framingOrigin(framed([], `${SITE}/stamp/1`))).toBe(SITE);
    expect(framingOrigin(framed([], ''))).toBeNull();
  });

  it('posts to that origin only', () => {
    const postMessage = vi.fn();
    postToSite(SITE, 'close', { parent: { postMessage } } as unknown as Window);
    expect(postMessage).toHaveBeenCalledWith('close', SITE);
  });
});
