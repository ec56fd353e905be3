import type { StampDetail, StampListFields } from '@/lib/stamp';

/** A holder of `GET /api/stamp/{cpid}`: an address, or a UTXO (`txid:vout`) holding the balance. */
export type StampHolder = {
  address: string | null;
  utxo_address: string | null;
  /** Base units, exact. */
  quantity: string;
  /** Percent of the supply, as a decimal string. */
  percentage: string;
};

/** A dispenser of the stamp; statuses 10 and 11 are closed. */
export type StampDispenser = {
  tx_hash: string;
  block_index: number;
  source: string;
  give_quantity: string;
  escrow_quantity: string;
  give_remaining: string;
  /** Satoshis per dispense of `give_quantity`. */
  satoshi_price: number;
  status: number;
  closed: boolean;
  dispense_count: number;
};

/** A sale (a dispense), newest first. */
export type StampSale = {
  tx_hash: string;
  block_index: number;
  /** Unix seconds. */
  timestamp: number;
  destination: string;
  quantity: string;
  /** Satoshis paid. */
  btc_amount: number;
  dispenser_tx_hash: string;
};

export type StampDividend = {
  tx_hash: string;
  block_index: number;
  source: string;
  dividend_asset: string;
  quantity_per_unit: string;
};

export type StampFairminter = {
  tx_hash: string;
  source: string;
  status: string;
  price: string;
  quantity_by_price: string;
  hard_cap: string;
  premint_quantity: string;
  max_mint_per_tx: string;
  start_block: number;
  end_block: number;
  soft_cap: string;
  earned_quantity: string;
  minted_count: number;
  minters_count: number;
};

/** The detail blocks `GET /api/stamp/{cpid}` adds to the stamp. */
export type StampDetailBlocks = {
  /** The asset's current owner (issuer); null when the asset is unknown. */
  owner?: string | null;
  holders?: StampHolder[];
  dispensers?: StampDispenser[];
  dispenses?: StampSale[];
  dividends?: StampDividend[];
  fairminter?: StampFairminter | null;
  /** The collection(s) the stamp belongs to, when the API gives them. */
  collection_id?: string | string[] | null;
  /** Whether an HTML stamp is verified; absent means unverified. */
  trusted?: boolean;
  /** The protocol's display name for the creator, when known. */
  creator_name?: string | null;
};

/** A stamp with every block of its detail page. */
export type StampDetailData = StampDetail & StampListFields & StampDetailBlocks;
