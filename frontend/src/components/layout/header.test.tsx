import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NAVIGATION } from '@/config/navigation';
import type { SiteVariant } from '@/config/site';
import { renderWithProviders } from '@/testing/render';
import { Header } from './header';

function renderHeader(site: SiteVariant) {
  renderWithProviders(<Header search={<input aria-label="search slot" />} />, { site });
  return screen.getByRole('banner');
}

describe('Header', () => {
  it.each<SiteVariant>(['stamps', 'xcp'])(
    'shows the available navigation of the %s site, in the spec order',
    (site) => {
      const header = renderHeader(site);
      const nav = within(header).getByRole('navigation', { name: 'Main' });
      const labels = within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent);
      const expected = NAVIGATION[site].filter((entry) => entry.available).map((entry) => entry.label);
      expect(labels).toEqual(expected);
      expect(within(nav).getByRole('link', { name: 'Finder' })).toHaveAttribute('href', '/search');
    },
  );

  it("links the XCP site's Stamps entry to the Stamps site, never marked as the page shown", () => {
    const header = renderHeader('xcp');
    const stamps = within(within(header).getByRole('navigation', { name: 'Main' })).getByRole('link', {
      name: 'Stamps',
    });
    expect(stamps).toHaveAttribute('href', '/?site=stamps');
    expect(stamps).not.toHaveAttribute('aria-current');
  });

  it("draws an entry's menu in its place when the app gives one", () => {
    renderWithProviders(
      <Header
        search={null}
        menus={{ Directories: (entry) => <a href={entry.href}>{`${entry.label} with menu`}</a> }}
      />,
      { site: 'xcp' },
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Directories with menu' })).toHaveAttribute('href', '/directories');
    expect(within(nav).queryByRole('link', { name: 'Directories' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Leaderboard' })).toBeInTheDocument();
  });

  it('holds the logo, the search slot and the account slot the app gives', () => {
    const header = renderHeader('stamps');
    expect(within(header).getByRole('link', { name: 'Bitcoin Stamps, home' })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('textbox', { name: 'search slot' })).toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: /connect/i })).not.toBeInTheDocument();
    renderWithProviders(<Header search={null} account={<button type="button">Connect</button>} />);
    expect(screen.getAllByRole('banner')[1]).toContainElement(screen.getByRole('button', { name: 'Connect' }));
  });
});

describe('Logo', () => {
  it('shows the Stamps brand on the Stamps site', () => {
    const header = renderHeader('stamps');
    const logo = within(header).getByRole('link', { name: 'Bitcoin Stamps, home' });
    expect(logo).toHaveTextContent('STAMPS');
  });

  it('shows its own brand on the XCP site', () => {
    const header = renderHeader('xcp');
    const logo = within(header).getByRole('link', { name: 'Counterparty Assets, home' });
    expect(logo).toHaveTextContent('XCP');
    expect(logo).not.toHaveTextContent('STAMPS');
  });
});
