import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { ErrorNotice } from '@/components/ui/status';
import {
  DEFAULT_SHADOW_COLOR,
  DEFAULT_TEXT_COLOR,
  EMPTY_STATE,
  FONTS,
  fromComposition,
  moveElement,
  newElementId,
  newImageBox,
  newTextBox,
  type MixerElement,
  type MixerState,
  type TextElement,
} from '../composition';
import type { Box } from '../geometry';
import { loadStampImage, stampImage, useStampImages } from '../stamp-images';
import { loadMixerState, saveMixerState } from '../storage';
import { TEMPLATES, type MixerTemplate } from '../templates';
import { textLines, textWidthPerFont } from '../text-layout';
import { MixerCanvas, type MixerCanvasHandle } from './mixer-canvas';
import { MixerSamples } from './mixer-samples';

/** The question before a template replaces the elements on the canvas. */
export const TEMPLATE_QUESTION = 'Picking a template loses all current elements. Continue?';

/** The question before the selected element is removed. */
export const REMOVE_QUESTION = 'Remove this element?';

/** What the mixer says when the browser cannot draw its canvas. */
export const NO_CANVAS = 'This browser cannot draw the canvas: the mixer needs it to compose and mint.';

/** What the mixer says when the canvas cannot be turned into a PNG. */
export const EXPORT_ERROR = 'The canvas could not be saved as an image, try again later...';

/** What the mixer says when a stamp added has no image it can draw. */
export function noImageMessage(cpid: string): string {
  return `No image to draw for ${cpid}.`;
}

/** Whether the browser can draw on a canvas (a 2D context). */
function canDraw(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

/** How an element is named in the list of elements. */
function elementLabel(element: MixerElement): string {
  return element.kind === 'image' ? `Image ${element.cpid}` : `Text "${element.text}"`;
}

type StampMixerProps = {
  /**
   * Mints the composition, given its PNG file. Without it there is no Mint button: the site has no way to mint it.
   */
  onMint?: ((png: Uint8Array) => void) | undefined;
};

/**
 * The Stamp Mixer (catalogue: 'Mint tools'): composes a meme from images (any stamp by cpid, or one of the preview's
 * 50 random samples) and texts (one of six fonts, a colour and a shadow colour, starting at a font of 20% of the
 * canvas) on a background colour. The element selected (pressed on the canvas or picked in the list) is dragged,
 * resized and rotated on the canvas, moved up or down the order, edited, or removed after a confirmation. A template
 * replaces the elements, after a confirmation when there are any. The composition is kept in local storage, so a
 * reload restores it. Mint, disabled while the canvas is empty or an image loads, hands the canvas's PNG to
 * `onMint`.
 */
export function StampMixer({ onMint }: StampMixerProps) {
  const [state, setState] = useState<MixerState>(() => loadMixerState() ?? EMPTY_STATE);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [cpid, setCpid] = useState('');
  const [text, setText] = useState('');
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [mintError, setMintError] = useState(false);
  const [drawable] = useState(canDraw);
  const canvas = useRef<MixerCanvasHandle>(null);
  const { confirm, dialog } = useConfirm();
  const ids = useId();
  useStampImages();

  useEffect(() => {
    saveMixerState(state);
  }, [state]);

  const { elements, background } = state;
  const selected = elements.find((element) => element.id === selectedId);
  const index = selected ? elements.indexOf(selected) : -1;
  const loading = elements.some((element) => element.kind === 'image' && stampImage(element.cpid).status === 'loading');
  const canMint = drawable && elements.length > 0 && !loading;

  const update = (id: string, change: (element: MixerElement) => MixerElement) => {
    setState((current) => ({
      ...current,
      elements: current.elements.map((element) => (element.id === id ? change(element) : element)),
    }));
  };
  const updateText = (id: string, change: Partial<Omit<TextElement, 'id' | 'kind'>>) => {
    update(id, (element) => (element.kind === 'text' ? { ...element, ...change } : element));
  };
  const add = (element: MixerElement) => {
    setState((current) => ({ ...current, elements: [...current.elements, element] }));
    setSelectedId(element.id);
  };

  const addImage = async (wanted: string) => {
    const name = wanted.trim();
    if (!name || adding) return;
    setAdding(true);
    setNotice(null);
    const image = await loadStampImage(name);
    setAdding(false);
    if (image.status !== 'loaded') {
      setNotice(noImageMessage(name));
      return;
    }
    add({
      id: newElementId(),
      kind: 'image',
      cpid: name,
      box: newImageBox(image.image.naturalWidth, image.image.naturalHeight),
    });
  };

  const addText = () => {
    const value = text.trim();
    if (!value) return;
    add({
      id: newElementId(),
      kind: 'text',
      text: value,
      box: newTextBox(textWidthPerFont(value, 0), textLines(value).length),
      font: 0,
      color: DEFAULT_TEXT_COLOR,
      shadow: DEFAULT_SHADOW_COLOR,
    });
    setText('');
  };

  const pickTemplate = async (template: MixerTemplate) => {
    if (elements.length > 0 && !(await confirm(TEMPLATE_QUESTION, 'Use template'))) return;
    const next = fromComposition(template.composition);
    if (!next) return;
    setState(next);
    setSelectedId(null);
  };

  const remove = async (id: string) => {
    if (!(await confirm(REMOVE_QUESTION, 'Remove'))) return;
    setState((current) => ({ ...current, elements: current.elements.filter((element) => element.id !== id) }));
    setSelectedId((current) => (current === id ? null : current));
  };

  const submit = (action: () => void) => (event: SyntheticEvent) => {
    event.preventDefault();
    action();
  };

  return (
    <section className="mixer" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="visually-hidden">
        Stamp Mixer
      </h2>
      <div className="mixer__workspace">
        <div className="mixer__canvas">
          {drawable ? (
            <MixerCanvas
              ref={canvas}
              elements={elements}
              background={background}
              selectedId={selectedId}
              onSelect={setSelectedId}
              onBoxChange={(id: string, box: Box) => {
                update(id, (element) => ({ ...element, box }));
              }}
            />
          ) : (
            <p className="status">{NO_CANVAS}</p>
          )}
          {onMint && (
            <button
              type="button"
              className="button mixer__mint"
              disabled={!canMint}
              onClick={() => {
                let png: Uint8Array | undefined;
                try {
                  png = canvas.current?.toPng();
                } catch {
                  // A canvas the browser will not read back (an image it holds as foreign, say).
                  setMintError(true);
                  return;
                }
                setMintError(false);
                if (png) onMint(png);
              }}
            >
              Mint
            </button>
          )}
          {mintError && <ErrorNotice message={EXPORT_ERROR} />}
        </div>

        <div className="mixer__panel">
          <form className="mixer__form" onSubmit={submit(() => void addImage(cpid))}>
            <label className="field__label" htmlFor={`${ids}-cpid`}>
              Stamp cpid
            </label>
            <div className="field__row">
              <input
                id={`${ids}-cpid`}
                className="field__input"
                value={cpid}
                placeholder="A1234..."
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => {
                  setCpid(event.target.value);
                }}
              />
              <button type="submit" className="button" disabled={adding || !cpid.trim()}>
                Add image
              </button>
            </div>
          </form>
          {notice && <ErrorNotice message={notice} />}

          <form className="mixer__form" onSubmit={submit(addText)}>
            <label className="field__label" htmlFor={`${ids}-text`}>
              Text
            </label>
            <div className="field__row">
              <input
                id={`${ids}-text`}
                className="field__input"
                value={text}
                onChange={(event) => {
                  setText(event.target.value);
                }}
              />
              <button type="submit" className="button" disabled={!text.trim()}>
                Add text
              </button>
            </div>
          </form>

          <label className="mixer__color">
            <input
              type="color"
              value={background}
              onChange={(event) => {
                const value = event.target.value;
                setState((current) => ({ ...current, background: value }));
              }}
            />
            Background
          </label>

          <div className="mixer__block">
            <h3 className="mixer__heading" id={`${ids}-templates`}>
              Templates
            </h3>
            <ul className="mixer__templates" aria-labelledby={`${ids}-templates`}>
              {TEMPLATES.map((template) => (
                <li key={template.name}>
                  <button
                    type="button"
                    className="button button--ghost mixer__small-button"
                    onClick={() => void pickTemplate(template)}
                  >
                    {template.name}
                  </button>
                </li>
              ))}
            </ul>
          </div>

          <div className="mixer__block">
            <h3 className="mixer__heading" id={`${ids}-elements`}>
              Elements
            </h3>
            {elements.length === 0 ? (
              <p className="mixer__hint">Add an image or a text, or pick a template.</p>
            ) : (
              // Front first, as the layers stack.
              <ol className="mixer__elements" aria-labelledby={`${ids}-elements`}>
                {[...elements].reverse().map((element) => (
                  <li key={element.id}>
                    <button
                      type="button"
                      className="mixer__element"
                      aria-pressed={element.id === selectedId}
                      onClick={() => {
                        setSelectedId(element.id === selectedId ? null : element.id);
                      }}
                    >
                      {elementLabel(element)}
                      {element.kind === 'image' && stampImage(element.cpid).status === 'failed' && ' (no image)'}
                    </button>
                  </li>
                ))}
              </ol>
            )}
          </div>

          {selected && (
            <fieldset className="mixer__selected">
              <legend className="mixer__heading">Selected: {elementLabel(selected)}</legend>
              <div className="mixer__actions">
                <button
                  type="button"
                  className="button button--ghost mixer__small-button"
                  disabled={index === elements.length - 1}
                  onClick={() => {
                    setState((current) => ({ ...current, elements: moveElement(current.elements, selected.id, true) }));
                  }}
                >
                  Move up
                </button>
                <button
                  type="button"
                  className="button button--ghost mixer__small-button"
                  disabled={index === 0}
                  onClick={() => {
                    setState((current) => ({
                      ...current,
                      elements: moveElement(current.elements, selected.id, false),
                    }));
                  }}
                >
                  Move down
                </button>
                <button
                  type="button"
                  className="button button--ghost mixer__small-button"
                  onClick={() => void remove(selected.id)}
                >
                  Remove
                </button>
              </div>
              {selected.kind === 'text' && (
                <>
                  <label className="field__label" htmlFor={`${ids}-edit`}>
                    Edit text
                  </label>
                  <input
                    id={`${ids}-edit`}
                    className="field__input"
                    value={selected.text}
                    onChange={(event) => {
                      updateText(selected.id, { text: event.target.value });
                    }}
                  />
                  <label className="field__label" htmlFor={`${ids}-font`}>
                    Font
                  </label>
                  <select
                    id={`${ids}-font`}
                    className="field__input"
                    value={selected.font}
                    onChange={(event) => {
                      updateText(selected.id, { font: Number(event.target.value) });
                    }}
                  >
                    {FONTS.map((font, fontIndex) => (
                      <option key={font} value={fontIndex}>
                        {font}
                      </option>
                    ))}
                  </select>
                  <div className="mixer__colors">
                    <label className="mixer__color">
                      <input
                        type="color"
                        value={selected.color}
                        onChange={(event) => {
                          updateText(selected.id, { color: event.target.value });
                        }}
                      />
                      Colour
                    </label>
                    <label className="mixer__color">
                      <input
                        type="color"
                        value={selected.shadow}
                        onChange={(event) => {
                          updateText(selected.id, { shadow: event.target.value });
                        }}
                      />
                      Shadow colour
                    </label>
                  </div>
                </>
              )}
            </fieldset>
          )}
        </div>
      </div>

      <MixerSamples onPick={(picked) => void addImage(picked)} disabled={adding} />
      {dialog}
    </section>
  );
}
