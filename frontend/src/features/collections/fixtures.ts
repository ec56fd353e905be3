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
