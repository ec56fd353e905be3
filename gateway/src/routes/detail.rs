//! `/api/stamp/{cpid}`: a stamp with its detail blocks (the asset now, holders, dispensers, sales, dividends,
//! fairminter), in the spec's field names.

use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use stamps_proto::catalogue::v1::{Fairminter, GetStampRequest};
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody};
use crate::routes::stamps::{STAMP_NOT_FOUND, StampJson};
use crate::state::AppState;

/// Dispenser statuses that mean closed: not buyable, not on sale, not counted among holders.
pub const CLOSED_STATUSES: [u32; 2] = [10, 11];

/// The detail route.
pub fn router() -> Router<AppState> {
    Router::new().route("/stamp/{cpid}", get(detail))
}

/// A stamp and its blocks.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = StampDetail)]
pub struct DetailJson {
    #[serde(flatten)]
    stamp: StampJson,
    /// The asset's current owner (issuer).
    owner: Option<String>,
    holders: Vec<HolderJson>,
    dispensers: Vec<DispenserJson>,
    dispenses: Vec<SaleJson>,
    dividends: Vec<DividendJson>,
    fairminter: Option<FairminterJson>,
    /// The collections holding the stamp.
    collection_id: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = StampHolder)]
struct HolderJson {
    address: Option<String>,
    /// The UTXO (`txid:vout`) holding the balance, when a UTXO holds it.
    utxo_address: Option<String>,
    quantity: String,
    percentage: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = StampDispenser)]
struct DispenserJson {
    tx_hash: String,
    block_index: u64,
    source: String,
    give_quantity: String,
    escrow_quantity: String,
    give_remaining: String,
    satoshi_price: u64,
    status: u32,
    closed: bool,
    dispense_count: u64,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = StampSale)]
struct SaleJson {
    tx_hash: String,
    block_index: u64,
    timestamp: u64,
    destination: String,
    quantity: String,
    btc_amount: u64,
    dispenser_tx_hash: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = StampDividend)]
struct DividendJson {
    tx_hash: String,
    block_index: u64,
    source: String,
    dividend_asset: String,
    quantity_per_unit: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = StampFairminter)]
struct FairminterJson {
    tx_hash: String,
    source: String,
    status: String,
    price: String,
    quantity_by_price: String,
    hard_cap: String,
    premint_quantity: String,
    max_mint_per_tx: String,
    start_block: u64,
    end_block: u64,
    soft_cap: String,
    earned_quantity: String,
    minted_count: u64,
    minters_count: u64,
}

impl From<Fairminter> for FairminterJson {
    fn from(f: Fairminter) -> Self {
        Self {
            tx_hash: f.tx_hash,
            source: f.source,
            status: f.status,
            price: f.price,
            quantity_by_price: f.quantity_by_price,
            hard_cap: f.hard_cap,
            premint_quantity: f.premint_quantity,
            max_mint_per_tx: f.max_mint_per_tx,
            start_block: f.start_block,
            end_block: f.end_block,
            soft_cap: f.soft_cap,
            earned_quantity: f.earned_quantity,
            minted_count: f.mint_count,
            minters_count: f.minters_count,
        }
    }
}

#[utoipa::path(get, path = "/api/stamp/{cpid}", tag = "stamps", params(("cpid" = String, Path, description = "the stamp's asset")), responses((status = 200, description = "a stamp with its detail blocks", body = DetailJson), (status = 404, description = "404 - Stamp not found.", body = ErrorBody), (status = 400, description = "bad input: the message names it", body = ErrorBody)))]
pub(crate) async fn detail(
    State(state): State<AppState>,
    Path(cpid): Path<String>,
) -> Result<Json<DetailJson>, ApiError> {
    let mut catalogue = state.catalogue.clone();
    let d = catalogue
        .get_stamp_detail(GetStampRequest { cpid })
        .await
        .map_err(|s| ApiError::from_status(s, STAMP_NOT_FOUND))?
        .into_inner();
    let stamp = d
        .stamp
        .ok_or_else(|| ApiError::Internal("a stamp detail without its stamp".into()))?;
    let mut stamp = StampJson::from(stamp);
    if d.has_asset {
        stamp.set_current(d.supply, d.divisible, d.locked);
    }
    let dispensers: Vec<DispenserJson> = d
        .dispensers
        .into_iter()
        .map(|x| DispenserJson {
            closed: CLOSED_STATUSES.contains(&x.status),
            tx_hash: x.tx_hash,
            block_index: x.block_index,
            source: x.source,
            give_quantity: x.give_quantity,
            escrow_quantity: x.escrow_quantity,
            give_remaining: x.give_remaining,
            satoshi_price: x.satoshirate,
            status: x.status,
            dispense_count: x.dispense_count,
        })
        .collect();
    Ok(Json(DetailJson {
        stamp,
        owner: d.has_asset.then_some(d.owner),
        holders: d
            .holders
            .into_iter()
            .map(|h| {
                let utxo = h.holder.contains(':');
                HolderJson {
                    address: (!utxo).then(|| h.holder.clone()),
                    utxo_address: utxo.then_some(h.holder),
                    quantity: h.quantity,
                    percentage: h.percentage,
                }
            })
            .collect(),
        dispensers,
        dispenses: d
            .sales
            .into_iter()
            .map(|s| SaleJson {
                tx_hash: s.tx_hash,
                block_index: s.block_index,
                timestamp: s.block_time,
                destination: s.destination,
                quantity: s.quantity,
                btc_amount: s.btc_amount,
                dispenser_tx_hash: s.dispenser_tx_hash,
            })
            .collect(),
        dividends: d
            .dividends
            .into_iter()
            .map(|x| DividendJson {
                tx_hash: x.tx_hash,
                block_index: x.block_index,
                source: x.source,
                dividend_asset: x.dividend_asset,
                quantity_per_unit: x.quantity_per_unit,
            })
            .collect(),
        fairminter: d.fairminter.map(FairminterJson::from),
        collection_id: d.collection_ids,
    }))
}
