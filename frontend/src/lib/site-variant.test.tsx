import { fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { Link, MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeTestStore } from '@/testing/render';
import { initialSiteVariant, SITE_STORAGE_KEY, siteParamRead, siteSlice, useSite, useSiteParam } from './site-variant';

function storage(value: string | null): Pick<Storage, 'getItem'> {
  return { getItem: (key) => (key === SITE_STORAGE_KEY ? value : null) };
}

describe('initialSiteVariant', () => {
  it('takes the URL override first', () => {
    expect(initialSiteVariant('?site=xcp', storage('stamps'))).toBe('xcp');
    expect(initialSiteVariant('?site=stamps', storage('xcp'))).toBe('stamps');
  });

  it("falls back to the session's choice, then to the Stamps site", () => {
    expect(initialSiteVariant('', storage('xcp'))).toBe('xcp');
    expect(initialSiteVariant('?site=bogus', storage('bogus'))).toBe('stamps');
    expect(initialSiteVariant('', null)).toBe('stamps');
  });
});

describe('siteSlice', () => {
  it('switches the variant when a ?site= override is read', () => {
    const state = siteSlice.reducer(undefined, siteParamRead('xcp'));
    expect(state).toEqual({ variant: 'xcp' });
    expect(siteSlice.reducer(state, siteParamRead('stamps'))).toEqual({ variant: 'stamps' });
  });
});

function Shell() {
  useSiteParam();
  const site = useSite();
  return (
    <>
      <output>{site.stampsWord}</output>
      <Link to="/search">finder</Link>
      <Link to="/?site=stamps">back to stamps</Link>
    </>
  );
}

describe('useSiteParam', () => {
  it('applies ?site= from the URL, keeps it across navigation and remembers it for the session', () => {
    const store = makeTestStore('stamps');
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/?site=xcp']}>
          <Shell />
        </MemoryRouter>
      </Provider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Assets');
    expect(store.getState().site.variant).toBe('xcp');
    expect(sessionStorage.getItem(SITE_STORAGE_KEY)).toBe('xcp');

    fireEvent.click(screen.getByRole('link', { name: 'finder' }));
    expect(screen.getByRole('status')).toHaveTextContent('Assets');

    fireEvent.click(screen.getByRole('link', { name: 'back to stamps' }));
    expect(screen.getByRole('status')).toHaveTextContent('Stamps');
    expect(sessionStorage.getItem(SITE_STORAGE_KEY)).toBe('stamps');
  });
});
