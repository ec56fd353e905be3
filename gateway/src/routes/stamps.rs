//! The stamp finder (`/api/search[/{q}]`) and the stamp lists of addresses and wishlists, their query
//! parameters, and the stamp lookup other routes share.

use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use stamps_proto::catalogue::v1::{GetStampRequest, SearchStampsRequest, Stamp};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app_state::AppState;
use crate::error::{ApiError, OrNotFound};
use crate::routes::paging::{Page, PageQuery};
use crate::routes::profile::AddressesQuery;
use crate::routes::query::ApiQuery;

/// The spec's text for a missing stamp.
pub const STAMP_NOT_FOUND: &str = "404 - Stamp not found.";
/// Default page size of stamp lists.
pub const DEFAULT_LIMIT: u32 = 24;

/// Stamp routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(search_all))
        .routes(routes!(search_q))
        .routes(routes!(held))
        .routes(routes!(created))
        .routes(routes!(owned))
        .routes(routes!(wishlist))
        .routes(routes!(images))
}

/// Most cpids one image lookup takes.
pub const MAX_IMAGES: usize = 100;

/// A stamp's image, or `404` for a cpid that names no stamp.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = StampImage)]
pub struct StampImageJson {
    cpid: String,
    /// The image's URL, or `404`.
    url: String,
}

#[utoipa::path(
    get,
    path = "/stamp/images/{cpids}",
    tag = "stamps",
    params(("cpids" = String, Path, description = "comma-separated cpids (at most 100)")),
    responses(
        (status = 200, description = "each cpid's image, in the order asked", body = Vec<StampImageJson>),
        (status = 400, description = "no cpid, or more than 100"),
    )
)]
pub(crate) async fn images(
    State(state): State<AppState>,
    Path(cpids): Path<String>,
) -> Result<Json<Vec<StampImageJson>>, ApiError> {
    let cpids = cpid_list(&cpids)?;
    if cpids.is_empty() || cpids.len() > MAX_IMAGES {
        return Err(ApiError::BadRequest(format!(
            "cpids: from 1 to {MAX_IMAGES} cpids, comma-separated"
        )));
    }
    let mut unique = cpids.clone();
    unique.sort_unstable();
    unique.dedup();
    let limit = u32::try_from(unique.len()).unwrap_or(u32::MAX);
    let mut catalogue = state.catalogue.clone();
    let found = catalogue
        .search_stamps(SearchStampsRequest {
            cpids: unique,
            limit,
            ..SearchStampsRequest::default()
        })
        .await?
        .into_inner();
    let known: std::collections::HashSet<String> = found.hits.into_iter().map(|s| s.cpid).collect();
    Ok(Json(
        cpids
            .into_iter()
            .map(|cpid| StampImageJson {
                url: if known.contains(&cpid) {
                    format!("/s/{cpid}")
                } else {
                    "404".into()
                },
                cpid,
            })
            .collect(),
    ))
}

/// The stamp finder's text, as a query parameter.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// a cpid or its prefix, a stamp number, a creator address or a tx hash
    pub q: Option<String>,
}

/// The filters of every stamp list.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StampFilters {
    /// comma-separated: src-721, bmn, png, gif, svg, jpeg, html, other, cursed_stamp
    pub types: Option<String>,
    /// comma-separated: on_sale, locked, keyburn, olga, unique, burned
    pub only: Option<String>,
    /// only the stamps of this collection
    pub collection: Option<String>,
}

/// The stamp finder's order, and what it narrows to.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FinderQuery {
    #[doc = "stamp, floor_price, total_volume, supply, last_sale, last_sale_price, last_dispenser, \
             stamp_base64_size, dividend_count or rarity_rank, with :asc or :desc"]
    pub sort: Option<String>,
    #[doc = "top10, top100 or top1000 (the rarest SRC-721 mints of their collections), sub100, sub1000, \
             sub10000 or sub100000 (blessed stamps numbered below)"]
    pub rarity: Option<String>,
    /// only these stamps (at most 100): a JSON list or comma-separated
    pub cpids: Option<String>,
    /// SRC-721 traits: a JSON list of lists of layer stamps' cpids; only mints that chose one of each list
    pub src721cpids: Option<String>,
}

/// The order of the stamp lists of addresses.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AddressStampsQuery {
    #[doc = "stamp, floor_price, total_volume, supply, last_sale, last_sale_price, last_dispenser, \
             stamp_base64_size or dividend_count, with :asc or :desc"]
    pub sort: Option<String>,
}

/// The order of a wishlist.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct WishlistQuery {
    /// as for /api/search
    pub sort: Option<String>,
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
        .or_not_found(STAMP_NOT_FOUND)
}

#[utoipa::path(
    get,
    path = "/search",
    tag = "stamps",
    params(SearchQuery, StampFilters, FinderQuery, PageQuery),
    responses((status = 200, description = "the stamp finder", body = Page<StampJson>))
)]
pub(crate) async fn search_all(
    State(state): State<AppState>,
    ApiQuery(text): ApiQuery<SearchQuery>,
    ApiQuery(filters): ApiQuery<StampFilters>,
    ApiQuery(finder): ApiQuery<FinderQuery>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> Result<Json<Page<StampJson>>, ApiError> {
    let whose = Whose::Anyone(text.q.unwrap_or_default());
    list(&state, whose, filters, finder, page).await
}

#[utoipa::path(
    get,
    path = "/search/{q}",
    tag = "stamps",
    params(
        ("q" = String, Path, description = "a cpid or its prefix, a stamp number, a creator address or a tx hash"),
        StampFilters,
        FinderQuery,
        PageQuery,
    ),
    responses((status = 200, description = "the stamp finder", body = Page<StampJson>))
)]
pub(crate) async fn search_q(
    State(state): State<AppState>,
    Path(q): Path<String>,
    ApiQuery(filters): ApiQuery<StampFilters>,
    ApiQuery(finder): ApiQuery<FinderQuery>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> Result<Json<Page<StampJson>>, ApiError> {
    list(&state, Whose::Anyone(q), filters, finder, page).await
}

/// Whose stamps a list shows.
#[derive(Debug)]
enum Whose {
    /// Any stamp the text finds.
    Anyone(String),
    /// Held by the addresses.
    Held(AddressesQuery),
    /// Created by them.
    Created(AddressesQuery),
    /// Whose asset they own.
    Owned(AddressesQuery),
    /// On this user's wishlist.
    Wishlist(String),
}

#[utoipa::path(
    get,
    path = "/stamps/holders_addresses",
    tag = "profiles",
    params(AddressesQuery, StampFilters, AddressStampsQuery, PageQuery),
    responses((status = 200, description = "stamps held by the addresses", body = Page<StampJson>))
)]
pub(crate) async fn held(
    State(state): State<AppState>,
    ApiQuery(addresses): ApiQuery<AddressesQuery>,
    ApiQuery(filters): ApiQuery<StampFilters>,
    ApiQuery(order): ApiQuery<AddressStampsQuery>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> Result<Json<Page<StampJson>>, ApiError> {
    list(&state, Whose::Held(addresses), filters, order.into(), page).await
}

#[utoipa::path(
    get,
    path = "/stamps/creator",
    tag = "profiles",
    params(AddressesQuery, StampFilters, AddressStampsQuery, PageQuery),
    responses((status = 200, description = "stamps created by the addresses", body = Page<StampJson>))
)]
pub(crate) async fn created(
    State(state): State<AppState>,
    ApiQuery(addresses): ApiQuery<AddressesQuery>,
    ApiQuery(filters): ApiQuery<StampFilters>,
    ApiQuery(order): ApiQuery<AddressStampsQuery>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> Result<Json<Page<StampJson>>, ApiError> {
    list(
        &state,
        Whose::Created(addresses),
        filters,
        order.into(),
        page,
    )
    .await
}

#[utoipa::path(
    get,
    path = "/user/wishlist/{user}",
    tag = "profiles",
    params(
        ("user" = String, Path, description = "a user id or display name"),
        StampFilters,
        WishlistQuery,
        PageQuery,
    ),
    responses((
        status = 200,
        description = "the stamps on the user's wishlist (none for an unknown user)",
        body = Page<StampJson>,
    ))
)]
pub(crate) async fn wishlist(
    State(state): State<AppState>,
    Path(user): Path<String>,
    ApiQuery(filters): ApiQuery<StampFilters>,
    ApiQuery(order): ApiQuery<WishlistQuery>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> Result<Json<Page<StampJson>>, ApiError> {
    let finder = FinderQuery {
        sort: order.sort,
        ..FinderQuery::default()
    };
    list(&state, Whose::Wishlist(user), filters, finder, page).await
}

#[utoipa::path(
    get,
    path = "/stamps/owner",
    tag = "profiles",
    params(AddressesQuery, StampFilters, AddressStampsQuery, PageQuery),
    responses((status = 200, description = "stamps whose asset the addresses own", body = Page<StampJson>))
)]
pub(crate) async fn owned(
    State(state): State<AppState>,
    ApiQuery(addresses): ApiQuery<AddressesQuery>,
    ApiQuery(filters): ApiQuery<StampFilters>,
    ApiQuery(order): ApiQuery<AddressStampsQuery>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> Result<Json<Page<StampJson>>, ApiError> {
    list(&state, Whose::Owned(addresses), filters, order.into(), page).await
}

/// The lists of addresses are ordered as the finder is, without its other parameters.
impl From<AddressStampsQuery> for FinderQuery {
    fn from(order: AddressStampsQuery) -> Self {
        FinderQuery {
            sort: order.sort,
            ..FinderQuery::default()
        }
    }
}

/// A page of the stamps of `whose` the filters and the finder's parameters select.
async fn list(
    state: &AppState,
    whose: Whose,
    filters: StampFilters,
    finder: FinderQuery,
    page: PageQuery,
) -> Result<Json<Page<StampJson>>, ApiError> {
    let page = page.paging(DEFAULT_LIMIT)?;
    let addresses = match &whose {
        Whose::Held(a) | Whose::Created(a) | Whose::Owned(a) => a.required()?,
        Whose::Anyone(_) | Whose::Wishlist(_) => Vec::new(),
    };
    let mut request = SearchStampsRequest {
        offset: page.offset,
        limit: page.limit,
        types: filters.types.unwrap_or_default(),
        only: filters.only.unwrap_or_default(),
        sort: finder.sort.unwrap_or_default(),
        collection: filters.collection.unwrap_or_default(),
        src721cpids: finder.src721cpids.unwrap_or_default(),
        rarity: finder.rarity.unwrap_or_default(),
        cpids: finder
            .cpids
            .as_deref()
            .map(cpid_list)
            .transpose()?
            .unwrap_or_default(),
        ..SearchStampsRequest::default()
    };
    match whose {
        Whose::Anyone(q) => request.q = q,
        Whose::Held(_) => request.holders = addresses,
        Whose::Created(_) => request.creators = addresses,
        Whose::Owned(_) => request.owners = addresses,
        Whose::Wishlist(user) => request.wishlist = user,
    }
    let mut catalogue = state.catalogue.clone();
    let answer = catalogue.search_stamps(request).await?.into_inner();
    Ok(Json(Page {
        hits: answer.hits.into_iter().map(StampJson::from).collect(),
        estimated_total_hits: answer.total,
        offset: answer.offset,
        limit: answer.limit,
    }))
}
