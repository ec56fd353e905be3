import { EditorView } from '@codemirror/view';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SRC721_DEFAULTS } from '../builder';
import { Src721Builder } from './src721-builder';

function deployText(changes: Record<string, unknown>): string {
  return JSON.stringify({ ...SRC721_DEFAULTS, name: 'Robots', ...changes }, null, 2);
}

const VALID = deployText({ t0: ['A1234', 'A5678'], t1: ['A9012'] });

/** The editor's view, once its code has loaded. */
async function editorView(): Promise<EditorView> {
  const content = await screen.findByRole('textbox', { name: 'SRC-721 deploy JSON' });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error('no editor view');
  return view;
}

/** Replaces the editor's whole text, as typing would. */
async function typeJson(text: string) {
  const view = await editorView();
  act(() => {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
  });
}

describe('Src721Builder', () => {
  it("starts from the spec's defaults and says the first failing check in red", async () => {
    render(<Src721Builder />);
    const view = await editorView();
    expect(JSON.parse(view.state.doc.toString())).toEqual(SRC721_DEFAULTS);
    expect(screen.getByRole('alert')).toHaveTextContent('Collection Name is required');
    // Without a handler the site cannot mint the deploy: no button.
    expect(screen.queryByRole('button', { name: 'Mint' })).not.toBeInTheDocument();
  });

  it('follows the edited JSON: the message at once, the preview once typing stops', async () => {
    render(<Src721Builder onMint={vi.fn()} />);
    await typeJson(VALID);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The defaults' empty layers until the preview follows.
    expect(screen.getByRole('list', { name: 'Layer t0' })).toBeEmptyDOMElement();
    const layers = screen.getByRole('list', { name: 'Layers' });
    expect(await within(layers).findByRole('img', { name: 't0: A1234' })).toHaveAttribute('src', '/s/A1234');
    expect(within(layers).getByRole('img', { name: 't0: A5678' })).toHaveAttribute('src', '/s/A5678');
    expect(within(layers).getByRole('img', { name: 't1: A9012' })).toHaveAttribute('src', '/s/A9012');
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Mint' })).toBeEnabled();
    });

    await typeJson('{"name": "Robots",');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid JSON');
    expect(screen.getByRole('button', { name: 'Mint' })).toBeDisabled();
  });

  it('shows a 404 placeholder for an entry whose image does not load', async () => {
    render(<Src721Builder initialText={deployText({ t0: ['A1234', 'NOPE'] })} />);
    const layer = await screen.findByRole('list', { name: 'Layer t0' });
    fireEvent.error(within(layer).getByRole('img', { name: 't0: NOPE' }));
    const missing = within(layer).getByRole('img', { name: 't0: NOPE' });
    expect(missing.tagName).toBe('DIV');
    expect(missing).toHaveTextContent('404');
    expect(within(layer).getByRole('img', { name: 't0: A1234' })).toHaveAttribute('src', '/s/A1234');
  });

  it('keeps Mint disabled while a previewed layer is empty', async () => {
    render(<Src721Builder onMint={vi.fn()} initialText={deployText({ t0: ['A1234'], t1: [] })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Empty layers for t1');
    expect(await screen.findByRole('list', { name: 'Layer t1' })).toBeEmptyDOMElement();
    expect(screen.getByRole('button', { name: 'Mint' })).toBeDisabled();

    // Filled in, the check passes at once; Mint waits for the preview, whose layer is still empty.
    await typeJson(deployText({ t0: ['A1234'], t1: ['A9012'] }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Layer t1' })).toBeEmptyDOMElement();
    expect(screen.getByRole('button', { name: 'Mint' })).toBeDisabled();
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Mint' })).toBeEnabled();
    });
    expect(screen.getByRole('img', { name: 't1: A9012' })).toBeInTheDocument();
  });

  it("hands the deploy stamp's file to the mint", async () => {
    const onMint = vi.fn();
    render(<Src721Builder onMint={onMint} initialText={VALID} />);
    const mint = screen.getByRole('button', { name: 'Mint' });
    expect(mint).toBeEnabled();
    fireEvent.click(mint);
    expect(onMint).toHaveBeenCalledWith(
      '{"p":"src-721","v":"1","op":"deploy","name":"Robots","symbol":"","description":"",' +
        '"type":"data:image/png;base64","viewbox":"0 0 28 28","max":"10000","lim":"1","icon":"",' +
        '"t0":["A1234","A5678"],"t1":["A9012"]}',
    );
    await editorView();
  });
});
