import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARD_TEXT_CHARS, cardText, isTextMimetype } from '@/lib/stamp-text';
import { renderWithProviders, requestedUrl } from '@/testing/render';
import { StampImage } from './stamp-image';
import { StampText, TEXT_LOAD_ERROR } from './stamp-text';

const POEM = 'The quiet fox runs to the hill\n<b>not bold</b> & <script>alert(1)</script>\n';

function stubText(status: number, text: string) {
  const fetchMock = vi.fn<(input: RequestInfo | URL) => Promise<Response>>(() =>
    Promise.resolve(new Response(text, { status, headers: { 'Content-Type': 'text/plain' } })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('text stamp rules', () => {
  it('knows plain text by its MIME type', () => {
    expect(isTextMimetype('text/plain')).toBe(true);
    expect(isTextMimetype('TEXT/PLAIN; charset=utf-8')).toBe(true);
    expect(isTextMimetype('text/html')).toBe(false);
    expect(isTextMimetype(null)).toBe(false);
  });

  it('cuts a card text after its characters, keeping whole emoji', () => {
    expect(cardText('short')).toBe('short');
    const long = '🐸'.repeat(CARD_TEXT_CHARS + 5);
    expect(cardText(long)).toBe(`${'🐸'.repeat(CARD_TEXT_CHARS)}…`);
  });
});

describe('StampText', () => {
  it("shows a text stamp's file as text on its page, never as HTML", async () => {
    const fetchMock = stubText(200, POEM);
    const { container } = renderWithProviders(<StampText url="/s/A1" label="Text of stamp #-5" />);
    const block = screen.getByRole('region', { name: 'Text of stamp #-5' });
    await waitFor(() => {
      expect(block.querySelector('pre')?.textContent).toBe(POEM);
    });
    expect(requestedUrl(fetchMock.mock.calls[0]?.[0])).toMatch(/\/s\/A1$/);
    expect(container.querySelector('b, script')).toBeNull();
  });

  it('says when the text cannot be fetched', async () => {
    stubText(404, '{"error":"Stamp not found"}');
    renderWithProviders(<StampText url="/s/A1" label="Text" />);
    expect(await screen.findByText(TEXT_LOAD_ERROR)).toBeInTheDocument();
  });

  it("previews a text stamp's text on a card, and fetches nothing for an image", async () => {
    const fetchMock = stubText(200, POEM);
    renderWithProviders(
      <>
        <StampImage cpid="A1" stamp={-5} url="/s/A1" mimetype="text/plain" />
        <StampImage cpid="A2" stamp={6} url="/s/A2" mimetype="image/png" />
      </>,
    );
    const card = screen.getByRole('img', { name: 'Stamp #-5 A1' });
    await waitFor(() => {
      expect(card).toHaveTextContent('The quiet fox runs to the hill');
    });
    expect(card).not.toHaveTextContent('PLAIN');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('img', { name: 'Stamp #6 A2' })).toHaveAttribute('src', '/s/A2');
  });
});
