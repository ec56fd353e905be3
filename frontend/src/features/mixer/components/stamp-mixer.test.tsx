import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetchRoutes } from '@/testing/render';
import type { Composition } from '../composition';
import { MIXER_STORAGE_KEY } from '../storage';
import { TEMPLATES } from '../templates';
import { SAMPLES_ERROR } from './mixer-samples';
import { NO_CANVAS, REMOVE_QUESTION, StampMixer, TEMPLATE_QUESTION } from './stamp-mixer';

/** A page of stamp search hits with these cpids. */
function hits(cpids: string[], total: number) {
  return { hits: cpids.map((cpid, index) => ({ cpid, stamp: index })), estimatedTotalHits: total, offset: 0 };
}

const SAMPLES = Array.from({ length: 50 }, (_, index) => `A${String(1000 + index)}`);

function stubSamples() {
  return stubFetchRoutes((url) =>
    url.pathname === '/api/search' && url.searchParams.get('limit') === '1'
      ? { body: hits(['A1'], 5000) }
      : { body: hits(SAMPLES, 5000) },
  );
}

/** The composition kept in local storage. */
function stored(): Composition {
  return JSON.parse(localStorage.getItem(MIXER_STORAGE_KEY) ?? 'null') as Composition;
}

function renderMixer(onMint = vi.fn()) {
  stubSamples();
  return renderWithProviders(<StampMixer onMint={onMint} />);
}

function elementList() {
  return within(screen.getByRole('list', { name: 'Elements' }));
}

function addText(text: string) {
  fireEvent.change(screen.getByLabelText('Text'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Add text' }));
}

describe('StampMixer', () => {
  it('starts empty, its Mint disabled; without a canvas it says so and cannot mint', () => {
    renderMixer();
    expect(screen.getByText(NO_CANVAS)).toBeInTheDocument();
    expect(screen.getByText('Add an image or a text, or pick a template.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mint' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add text' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add image' })).toBeDisabled();
  });

  it('adds a text at a font of 20% of the canvas, white on a black shadow in Impact, and keeps it', () => {
    renderMixer();
    addText('GM');
    expect(elementList().getByRole('button', { name: 'Text "GM"' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Text')).toHaveValue('');
    const [entry] = stored().elements;
    expect(entry?.[0]).toBe(1);
    expect(entry?.[1]).toBe('GM');
    expect(entry?.[2][3]).toBe(20);
    expect(entry?.[3]).toEqual([0, '#ffffff', '#000000']);
    expect(stored().background).toBe('#ffffff');
  });

  it("edits the selected text's words, font and colours", () => {
    renderMixer();
    addText('GM');
    fireEvent.change(screen.getByLabelText('Edit text'), { target: { value: 'GN' } });
    fireEvent.change(screen.getByLabelText('Font'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Colour'), { target: { value: '#ff0000' } });
    fireEvent.change(screen.getByLabelText('Shadow colour'), { target: { value: '#00ff00' } });
    fireEvent.change(screen.getByLabelText('Background'), { target: { value: '#0000ff' } });
    const [entry] = stored().elements;
    expect(entry?.[1]).toBe('GN');
    expect(entry?.[3]).toEqual([3, '#ff0000', '#00ff00']);
    expect(stored().background).toBe('#0000ff');
    expect(screen.getByRole('option', { name: 'Comic Sans MS' })).toHaveProperty('selected', true);
  });

  it('restores the composition kept from an earlier visit', () => {
    const composition: Composition = {
      background: '#123456',
      elements: [
        [0, 'A42', [10, 10, 30, 30, 0]],
        [1, 'HELLO', [5, 70, 90, 20, 0], [2, '#ffffff', '#000000']],
      ],
    };
    localStorage.setItem(MIXER_STORAGE_KEY, JSON.stringify(composition));
    renderMixer();
    expect(
      elementList()
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Text "HELLO"', 'Image A42']);
    expect(screen.getByLabelText('Background')).toHaveValue('#123456');
    expect(stored()).toEqual(composition);
  });

  it('moves the selected element up and down the order, the list front first', () => {
    renderMixer();
    addText('ONE');
    addText('TWO');
    const names = () =>
      elementList()
        .getAllByRole('button')
        .map((button) => button.textContent);
    expect(names()).toEqual(['Text "TWO"', 'Text "ONE"']);
    expect(screen.getByRole('button', { name: 'Move up' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Move down' }));
    expect(names()).toEqual(['Text "ONE"', 'Text "TWO"']);
    expect(stored().elements.map((entry) => entry[1])).toEqual(['TWO', 'ONE']);
    expect(screen.getByRole('button', { name: 'Move down' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Move up' }));
    expect(names()).toEqual(['Text "TWO"', 'Text "ONE"']);
  });

  it('removes the selected element only once confirmed', async () => {
    renderMixer();
    addText('GM');
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const question = await screen.findByRole('alertdialog', { name: 'Please confirm' });
    expect(question).toHaveTextContent(REMOVE_QUESTION);
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });
    expect(elementList().getByRole('button', { name: 'Text "GM"' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Add an image or a text, or pick a template.')).toBeInTheDocument();
    // The composition is saved by an effect after the render that shows the empty canvas.
    await waitFor(() => {
      expect(stored().elements).toEqual([]);
    });
  });

  it('applies a template at once on an empty canvas', () => {
    renderMixer();
    const [template] = TEMPLATES;
    if (!template) throw new Error('no template');
    fireEvent.click(screen.getByRole('button', { name: template.name }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(stored()).toEqual(template.composition);
  });

  it('asks before a template replaces the elements: all current elements are lost', async () => {
    renderMixer();
    addText('MINE');
    fireEvent.click(screen.getByRole('button', { name: 'Headline' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent(TEMPLATE_QUESTION);
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });
    expect(stored().elements.map((entry) => entry[1])).toEqual(['MINE']);

    fireEvent.click(screen.getByRole('button', { name: 'Headline' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Use template' }));
    await waitFor(() => {
      expect(stored().elements.map((entry) => entry[1])).toEqual(['HEADLINE']);
    });
    expect(
      elementList()
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Text "HEADLINE"']);
  });

  it('offers 50 random image stamps from a random page of the stamp search', async () => {
    const fetchMock = stubSamples();
    renderWithProviders(<StampMixer />);
    const samples = await screen.findByRole('list', { name: 'Samples' });
    const buttons = within(samples).getAllByRole('button');
    expect(buttons).toHaveLength(50);
    expect(buttons.map((button) => button.getAttribute('title')).sort()).toEqual(SAMPLES.map((cpid) => `Add ${cpid}`));
    expect(within(samples).getByRole('img', { name: 'Add A1000' })).toHaveAttribute('src', '/s/A1000');
    const urls = fetchMock.mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : String(input)));
    expect(urls.map((url) => url.searchParams.get('types'))).toEqual(['png,gif,jpeg', 'png,gif,jpeg']);
    expect(urls.map((url) => url.searchParams.get('limit'))).toEqual(['1', '50']);
    const offset = Number(urls[1]?.searchParams.get('offset'));
    expect(offset).toBeGreaterThanOrEqual(0);
    expect(offset).toBeLessThanOrEqual(4950);
    // Without a mint handler there is no Mint button.
    expect(screen.queryByRole('button', { name: 'Mint' })).not.toBeInTheDocument();
  });

  it('says so when the samples cannot be fetched', async () => {
    stubFetchRoutes(() => ({ status: 500, body: {} }));
    renderWithProviders(<StampMixer />);
    expect(await screen.findByText(SAMPLES_ERROR)).toBeInTheDocument();
  });
});
