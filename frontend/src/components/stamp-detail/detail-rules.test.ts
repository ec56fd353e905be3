import { describe, expect, it } from 'vitest';
import {
  buyableListing,
  collectionIds,
  hasLotLeft,
  holderLabel,
  htmlNeedsConfirmation,
  isAtomicSwap,
  isDispenserClosed,
  mediaKind,
  salesChartPoints,
  stampPageTitle,
  sortDispensers,
} from './detail-rules';

describe('dispenser rules', () => {
  it('treats statuses 10 and 11 (or the closed flag) as closed', () => {
    expect(isDispenserClosed({ status: 10, closed: false })).toBe(true);
    expect(isDispenserClosed({ status: 11, closed: false })).toBe(true);
    expect(isDispenserClosed({ status: 0, closed: true })).toBe(true);
    expect(isDispenserClosed({ status: 0, closed: false })).toBe(false);
  });

  it('lists open dispensers first, keeping the order within each group', () => {
    const list = [
      { id: 'a', status: 10, closed: true },
      { id: 'b', status: 0, closed: false },
      { id: 'c', status: 11, closed: true },
      { id: 'd', status: 0, closed: false },
    ];
    expect(sortDispensers(list).map((d) => d.id)).toEqual(['b', 'd', 'a', 'c']);
  });

  it('tells a dispenser with a lot left', () => {
    expect(hasLotLeft({ give_quantity: '2', give_remaining: '2' })).toBe(true);
    expect(hasLotLeft({ give_quantity: '2', give_remaining: '1' })).toBe(false);
    expect(hasLotLeft({ give_quantity: '0', give_remaining: '5' })).toBe(false);
    expect(hasLotLeft({ give_quantity: 'x', give_remaining: '5' })).toBe(false);
    expect(hasLotLeft({ give_quantity: '1', give_remaining: '99999999999999999999' })).toBe(true);
  });

  it("buys the API's on-sale listing, else the open dispenser with a lot left cheapest per unit", () => {
    const base = { status: 0, closed: false, give_quantity: '1', give_remaining: '5', satoshi_price: 1000 };
    const dispensers = [
      { ...base, tx_hash: 'closed', status: 10, closed: true, satoshi_price: 1 },
      { ...base, tx_hash: 'empty', give_remaining: '0', satoshi_price: 2 },
      { ...base, tx_hash: 'dear', satoshi_price: 900 },
      // 2,000 sats for 4 units: 500 per unit.
      { ...base, tx_hash: 'bulk', give_quantity: '4', give_remaining: '8', satoshi_price: 2000 },
      { ...base, tx_hash: 'same', give_quantity: '2', give_remaining: '8', satoshi_price: 1000 },
    ].map((dispenser) => ({ ...dispenser, block_index: 1, source: 's', escrow_quantity: '9', dispense_count: 0 }));
    expect(buyableListing({ on_sale: 'listed:1', dispensers })).toBe('listed:1');
    expect(buyableListing({ on_sale: null, dispensers })).toBe('bulk');
    expect(buyableListing({ dispensers: dispensers.slice(0, 2) })).toBeNull();
    expect(buyableListing({})).toBeNull();
  });

  it('marks a tx_hash with a colon as an atomic swap', () => {
    expect(isAtomicSwap('abc:0')).toBe(true);
    expect(isAtomicSwap('abc')).toBe(false);
  });
});

describe('mediaKind', () => {
  it('tells images, HTML, BMN audio, text and other files apart', () => {
    expect(mediaKind({ stamp_mimetype: 'image/png', ident: 'STAMP' })).toBe('image');
    expect(mediaKind({ stamp_mimetype: 'text/html; charset=utf-8', ident: 'STAMP' })).toBe('html');
    expect(mediaKind({ stamp_mimetype: 'text/plain', ident: 'STAMP', file_suffix: 'bmn' })).toBe('bmn');
    expect(mediaKind({ stamp_mimetype: null, ident: 'BMN' })).toBe('bmn');
    expect(mediaKind({ stamp_mimetype: 'audio/mpeg', ident: 'STAMP' })).toBe('audio');
    expect(mediaKind({ stamp_mimetype: 'text/plain', ident: 'STAMP' })).toBe('text');
    expect(mediaKind({ stamp_mimetype: 'text/plain; charset=utf-8', ident: 'STAMP' })).toBe('text');
    expect(mediaKind({ stamp_mimetype: 'text/javascript', ident: 'STAMP' })).toBe('other');
    expect(mediaKind({ stamp_mimetype: 'application/json', ident: 'SRC-20' })).toBe('other');
  });

  it('asks confirmation for HTML unless verified', () => {
    expect(htmlNeedsConfirmation({})).toBe(true);
    expect(htmlNeedsConfirmation({ trusted: false })).toBe(true);
    expect(htmlNeedsConfirmation({ trusted: true })).toBe(false);
  });
});

describe('other rules', () => {
  it('reads one or several collection ids', () => {
    expect(collectionIds(null)).toEqual([]);
    expect(collectionIds('pepes')).toEqual(['pepes']);
    expect(collectionIds(['a', '', 'b'])).toEqual(['a', 'b']);
  });

  it('charts the price of one unit, oldest sale first', () => {
    const sale = (timestamp: number, btc_amount: number, quantity = '1') => ({
      tx_hash: 't',
      block_index: 1,
      timestamp,
      destination: 'd',
      quantity,
      btc_amount,
      dispenser_tx_hash: 'x',
    });
    expect(salesChartPoints([sale(20, 5), sale(10, 3), sale(30, 2600, '2'), sale(40, 9, '0')])).toEqual([
      { x: 10, y: 3 },
      { x: 20, y: 5 },
      { x: 30, y: 1300 },
    ]);
    // A divisible asset: 0.5 units for 1,000 sats is 2,000 sats a unit.
    expect(salesChartPoints([sale(10, 1000, '50000000')], true)).toEqual([{ x: 10, y: 2000 }]);
  });

  it('labels a holder by address or UTXO', () => {
    expect(holderLabel({ address: 'bc1q', utxo_address: null })).toBe('bc1q');
    expect(holderLabel({ address: null, utxo_address: 'tx:0' })).toBe('tx:0');
  });
});

describe('stampPageTitle', () => {
  it("is '{word}: {cpid}' plus the creator's name if any", () => {
    expect(stampPageTitle('Stamp', 'A1', null)).toBe('Stamp: A1');
    expect(stampPageTitle('Asset', 'A1', undefined)).toBe('Asset: A1');
    expect(stampPageTitle('Stamp', 'A1', 'alice')).toBe('Stamp: A1 - alice');
  });
});
