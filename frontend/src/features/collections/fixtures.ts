import type { Collection } from './types';

/** A collection as the API returns it, for tests. */
export function makeCollection(overrides: Partial<Collection> = {}): Collection {
  return {
    collection_id: 'pepes',
    name: 'Pepes',
    type: 'other',
    user_id: 'alice',
    twitter: '@pepes',
    website: 'pepes.example',
    description: 'Rare pepes on Bitcoin.',
    icon_id: 'A100',
    is_launchpad: false,
    stamp_count: 42,
    collector_count: 1234,
    stamp_ids: ['A100', 'A101'],
    stamp_images: ['/s/A100', '/s/A101'],
    lowest_stamp_number: 10,
    highest_stamp_number: 900,
    lowest_timestamp: 1680000000,
    highest_timestamp: 1690000000,
    floor_price: 54000,
    total_volume: 123456789000,
    day_volume: { volume: 150000000, variation: 12.5 },
    week_volume: { volume: 250000000, variation: -3.25 },
    month_volume: { volume: 900000000, variation: null },
    market_cap: 2268000,
    ...overrides,
  };
}

/**
 * What the goose data script sets, for tests: 6 layers of 10 fragments; the fragment of layer i for digit d is a
 * rect with the id `L{i}D{d}`.
 */
export function makeGooseData() {
  return {
    prefix: 'A1000000000000',
    viewBox: '0 0 24 24',
    layers: Array.from({ length: 6 }, (_, layer) =>
      Array.from(
        { length: 10 },
        (_, digit) =>
          `<rect id="L${String(layer)}D${String(digit)}" x="${String(layer)}" y="${String(digit)}" ` +
          'width="1" height="1" fill="#a3d9ff"/>',
      ),
    ),
  };
}
