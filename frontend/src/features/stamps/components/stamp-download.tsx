import { useId, useState, type SyntheticEvent } from 'react';
import { errorMessage, errorStatus } from '@/lib/api-error';
import {
  DOWNLOAD_DEFAULT_SIZE,
  DOWNLOAD_FAILED,
  DOWNLOAD_MAX_SIZE,
  DOWNLOAD_MIN_SIZE,
  DOWNLOAD_QUICK_SIZES,
  downloadFileName,
  pngDataUrl,
  validateDownloadSize,
} from '../download-rules';
import { useResizeStampMutation } from '../detail-api';

/** Saves a data URL as a file through a temporary `<a download>`. */
function saveDataUrl(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * The detail page's Download control (Stamps site only, raster images only): a size from 8 to 1280 (quick choices
 * 360 and 720, default 400), checked before any request; the PNG of `GET /api/assets/resize/{cpid}/{size}` is then
 * saved as `{cpid}_{size}.png`. A failure reads 'Something went wrong' (the API's message for an unreadable image).
 */
export function StampDownload({ cpid }: { cpid: string }) {
  const [value, setValue] = useState(String(DOWNLOAD_DEFAULT_SIZE));
  const [error, setError] = useState<string | null>(null);
  const [resize, { isLoading }] = useResizeStampMutation();
  const inputId = useId();
  const errorId = useId();

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = validateDownloadSize(value);
    if (!check.ok) {
      setError(check.error);
      return;
    }
    setError(null);
    try {
      const base64 = await resize({ cpid, size: check.size }).unwrap();
      const href = pngDataUrl(base64);
      if (!href) {
        setError(DOWNLOAD_FAILED);
        return;
      }
      saveDataUrl(href, downloadFileName(cpid, check.size));
    } catch (failure: unknown) {
      const apiError = failure as Parameters<typeof errorStatus>[0];
      setError((errorStatus(apiError) === 415 && errorMessage(apiError)) || DOWNLOAD_FAILED);
    }
  };

  return (
    <form className="stamp-download" aria-label="Download" noValidate onSubmit={(event) => void submit(event)}>
      <label className="stamp-download__label" htmlFor={inputId}>
        Size (px)
      </label>
      <div className="stamp-download__row">
        <input
          id={inputId}
          className="stamp-download__input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={value}
          aria-describedby={`${errorId}-hint${error ? ` ${errorId}` : ''}`}
          aria-invalid={error !== null && !validateDownloadSize(value).ok}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
        />
        {DOWNLOAD_QUICK_SIZES.map((size) => (
          <button
            key={size}
            type="button"
            className={value.trim() === String(size) ? 'sort-button sort-button--active' : 'sort-button'}
            aria-pressed={value.trim() === String(size)}
            onClick={() => {
              setValue(String(size));
              setError(null);
            }}
          >
            {size}
          </button>
        ))}
        <button type="submit" className="button stamp-download__submit" disabled={isLoading} aria-busy={isLoading}>
          {isLoading && <span className="spinner" aria-hidden="true" />}
          {isLoading ? 'Downloading…' : 'Download'}
        </button>
      </div>
      <p id={`${errorId}-hint`} className="stamp-download__hint">
        PNG, {DOWNLOAD_MIN_SIZE} to {DOWNLOAD_MAX_SIZE} px on the longer side
      </p>
      {error && (
        <p id={errorId} className="status status--error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
