import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import type { MarketStatsRow } from '@/lib/realtime';
import { makeCollection } from '../fixtures';
import { CollectionStats } from './collection-stats';
import { MarketStatsTable } from './market-stats-table';

/** A row of the live market list. */
function statsRow(overrides: Partial<MarketStatsRow> = {}): MarketStatsRow {
  return {
    id: 'pepes',
    name: 'Pepes',
    holders: 1234,
    uniqueFloorPrice: 54000,
    oneDayVolume: { volume: 150000000, variation: 12.5 },
    oneWeekVolume: { volume: 250000000, variation: -3.25 },
    oneMonthVolume: { volume: 900000000, variation: null },
    totalVolume: 123456789000,
    marketCap: 2268000,
    ...overrides,
  };
}

const many = Array.from({ length: 7 }, (_, index) =>
  statsRow({ id: `c${String(index)}`, name: `Col ${String(index)}` }),
);

describe('MarketStatsTable', () => {
  it('shows the spec columns with exact BTC amounts and up/down variations', () => {
    renderWithProviders(<MarketStatsTable title="Market stats" rows={[statsRow()]} />);
    const table = screen.getByRole('table', { name: 'Market stats' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Collection',
      'Holders',
      '1/1 Floor',
      '24H Vol.',
      '7D Vol.',
      '30D Vol.',
      'Total Vol.',
      'Market Cap',
    ]);
    const row = within(table).getAllByRole('row')[1];
    if (!row) throw new Error('no row');
    expect(within(row).getByRole('link', { name: 'Pepes' })).toHaveAttribute('href', '/collection/pepes');
    expect(row).toHaveTextContent('1,234');
    expect(row).toHaveTextContent('0.00054 BTC');
    expect(row).toHaveTextContent('1.5 BTC');
    expect(within(row).getByText('up +12.5%')).toBeInTheDocument();
    expect(within(row).getByText('down -3.25%')).toBeInTheDocument();
    expect(row).toHaveTextContent('1.23k BTC');
    expect(row).toHaveTextContent('0.02268 BTC');
  });

  it('reads "-" for a missing floor and market cap', () => {
    renderWithProviders(
      <MarketStatsTable title="Market stats" rows={[statsRow({ uniqueFloorPrice: null, marketCap: null })]} />,
    );
    const cells = within(screen.getByRole('table', { name: 'Market stats' })).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('-');
    expect(cells[6]).toHaveTextContent('-');
  });

  it('shows 5 rows, then all with show more, and back with show less', () => {
    renderWithProviders(<MarketStatsTable title="Market stats" rows={many} />);
    expect(screen.getAllByRole('row')).toHaveLength(6);
    fireEvent.click(screen.getByRole('button', { name: 'show more' }));
    expect(screen.getAllByRole('row')).toHaveLength(8);
    fireEvent.click(screen.getByRole('button', { name: 'show less' }));
    expect(screen.getAllByRole('row')).toHaveLength(6);
  });

  it('has no toggle when everything fits', () => {
    renderWithProviders(<MarketStatsTable title="Market stats" rows={many.slice(0, 5)} />);
    expect(screen.queryByRole('button', { name: 'show more' })).not.toBeInTheDocument();
  });
});

describe('CollectionStats', () => {
  it('shows the figures when the day volume exists', () => {
    renderWithProviders(<CollectionStats collection={makeCollection()} />);
    expect(screen.getByText('Holders')).toBeInTheDocument();
    expect(screen.getByText('24H Vol.')).toBeInTheDocument();
    expect(screen.getByText('Market Cap')).toBeInTheDocument();
    expect(screen.getByText('up +12.5%')).toBeInTheDocument();
  });

  it('is hidden without a day volume', () => {
    const { container } = renderWithProviders(<CollectionStats collection={makeCollection({ day_volume: null })} />);
    expect(container).toBeEmptyDOMElement();
  });
});
