import { useState, type ReactNode } from 'react';
import { usableImageSources } from '@/lib/image-sources';

type FallbackImageProps = {
  /** Candidate URLs, best first; URLs containing ERROR_ and empty ones are skipped. */
  sources: readonly (string | null | undefined)[];
  alt: string;
  className?: string;
  placeholderClassName?: string;
  loading?: 'lazy' | 'eager';
  /** What the placeholder says. */
  placeholder?: string;
  /** Shown instead of the placeholder when no URL is left (an asset's name tile, say). */
  fallback?: ReactNode;
};

/**
 * An image that falls back: each URL that fails to load gives way to the next one, and when none is left a
 * placeholder (role img, with the same accessible name) is shown instead, or `fallback` when given.
 */
export function FallbackImage({
  sources,
  alt,
  className = 'stamp-image',
  placeholderClassName = 'stamp-image stamp-image--placeholder',
  loading = 'lazy',
  placeholder = 'No image',
  fallback,
}: FallbackImageProps) {
  const usable = usableImageSources(sources);
  const key = usable.join('\n');
  // The failed URLs of this set of sources: a new set starts over.
  const [failed, setFailed] = useState<{ key: string; urls: string[] }>({ key, urls: [] });
  const failedUrls = failed.key === key ? failed.urls : [];
  const current = usable.find((url) => !failedUrls.includes(url));

  if (!current) {
    if (fallback !== undefined) return <>{fallback}</>;
    return (
      <div className={placeholderClassName} role="img" aria-label={alt}>
        <span>{placeholder}</span>
      </div>
    );
  }
  return (
    <img
      className={className}
      src={current}
      alt={alt}
      loading={loading}
      decoding="async"
      onError={() => {
        setFailed({ key, urls: [...failedUrls, current] });
      }}
    />
  );
}
