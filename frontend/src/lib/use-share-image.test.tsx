import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useShareImage } from './use-share-image';

function meta(selector: string): string | null | undefined {
  return document.head.querySelector<HTMLMetaElement>(`meta[${selector}]`)?.content;
}

describe('useShareImage', () => {
  it('names the share image in the link-preview tags while the page is shown, as an absolute URL', () => {
    const initialProps: { path: string | null } = { path: '/api/assets/A1.png' };
    const { rerender, unmount } = renderHook(
      ({ path }) => {
        useShareImage(path);
      },
      { initialProps },
    );
    const url = `${window.location.origin}/api/assets/A1.png`;
    expect(meta('property="og:image"')).toBe(url);
    expect(meta('name="twitter:image"')).toBe(url);
    expect(meta('name="twitter:card"')).toBe('summary_large_image');

    rerender({ path: '/api/assets/A2.png' });
    expect(document.head.querySelectorAll('meta[property="og:image"]')).toHaveLength(1);
    expect(meta('property="og:image"')).toBe(`${window.location.origin}/api/assets/A2.png`);

    rerender({ path: null });
    expect(meta('property="og:image"')).toBeUndefined();
    unmount();
    expect(meta('name="twitter:card"')).toBeUndefined();
  });
});
