import { describe, expect, it } from 'vitest';
import {
  activityAddress,
  chooseActivityAddress,
  EMPTY_PROFILE_STATE,
  isCreatorId,
  parseProfileState,
  profileParams,
  tabSearch,
  type ProfileState,
} from './profile-params';

function parse(query: string): ProfileState {
  return parseProfileState(new URLSearchParams(query));
}

describe('profile URL state', () => {
  it('defaults to the Collected tab, page 1', () => {
    expect(parse('')).toEqual(EMPTY_PROFILE_STATE);
    expect(parse('tab=nope').tab).toBe('collected');
    expect(parse('tab=wishlist').tab).toBe('wishlist');
    expect(parse('tab=activity').tab).toBe('activity');
    expect(parse('tab=collections').tab).toBe('collections');
  });

  it('reads the tab, the page, and the address on the SRC-20 tab only', () => {
    expect(parse('tab=minted&page=3&address=bc1qa')).toEqual({
      tab: 'minted',
      page: 3,
      address: null,
      collection: null,
    });
    expect(parse('tab=src20&address=bc1qa&page=2')).toEqual({
      tab: 'src20',
      page: 2,
      address: 'bc1qa',
      collection: null,
    });
  });

  it('drops the defaults from the URL and round-trips', () => {
    expect(profileParams(EMPTY_PROFILE_STATE).toString()).toBe('');
    const state: ProfileState = { tab: 'src20', page: 2, address: 'bc1qb', collection: null };
    expect(profileParams(state).toString()).toBe('tab=src20&address=bc1qb&page=2');
    const scoped: ProfileState = { tab: 'minted', page: 1, address: null, collection: 'pepes' };
    expect(profileParams(scoped).toString()).toBe('tab=minted&collection=pepes');
    expect(parse(profileParams(scoped).toString())).toEqual(scoped);
    expect(parse(profileParams(state).toString())).toEqual(state);
  });

  it('gives tab links without the page', () => {
    expect(tabSearch('collected')).toBe('');
    expect(tabSearch('owned')).toBe('?tab=owned');
    expect(tabSearch('collected', 'pepes')).toBe('?collection=pepes');
  });

  it('picks the activity address, the first being the default, and resets the page', () => {
    const addresses = ['bc1qa', 'bc1qb'];
    const state: ProfileState = { tab: 'src20', page: 4, address: null, collection: null };
    expect(chooseActivityAddress(state, 'bc1qb', addresses)).toEqual({
      tab: 'src20',
      page: 1,
      address: 'bc1qb',
      collection: null,
    });
    expect(chooseActivityAddress({ ...state, address: 'bc1qb' }, 'bc1qa', addresses).address).toBeNull();
    expect(activityAddress(state, addresses)).toBe('bc1qa');
    expect(activityAddress({ ...state, address: 'bc1qb' }, addresses)).toBe('bc1qb');
    expect(activityAddress({ ...state, address: 'elsewhere' }, addresses)).toBe('bc1qa');
    expect(activityAddress(state, [])).toBeNull();
  });

  it('displays user ids shorter than 42 characters as creators', () => {
    expect(isCreatorId('artist')).toBe(true);
    expect(isCreatorId('1BoatSLRHtKNngkdXEeobR76b53LETtpyT')).toBe(true);
    expect(isCreatorId('bc1qscdz8022s4wqpq94038c93nva3dw3zff5a46xx')).toBe(false);
  });
});
