//! SRC-20: `/api/src20/search[/{q}]`, `/api/src20/tick/{tick}`, `/api/src20/tick/{tick}/history`,
//! `/api/src20/activity/{address}` and `/api/src20/trending`.

use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use stamps_proto::catalogue::v1::{
    GetSrc20TickRequest, SearchSrc20Request, Src20Item, Src20TickCount, Src20TrendingRequest,
};
use utoipa::ToSchema;

use stamps_platform::figures::plain_decimal;

use crate::error::{ApiError, ErrorBody};
use crate::routes::paging::{self, Page, Params};
use crate::state::AppState;

/// Default page size of SRC-20 lists.
pub const DEFAULT_LIMIT: u32 = 24;
/// The answer for a tick never validly deployed.
pub const TICK_NOT_FOUND: &str = "SRC-20 tick not found";

/// SRC-20 routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/src20/search", get(search_all))
        .route("/src20/search/{q}", get(search_q))
        .route("/src20/tick/{tick}", get(tick))
        .route("/src20/tick/{tick}/history", get(history))
        .route("/src20/trending", get(trending))
        .route("/src20/activity/{address}", get(activity))
}

/// An SRC-20 operation in the spec's field names; a valid deploy carries its tick's figures.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Src20Item)]
#[serde(rename_all = "camelCase")]
pub struct Src20Json {
    tick: String,
    op: String,
    amount: Option<String>,
    creator: String,
    destination: Option<String>,
    block_index: u64,
    timestamp: u64,
    stamp: Option<i64>,
    cpid: Option<String>,
    hosted_url: Option<String>,
    tx_hash: String,
    is_invalid: bool,
    status: String,
    max: Option<String>,
    limit: Option<String>,
    decimals: Option<i32>,
    minted: Option<String>,
    minted_count: Option<u64>,
    minters_count: Option<u64>,
    holders_count: Option<u64>,
    progress: Option<String>,
}

fn some(s: String) -> Option<String> {
    Some(s).filter(|s| !s.is_empty())
}

impl From<Src20Item> for Src20Json {
    fn from(i: Src20Item) -> Self {
        let f = i.figures.filter(|_| i.has_figures);
        let cpid = some(i.cpid);
        Self {
            hosted_url: cpid.as_ref().map(|c| format!("/s/{c}")),
            cpid,
            tick: i.tick,
            op: i.op,
            amount: some(plain_decimal(&i.amt)),
            creator: i.creator,
            destination: some(i.destination),
            block_index: i.block_index,
            timestamp: i.block_time,
            stamp: i.has_stamp.then_some(i.stamp),
            tx_hash: i.tx_hash,
            is_invalid: !i.valid,
            status: i.status,
            max: f.as_ref().map(|f| plain_decimal(&f.max)),
            limit: f.as_ref().map(|f| plain_decimal(&f.lim)),
            decimals: f.as_ref().and_then(|f| (f.dec >= 0).then_some(f.dec)),
            minted: f.as_ref().map(|f| plain_decimal(&f.minted)),
            minted_count: f.as_ref().map(|f| f.mint_count),
            minters_count: f.as_ref().map(|f| f.minters_count),
            holders_count: f.as_ref().map(|f| f.holders_count),
            progress: f.map(|f| f.progress),
        }
    }
}

#[utoipa::path(get, path = "/api/src20/search", tag = "src20", params(("q" = Option<String>, Query, description = "a tick prefix, an address or a tx hash"), ("types" = Option<String>, Query, description = "comma-separated: deploy, mint, transfer"), ("only" = Option<String>, Query, description = "comma-separated: valid, minted_out, in_progress"), ("sort" = Option<String>, Query, description = "stamp, progress, holdersCount, mintedCount or mintersCount, with :asc or :desc"), ("tick" = Option<String>, Query, description = "one tick"), ("page" = Option<u64>, Query, description = "1-based page (an offset given beside it wins)"), ("offset" = Option<u64>, Query, description = "first hit"), ("limit" = Option<u32>, Query, description = "page size, at most 100")), responses((status = 200, description = "SRC-20 operations", body = Page<Src20Json>), (status = 400, description = "bad input: the message names it", body = ErrorBody)))]
pub(crate) async fn search_all(
    state: State<AppState>,
    params: Params,
) -> Result<Json<Page<Src20Json>>, ApiError> {
    list(state, String::new(), Filter::None, params).await
}

#[utoipa::path(get, path = "/api/src20/search/{q}", tag = "src20", params(("q" = String, Path, description = "a tick prefix, an address or a tx hash"), ("types" = Option<String>, Query, description = "comma-separated: deploy, mint, transfer"), ("only" = Option<String>, Query, description = "comma-separated: valid, minted_out, in_progress"), ("sort" = Option<String>, Query, description = "stamp, progress, holdersCount, mintedCount or mintersCount, with :asc or :desc"), ("tick" = Option<String>, Query, description = "one tick"), ("page" = Option<u64>, Query, description = "1-based page (an offset given beside it wins)"), ("offset" = Option<u64>, Query, description = "first hit"), ("limit" = Option<u32>, Query, description = "page size, at most 100")), responses((status = 200, description = "SRC-20 operations", body = Page<Src20Json>), (status = 400, description = "bad input: the message names it", body = ErrorBody)))]
pub(crate) async fn search_q(
    state: State<AppState>,
    Path(q): Path<String>,
    params: Params,
) -> Result<Json<Page<Src20Json>>, ApiError> {
    list(state, q, Filter::None, params).await
}

#[utoipa::path(get, path = "/api/src20/tick/{tick}/history", tag = "src20", params(("tick" = String, Path), ("types" = Option<String>, Query, description = "comma-separated: deploy, mint, transfer"), ("only" = Option<String>, Query, description = "comma-separated: valid, minted_out, in_progress"), ("sort" = Option<String>, Query, description = "stamp, progress, holdersCount, mintedCount or mintersCount, with :asc or :desc"), ("tick" = Option<String>, Query, description = "one tick"), ("page" = Option<u64>, Query, description = "1-based page (an offset given beside it wins)"), ("offset" = Option<u64>, Query, description = "first hit"), ("limit" = Option<u32>, Query, description = "page size, at most 100")), responses((status = 200, description = "the tick's operations, newest first", body = Page<Src20Json>), (status = 400, description = "bad input: the message names it", body = ErrorBody)))]
pub(crate) async fn history(
    state: State<AppState>,
    Path(tick): Path<String>,
    params: Params,
) -> Result<Json<Page<Src20Json>>, ApiError> {
    list(state, String::new(), Filter::Tick(tick), params).await
}

#[utoipa::path(get, path = "/api/src20/activity/{address}", tag = "src20", params(("address" = String, Path), ("types" = Option<String>, Query, description = "comma-separated: deploy, mint, transfer"), ("only" = Option<String>, Query, description = "comma-separated: valid, minted_out, in_progress"), ("sort" = Option<String>, Query, description = "stamp, progress, holdersCount, mintedCount or mintersCount, with :asc or :desc"), ("tick" = Option<String>, Query, description = "one tick"), ("page" = Option<u64>, Query, description = "1-based page (an offset given beside it wins)"), ("offset" = Option<u64>, Query, description = "first hit"), ("limit" = Option<u32>, Query, description = "page size, at most 100")), responses((status = 200, description = "what the address sent or received", body = Page<Src20Json>), (status = 400, description = "bad input: the message names it", body = ErrorBody)))]
pub(crate) async fn activity(
    state: State<AppState>,
    Path(address): Path<String>,
    params: Params,
) -> Result<Json<Page<Src20Json>>, ApiError> {
    list(state, String::new(), Filter::Address(address), params).await
}

/// What a list is narrowed to by its path.
enum Filter {
    /// Nothing.
    None,
    /// One tick.
    Tick(String),
    /// What one address sent or received.
    Address(String),
}

/// The finder: `types`, `only`, `sort` and `tick` (the catalogue checks them), `q`, and paging.
async fn list(
    State(state): State<AppState>,
    q: String,
    filter: Filter,
    params: Params,
) -> Result<Json<Page<Src20Json>>, ApiError> {
    let params = paging::params(params)?;
    let page = paging::paging(&params, DEFAULT_LIMIT)?;
    let get = |k: &str| params.get(k).cloned().unwrap_or_default();
    let q = if q.is_empty() { get("q") } else { q };
    let (tick, address) = match filter {
        Filter::None => (get("tick"), String::new()),
        Filter::Tick(tick) => (tick, String::new()),
        Filter::Address(address) => (get("tick"), address),
    };
    let mut catalogue = state.catalogue.clone();
    let answer = catalogue
        .search_src20(SearchSrc20Request {
            q,
            tick,
            types: get("types"),
            only: get("only"),
            sort: get("sort"),
            offset: page.offset,
            limit: page.limit,
            address,
        })
        .await
        .map_err(|s| ApiError::from_status(s, "not found"))?
        .into_inner();
    Ok(Json(Page {
        hits: answer.hits.into_iter().map(Src20Json::from).collect(),
        estimated_total_hits: answer.total,
        offset: answer.offset,
        limit: answer.limit,
    }))
}

/// A tick's page: its deploy with the figures, the largest holders, the mint history.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Src20Tick)]
#[serde(rename_all = "camelCase")]
pub struct TickJson {
    /// The canonical spelling: a request spelled otherwise should be redirected to it.
    tick: String,
    deploy: Option<Src20Json>,
    holders: Vec<HolderJson>,
    mint_history: Vec<MintPointJson>,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Src20Holder)]
struct HolderJson {
    address: String,
    amount: String,
    percentage: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Src20MintPoint)]
#[serde(rename_all = "camelCase")]
struct MintPointJson {
    block_index: u64,
    timestamp: u64,
    mints: u64,
    minted: String,
}

#[utoipa::path(get, path = "/api/src20/tick/{tick}", tag = "src20", params(("tick" = String, Path, description = "any spelling; the answer gives the canonical one")), responses((status = 200, description = "a deployed tick", body = TickJson), (status = 404, description = "SRC-20 tick not found", body = ErrorBody), (status = 400, description = "bad input: the message names it", body = ErrorBody)))]
pub(crate) async fn tick(
    State(state): State<AppState>,
    Path(tick): Path<String>,
) -> Result<Json<TickJson>, ApiError> {
    let mut catalogue = state.catalogue.clone();
    let t = catalogue
        .get_src20_tick(GetSrc20TickRequest { tick })
        .await
        .map_err(|s| ApiError::from_status(s, TICK_NOT_FOUND))?
        .into_inner();
    Ok(Json(TickJson {
        tick: t.tick,
        deploy: t.deploy.map(Src20Json::from),
        holders: t
            .holders
            .into_iter()
            .map(|h| HolderJson {
                address: h.address,
                amount: plain_decimal(&h.amount),
                percentage: h.percentage,
            })
            .collect(),
        mint_history: t
            .mint_history
            .into_iter()
            .map(|p| MintPointJson {
                block_index: p.block_index,
                timestamp: p.block_time,
                mints: p.mints,
                minted: plain_decimal(&p.minted),
            })
            .collect(),
    }))
}

/// A trending chart's data: column names and one tuple per tick.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Src20Chart)]
pub struct Chart {
    columns: [&'static str; 2],
    tuple: Vec<(String, u64)>,
}

fn chart(counts: Vec<Src20TickCount>) -> Chart {
    Chart {
        columns: ["tick", "count"],
        tuple: counts.into_iter().map(|c| (c.tick, c.count)).collect(),
    }
}

/// Ticks by activity among the latest 1,000 valid mints and the latest 1,000 valid transfers.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Src20Trending)]
pub struct TrendingJson {
    mint: Chart,
    transfer: Chart,
}

#[utoipa::path(get, path = "/api/src20/trending", tag = "src20", responses((status = 200, description = "ticks among the latest 1,000 valid mints and transfers", body = TrendingJson), (status = 400, description = "bad input: the message names it", body = ErrorBody)))]
pub(crate) async fn trending(
    State(state): State<AppState>,
    params: Params,
) -> Result<Json<TrendingJson>, ApiError> {
    let params = paging::params(params)?;
    if let Some(k) = params.keys().next() {
        return Err(ApiError::BadRequest(format!(
            "unknown query parameter {k:?}"
        )));
    }
    let mut catalogue = state.catalogue.clone();
    let t = catalogue
        .src20_trending(Src20TrendingRequest {})
        .await
        .map_err(|s| ApiError::from_status(s, "not found"))?
        .into_inner();
    Ok(Json(TrendingJson {
        mint: chart(t.mint),
        transfer: chart(t.transfer),
    }))
}
