import { lazy, Suspense } from 'react';
import { Loading } from '@/components/ui/status';

// CodeMirror arrives with the first editor shown, never with a page's own code.
const CodeMirrorJson = lazy(() => import('./code-mirror-json'));

/** A JSON editor's text and accessible name. */
export type JsonEditorProps = {
  /** The text the editor starts with; the editor then holds the text (a new value is not applied). */
  initialValue: string;
  /** Called with the whole text after each change. */
  onChange: (text: string) => void;
  /** The editor's accessible name. */
  label: string;
};

/**
 * A JSON editor (CodeMirror 6): line numbers, JSON highlighting, bracket matching, undo history and the standard
 * keys (Tab is left to move the focus). Its code loads when it is first shown; meanwhile a loading notice.
 */
export function JsonEditor(props: JsonEditorProps) {
  return (
    <Suspense fallback={<Loading />}>
      <CodeMirrorJson {...props} />
    </Suspense>
  );
}
