import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useEffect, useRef } from 'react';
import type { JsonEditorProps } from './json-editor';

/** The site's dark look: its surfaces, borders, text and accent. */
const theme = EditorView.theme(
  {
    '&': {
      maxHeight: '60vh',
      border: '1px solid var(--border)',
      borderRadius: '8px',
      backgroundColor: 'var(--surface)',
      color: 'var(--text)',
      fontSize: '0.9rem',
    },
    '&.cm-focused': { outline: '2px solid var(--accent)', outlineOffset: '1px' },
    '.cm-scroller': { overflow: 'auto', fontFamily: 'var(--mono)', lineHeight: '1.5' },
    '.cm-content': { padding: '8px 0', caretColor: 'var(--accent)' },
    '.cm-content, .cm-gutter': { minHeight: '240px' },
    '.cm-gutters': { border: 'none', borderRadius: '8px 0 0 8px', backgroundColor: 'var(--surface-2)' },
    '.cm-lineNumbers .cm-gutterElement': { color: 'var(--muted)' },
    '.cm-activeLine': { backgroundColor: 'rgba(255, 255, 255, 0.04)' },
    '.cm-activeLineGutter': { backgroundColor: 'rgba(255, 255, 255, 0.08)' },
    '&.cm-focused .cm-cursor': { borderLeftColor: 'var(--accent)' },
    '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground': {
      backgroundColor: 'rgba(247, 147, 26, 0.28)',
    },
    '&.cm-focused .cm-matchingBracket': { backgroundColor: 'rgba(62, 207, 142, 0.3)', outline: 'none' },
    '&.cm-focused .cm-nonmatchingBracket': { backgroundColor: 'rgba(255, 107, 107, 0.35)', outline: 'none' },
  },
  { dark: true },
);

/** JSON's tokens in colours that read on the dark surface. */
const highlight = HighlightStyle.define([
  { tag: tags.propertyName, color: '#f7931a' },
  { tag: tags.string, color: '#a3d9ff' },
  { tag: tags.number, color: '#3ecf8e' },
  { tag: [tags.bool, tags.null], color: '#ff9ecf' },
  { tag: [tags.brace, tags.squareBracket, tags.separator], color: '#9a9aa8' },
]);

/** The CodeMirror view of `JsonEditor`, loaded lazily (the default export that `React.lazy` takes). */
export default function CodeMirrorJson({ initialValue, onChange, label }: JsonEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    const parent = hostRef.current;
    if (!parent) return undefined;
    const view = new EditorView({
      parent,
      state: EditorState.create({
        doc: initialValue,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          highlightActiveLine(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          json(),
          syntaxHighlighting(highlight),
          theme,
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    return () => {
      view.destroy();
    };
  }, [initialValue, label]);
  return <div ref={hostRef} />;
}
