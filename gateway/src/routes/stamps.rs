//! `/api/search[/{q}]`, and the stamp lookups other routes share.

use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use stamps_proto::catalogue::v1::{GetStampRequest, SearchStampsRequest, Stamp};
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody};
use crate::routes::paging::{self, Page, Params};
use crate::state::AppState;

/// The spec's text for a missing stamp.
pub const STAMP_NOT_FOUND: &str = "404 - Stamp not found.";
/// Default page size of stamp lists.
pub const DEFAULT_LIMIT: u32 = 24;

/// Stamp routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/search", get(search_all))
        .route("/search/{q}", get(search_q))
        .route("/stamps/holders_addresses", get(held))
        .route("/stamps/creator", get(created))
        .route("/stamps/owner", get(owned))
        .route("/user/wishlist/{user}", get(wishlist))
}

/// A stamp in the API's field names.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Stamp)]
pub struct StampJson {
    cpid: String,
    stamp: i64,
    block_index: u64,
    block_time: u64,
    tx_hash: String,
    creator: String,
    supply: String,
    divisible: bool,
    locked: bool,
    keyburn: bool,
    ident: String,
    is_cursed: bool,
    stamp_mimetype: String,
    stamp_url: String,
    file_size: u64,
    stamp_hash: String,
    asset_longname: Option<String>,
    /// multisig, olga or op_return.
    encoding: String,
    /// png, gif, svg, jpeg, html, bmn, ...
    file_suffix: String,
    /// Satoshis per whole unit at the cheapest buyable dispenser.
    floor_price: Option<u64>,
    /// That dispenser's txid.
    on_sale: Option<String>,
    /// Satoshis per whole unit of the latest sale.
    last_sale_price: Option<u64>,
    /// Satoshis paid in every sale.
    total_volume: u64,
    dividend_count: u64,
    /// Destroyed, base units.
    destructions: String,
    /// An SRC-721 mint's rank in its collection by the rarity of its traits (1: rarest).
    #[serde(skip_serializing_if = "Option::is_none")]
    rarity_rank: Option<u64>,
}

impl StampJson {
    /// Replaces the supply and flags at creation with the asset's current ones.
    pub fn set_current(&mut self, supply: String, divisible: bool, locked: bool) {
        self.supply = supply;
        self.divisible = divisible;
        self.locked = locked;
    }
}

impl From<Stamp> for StampJson {
    fn from(s: Stamp) -> Self {
        Self {
            stamp_url: format!("/s/{}", s.cpid),
            cpid: s.cpid,
            stamp: s.stamp,
            block_index: s.block_index,
            block_time: s.block_time,
            tx_hash: s.tx_hash,
            creator: s.creator,
            supply: s.supply,
            divisible: s.divisible,
            locked: s.locked,
            keyburn: s.keyburn,
            ident: s.ident,
            is_cursed: s.is_cursed,
            stamp_mimetype: s.mimetype,
            file_size: s.file_size,
            stamp_hash: s.stamp_hash,
            asset_longname: Some(s.asset_longname).filter(|l| !l.is_empty()),
            encoding: s.encoding,
            file_suffix: s.file_suffix,
            floor_price: s.has_floor_price.then_some(s.floor_price),
            on_sale: Some(s.on_sale).filter(|o| !o.is_empty()),
            last_sale_price: s.has_last_sale_price.then_some(s.last_sale_price),
            total_volume: s.total_volume,
            dividend_count: s.dividend_count,
            destructions: if s.destroyed.is_empty() {
                "0".into()
            } else {
                s.destroyed
            },
            rarity_rank: s.has_rarity_rank.then_some(s.rarity_rank),
        }
    }
}

/// The `cpids` parameter: a JSON list (`["A1","A2"]`) or comma-separated cpids.
fn cpid_list(text: &str) -> Result<Vec<String>, ApiError> {
    let text = text.trim();
    if text.starts_with('[') {
        return serde_json::from_str(text).map_err(|_| {
            ApiError::BadRequest("cpids: a JSON list of cpids, as [\"A1\", \"A2\"]".into())
        });
    }
    Ok(text
        .split(',')
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(str::to_owned)
        .collect())
}

/// One stamp from the catalogue; a missing one is the spec's 404.
pub async fn fetch_stamp(state: &AppState, cpid: String) -> Result<Stamp, ApiError> {
    let mut catalogue = state.catalogue.clone();
    catalogue
        .get_stamp(GetStampRequest { cpid })
        .await
        .map(tonic::Response::into_inner)
        .map_err(|s| ApiError::from_status(s, STAMP_NOT_FOUND))
}

#[utoipa::path(get, path = "/api/search", tag = "stamps", params(("q" = Option<String>, Query, description = "a cpid or its prefix, a stamp number, a creator address or a tx hash"), ("types" = Option<String>, Query, description = "comma-separated: src-721, bmn, png, gif, svg, jpeg, html, other, cursed_stamp"), ("only" = Option<String>, Query, description = "comma-separated: on_sale, locked, keyburn, olga, unique, burned"), ("sort" = Option<String>, Query, description = "stamp, floor_price, total_volume, supply, last_sale, last_sale_price, last_dispenser, stamp_base64_size, dividend_count or rarity_rank, with :asc or :desc"), ("rarity" = Option<String>, Query, description = "top10, top100 or top1000 (the rarest SRC-721 mints of their collections), sub100, sub1000, sub10000 or sub100000 (blessed stamps numbered below)"), ("cpids" = Option<String>, Query, description = "only these stamps (at most 100): a JSON list or comma-separated"), ("collection" = Option<String>, Query, description = "only the stamps of this collection"), ("src721cpids" = Option<String>, Query, description = "SRC-721 traits: a JSON list of lists of layer stamps' cpids; only mints that chose one of each list"), ("page" = Option<u64>, Query, description = "1-based page (an offset given beside it wins)"), ("offset" = Option<u64>, Query, description = "first hit"), ("limit" = Option<u32>, Query, description = "page size, at most 100")), responses((status = 200, description = "the stamp finder", body = Page<StampJson>), (status = 400, description = "bad input: the message names it", body = ErrorBody)))]
pub(crate) async fn search_all(
    state: State<AppState>,
    params: Params,
) -> Result<Json<Page<StampJson>>, ApiError> {
    search(state, None, params).await
}

#[utoipa::path(get, path = "/api/search/{q}", tag = "stamps", params(("q" = String, Path, description = "a cpid or its prefix, a stamp number, a creator address or a tx hash"), ("types" = Option<String>, Query, description = "comma-separated: src-721, bmn, png, gif, svg, jpeg, html, other, cursed_stamp"), ("only" = Option<String>, Query, description = "comma-separated: on_sale, locked, keyburn, olga, unique, burned"), ("sort" = Option<String>, Query, description = "stamp, floor_price, total_volume, supply, last_sale, last_sale_price, last_dispenser, stamp_base64_size, dividend_count or rarity_rank, with :asc or :desc"), ("rarity" = Option<String>, Query, description = "top10, top100 or top1000 (the rarest SRC-721 mints of their collections), sub100, sub1000, sub10000 or sub100000 (blessed stamps numbered below)"), ("cpids" = Option<String>, Query, description = "only these stamps (at most 100): a JSON list or comma-separated"), ("collection" = Option<String>, Query, description = "only the stamps of this collection"), ("src721cpids" = Option<String>, Query, description = "SRC-721 traits: a JSON list of lists of layer stamps' cpids; only mints that chose one of each list"), ("page" = Option<u64>, Query, description = "1-based page (an offset given beside it wins)"), ("offset" = Option<u64>, Query, description = "first hit"), ("limit" = Option<u32>, Query, description = "page size, at most 100")), responses((status = 200, description = "the stamp finder", body = Page<StampJson>), (status = 400, description = "bad input: the message names it", body = ErrorBody)))]
pub(crate) async fn search_q(
    state: State<AppState>,
    Path(q): Path<String>,
    params: Params,
) -> Result<Json<Page<StampJson>>, ApiError> {
    search(state, Some(q), params).await
}

/// Whose stamps a profile list shows.
#[derive(Debug, Clone)]
enum Whose {
    /// Any stamp.
    Anyone,
    /// Held by the addresses.
    Held,
    /// Created by them.
    Created,
    /// Whose asset they own.
    Owned,
    /// On this user's wishlist.
    Wishlist(String),
}

#[utoipa::path(get, path = "/api/stamps/holders_addresses", tag = "profiles", params(("addresses" = String, Query, description = "comma-separated addresses (at most 20)"), ("collection" = Option<String>, Query, description = "only the stamps of this collection"), ("types" = Option<String>, Query, description = "comma-separated: src-721, bmn, png, gif, svg, jpeg, html, other, cursed_stamp"), ("only" = Option<String>, Query, description = "comma-separated: on_sale, locked, keyburn, olga, unique, burned"), ("sort" = Option<String>, Query, description = "stamp, floor_price, total_volume, supply, last_sale, last_sale_price, last_dispenser, stamp_base64_size or dividend_count, with :asc or :desc"), ("page" = Option<u64>, Query, description = "1-based page (an offset given beside it wins)"), ("offset" = Option<u64>, Query, description = "first hit"), ("limit" = Option<u32>, Query, description = "page size, at most 100")), responses((status = 200, description = "stamps held by the addresses", body = Page<StampJson>), (status = 400, description = "bad input: the message names it", body = ErrorBody)))]
pub(crate) async fn held(
    state: State<AppState>,
    params: Params,
) -> Result<Json<Page<StampJson>>, ApiError> {
    list(state, None, Whose::Held, params).await
}

#[utoipa::path(get, path = "/api/stamps/creator", tag = "profiles", params(("addresses" = String, Query, description = "comma-separated addresses (at most 20)"), ("collection" = Option<String>, Query, description = "only the stamps of this collection"), ("types" = Option<String>, Query, description = "comma-separated: src-721, bmn, png, gif, svg, jpeg, html, other, cursed_stamp"), ("only" = Option<String>, Query, description = "comma-separated: on_sale, locked, keyburn, olga, unique, burned"), ("sort" = Option<String>, Query, description = "stamp, floor_price, total_volume, supply, last_sale, last_sale_price, last_dispenser, stamp_base64_size or dividend_count, with :asc or :desc"), ("page" = Option<u64>, Query, description = "1-based page (an offset given beside it wins)"), ("offset" = Option<u64>, Query, description = "first hit"), ("limit" = Option<u32>, Query, description = "page size, at most 100")), responses((status = 200, description = "stamps created by the addresses", body = Page<StampJson>), (status = 400, description = "bad input: the message names it", body = ErrorBody)))]
pub(crate) async fn created(
    state: State<AppState>,
    params: Params,
) -> Result<Json<Page<StampJson>>, ApiError> {
    list(state, None, Whose::Created, params).await
}

#[utoipa::path(get, path = "/api/user/wishlist/{user}", tag = "profiles", params(("user" = String, Path, description = "a user id or display name"), ("collection" = Option<String>, Query, description = "only the stamps of this collection"), ("types" = Option<String>, Query, description = "comma-separated: src-721, bmn, png, gif, svg, jpeg, html, other, cursed_stamp"), ("only" = Option<String>, Query, description = "comma-separated: on_sale, locked, keyburn, olga, unique, burned"), ("sort" = Option<String>, Query, description = "as for /api/search"), ("page" = Option<u64>, Query, description = "1-based page (an offset given beside it wins)"), ("offset" = Option<u64>, Query, description = "first hit"), ("limit" = Option<u32>, Query, description = "page size, at most 100")), responses((status = 200, description = "the stamps on the user's wishlist (none for an unknown user)", body = Page<StampJson>), (status = 400, description = "bad input: the message names it", body = ErrorBody)))]
pub(crate) async fn wishlist(
    state: State<AppState>,
    Path(user): Path<String>,
    params: Params,
) -> Result<Json<Page<StampJson>>, ApiError> {
    list(state, None, Whose::Wishlist(user), params).await
}

#[utoipa::path(get, path = "/api/stamps/owner", tag = "profiles", params(("addresses" = String, Query, description = "comma-separated addresses (at most 20)"), ("collection" = Option<String>, Query, description = "only the stamps of this collection"), ("types" = Option<String>, Query, description = "comma-separated: src-721, bmn, png, gif, svg, jpeg, html, other, cursed_stamp"), ("only" = Option<String>, Query, description = "comma-separated: on_sale, locked, keyburn, olga, unique, burned"), ("sort" = Option<String>, Query, description = "stamp, floor_price, total_volume, supply, last_sale, last_sale_price, last_dispenser, stamp_base64_size or dividend_count, with :asc or :desc"), ("page" = Option<u64>, Query, description = "1-based page (an offset given beside it wins)"), ("offset" = Option<u64>, Query, description = "first hit"), ("limit" = Option<u32>, Query, description = "page size, at most 100")), responses((status = 200, description = "stamps whose asset the addresses own", body = Page<StampJson>), (status = 400, description = "bad input: the message names it", body = ErrorBody)))]
pub(crate) async fn owned(
    state: State<AppState>,
    params: Params,
) -> Result<Json<Page<StampJson>>, ApiError> {
    list(state, None, Whose::Owned, params).await
}

async fn search(
    state: State<AppState>,
    path_q: Option<String>,
    params: Params,
) -> Result<Json<Page<StampJson>>, ApiError> {
    list(state, path_q, Whose::Anyone, params).await
}

/// The finder's parameters, and for a profile's lists `addresses` (comma-separated, required).
async fn list(
    State(state): State<AppState>,
    path_q: Option<String>,
    whose: Whose,
    params: Params,
) -> Result<Json<Page<StampJson>>, ApiError> {
    let params = paging::params(params)?;
    let profile = !matches!(whose, Whose::Anyone);
    let page = paging::paging(&params, DEFAULT_LIMIT)?;
    let q = path_q
        .or_else(|| params.get("q").cloned())
        .unwrap_or_default();
    let addresses: Vec<String> = params
        .get("addresses")
        .map(|a| {
            a.split(',')
                .map(str::trim)
                .filter(|a| !a.is_empty())
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default();
    if profile && !matches!(whose, Whose::Wishlist(_)) && addresses.is_empty() {
        return Err(ApiError::BadRequest("addresses is required".into()));
    }
    let mut request = SearchStampsRequest {
        q,
        offset: page.offset,
        limit: page.limit,
        types: params.get("types").cloned().unwrap_or_default(),
        only: params.get("only").cloned().unwrap_or_default(),
        sort: params.get("sort").cloned().unwrap_or_default(),
        collection: params.get("collection").cloned().unwrap_or_default(),
        src721cpids: params.get("src721cpids").cloned().unwrap_or_default(),
        rarity: params.get("rarity").cloned().unwrap_or_default(),
        cpids: params
            .get("cpids")
            .map(|c| cpid_list(c))
            .transpose()?
            .unwrap_or_default(),
        ..SearchStampsRequest::default()
    };
    match whose {
        Whose::Anyone => {}
        Whose::Held => request.holders = addresses,
        Whose::Created => request.creators = addresses,
        Whose::Owned => request.owners = addresses,
        Whose::Wishlist(user) => request.wishlist = user,
    }
    let mut catalogue = state.catalogue.clone();
    let answer = catalogue
        .search_stamps(request)
        .await
        .map_err(|s| ApiError::from_status(s, "not found"))?
        .into_inner();
    Ok(Json(Page {
        hits: answer.hits.into_iter().map(StampJson::from).collect(),
        estimated_total_hits: answer.total,
        offset: answer.offset,
        limit: answer.limit,
    }))
}
