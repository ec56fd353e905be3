//! `/api/fairminter/search[/{q}]`: the fairminter list (24 per page by default).

use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use stamps_proto::catalogue::v1::{FairminterHit, SearchFairmintersRequest};
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody};
use crate::routes::paging::{self, Page, Params};
use crate::state::AppState;

/// The list's page size.
pub const DEFAULT_LIMIT: u32 = 24;

/// Fairminter routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/fairminter/search", get(search_all))
        .route("/fairminter/search/{q}", get(search_q))
}

/// A fairminter card's data; quantities in base units.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = FairminterCard)]
pub struct FairminterJson {
    cpid: String,
    asset_longname: Option<String>,
    tx_hash: String,
    status: String,
    source: String,
    divisible: bool,
    timestamp: u64,
    last_mint: Option<u64>,
    minted_count: u64,
    minters_count: u64,
    holders_count: u64,
    start_block: u64,
    end_block: u64,
    price: String,
    quantity_by_price: String,
    hard_cap: String,
    premint_quantity: String,
    max_mint_per_tx: String,
    earned_quantity: String,
    progress: String,
    /// The stamp's image, when the asset is a stamp.
    image: Option<String>,
}

fn json(h: FairminterHit) -> Option<FairminterJson> {
    let f = h.fairminter?;
    Some(FairminterJson {
        image: h.is_stamp.then(|| format!("/s/{}", h.asset)),
        cpid: h.asset,
        asset_longname: Some(h.asset_longname).filter(|l| !l.is_empty()),
        tx_hash: f.tx_hash,
        status: f.status,
        source: f.source,
        divisible: h.divisible,
        timestamp: h.block_time,
        last_mint: h.has_last_mint.then_some(h.last_mint),
        minted_count: f.mint_count,
        minters_count: f.minters_count,
        holders_count: h.holders_count,
        start_block: f.start_block,
        end_block: f.end_block,
        price: f.price,
        quantity_by_price: f.quantity_by_price,
        hard_cap: f.hard_cap,
        premint_quantity: f.premint_quantity,
        max_mint_per_tx: f.max_mint_per_tx,
        earned_quantity: f.earned_quantity,
        progress: h.progress,
    })
}

#[utoipa::path(get, path = "/api/fairminter/search", tag = "fairminters", params(("q" = Option<String>, Query, description = "an asset or long-name prefix, or the creator's address"), ("only" = Option<String>, Query, description = "comma-separated: completed, in_progress, limited, valid"), ("sort" = Option<String>, Query, description = "timestamp, progress, holders_count, minted_count, minters_count, last_mint or end_block, with :asc or :desc"), ("page" = Option<u64>, Query, description = "1-based page (an offset given beside it wins)"), ("offset" = Option<u64>, Query, description = "first hit"), ("limit" = Option<u32>, Query, description = "page size, at most 100")), responses((status = 200, description = "fairminters, 24 per page", body = Page<FairminterJson>), (status = 400, description = "bad input: the message names it", body = ErrorBody)))]
pub(crate) async fn search_all(
    state: State<AppState>,
    params: Params,
) -> Result<Json<Page<FairminterJson>>, ApiError> {
    search(state, String::new(), params).await
}

#[utoipa::path(get, path = "/api/fairminter/search/{q}", tag = "fairminters", params(("q" = String, Path, description = "an asset or long-name prefix, or the creator's address"), ("only" = Option<String>, Query, description = "comma-separated: completed, in_progress, limited, valid"), ("sort" = Option<String>, Query, description = "timestamp, progress, holders_count, minted_count, minters_count, last_mint or end_block, with :asc or :desc"), ("page" = Option<u64>, Query, description = "1-based page (an offset given beside it wins)"), ("offset" = Option<u64>, Query, description = "first hit"), ("limit" = Option<u32>, Query, description = "page size, at most 100")), responses((status = 200, description = "fairminters, 24 per page", body = Page<FairminterJson>), (status = 400, description = "bad input: the message names it", body = ErrorBody)))]
pub(crate) async fn search_q(
    state: State<AppState>,
    Path(q): Path<String>,
    params: Params,
) -> Result<Json<Page<FairminterJson>>, ApiError> {
    search(state, q, params).await
}

async fn search(
    State(state): State<AppState>,
    q: String,
    params: Params,
) -> Result<Json<Page<FairminterJson>>, ApiError> {
    let params = paging::params(params)?;
    let page = paging::paging(&params, DEFAULT_LIMIT)?;
    let get = |k: &str| params.get(k).cloned().unwrap_or_default();
    let q = if q.is_empty() { get("q") } else { q };
    let mut catalogue = state.catalogue.clone();
    let answer = catalogue
        .search_fairminters(SearchFairmintersRequest {
            q,
            only: get("only"),
            sort: get("sort"),
            offset: page.offset,
            limit: page.limit,
        })
        .await
        .map_err(|s| ApiError::from_status(s, "not found"))?
        .into_inner();
    Ok(Json(Page {
        hits: answer.hits.into_iter().filter_map(json).collect(),
        estimated_total_hits: answer.total,
        offset: answer.offset,
        limit: answer.limit,
    }))
}
