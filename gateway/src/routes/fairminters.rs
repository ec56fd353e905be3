//! The fairminter list (`/api/fairminter/search[/{q}]`, 24 per page by default) and its query parameters.

use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use stamps_proto::catalogue::v1::{FairminterHit, SearchFairmintersRequest};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app_state::AppState;
use crate::error::ApiError;
use crate::routes::paging::{Page, PageQuery};
use crate::routes::query::ApiQuery;

/// The list's page size.
pub const DEFAULT_LIMIT: u32 = 24;

/// Fairminter routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(search_all))
        .routes(routes!(search_q))
}

/// The fairminter finder's text, as a query parameter.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FairminterSearchQuery {
    /// an asset or long-name prefix, or the creator's address
    pub q: Option<String>,
}

/// The fairminter finder's filter and order.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FairminterQuery {
    /// comma-separated: completed, in_progress, limited, valid
    pub only: Option<String>,
    /// timestamp, progress, holders_count, minted_count, minters_count, last_mint or end_block, with :asc or :desc
    pub sort: Option<String>,
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
    /// The asset's image: its stamp's file, or the picture of its enhanced asset information.
    image: Option<String>,
}

fn json(h: FairminterHit) -> Option<FairminterJson> {
    let f = h.fairminter?;
    Some(FairminterJson {
        image: if h.is_stamp {
            Some(format!("/s/{}", h.asset))
        } else {
            crate::routes::detail::picture_url(&h.asset, true, &h.description)
        },
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

#[utoipa::path(
    get,
    path = "/fairminter/search",
    tag = "fairminters",
    params(FairminterSearchQuery, FairminterQuery, PageQuery),
    responses((status = 200, description = "fairminters, 24 per page", body = Page<FairminterJson>))
)]
pub(crate) async fn search_all(
    State(state): State<AppState>,
    ApiQuery(text): ApiQuery<FairminterSearchQuery>,
    ApiQuery(query): ApiQuery<FairminterQuery>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> Result<Json<Page<FairminterJson>>, ApiError> {
    search(&state, text.q.unwrap_or_default(), query, page).await
}

#[utoipa::path(
    get,
    path = "/fairminter/search/{q}",
    tag = "fairminters",
    params(
        ("q" = String, Path, description = "an asset or long-name prefix, or the creator's address"),
        FairminterQuery,
        PageQuery,
    ),
    responses((status = 200, description = "fairminters, 24 per page", body = Page<FairminterJson>))
)]
pub(crate) async fn search_q(
    State(state): State<AppState>,
    Path(q): Path<String>,
    ApiQuery(query): ApiQuery<FairminterQuery>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> Result<Json<Page<FairminterJson>>, ApiError> {
    search(&state, q, query, page).await
}

async fn search(
    state: &AppState,
    q: String,
    query: FairminterQuery,
    page: PageQuery,
) -> Result<Json<Page<FairminterJson>>, ApiError> {
    let page = page.paging(DEFAULT_LIMIT)?;
    let mut catalogue = state.catalogue.clone();
    let answer = catalogue
        .search_fairminters(SearchFairmintersRequest {
            q,
            only: query.only.unwrap_or_default(),
            sort: query.sort.unwrap_or_default(),
            offset: page.offset,
            limit: page.limit,
        })
        .await?
        .into_inner();
    Ok(Json(Page {
        hits: answer.hits.into_iter().filter_map(json).collect(),
        estimated_total_hits: answer.total,
        offset: answer.offset,
        limit: answer.limit,
    }))
}
