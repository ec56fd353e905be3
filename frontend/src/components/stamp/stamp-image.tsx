import { useState } from 'react';
import { isTextMimetype } from '@/lib/stamp-text';
import { stampLabel } from '@/utils/format';
import { StampText } from './stamp-text';

type StampImageProps = {
  cpid: string;
  stamp: number;
  url: string;
  mimetype: string | null;
  /** Cards load lazily; the detail page loads at once. */
  loading?: 'lazy' | 'eager';
};

/** What a placeholder says instead of the image. */
function placeholderText(mimetype: string | null, failed: boolean): string {
  if (failed || !mimetype) return 'No image';
  const subtype = mimetype.split('/')[1] ?? mimetype;
  return subtype.split(/[;+]/)[0]?.toUpperCase() ?? mimetype;
}

/**
 * A stamp's file shown as an image, a text stamp as the start of its text, or a placeholder when the file is
 * neither (HTML, audio, ...) or fails to load. Pixel art stays sharp when scaled up.
 */
export function StampImage({ cpid, stamp, url, mimetype, loading = 'lazy' }: StampImageProps) {
  // The URL that failed, so a new stamp in the same component gets its own try.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const failed = failedUrl === url;
  const alt = `Stamp ${stampLabel(stamp)} ${cpid}`;
  const isImage = mimetype === null || mimetype.startsWith('image/');

  if (isTextMimetype(mimetype)) return <StampText url={url} label={alt} card />;
  if (failed || !isImage) {
    return (
      <div className="stamp-image stamp-image--placeholder" role="img" aria-label={alt}>
        <span>{placeholderText(mimetype, failed)}</span>
      </div>
    );
  }
  return (
    <img
      className="stamp-image"
      src={url}
      alt={alt}
      loading={loading}
      decoding="async"
      onError={() => {
        setFailedUrl(url);
      }}
    />
  );
}
