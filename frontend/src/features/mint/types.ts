/** The bodies of the wallet API's mint calls (all need the session's cookie). `desiredFeeRate`: sat/vB, or -1. */

/** `POST /api/wallet/create/fairmint`: `quantity` in base units, a multiple of the lot; "0" for a free fairminter. */
export type CreateFairmintBody = {
  source: string;
  asset: string;
  quantity: string;
  desiredFeeRate: number;
  isPsbt: true;
};

/** `POST /api/wallet/create/src20-issuance` for a mint: `amount` a decimal string. */
export type CreateSrc20MintBody = {
  source: string;
  type: 'mint';
  tick: string;
  amount: string;
  desiredFeeRate: number;
  promo: boolean;
  isPsbt: true;
};

/** `POST /api/wallet/create/launchpad-issuance`: `name` the collection id, `times` the mints. */
export type CreateLaunchpadBody = {
  source: string;
  name: string;
  times: number;
  freeCode: string;
  desiredFeeRate: number;
  isPsbt: true;
};

/**
 * `GET /api/wallet/whitelist/{collection}/{address}`: the whitelist rounds (indexes of the collection's
 * `white_list_config`) the address is listed in, -1 when it is in none; the mints it may make and has made; `error`
 * when the check failed.
 */
export type WhitelistAnswer = { result: number | number[]; max: number; minted: number; error: string };

/** `GET /api/wallet/promo`: the SRC-20 mint promo's mints left of `limit`, and its price in satoshis. */
export type PromoAnswer = { left: number; limit: number; price: number };
