import { describe, expect, it } from 'vitest';
import { buyItemsPath } from './api';
import { isBuyable, itemName, parseBuyItem, parseBuyItems } from './items';

const item = {
  tx_hash: 'a'.repeat(64),
  source: 'bc1qseller',
  owner: 'bc1qowner',
  origin: 'bc1qorigin',
  cpid: 'A100',
  asset_longname: null,
  divisible: false,
  give_quantity: '1',
  give_remaining: '5',
  price: 10000,
  url: '/s/A100',
};

describe('buy items', () => {
  it('are one object for one hash, a list for several', () => {
    expect(parseBuyItems(item)).toEqual([item]);
    expect(parseBuyItems([item, { ...item, tx_hash: `${'b'.repeat(64)}:0` }]).map((i) => i.tx_hash)).toEqual([
      item.tx_hash,
      `${'b'.repeat(64)}:0`,
    ]);
    expect(parseBuyItems({ error: 'no' })).toEqual([]);
  });

  it("keep the server's reason, and a generic one when quantities or price are unreadable", () => {
    expect(parseBuyItem({ ...item, error: 'Dispenser is closed' })?.error).toBe('Dispenser is closed');
    expect(parseBuyItem({ ...item, give_quantity: 1.5 })?.error).toBe('An error occurred');
    expect(parseBuyItem({ ...item, price: '10000' })?.error).toBe('An error occurred');
    expect(parseBuyItem({ ...item, give_remaining: 5 })).toEqual(item);
    expect(parseBuyItem({ ...item, tx_hash: '' })).toBeNull();
  });

  it('are buyable without an error and with a lot left', () => {
    expect(isBuyable(item)).toBe(true);
    expect(isBuyable({ ...item, error: 'Dispenser is empty' })).toBe(false);
    expect(isBuyable({ ...item, give_remaining: '0' })).toBe(false);
    expect(isBuyable({ ...item, give_quantity: '0' })).toBe(false);
  });

  it('are named by their long name, else their cpid', () => {
    expect(itemName(item)).toBe('A100');
    expect(itemName({ ...item, asset_longname: 'A100.PEPE' })).toBe('A100.PEPE');
    expect(itemName({ ...item, cpid: '' })).toBe(item.tx_hash);
  });

  it('are asked for with the hashes comma-separated, at most 5', () => {
    expect(buyItemsPath(['a', 'b:1'])).toBe('wallet/buy/a,b%3A1');
    expect(buyItemsPath(['1', '2', '3', '4', '5', '6'])).toBe('wallet/buy/1,2,3,4,5');
  });
});
