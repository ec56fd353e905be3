//! The detail pages: a stamp with its detail blocks (the asset now, holders, dispensers, sales, dividends,
//! fairminter) in the spec's field names (`/api/stamp/{cpid}`), and any Counterparty asset with the same blocks,
//! the XCP site's asset page (`/api/asset/{cpid}`), and the picture of an asset's enhanced asset information
//! (`/api/asset/{cpid}/image`, read by [`crate::asset_info`]).

use axum::Json;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use stamps_proto::catalogue::v1::{Fairminter, GetStampRequest, StampDetail};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app_state::AppState;
use crate::error::{ApiError, ErrorBody, OrNotFound};
use crate::routes::stamps::{STAMP_NOT_FOUND, StampJson};

/// Dispenser statuses that mean closed: not buyable, not on sale, not counted among holders.
pub const CLOSED_STATUSES: [u32; 2] = [10, 11];

/// The detail routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(detail))
        .routes(routes!(asset))
        .routes(routes!(asset_image))
}

/// A stamp and its blocks.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = StampDetail)]
pub struct DetailJson {
    #[serde(flatten)]
    stamp: StampJson,
    /// The asset's current owner (issuer).
    owner: Option<String>,
    /// The display name of the creator's profile, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    creator_name: Option<String>,
    #[serde(flatten)]
    blocks: BlocksJson,
}

/// A Counterparty asset (a stamp or not) and its blocks. Quantities are base units.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = AssetDetail)]
pub struct AssetDetailJson {
    cpid: String,
    asset_longname: Option<String>,
    description: String,
    /// The description's enhanced asset information, when it points to a JSON file.
    xcp_json_url: Option<String>,
    /// The picture that information names, served by the site, for an asset that is no stamp.
    xcp_image_url: Option<String>,
    supply: String,
    divisible: bool,
    locked: bool,
    /// The current owner (issuer).
    owner: String,
    /// Its first issuer.
    creator: String,
    /// The display name of the creator's profile, when it has one.
    creator_name: Option<String>,
    /// Destroyed, base units.
    destructions: String,
    /// Its first issuance's block and that block's time.
    block_index: u64,
    block_time: u64,
    /// Its stamp, when it is one.
    stamp: Option<StampJson>,
    #[serde(flatten)]
    blocks: BlocksJson,
}

/// The blocks a stamp's or an asset's page shows.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = DetailBlocks)]
pub struct BlocksJson {
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

#[utoipa::path(
    get,
    path = "/stamp/{cpid}",
    tag = "stamps",
    params(("cpid" = String, Path, description = "the stamp's asset")),
    responses(
        (status = 200, description = "a stamp with its detail blocks", body = DetailJson),
        (status = 404, description = "404 - Stamp not found.", body = ErrorBody),
    )
)]
pub(crate) async fn detail(
    State(state): State<AppState>,
    Path(cpid): Path<String>,
) -> Result<Json<DetailJson>, ApiError> {
    let mut catalogue = state.catalogue.clone();
    let mut d = catalogue
        .get_stamp_detail(GetStampRequest { cpid })
        .await
        .or_not_found(STAMP_NOT_FOUND)?
        .into_inner();
    let stamp = d
        .stamp
        .take()
        .ok_or_else(|| ApiError::Internal("a stamp detail without its stamp".into()))?;
    let mut stamp = StampJson::from(stamp);
    if d.has_asset {
        stamp.set_current(d.supply.clone(), d.divisible, d.locked);
    }
    let owner = d.has_asset.then(|| d.owner.clone());
    let creator_name = Some(d.creator_name.clone()).filter(|n| !n.is_empty());
    Ok(Json(DetailJson {
        stamp,
        owner,
        creator_name,
        blocks: blocks(d),
    }))
}

#[utoipa::path(
    get,
    path = "/asset/{cpid}",
    tag = "stamps",
    params(("cpid" = String, Path, description = "the asset's name")),
    responses(
        (
            status = 200,
            description = "any Counterparty asset with its detail blocks (and its stamp, when it is one)",
            body = AssetDetailJson,
        ),
        (status = 404, description = "Asset not found", body = ErrorBody),
    )
)]
pub(crate) async fn asset(
    State(state): State<AppState>,
    Path(cpid): Path<String>,
) -> Result<Json<AssetDetailJson>, ApiError> {
    let mut catalogue = state.catalogue.clone();
    let mut d = catalogue
        .get_asset_detail(GetStampRequest { cpid: cpid.clone() })
        .await
        .or_not_found(ASSET_NOT_FOUND)?
        .into_inner();
    let stamp = d.stamp.take().map(|s| {
        let mut s = StampJson::from(s);
        if d.has_asset {
            s.set_current(d.supply.clone(), d.divisible, d.locked);
        }
        s
    });
    Ok(Json(AssetDetailJson {
        xcp_image_url: picture_url(&cpid, stamp.is_none(), &d.description),
        cpid,
        asset_longname: Some(d.asset_longname.clone()).filter(|l| !l.is_empty()),
        xcp_json_url: json_url(&d.description),
        description: d.description.clone(),
        supply: d.supply.clone(),
        divisible: d.divisible,
        locked: d.locked,
        owner: d.owner.clone(),
        creator: d.creator.clone(),
        creator_name: Some(d.creator_name.clone()).filter(|n| !n.is_empty()),
        destructions: if d.destroyed.is_empty() {
            "0".into()
        } else {
            d.destroyed.clone()
        },
        block_index: d.first_block,
        block_time: d.first_block_time,
        stamp,
        blocks: blocks(d),
    }))
}

/// The answer for an asset the ledger does not know.
pub const ASSET_NOT_FOUND: &str = "Asset not found";

/// The answer for an asset without a picture.
pub const NO_PICTURE: &str = "This asset has no picture";

/// Where the site serves the picture of an asset that is no stamp and has enhanced asset information.
pub fn picture_url(cpid: &str, no_stamp: bool, description: &str) -> Option<String> {
    (no_stamp && json_url(description).is_some()).then(|| format!("/api/asset/{cpid}/image"))
}

#[utoipa::path(
    get,
    path = "/asset/{cpid}/image",
    tag = "stamps",
    params(("cpid" = String, Path)),
    responses(
        (status = 200, description = "the picture the asset's enhanced asset information names (PNG, JPEG, GIF \
                                      or WEBP), read by the site"),
        (status = 404, description = "no such asset, or it has no picture that could be read", body = ErrorBody),
    )
)]
pub(crate) async fn asset_image(
    State(state): State<AppState>,
    Path(cpid): Path<String>,
) -> Result<Response, ApiError> {
    let mut catalogue = state.catalogue.clone();
    let d = catalogue
        .get_asset_detail(GetStampRequest { cpid })
        .await
        .or_not_found(ASSET_NOT_FOUND)?
        .into_inner();
    let document = json_url(&d.description).ok_or_else(|| ApiError::NotFound(NO_PICTURE.into()))?;
    let picture = state.pictures.picture(&document).await.map_err(|e| {
        tracing::debug!(%document, error = %e, "asset picture not read");
        ApiError::NotFound(NO_PICTURE.into())
    })?;
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(picture.mime)),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=86400"),
            ),
            (
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static(crate::routes::files::STAMP_CSP),
            ),
        ],
        Body::from(picture.bytes),
    )
        .into_response())
}

/// A description pointing to enhanced asset information: an `http(s)://` URL of a `.json` file.
pub fn json_url(description: &str) -> Option<String> {
    let d = description.trim();
    let web = d.starts_with("https://") || d.starts_with("http://");
    let json = d.to_ascii_lowercase().ends_with(".json");
    (web && json && d.len() <= 500 && !d.chars().any(char::is_whitespace)).then(|| d.to_owned())
}

/// The blocks of a detail answer, in the spec's field names.
fn blocks(d: StampDetail) -> BlocksJson {
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
    BlocksJson {
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
    }
}
