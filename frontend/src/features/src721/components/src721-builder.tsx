import { useMemo, useState } from 'react';
import { JsonEditor } from '@/components/json-editor/json-editor';
import { FallbackImage } from '@/components/ui/fallback-image';
import { ErrorNotice } from '@/components/ui/status';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { formatInteger } from '@/utils/format';
import {
  entryImageUrl,
  previewReady,
  SRC721_DEFAULT_TEXT,
  src721DeployFile,
  src721Error,
  src721Layers,
  type PreviewLayer,
} from '../builder';

/** The preview follows the JSON once it has not changed for this long (ms). */
export const PREVIEW_DELAY_MS = 300;

/** What an entry whose image does not load shows. */
export const MISSING_IMAGE = '404';

/** A layer of the preview: its key, its entries' count and each entry's image (a 404 placeholder when unknown). */
function PreviewLayerBlock({ layer }: { layer: PreviewLayer }) {
  return (
    <li className="src721-layer">
      <p className="src721-layer__title">
        {layer.key} <span className="src721-layer__count">({formatInteger(layer.entries.length)})</span>
      </p>
      <ul className="src721-layer__stamps" aria-label={`Layer ${layer.key}`}>
        {layer.entries.map((cpid, index) => (
          <li key={`${String(index)}-${cpid}`} className="src721-layer__item" title={cpid}>
            <span className="src721-layer__thumb">
              <FallbackImage
                sources={[entryImageUrl(cpid)]}
                alt={`${layer.key}: ${cpid}`}
                placeholder={MISSING_IMAGE}
                loading="eager"
              />
            </span>
          </li>
        ))}
      </ul>
    </li>
  );
}

type Src721BuilderProps = {
  /**
   * Mints the deploy, given the deploy stamp's file (`src721DeployFile`). Without it there is no Mint button: the
   * site has no way to mint the deploy yet.
   */
  onMint?: ((json: string) => void) | undefined;
  /** The JSON the editor starts with: the spec's defaults unless given. */
  initialText?: string;
};

/**
 * The SRC-721 builder (catalogue: 'Mint tools'): a JSON editor prefilled with the deploy's defaults, the first
 * failing check's red message, a preview of each layer's images (following the JSON 300 ms after it stops changing;
 * an unknown image shows a 404 placeholder), and a Mint button, disabled while a check fails or a previewed layer is
 * empty, that hands the deploy stamp's file to `onMint`.
 */
export function Src721Builder({ onMint, initialText = SRC721_DEFAULT_TEXT }: Src721BuilderProps) {
  const [text, setText] = useState(initialText);
  const error = src721Error(text);
  const previewText = useDebouncedValue(text, PREVIEW_DELAY_MS);
  const layers = useMemo(() => src721Layers(previewText), [previewText]);
  const canMint = error === null && previewReady(layers);
  return (
    <section className="src721-builder" aria-labelledby="src721-builder-title">
      <h2 id="src721-builder-title" className="visually-hidden">
        Src721 Builder
      </h2>
      <div className="src721-builder__editor">
        <JsonEditor initialValue={initialText} onChange={setText} label="SRC-721 deploy JSON" />
      </div>
      {error && <ErrorNotice message={error} />}
      <section className="src721" aria-labelledby="src721-preview-title">
        <h3 id="src721-preview-title" className="src721__heading">
          Preview
        </h3>
        {layers && layers.length > 0 && (
          <ol className="src721-layers" aria-label="Layers">
            {layers.map((layer) => (
              <PreviewLayerBlock key={layer.key} layer={layer} />
            ))}
          </ol>
        )}
      </section>
      {onMint && (
        <button
          type="button"
          className="button src721-builder__mint"
          disabled={!canMint}
          onClick={() => {
            onMint(src721DeployFile(text));
          }}
        >
          Mint
        </button>
      )}
    </section>
  );
}
