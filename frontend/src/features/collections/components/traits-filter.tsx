import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { FallbackImage } from '@/components/ui/fallback-image';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { GENERIC_ERROR } from '@/lib/api-error';
import { useBodyScrollLock } from '@/lib/use-body-scroll-lock';
import { DESKTOP_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { formatInteger, shortenAddress } from '@/utils/format';
import { clearLayer, hasTraits, toggleTrait, type TraitSelection } from '../traits-params';
import type { TraitStamp } from '../types';

type TraitsPanelProps = {
  layers: TraitStamp[][];
  selection: TraitSelection;
  onChange: (selection: TraitSelection) => void;
};

/** The groups: one per layer, a checkbox (thumbnail and short cpid) per layer stamp. */
function TraitsGroups({ layers, selection, onChange }: TraitsPanelProps) {
  return (
    <div className="traits__groups">
      {layers.map((stamps, layer) => {
        const chosen = selection[layer] ?? [];
        return (
          // Layers are positional: the index is their identity.
          <fieldset key={layer} className="traits__group">
            <legend className="traits__legend">
              Layer {layer + 1}
              {chosen.length > 0 && <span className="traits__chosen"> ({formatInteger(chosen.length)} chosen)</span>}
            </legend>
            {chosen.length > 0 && (
              <button
                type="button"
                className="traits__clear-layer"
                onClick={() => {
                  onChange(clearLayer(selection, layer));
                }}
              >
                Clear<span className="visually-hidden"> layer {layer + 1}</span>
              </button>
            )}
            <ul className="traits__options">
              {stamps.map((stamp) => (
                <li key={stamp.cpid}>
                  <label className="traits__option" title={stamp.cpid}>
                    <input
                      type="checkbox"
                      checked={chosen.includes(stamp.cpid)}
                      onChange={() => {
                        onChange(toggleTrait(selection, layer, stamp.cpid));
                      }}
                    />
                    <span className="traits__thumb">
                      <FallbackImage sources={[stamp.url]} alt="" placeholder="" />
                    </span>
                    <span className="traits__cpid mono" aria-hidden="true">
                      {shortenAddress(stamp.cpid, 4)}
                    </span>
                    <span className="visually-hidden">{stamp.cpid}</span>
                    {stamp.share && (
                      <span className="traits__share">
                        <span className="visually-hidden"> </span>
                        {stamp.share}
                      </span>
                    )}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        );
      })}
    </div>
  );
}

type TraitsFilterProps = {
  layers: TraitStamp[][] | undefined;
  loading: boolean;
  failed: boolean;
  selection: TraitSelection;
  onChange: (selection: TraitSelection) => void;
};

function PanelBody({ layers, loading, failed, selection, onChange }: TraitsFilterProps): ReactNode {
  if (loading && !layers) return <Loading />;
  if (failed || !layers) return <ErrorNotice message={GENERIC_ERROR} />;
  return (
    <>
      {hasTraits(selection) && (
        <button
          type="button"
          className="sort-button traits__clear"
          onClick={() => {
            onChange([]);
          }}
        >
          Clear all traits
        </button>
      )}
      <TraitsGroups layers={layers} selection={selection} onChange={onChange} />
    </>
  );
}

/** The drawer (below 768 px): a modal panel, closed by its button, a click on the backdrop or Escape. */
function TraitsDrawer({ id, onClose, children }: { id: string; onClose: () => void; children: ReactNode }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useBodyScrollLock(true);
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
    };
  }, [onClose]);
  return (
    <div className="traits-drawer">
      <div className="traits-drawer__backdrop" aria-hidden="true" onClick={onClose} />
      <div id={id} className="traits traits--drawer" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="traits__head">
          <h2 id={titleId} className="traits__title">
            Traits filter
          </h2>
          <button
            ref={closeRef}
            type="button"
            className="traits__close"
            aria-label="Close traits filter"
            onClick={onClose}
          >
            ×
          </button>
        </div>
        {children}
        <button type="button" className="button traits__done" onClick={onClose}>
          Show results
        </button>
      </div>
    </div>
  );
}

/**
 * The Stamps tab's Traits filter of an SRC-721 collection: one group per layer of the deploy, a checkbox per layer
 * stamp. A sidebar from 768 px; below, a 'Traits filter' button opening it as a drawer.
 */
export function TraitsFilter(props: TraitsFilterProps) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);
  const drawerId = useId();
  const countId = useId();
  const chosen = props.selection.reduce((sum, group) => sum + group.length, 0);

  if (desktop) {
    return (
      <aside className="traits traits--sidebar" aria-labelledby={`${drawerId}-title`}>
        <h2 id={`${drawerId}-title`} className="traits__title">
          Traits filter
        </h2>
        <PanelBody {...props} />
      </aside>
    );
  }
  return (
    <div className="traits-toggle">
      <button
        ref={buttonRef}
        type="button"
        className="sort-button traits-toggle__button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? drawerId : undefined}
        aria-describedby={chosen > 0 ? countId : undefined}
        onClick={() => {
          setOpen(true);
        }}
      >
        Traits filter
      </button>
      {chosen > 0 && (
        <span id={countId} className="traits-toggle__count">
          {formatInteger(chosen)} chosen
        </span>
      )}
      {open && (
        <TraitsDrawer id={drawerId} onClose={close}>
          <PanelBody {...props} />
        </TraitsDrawer>
      )}
    </div>
  );
}
