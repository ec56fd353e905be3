import { useEffect } from 'react';

/** The link-preview tags a page's share image sets (Open Graph and X's card). */
const SHARE_IMAGE_TAGS: readonly { attribute: 'property' | 'name'; key: string }[] = [
  { attribute: 'property', key: 'og:image' },
  { attribute: 'name', key: 'twitter:image' },
];

function setMeta(attribute: 'property' | 'name', key: string, content: string): HTMLMetaElement {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.setAttribute(attribute, key);
    document.head.appendChild(meta);
  }
  meta.content = content;
  return meta;
}

/**
 * Names the page's share image in its link-preview tags (`og:image`, `twitter:image`, and a large-image
 * `twitter:card`) while the calling page is shown; a relative path is made absolute on this site's origin. Nothing
 * is set for null, and the tags go with the page.
 */
export function useShareImage(path: string | null): void {
  useEffect(() => {
    if (!path) return undefined;
    const url = new URL(path, window.location.origin).href;
    const tags = [
      ...SHARE_IMAGE_TAGS.map(({ attribute, key }) => setMeta(attribute, key, url)),
      setMeta('name', 'twitter:card', 'summary_large_image'),
    ];
    return () => {
      for (const tag of tags) tag.remove();
    };
  }, [path]);
}
