/** One positive SRC-20 balance of a profile's address; `balance` is an exact decimal string. */
export type Src20Balance = { tick: string; address: string; balance: string };

/**
 * `GET /api/profile/{id}`: a profile over all its addresses (valuations in integer satoshis), or only `redirect`,
 * the profile id to show instead.
 */
export type Profile = {
  redirect?: string;
  user_id?: string;
  display_name?: string;
  twitter?: string;
  addresses?: string[];
  stamp_count?: number;
  stamp_created_count?: number;
  floor_valuation?: number;
  last_sale_valuation?: number;
  src20?: Src20Balance[];
};
