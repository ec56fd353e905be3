//! The XCP site's catalogue: `/api/xcp/search[/{q}]` (every Counterparty asset as a catalogue item, stamps or
//! not), `/api/xcp/leaderboard` (holders of Counterparty assets) and `/api/xcp/projects` (the staff
//! directories, by name and size, for the site's navigation).

use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use stamps_proto::catalogue::v1::{
    AssetItem, LeaderboardRequest, SearchAssetsRequest, SearchCollectionsRequest,
};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app_state::AppState;
use crate::error::ApiError;
use crate::routes::collections::NETWORK_OWNER;
use crate::routes::detail::json_url;
use crate::routes::paging::{Page, PageQuery};
use crate::routes::query::ApiQuery;

/// Default page size of the asset finder.
pub const ASSET_PAGE: u32 = 24;
/// Projects the navigation lists.
const PROJECTS: u32 = 100;

/// XCP routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(search_all))
        .routes(routes!(search_q))
        .routes(routes!(projects))
        .routes(routes!(leaderboard))
}

/// The asset finder's parameters.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AssetSearchQuery {
    /// an asset or long-name prefix, or the issuer's address
    pub q: Option<String>,
    /// comma-separated (all of): stamps, named, locked, on_sale
    pub only: Option<String>,
    /// comma-separated (any of) stamp file types: src-721, bmn, png, gif, svg, jpeg, html, other, cursed_stamp
    pub types: Option<String>,
    #[doc = "block_index (default, newest first), asset, supply, holders, or a stamp sort (stamp, floor_price, \
             total_volume, last_sale, last_sale_price, last_dispenser, stamp_base64_size, dividend_count, \
             rarity_rank; assets without the figure last), with :asc or :desc"]
    pub sort: Option<String>,
}

/// The asset finder's parameters beside a text in the path.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AssetFilterQuery {
    /// as for /api/xcp/search
    pub only: Option<String>,
    /// as for /api/xcp/search
    pub types: Option<String>,
    /// as for /api/xcp/search
    pub sort: Option<String>,
}

/// The order of the XCP leaderboard.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct XcpLeaderboardQuery {
    #[doc = "xcp_count (default), xcp_created_count, xcp_destroyed_count, floor_valuation, \
             last_sale_valuation or destruction_valuation; most first"]
    pub sort: Option<String>,
}

/// A Counterparty asset as a catalogue item, in the stamp card's field names where they apply. Quantities are
/// base units; `stamp` is its stamp number when it is one.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = XcpAsset)]
pub struct XcpAssetJson {
    cpid: String,
    asset_longname: Option<String>,
    stamp: Option<i64>,
    /// Its stamp's file, when it is a stamp.
    stamp_url: Option<String>,
    /// Its stamp's MIME type, when it is a stamp.
    stamp_mimetype: Option<String>,
    /// Its stamp's file kind (png, svg, html, bmn, ...), when it is a stamp.
    file_suffix: Option<String>,
    /// Its first issuer.
    creator: String,
    /// Its owner now.
    issuer: String,
    supply: String,
    divisible: bool,
    locked: bool,
    description: String,
    /// The description's enhanced asset information, when it points to a JSON file.
    xcp_json_url: Option<String>,
    /// The picture that information names, served by the site, for an asset that is no stamp.
    xcp_image_url: Option<String>,
    /// Its first issuance.
    block_index: u64,
    block_time: u64,
    /// Addresses holding some.
    holders: u64,
    /// Destroyed, base units.
    destructions: String,
    /// Its stamp's floor price: satoshis per whole unit at the cheapest buyable dispenser.
    floor_price: Option<u64>,
    /// Satoshis per whole unit of its stamp's latest sale.
    last_sale_price: Option<u64>,
    /// When that sale was mined (unix seconds).
    last_sale: Option<u64>,
    /// Satoshis paid in its stamp's sales.
    total_volume: u64,
    dividend_count: u64,
    /// Its stamp's rank in its SRC-721 collection by rarity.
    rarity_rank: Option<u64>,
    /// Its stamp's cheapest buyable offer: a dispenser's txid, or an atomic swap's `txid:vout`.
    on_sale: Option<String>,
}

impl From<AssetItem> for XcpAssetJson {
    fn from(a: AssetItem) -> Self {
        Self {
            stamp_url: a.has_stamp.then(|| format!("/s/{}", a.asset)),
            stamp_mimetype: a.has_stamp.then(|| a.mimetype.clone()),
            file_suffix: a.has_stamp.then(|| a.file_suffix.clone()),
            stamp: a.has_stamp.then_some(a.stamp),
            asset_longname: Some(a.asset_longname).filter(|l| !l.is_empty()),
            xcp_json_url: json_url(&a.description),
            xcp_image_url: crate::routes::detail::picture_url(
                &a.asset,
                !a.has_stamp,
                &a.description,
            ),
            cpid: a.asset,
            creator: a.creator,
            issuer: a.issuer,
            supply: a.supply,
            divisible: a.divisible,
            locked: a.locked,
            description: a.description,
            block_index: a.block_index,
            block_time: a.block_time,
            holders: a.holders,
            destructions: if a.destroyed.is_empty() {
                "0".into()
            } else {
                a.destroyed
            },
            floor_price: a.has_floor_price.then_some(a.floor_price),
            last_sale_price: a.has_last_sale_price.then_some(a.last_sale_price),
            last_sale: a.has_last_sale.then_some(a.last_sale),
            total_volume: a.total_volume,
            dividend_count: a.dividend_count,
            rarity_rank: a.has_rarity_rank.then_some(a.rarity_rank),
            on_sale: Some(a.on_sale).filter(|o| !o.is_empty()),
        }
    }
}

#[utoipa::path(
    get,
    path = "/xcp/search",
    tag = "xcp",
    params(AssetSearchQuery, PageQuery),
    responses((status = 200, description = "every Counterparty asset, 24 per page", body = Page<XcpAssetJson>))
)]
pub(crate) async fn search_all(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<AssetSearchQuery>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> Result<Json<Page<XcpAssetJson>>, ApiError> {
    let AssetSearchQuery {
        q,
        only,
        types,
        sort,
    } = query;
    let filters = AssetFilterQuery { only, types, sort };
    search(&state, q.unwrap_or_default(), filters, page).await
}

#[utoipa::path(
    get,
    path = "/xcp/search/{q}",
    tag = "xcp",
    params(
        ("q" = String, Path, description = "an asset or long-name prefix, or the issuer's address"),
        AssetFilterQuery,
        PageQuery,
    ),
    responses((status = 200, description = "Counterparty assets, 24 per page", body = Page<XcpAssetJson>))
)]
pub(crate) async fn search_q(
    State(state): State<AppState>,
    Path(q): Path<String>,
    ApiQuery(filters): ApiQuery<AssetFilterQuery>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> Result<Json<Page<XcpAssetJson>>, ApiError> {
    search(&state, q, filters, page).await
}

async fn search(
    state: &AppState,
    q: String,
    filters: AssetFilterQuery,
    page: PageQuery,
) -> Result<Json<Page<XcpAssetJson>>, ApiError> {
    let page = page.paging(ASSET_PAGE)?;
    let mut catalogue = state.catalogue.clone();
    let answer = catalogue
        .search_assets(SearchAssetsRequest {
            q,
            only: filters.only.unwrap_or_default(),
            types: filters.types.unwrap_or_default(),
            sort: filters.sort.unwrap_or_default(),
            offset: page.offset,
            limit: page.limit,
        })
        .await?
        .into_inner();
    Ok(Json(Page {
        hits: answer.hits.into_iter().map(XcpAssetJson::from).collect(),
        estimated_total_hits: answer.total,
        offset: answer.offset,
        limit: answer.limit,
    }))
}

/// A project of the XCP site: a staff directory, by name, with its size.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = XcpProject)]
pub struct ProjectJson {
    collection_id: String,
    name: String,
    /// Its stamps.
    count: u64,
}

/// The projects, largest first.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = XcpProjects)]
pub struct ProjectsJson {
    projects: Vec<ProjectJson>,
}

#[utoipa::path(
    get,
    path = "/xcp/projects",
    tag = "xcp",
    responses((
        status = 200,
        description = "the staff directories by name and size, largest first (at most 100)",
        body = ProjectsJson,
    ))
)]
pub(crate) async fn projects(
    State(state): State<AppState>,
) -> Result<Json<ProjectsJson>, ApiError> {
    let mut catalogue = state.catalogue.clone();
    let answer = catalogue
        .search_collections(SearchCollectionsRequest {
            user_id: NETWORK_OWNER.into(),
            sort: "stamp_count:desc".into(),
            limit: PROJECTS,
            ..SearchCollectionsRequest::default()
        })
        .await?
        .into_inner();
    Ok(Json(ProjectsJson {
        projects: answer
            .hits
            .into_iter()
            .map(|c| ProjectJson {
                collection_id: c.collection_id,
                name: c.name,
                count: c.stamp_count,
            })
            .collect(),
    }))
}

/// Default page size of the XCP leaderboard.
pub const LEADERBOARD_PAGE: u32 = 20;

/// A holder of Counterparty assets (XCP aside), in the XCP site's field names.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = XcpCollector)]
pub struct XcpCollectorJson {
    rank: u64,
    user_id: String,
    display_name: Option<String>,
    /// Assets held.
    xcp_count: u64,
    /// Assets created.
    xcp_created_count: u64,
    /// Assets destroyed.
    xcp_destroyed_count: u64,
    /// A few assets held.
    xcp_ids: Vec<String>,
    /// A few assets destroyed.
    xcp_destruction_ids: Vec<String>,
    /// Satoshis: the stamps among the assets held at floor prices.
    floor_valuation: u64,
    /// Satoshis: the stamps among the assets held at latest-sale prices.
    last_sale_valuation: u64,
    /// Satoshis: what the stamps destroyed were worth.
    destruction_valuation: u64,
    /// The assets of `xcp_ids`, with their image (a stamp's file) when they have one.
    stamps: Vec<XcpPreviewJson>,
    /// The assets of `xcp_destruction_ids`, likewise.
    destroyed_stamps: Vec<XcpPreviewJson>,
}

/// An asset and its image, when it has one.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = XcpPreview)]
pub struct XcpPreviewJson {
    cpid: String,
    url: Option<String>,
}

fn previews(ids: &[String], stamps: &[String]) -> Vec<XcpPreviewJson> {
    ids.iter()
        .map(|cpid| XcpPreviewJson {
            url: stamps.contains(cpid).then(|| format!("/s/{cpid}")),
            cpid: cpid.clone(),
        })
        .collect()
}

#[utoipa::path(
    get,
    path = "/xcp/leaderboard",
    tag = "xcp",
    params(XcpLeaderboardQuery, PageQuery),
    responses((
        status = 200,
        description = "holders of Counterparty assets, 20 per page",
        body = Page<XcpCollectorJson>,
    ))
)]
pub(crate) async fn leaderboard(
    State(state): State<AppState>,
    ApiQuery(order): ApiQuery<XcpLeaderboardQuery>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> Result<Json<Page<XcpCollectorJson>>, ApiError> {
    let page = page.paging(LEADERBOARD_PAGE)?;
    let mut catalogue = state.catalogue.clone();
    let answer = catalogue
        .xcp_leaderboard(LeaderboardRequest {
            sort: order.sort.unwrap_or_default(),
            project: String::new(),
            offset: page.offset,
            limit: page.limit,
        })
        .await?
        .into_inner();
    Ok(Json(Page {
        hits: answer
            .hits
            .into_iter()
            .map(|c| XcpCollectorJson {
                rank: c.rank,
                user_id: c.address,
                display_name: Some(c.display_name).filter(|n| !n.is_empty()),
                xcp_count: c.xcp_count,
                xcp_created_count: c.xcp_created_count,
                xcp_destroyed_count: c.xcp_destroyed_count,
                floor_valuation: c.floor_valuation,
                last_sale_valuation: c.last_sale_valuation,
                destruction_valuation: c.destruction_valuation,
                stamps: previews(&c.xcp_ids, &c.stamp_ids),
                destroyed_stamps: previews(&c.xcp_destruction_ids, &c.stamp_ids),
                xcp_ids: c.xcp_ids,
                xcp_destruction_ids: c.xcp_destruction_ids,
            })
            .collect(),
        estimated_total_hits: answer.total,
        offset: answer.offset,
        limit: answer.limit,
    }))
}
