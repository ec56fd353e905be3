//! SRC-20 tokens: the operations' finder (`/api/src20/search[/{q}]`, a tick's `/history`, an address's
//! `/activity/{address}`) and its query parameters, a tick's page (`/api/src20/tick/{tick}`) and the trending
//! ticks (`/api/src20/trending`).

use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use stamps_platform::figures::plain_decimal;
use stamps_proto::catalogue::v1::{
    GetSrc20TickRequest, SearchSrc20Request, Src20Item, Src20TickCount, Src20TrendingRequest,
};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app_state::AppState;
use crate::error::{ApiError, ErrorBody, OrNotFound};
use crate::routes::paging::{Page, PageQuery};
use crate::routes::query::ApiQuery;

/// Default page size of SRC-20 lists.
pub const DEFAULT_LIMIT: u32 = 24;
/// The answer for a tick never validly deployed.
pub const TICK_NOT_FOUND: &str = "SRC-20 tick not found";

/// SRC-20 routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(search_all))
        .routes(routes!(search_q))
        .routes(routes!(tick))
        .routes(routes!(history))
        .routes(routes!(trending))
        .routes(routes!(activity))
}

/// The SRC-20 finder's text, as a query parameter.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Src20SearchQuery {
    /// a tick prefix, an address or a tx hash
    pub q: Option<String>,
}

/// The SRC-20 finder's filters and order (the catalogue checks them).
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Src20Query {
    /// comma-separated: deploy, mint, transfer
    pub types: Option<String>,
    /// comma-separated: valid, minted_out, in_progress
    pub only: Option<String>,
    /// stamp, progress, holdersCount, mintedCount or mintersCount, with :asc or :desc
    pub sort: Option<String>,
    /// one tick
    pub tick: Option<String>,
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

#[utoipa::path(
    get,
    path = "/src20/search",
    tag = "src20",
    params(Src20SearchQuery, Src20Query, PageQuery),
    responses((status = 200, description = "SRC-20 operations", body = Page<Src20Json>))
)]
pub(crate) async fn search_all(
    State(state): State<AppState>,
    ApiQuery(text): ApiQuery<Src20SearchQuery>,
    ApiQuery(query): ApiQuery<Src20Query>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> Result<Json<Page<Src20Json>>, ApiError> {
    let q = text.q.unwrap_or_default();
    list(&state, q, Filter::None, query, page).await
}

#[utoipa::path(
    get,
    path = "/src20/search/{q}",
    tag = "src20",
    params(
        ("q" = String, Path, description = "a tick prefix, an address or a tx hash"),
        Src20Query,
        PageQuery,
    ),
    responses((status = 200, description = "SRC-20 operations", body = Page<Src20Json>))
)]
pub(crate) async fn search_q(
    State(state): State<AppState>,
    Path(q): Path<String>,
    ApiQuery(query): ApiQuery<Src20Query>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> Result<Json<Page<Src20Json>>, ApiError> {
    list(&state, q, Filter::None, query, page).await
}

#[utoipa::path(
    get,
    path = "/src20/tick/{tick}/history",
    tag = "src20",
    params(("tick" = String, Path), Src20Query, PageQuery),
    responses((status = 200, description = "the tick's operations, newest first", body = Page<Src20Json>))
)]
pub(crate) async fn history(
    State(state): State<AppState>,
    Path(tick): Path<String>,
    ApiQuery(query): ApiQuery<Src20Query>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> Result<Json<Page<Src20Json>>, ApiError> {
    list(&state, String::new(), Filter::Tick(tick), query, page).await
}

#[utoipa::path(
    get,
    path = "/src20/activity/{address}",
    tag = "src20",
    params(("address" = String, Path), Src20Query, PageQuery),
    responses((status = 200, description = "what the address sent or received", body = Page<Src20Json>))
)]
pub(crate) async fn activity(
    State(state): State<AppState>,
    Path(address): Path<String>,
    ApiQuery(query): ApiQuery<Src20Query>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> Result<Json<Page<Src20Json>>, ApiError> {
    list(&state, String::new(), Filter::Address(address), query, page).await
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

/// The finder: the text `q` (a tick prefix, an address or a tx hash; empty: any), what the path narrows to,
/// the filters, and paging.
async fn list(
    state: &AppState,
    q: String,
    filter: Filter,
    query: Src20Query,
    page: PageQuery,
) -> Result<Json<Page<Src20Json>>, ApiError> {
    let page = page.paging(DEFAULT_LIMIT)?;
    let tick = query.tick.unwrap_or_default();
    let (tick, address) = match filter {
        Filter::None => (tick, String::new()),
        Filter::Tick(path_tick) => (path_tick, String::new()),
        Filter::Address(address) => (tick, address),
    };
    let mut catalogue = state.catalogue.clone();
    let answer = catalogue
        .search_src20(SearchSrc20Request {
            q,
            tick,
            types: query.types.unwrap_or_default(),
            only: query.only.unwrap_or_default(),
            sort: query.sort.unwrap_or_default(),
            offset: page.offset,
            limit: page.limit,
            address,
        })
        .await?
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

#[utoipa::path(
    get,
    path = "/src20/tick/{tick}",
    tag = "src20",
    params(("tick" = String, Path, description = "any spelling; the answer gives the canonical one")),
    responses(
        (status = 200, description = "a deployed tick", body = TickJson),
        (status = 404, description = "SRC-20 tick not found", body = ErrorBody),
    )
)]
pub(crate) async fn tick(
    State(state): State<AppState>,
    Path(tick): Path<String>,
) -> Result<Json<TickJson>, ApiError> {
    let mut catalogue = state.catalogue.clone();
    let t = catalogue
        .get_src20_tick(GetSrc20TickRequest { tick })
        .await
        .or_not_found(TICK_NOT_FOUND)?
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

#[utoipa::path(
    get,
    path = "/src20/trending",
    tag = "src20",
    responses((
        status = 200,
        description = "ticks among the latest 1,000 valid mints and transfers",
        body = TrendingJson,
    ))
)]
pub(crate) async fn trending(
    State(state): State<AppState>,
) -> Result<Json<TrendingJson>, ApiError> {
    let mut catalogue = state.catalogue.clone();
    let t = catalogue
        .src20_trending(Src20TrendingRequest {})
        .await?
        .into_inner();
    Ok(Json(TrendingJson {
        mint: chart(t.mint),
        transfer: chart(t.transfer),
    }))
}
