import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, requestedUrl, stubFetchRoutes } from '@/testing/render';
import { makeCollection, makeGooseData } from '../fixtures';
import { forgetGooseData } from '../use-goose-data';
import { GooseTool } from './goose-tool';

const info = {
  history: [
    [1786834167, 2],
    [1786877967, 12],
  ],
  totalMinters: 5,
  firstMintDate: 1786834167,
  lastMintDate: 1786877967,
  topMinters: [{ address: 'bc1qwwnw8sxhucjd42nqu75yf7wrntgl6ceglmhpg7', count: 6 }],
  stamps: [],
};

const goose = makeGooseData();

/** Each draw of `crypto.getRandomValues` gives the next of these values. */
function randomValues(...values: number[]) {
  let index = 0;
  return vi.spyOn(crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
    if (array instanceof Uint32Array) array[0] = values[index++] ?? 0;
    return array;
  });
}

function renderTool(launchpad: { status?: number; body: unknown } = { body: info }) {
  const fetchMock = stubFetchRoutes((url) =>
    url.pathname === '/api/launchpad/goose' ? launchpad : { status: 404, body: { error: 'not found' } },
  );
  renderWithProviders(<GooseTool collection={makeCollection({ collection_id: 'goose', is_launchpad: true })} />);
  return fetchMock;
}

/** The data script the tool appended. */
function gooseScripts() {
  return [...document.head.querySelectorAll('script')].filter((script) => script.src.endsWith('/goose/data.js'));
}

/** The script runs: it sets `window.stampsGoose` to `data` and loads. */
function runScript(data: unknown) {
  const [script] = gooseScripts();
  if (!script) throw new Error('no goose data script');
  act(() => {
    window.stampsGoose = data;
    script.dispatchEvent(new Event('load'));
  });
}

/** The SVG text of a `data:image/svg+xml` URL. */
function decodeSvgUrl(url: string | null): string {
  return decodeURIComponent((url ?? '').slice((url ?? '').indexOf(',') + 1));
}

describe('GooseTool', () => {
  afterEach(() => {
    forgetGooseData();
  });

  it('says the data can take up to 2 minutes until the script is ready, then shows the goose its digits pick', () => {
    randomValues(12_345);
    renderTool();
    const tool = screen.getByRole('region', { name: 'Random goose' });
    expect(within(tool).getByRole('status')).toHaveTextContent('Loading goose data...');
    expect(tool).toHaveTextContent('Goose data can take up to 2 minutes to load.');
    expect(within(tool).queryByRole('img')).not.toBeInTheDocument();
    const scripts = gooseScripts();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.getAttribute('src')).toBe('/goose/data.js');
    expect(scripts[0]?.async).toBe(true);

    runScript(goose);
    const image = within(tool).getByRole('img', { name: 'Goose #012345' });
    const src = image.getAttribute('src');
    expect(src).toMatch(/^data:image\/svg\+xml[;,]/);
    const svg = decodeSvgUrl(src);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 24 24"/);
    expect([...svg.matchAll(/id="(L\dD\d)"/g)].map(([, id]) => id)).toEqual([
      'L0D0',
      'L1D1',
      'L2D2',
      'L3D3',
      'L4D4',
      'L5D5',
    ]);
    expect(tool).toHaveTextContent('#012345');
    expect(within(tool).queryByRole('status')).not.toBeInTheDocument();
    expect(tool).not.toHaveTextContent('2 minutes');
    // The cpid's prefix is not shown; the mint button is closed without a public mint.
    expect(document.body).not.toHaveTextContent('A1000000000000');
    expect(
      within(tool)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Pick another', 'Mint Closed']);
  });

  it('mints from the goose launchpad once the data has loaded, while its public mint is open', () => {
    randomValues(7);
    vi.spyOn(Date, 'now').mockReturnValue(5_000_000);
    stubFetchRoutes(() => ({ status: 404, body: { error: 'not found' } }));
    const collection = makeCollection({
      collection_id: 'goose',
      is_launchpad: true,
      fee: 15_000,
      public_mint: [1_000_000, 9_000_000],
    });
    const { store } = renderWithProviders(<GooseTool collection={collection} />, { logged: 'unisat' });
    const tool = screen.getByRole('region', { name: 'Random goose' });
    expect(within(tool).getByRole('button', { name: 'Mint Now' })).toBeDisabled();
    runScript(goose);
    fireEvent.click(within(tool).getByRole('button', { name: 'Mint Now' }));
    expect(store.getState().mint).toEqual({ request: { action: 'mint-launchpad', collection }, pending: false });
    vi.restoreAllMocks();
  });

  it('picks another random goose on request', () => {
    randomValues(908_071, 4_294_500_000, 3);
    renderTool();
    runScript(goose);
    const tool = screen.getByRole('region', { name: 'Random goose' });
    expect(within(tool).getByRole('img', { name: 'Goose #908071' })).toBeInTheDocument();
    fireEvent.click(within(tool).getByRole('button', { name: 'Pick another' }));
    // 4,294,500,000 is in the incomplete last million: drawn again.
    const image = within(tool).getByRole('img', { name: 'Goose #000003' });
    expect(decodeSvgUrl(image.getAttribute('src'))).toContain('<rect id="L5D3"');
    expect(tool).toHaveTextContent('#000003');
  });

  it('loads one script for the page, shared by two tools, and reuses the data once read', () => {
    randomValues(1, 2, 3);
    renderTool();
    renderWithProviders(<GooseTool collection={makeCollection({ collection_id: 'goose', is_launchpad: true })} />);
    expect(gooseScripts()).toHaveLength(1);
    runScript(goose);
    expect(screen.getByRole('img', { name: 'Goose #000001' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Goose #000002' })).toBeInTheDocument();
    renderWithProviders(<GooseTool collection={makeCollection({ collection_id: 'goose', is_launchpad: true })} />);
    expect(screen.getByRole('img', { name: 'Goose #000003' })).toBeInTheDocument();
    expect(gooseScripts()).toHaveLength(1);
  });

  it('says it could not load the data when the script fails, and tries again on request', () => {
    randomValues(7);
    renderTool();
    const tool = screen.getByRole('region', { name: 'Random goose' });
    const [failed] = gooseScripts();
    act(() => {
      failed?.dispatchEvent(new Event('error'));
    });
    expect(within(tool).getByRole('alert')).toHaveTextContent("Couldn't load the goose data, try again later.");
    expect(within(tool).queryByRole('status')).not.toBeInTheDocument();

    fireEvent.click(within(tool).getByRole('button', { name: 'Try again' }));
    expect(within(tool).getByRole('status')).toHaveTextContent('Loading goose data...');
    expect(tool).toHaveTextContent('Goose data can take up to 2 minutes to load.');
    // The failed element is replaced by a new one.
    const scripts = gooseScripts();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).not.toBe(failed);
    runScript(goose);
    expect(within(tool).getByRole('img', { name: 'Goose #000007' })).toBeInTheDocument();
    expect(within(tool).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('fails on data of another shape', () => {
    renderTool();
    runScript({ ...goose, layers: goose.layers.slice(1) });
    const tool = screen.getByRole('region', { name: 'Random goose' });
    expect(within(tool).getByRole('alert')).toHaveTextContent("Couldn't load the goose data, try again later.");
    expect(within(tool).queryByRole('img')).not.toBeInTheDocument();
    expect(within(tool).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the stats of /api/launchpad/goose as the generic tool does', async () => {
    const fetchMock = renderTool();
    const stats = await screen.findByRole('region', { name: 'Launchpad stats' });
    expect(stats).toHaveTextContent('Minters5');
    expect(stats).toHaveTextContent('First mint2026-08-15 22:49 UTC');
    expect(stats).toHaveTextContent('Last mint2026-08-16 10:59 UTC');
    expect(within(stats).getByRole('figure', { name: 'Mint history' })).toBeInTheDocument();
    expect(
      within(within(stats).getByRole('table', { name: 'Top minters' })).getByRole('link', { name: 'bc1qw...mhpg7' }),
    ).toHaveAttribute('href', '/profile/bc1qwwnw8sxhucjd42nqu75yf7wrntgl6ceglmhpg7');
    expect(fetchMock.mock.calls.map(([input]) => new URL(requestedUrl(input)).pathname)).toEqual([
      '/api/launchpad/goose',
    ]);
  });

  it('shows the goose without stats when the launchpad has none (404)', async () => {
    randomValues(5);
    const fetchMock = renderTool({ status: 404, body: { error: 'Launchpad not found' } });
    runScript(goose);
    expect(screen.getByRole('img', { name: 'Goose #000005' })).toBeInTheDocument();
    await vi.waitFor(() => {
      expect(fetchMock).toHaveBeenCalled();
    });
    expect(screen.queryByRole('region', { name: 'Launchpad stats' })).not.toBeInTheDocument();
  });
});
