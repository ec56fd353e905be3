import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteVariant } from '@/config/site';
import { renderWithProviders, requestedUrl, stubFetchJson } from '@/testing/render';
import type { Autocomplete } from '../types';
import { SEARCH_DEBOUNCE_MS, SearchBox } from './search-box';

const PLACEHOLDER = { stamps: 'Search for a stamp...', xcp: 'Search for an XCP asset...' } as const;

const result: Autocomplete = {
  stampHits: [
    { stamp: 1234, cpid: 'A3471624412617400000', asset_longname: null },
    { stamp: 4321, cpid: 'A9999999999999999999', asset_longname: 'PEPE.rare' },
  ],
  src20Hits: [],
  collectionHits: [],
  leaderboardHits: [],
};

const everyGroup: Autocomplete = {
  ...result,
  src20Hits: [{ tick: 'kevin' }],
  collectionHits: [{ collection_id: 'A759628262854187034', name: 'Pepe Rares' }],
  leaderboardHits: [{ user_id: 'bc1qalicealicealicealicealicealicealice0', display_name: 'alice' }],
};

function Location() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname}</output>;
}

function renderBox({ route = '/', site = 'stamps' }: { route?: string; site?: SiteVariant } = {}) {
  renderWithProviders(
    <>
      <SearchBox />
      <Location />
    </>,
    { route, site },
  );
  return screen.getByPlaceholderText(PLACEHOLDER[site]);
}

function location() {
  return screen.getByRole('status', { name: 'location' });
}

function overlay() {
  return document.querySelector('.search-overlay');
}

describe('SearchBox', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each<SiteVariant>(['stamps', 'xcp'])('has the spec placeholder and a label on the %s site', (site) => {
    const input = renderBox({ site });
    expect(input).toHaveAccessibleName(site === 'xcp' ? 'Search assets' : 'Search stamps');
  });

  it('opens the overlay on focus and locks page scroll; Escape clears the text, closes and unlocks', () => {
    document.body.style.overflow = 'auto';
    const input = renderBox();
    expect(overlay()).toBeNull();

    fireEvent.focus(input);
    expect(overlay()).not.toBeNull();
    expect(document.body.style.overflow).toBe('hidden');

    fireEvent.change(input, { target: { value: 'pepe' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input).toHaveValue('');
    expect(overlay()).toBeNull();
    expect(document.body.style.overflow).toBe('auto');
  });

  it('closes when the overlay is clicked, keeping the text', () => {
    const input = renderBox();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'pepe' } });
    const backdrop = overlay();
    expect(backdrop).not.toBeNull();
    if (backdrop) fireEvent.click(backdrop);
    expect(overlay()).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(input).toHaveValue('pepe');
  });

  it('asks for suggestions only after 300 ms without typing', async () => {
    vi.useFakeTimers();
    const fetchMock = stubFetchJson(200, result);
    const input = renderBox();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'pe' } });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    fireEvent.change(input, { target: { value: 'pepe' } });
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    });
    expect(fetchMock).not.toHaveBeenCalled();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(new URL(requestedUrl(fetchMock.mock.calls[0]?.[0])).pathname).toBe('/api/autocomplete/pepe');
  });

  it("groups the suggestions under 'Stamps', linking to the stamp pages", async () => {
    stubFetchJson(200, result);
    const input = renderBox();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'a' } });

    const group = await screen.findByRole('region', { name: 'Stamps' });
    const links = within(group).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', '/stamp/A3471624412617400000');
    expect(links[0]).toHaveTextContent('#1234');
    expect(links[1]).toHaveTextContent('PEPE.rare');

    if (links[0]) fireEvent.click(links[0]);
    expect(location()).toHaveTextContent('/stamp/A3471624412617400000');
    expect(overlay()).toBeNull();
  });

  it("calls the group 'Assets' and links /asset/{cpid} on the XCP site", async () => {
    stubFetchJson(200, result);
    const input = renderBox({ site: 'xcp' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'a' } });

    const group = await screen.findByRole('region', { name: 'Assets' });
    expect(within(group).getAllByRole('link')[0]).toHaveAttribute('href', '/asset/A3471624412617400000');
    expect(screen.queryByRole('region', { name: 'Stamps' })).not.toBeInTheDocument();
  });

  it('shows no group when nothing matches', async () => {
    stubFetchJson(200, {
      stampHits: [],
      src20Hits: [],
      collectionHits: [],
      leaderboardHits: [],
    } satisfies Autocomplete);
    const input = renderBox();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'zzz' } });
    expect(await screen.findByText('NO RESULTS')).toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('submits straight to the one exact match and closes', async () => {
    const fetchMock = stubFetchJson(200, result);
    const input = renderBox();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'a3471624412617400000' } });
    fireEvent.submit(screen.getByRole('search'));

    await waitFor(() => {
      expect(location()).toHaveTextContent('/stamp/A3471624412617400000');
    });
    expect(requestedUrl(fetchMock.mock.calls[0]?.[0])).toMatch(/\/api\/autocomplete\/a3471624412617400000$/);
    expect(overlay()).toBeNull();
  });

  it('submits a cpid to that stamp under /asset on the XCP site, and a stamp number to the finder', async () => {
    stubFetchJson(200, result);
    const input = renderBox({ site: 'xcp' });
    fireEvent.change(input, { target: { value: 'a9999999999999999999' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => {
      expect(location()).toHaveTextContent('/asset/A9999999999999999999');
    });
    fireEvent.change(input, { target: { value: '4321' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => {
      expect(location()).toHaveTextContent('/search/4321');
    });
  });

  it('groups the suggestions as Stamps, Src20, Collections and Users, each linking to its page', async () => {
    stubFetchJson(200, everyGroup);
    const input = renderBox();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'a' } });
    await screen.findByRole('region', { name: 'Stamps' });
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'))).toEqual([
      'search-group-stamps',
      'search-group-src20',
      'search-group-collections',
      'search-group-users',
    ]);
    expect(within(screen.getByRole('region', { name: 'Src20' })).getByRole('link', { name: 'kevin' })).toHaveAttribute(
      'href',
      '/src20/tick/kevin',
    );
    expect(
      within(screen.getByRole('region', { name: 'Collections' })).getByRole('link', { name: 'Pepe Rares' }),
    ).toHaveAttribute('href', '/collection/A759628262854187034');
    expect(within(screen.getByRole('region', { name: 'Users' })).getByRole('link', { name: 'alice' })).toHaveAttribute(
      'href',
      '/profile/alice',
    );
  });

  it('submits a user, a collection or a tick matched exactly to its page', async () => {
    stubFetchJson(200, everyGroup);
    const input = renderBox();
    for (const [text, target] of [
      ['Alice', '/profile/alice'],
      ['pepe rares', '/collection/A759628262854187034'],
      ['KEVIN', '/src20/tick/kevin'],
    ] as const) {
      fireEvent.change(input, { target: { value: text } });
      fireEvent.submit(screen.getByRole('search'));
      await waitFor(() => {
        expect(location()).toHaveTextContent(target);
      });
    }
  });

  it('submits to /search/{text} without an exact match, and when suggestions fail', async () => {
    stubFetchJson(200, result);
    const input = renderBox();
    fireEvent.change(input, { target: { value: 'pepe' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => {
      expect(location()).toHaveTextContent('/search/pepe');
    });

    stubFetchJson(500, { error: 'down' });
    fireEvent.change(input, { target: { value: '1234' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => {
      expect(location()).toHaveTextContent('/search/1234');
    });
  });

  it("starts from the finder page's text and goes back to /search when emptied", () => {
    const input = renderBox({ route: '/search/pepe' });
    expect(input).toHaveValue('pepe');
    fireEvent.change(input, { target: { value: '' } });
    expect(location()).toHaveTextContent(/^\/search$/);
    expect(input).toHaveValue('');
  });

  it('stays put when emptied outside the finder', () => {
    const input = renderBox({ route: '/stamp/A1' });
    fireEvent.change(input, { target: { value: 'p' } });
    fireEvent.change(input, { target: { value: '' } });
    expect(location()).toHaveTextContent('/stamp/A1');
  });
});
