import type { AssetDetailData, AssetHit } from './asset-types';

/** An asset of the XCP finder, for tests: a named asset that is no stamp. */
export function makeAssetHit(overrides: Partial<AssetHit> = {}): AssetHit {
  return {
    cpid: 'DANKROCK',
    asset_longname: null,
    stamp: null,
    stamp_url: null,
    creator: 'bc1qcreatorcreatorcreatorcreatorcreator01',
    issuer: 'bc1qcreatorcreatorcreatorcreatorcreator01',
    supply: '49839',
    divisible: false,
    locked: false,
    description: 'dankrock, a Counterparty asset',
    xcp_json_url: null,
    xcp_image_url: null,
    block_index: 962456,
    block_time: 1787045367,
    holders: 3,
    destructions: '0',
    floor_price: null,
    last_sale_price: null,
    last_sale: null,
    total_volume: 0,
    dividend_count: 0,
    rarity_rank: null,
    on_sale: null,
    ...overrides,
  };
}

/** `GET /api/asset/{cpid}` for tests: an asset that is no stamp, with empty blocks. */
export function makeAssetDetail(overrides: Partial<AssetDetailData> = {}): AssetDetailData {
  return {
    cpid: 'DANKROCK',
    asset_longname: null,
    description: 'dankrock, a Counterparty asset',
    xcp_json_url: null,
    xcp_image_url: null,
    supply: '49839',
    divisible: false,
    locked: false,
    owner: 'bc1qownerownerownerownerownerownerowner01',
    destructions: '0',
    block_index: 962456,
    stamp: null,
    holders: [],
    dispensers: [],
    dispenses: [],
    dividends: [],
    fairminter: null,
    collection_id: [],
    ...overrides,
  };
}
