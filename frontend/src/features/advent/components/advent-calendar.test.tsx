import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetchRoutes } from '@/testing/render';
import { ADVENT_RULES } from '../doors';
import type { AdventDay } from '../types';
import { AdventCalendarPage } from './advent-calendar';

const record = (day: number, fields: Partial<AdventDay> = {}): AdventDay => ({
  day,
  presale_cpid: null,
  presale_dispenser: null,
  cpid: null,
  dispenser: null,
  author: null,
  src: null,
  ...fields,
});

const calendar = {
  year: 2026,
  days: [
    record(1, {
      presale_cpid: 'P1',
      presale_dispenser: 'd'.repeat(64),
      cpid: 'A1',
      dispenser: 'e'.repeat(64),
      author: 'alice',
      src: '/s/A1',
    }),
    record(2, { presale_cpid: 'P2', presale_dispenser: 'f'.repeat(64), cpid: 'A2', author: 'bob' }),
    record(31, { presale_cpid: 'P31' }),
  ],
};

function door(name: string) {
  return screen.getByRole('listitem', { name });
}

describe('AdventCalendarPage', () => {
  it('shows 24 daily doors, day 25 and the bonus #31', async () => {
    stubFetchRoutes(() => ({ body: calendar }));
    renderWithProviders(<AdventCalendarPage />, { route: '/advent-calendar' });
    const grid = await screen.findByRole('list', { name: 'Doors' });
    expect(screen.getByRole('heading', { level: 1, name: 'Advent calendar 2026' })).toBeInTheDocument();
    const names = within(grid)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(names).toHaveLength(26);
    expect(names.slice(0, 2)).toEqual(['Day 1', 'Day 2']);
    expect(names.slice(23)).toEqual(['Day 24', 'Day 25', 'Bonus #31']);
    expect(door('Bonus #31')).toHaveTextContent('New Year stamp');
  });

  it('shows an open door with its image, author and a View link to its stamp', async () => {
    stubFetchRoutes(() => ({ body: calendar }));
    renderWithProviders(<AdventCalendarPage />, { route: '/advent-calendar' });
    await screen.findByRole('list', { name: 'Doors' });
    const open = door('Day 1');
    expect(open).toHaveTextContent('Open');
    expect(open).toHaveTextContent('by alice');
    expect(within(open).getByRole('img', { name: 'Day 1 stamp' })).toHaveAttribute('src', '/s/A1');
    expect(within(open).getByRole('link', { name: 'View Day 1' })).toHaveAttribute('href', '/stamp/A1');
  });

  it('shows a presale door without image or author, its View link on the presale stamp', async () => {
    stubFetchRoutes(() => ({ body: calendar }));
    renderWithProviders(<AdventCalendarPage />, { route: '/advent-calendar' });
    await screen.findByRole('list', { name: 'Doors' });
    const presale = door('Day 2');
    expect(presale).toHaveTextContent('On presale');
    expect(presale).not.toHaveTextContent('bob');
    expect(within(presale).queryByRole('img')).not.toBeInTheDocument();
    expect(within(presale).getByRole('link', { name: 'View Day 2' })).toHaveAttribute('href', '/stamp/P2');
    expect(within(door('Bonus #31')).getByRole('link', { name: 'View Bonus #31' })).toHaveAttribute(
      'href',
      '/stamp/P31',
    );
  });

  it('shows closed doors without a link, and no Buy button or cart anywhere', async () => {
    stubFetchRoutes(() => ({ body: calendar }));
    renderWithProviders(<AdventCalendarPage />, { route: '/advent-calendar' });
    await screen.findByRole('list', { name: 'Doors' });
    const closed = door('Day 3');
    expect(closed).toHaveTextContent('Closed');
    expect(within(closed).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText(/buy|cart/i)).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^View / })).toHaveLength(3);
  });

  it("lists the spec's rules", async () => {
    stubFetchRoutes(() => ({ body: calendar }));
    renderWithProviders(<AdventCalendarPage />, { route: '/advent-calendar' });
    const rules = await screen.findByRole('region', { name: 'Rules' });
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([...ADVENT_RULES]);
  });

  it('links the doors to /asset on the XCP site', async () => {
    stubFetchRoutes(() => ({ body: calendar }));
    renderWithProviders(<AdventCalendarPage />, { route: '/advent-calendar', site: 'xcp' });
    await screen.findByRole('list', { name: 'Doors' });
    expect(within(door('Day 1')).getByRole('link', { name: 'View Day 1' })).toHaveAttribute('href', '/asset/A1');
  });

  it("shows the API's message when no calendar is curated, and the generic error otherwise", async () => {
    stubFetchRoutes(() => ({ status: 404, body: { error: 'no advent calendar' } }));
    const { unmount } = renderWithProviders(<AdventCalendarPage />, { route: '/advent-calendar' });
    expect(await screen.findByRole('alert')).toHaveTextContent('no advent calendar');
    expect(screen.queryByRole('list', { name: 'Doors' })).not.toBeInTheDocument();
    unmount();

    stubFetchRoutes(() => ({ status: 503, body: {} }));
    renderWithProviders(<AdventCalendarPage />, { route: '/advent-calendar' });
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred');
  });
});
