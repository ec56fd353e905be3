//! Collections: the lists of collections and of staff directories (`/api/collections[/{q}]`,
//! `/api/directories[/{q}]`: sorted, filtered, paged) and their query parameters, a collection
//! (`/api/collection/{id}`), its `/collectors`, `/burned` and layers, and an SRC-721 stamp's layers, mints and
//! parent (`/api/stamp/src721/{cpid}`).

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use stamps_proto::catalogue::v1::{
    Collection, CollectionCard, CollectionListRequest, CollectionPeopleResponse,
    CreateCollectionRequest, GetCollectionRequest, GetStampRequest, SearchCollectionsRequest,
    UpdateCollectionRequest, Volume,
};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouter};
use utoipa_axum::routes;

use crate::app_state::AppState;
use crate::error::{ApiError, ErrorBody, OrNotFound};
use crate::routes::paging::{Page, PageQuery};
use crate::routes::query::ApiQuery;
use crate::routes::stamps::StampJson;

/// Page size of collection lists.
pub const DEFAULT_LIMIT: u32 = 50;

/// Page size of a collection's collectors and destroyers.
pub const PEOPLE_LIMIT: u32 = 20;

/// The 404 text of an unknown collection.
pub const COLLECTION_NOT_FOUND: &str = "Collection not found";

/// The 404 text of a stamp that is no SRC-721 deploy or mint.
pub const SRC721_NOT_FOUND: &str = "SRC-721 stamp not found";

/// The collection routes.
pub fn router() -> OpenApiRouter<AppState> {
    let router = OpenApiRouter::new();
    let router = with_trailing_slash(router, routes!(search_all));
    let router = with_trailing_slash(router, routes!(directories_all));
    router
        .routes(routes!(search_q))
        .routes(routes!(directories_q))
        .routes(routes!(collection, update_collection))
        .routes(routes!(create_collection))
        .routes(routes!(collectors))
        .routes(routes!(burned))
        .routes(routes!(layers))
        .routes(routes!(src721))
}

/// `routes` served at their path, and at that path with a trailing slash (which the document leaves out).
fn with_trailing_slash(
    router: OpenApiRouter<AppState>,
    routes: UtoipaMethodRouter<AppState>,
) -> OpenApiRouter<AppState> {
    let (_, paths, method_router) = &routes;
    let aliases: Vec<_> = paths
        .paths
        .keys()
        .map(|path| (format!("{path}/"), method_router.clone()))
        .collect();
    aliases
        .into_iter()
        .fold(router.routes(routes), |router, (path, method_router)| {
            router.route(&path, method_router)
        })
}

/// The collection list's text and order.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CollectionSearchQuery {
    /// a name prefix (any case) or a collection id
    pub q: Option<String>,
    #[doc = "trending (default, desc: the week's sales, then all-time), lowest_stamp_number, \
             highest_stamp_number, floor_price, total_volume, market_cap, stamp_count or collector_count, with \
             :asc or :desc"]
    pub sort: Option<String>,
}

/// The order of the other lists of collections.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CollectionSortQuery {
    /// as for /api/collections
    pub sort: Option<String>,
}

/// What the collection lists narrow to.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CollectionFilters {
    /// comma-separated collection ids (at most 100)
    pub ids: Option<String>,
    /// only this creator's
    pub user_id: Option<String>,
    /// comma-separated: launchpad, src721
    pub only: Option<String>,
}

/// The directory list's text.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DirectorySearchQuery {
    /// a name prefix (any case) or a directory id
    pub q: Option<String>,
}

/// What the directory lists narrow to.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DirectoryFilters {
    /// comma-separated ids (at most 100)
    pub ids: Option<String>,
    /// comma-separated: launchpad, src721
    pub only: Option<String>,
}

/// What a collection's answer holds.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CollectionQuery {
    /// true: every stamp id in stamp_ids (the edit form's), not only the first 12
    #[param(value_type = Option<bool>)]
    pub with_stamp_ids: Option<String>,
}

/// Satoshis sold in a window, and the change against the window before it in percent (two decimals; `null`
/// when nothing sold in the window before).
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = CollectionVolume)]
pub struct VolumeJson {
    volume: u64,
    #[schema(value_type = Option<f64>)]
    variation: Option<serde_json::Number>,
}

impl From<Option<Volume>> for VolumeJson {
    fn from(v: Option<Volume>) -> Self {
        let v = v.unwrap_or_default();
        Self {
            volume: v.volume,
            variation: stamps_platform::figures::variation(v.volume, v.previous),
        }
    }
}

/// A collection with its market figures: prices are satoshis per whole unit, volumes and market cap
/// satoshis; times are unix seconds.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Collection)]
pub struct CollectionJson {
    pub(crate) collection_id: String,
    pub(crate) name: String,
    /// `src721` (an SRC-721 deploy and its mints) or `other` (a user's).
    r#type: String,
    /// The creator: a user id, or an SRC-721 deploy's address.
    pub(crate) user_id: String,
    twitter: String,
    website: String,
    pub(crate) description: String,
    icon_id: String,
    is_launchpad: bool,
    pub(crate) stamp_count: u64,
    pub(crate) collector_count: u64,
    /// The first stamps, in the collection's order.
    stamp_ids: Vec<String>,
    /// Their images.
    pub(crate) stamp_images: Vec<String>,
    lowest_stamp_number: Option<i64>,
    pub(crate) highest_stamp_number: Option<i64>,
    lowest_timestamp: Option<u64>,
    highest_timestamp: Option<u64>,
    /// The cheapest floor per unit among its stamps.
    floor_price: Option<u64>,
    total_volume: u64,
    day_volume: VolumeJson,
    week_volume: VolumeJson,
    month_volume: VolumeJson,
    /// Every stamp's current supply at its floor.
    market_cap: Option<u64>,
    /// A launchpad's terms (none on another collection's card).
    #[serde(flatten)]
    #[schema(value_type = crate::routes::launchpads::LaunchpadCardTerms)]
    launchpad: Option<crate::routes::launchpads::LaunchpadFields>,
}

impl From<CollectionCard> for CollectionJson {
    fn from(c: CollectionCard) -> Self {
        let has = c.has_stamps;
        Self {
            stamp_images: c.stamp_ids.iter().map(|id| format!("/s/{id}")).collect(),
            stamp_ids: c.stamp_ids,
            lowest_stamp_number: has.then_some(c.lowest_stamp_number),
            highest_stamp_number: has.then_some(c.highest_stamp_number),
            lowest_timestamp: has.then_some(c.lowest_timestamp),
            highest_timestamp: has.then_some(c.highest_timestamp),
            floor_price: c.has_floor_price.then_some(c.floor_price),
            total_volume: c.total_volume,
            day_volume: c.day_volume.into(),
            week_volume: c.week_volume.into(),
            month_volume: c.month_volume.into(),
            market_cap: c.has_market_cap.then_some(c.market_cap),
            launchpad: crate::routes::launchpads::LaunchpadFields::from_config(&c.launchpad),
            collection_id: c.collection_id,
            name: c.name,
            r#type: c.r#type,
            user_id: c.user_id,
            twitter: c.twitter,
            website: c.website,
            description: c.description,
            icon_id: c.icon_id,
            is_launchpad: c.is_launchpad,
            stamp_count: c.stamp_count,
            collector_count: c.collector_count,
        }
    }
}

#[utoipa::path(
    get,
    path = "/collections",
    tag = "collections",
    params(CollectionSearchQuery, CollectionFilters, PageQuery),
    responses((status = 200, description = "collections, 50 per page", body = Page<CollectionJson>))
)]
pub(crate) async fn search_all(
    State(state): State<AppState>,
    ApiQuery(text): ApiQuery<CollectionSearchQuery>,
    ApiQuery(filters): ApiQuery<CollectionFilters>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> Result<Json<Page<CollectionJson>>, ApiError> {
    let find = Find {
        q: text.q,
        sort: text.sort,
        ids: filters.ids,
        user_id: filters.user_id,
        only: filters.only,
    };
    search(&state, find, page).await
}

#[utoipa::path(
    get,
    path = "/collections/{q}",
    tag = "collections",
    params(
        ("q" = String, Path, description = "a name prefix (any case) or a collection id"),
        CollectionSortQuery,
        CollectionFilters,
        PageQuery,
    ),
    responses((status = 200, description = "collections, 50 per page", body = Page<CollectionJson>))
)]
pub(crate) async fn search_q(
    State(state): State<AppState>,
    Path(q): Path<String>,
    ApiQuery(order): ApiQuery<CollectionSortQuery>,
    ApiQuery(filters): ApiQuery<CollectionFilters>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> Result<Json<Page<CollectionJson>>, ApiError> {
    let find = Find {
        q: Some(q),
        sort: order.sort,
        ids: filters.ids,
        user_id: filters.user_id,
        only: filters.only,
    };
    search(&state, find, page).await
}

/// The owner of staff directories: the network default.
pub const NETWORK_OWNER: &str = "XCP";

#[utoipa::path(
    get,
    path = "/directories",
    tag = "collections",
    params(DirectorySearchQuery, CollectionSortQuery, DirectoryFilters, PageQuery),
    responses((
        status = 200,
        description = "the staff directories (collections owned by the network default, user_id XCP), 50 per page",
        body = Page<CollectionJson>,
    ))
)]
pub(crate) async fn directories_all(
    State(state): State<AppState>,
    ApiQuery(text): ApiQuery<DirectorySearchQuery>,
    ApiQuery(order): ApiQuery<CollectionSortQuery>,
    ApiQuery(filters): ApiQuery<DirectoryFilters>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> Result<Json<Page<CollectionJson>>, ApiError> {
    directories(&state, text.q, order, filters, page).await
}

#[utoipa::path(
    get,
    path = "/directories/{q}",
    tag = "collections",
    params(
        ("q" = String, Path, description = "a name prefix (any case) or a directory id"),
        CollectionSortQuery,
        DirectoryFilters,
        PageQuery,
    ),
    responses((status = 200, description = "the staff directories, 50 per page", body = Page<CollectionJson>))
)]
pub(crate) async fn directories_q(
    State(state): State<AppState>,
    Path(q): Path<String>,
    ApiQuery(order): ApiQuery<CollectionSortQuery>,
    ApiQuery(filters): ApiQuery<DirectoryFilters>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> Result<Json<Page<CollectionJson>>, ApiError> {
    directories(&state, Some(q), order, filters, page).await
}

/// Collections owned by the network default; `user_id` is not a parameter here.
async fn directories(
    state: &AppState,
    q: Option<String>,
    order: CollectionSortQuery,
    filters: DirectoryFilters,
    page: PageQuery,
) -> Result<Json<Page<CollectionJson>>, ApiError> {
    let find = Find {
        q,
        sort: order.sort,
        ids: filters.ids,
        user_id: Some(NETWORK_OWNER.into()),
        only: filters.only,
    };
    search(state, find, page).await
}

/// What a list of collections asks for, as given.
struct Find {
    q: Option<String>,
    sort: Option<String>,
    /// Comma-separated.
    ids: Option<String>,
    user_id: Option<String>,
    only: Option<String>,
}

async fn search(
    state: &AppState,
    find: Find,
    page: PageQuery,
) -> Result<Json<Page<CollectionJson>>, ApiError> {
    let page = page.paging(DEFAULT_LIMIT)?;
    let ids = find
        .ids
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .map(str::to_owned)
        .collect();
    let mut catalogue = state.catalogue.clone();
    let answer = catalogue
        .search_collections(SearchCollectionsRequest {
            q: find.q.unwrap_or_default(),
            sort: find.sort.unwrap_or_default(),
            ids,
            user_id: find.user_id.unwrap_or_default(),
            only: find.only.unwrap_or_default(),
            offset: page.offset,
            limit: page.limit,
        })
        .await
        .or_not_found(COLLECTION_NOT_FOUND)?
        .into_inner();
    Ok(Json(Page {
        hits: answer.hits.into_iter().map(CollectionJson::from).collect(),
        estimated_total_hits: answer.total,
        offset: answer.offset,
        limit: answer.limit,
    }))
}

#[utoipa::path(
    get,
    path = "/collection/{id}",
    tag = "collections",
    params(("id" = String, Path, description = "the collection's id"), CollectionQuery),
    responses(
        (status = 200, description = "the collection with its figures", body = CollectionJson),
        (status = 404, description = "Collection not found", body = ErrorBody),
    )
)]
pub(crate) async fn collection(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiQuery(query): ApiQuery<CollectionQuery>,
) -> Result<Json<CollectionJson>, ApiError> {
    let with_stamp_ids = match query.with_stamp_ids.as_deref() {
        None | Some("false") => false,
        Some("true") => true,
        Some(other) => {
            return Err(ApiError::BadRequest(format!(
                "with_stamp_ids: {other:?} is neither true nor false"
            )));
        }
    };
    let mut catalogue = state.catalogue.clone();
    let card = catalogue
        .get_collection(GetCollectionRequest {
            collection_id: id,
            with_stamp_ids,
        })
        .await
        .or_not_found(COLLECTION_NOT_FOUND)?
        .into_inner();
    Ok(Json(card.into()))
}

/// A user collection as its creator writes it (`name` is ignored by an edit: a collection keeps its name).
#[derive(Debug, Deserialize, ToSchema)]
pub struct CollectionBody {
    /// 3 to 20 letters, digits, dashes, dots or underscores.
    #[serde(default)]
    name: String,
    /// The stamps, in order (at least 2 known, distinct ones; none in another collection).
    #[serde(default)]
    stamp_ids: Vec<String>,
    #[serde(default)]
    twitter: String,
    #[serde(default)]
    website: String,
    #[serde(default)]
    description: String,
}

/// A user collection as saved.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = SavedCollection)]
pub struct SavedCollectionJson {
    collection_id: String,
    name: String,
    user_id: String,
    twitter: String,
    website: String,
    description: String,
    stamp_ids: Vec<String>,
}

impl From<Collection> for SavedCollectionJson {
    fn from(c: Collection) -> Self {
        Self {
            collection_id: c.collection_id,
            name: c.name,
            user_id: c.user_id,
            twitter: c.twitter,
            website: c.website,
            description: c.description,
            stamp_ids: c.stamp_ids,
        }
    }
}

/// The spec's answers to a save: a name taken is a 401, a stamp of another collection a 409.
fn save_error(status: tonic::Status) -> ApiError {
    match status.code() {
        tonic::Code::AlreadyExists => ApiError::Unauthorized(status.message().to_owned()),
        tonic::Code::FailedPrecondition => ApiError::Conflict(status.message().to_owned()),
        tonic::Code::NotFound => ApiError::NotFound(COLLECTION_NOT_FOUND.into()),
        _ => status.into(),
    }
}

fn collection_body(bytes: &Bytes) -> Result<CollectionBody, ApiError> {
    serde_json::from_slice(bytes).map_err(|e| ApiError::BadRequest(format!("body: {e}")))
}

#[utoipa::path(
    post,
    path = "/collection",
    tag = "collections",
    request_body = CollectionBody,
    responses(
        (status = 201, description = "created", body = SavedCollectionJson),
        (status = 401, description = "not signed in, or `Collection name already exists`", body = ErrorBody),
        (status = 403, description = "not sent from the site", body = ErrorBody),
        (status = 409, description = "`A stamp is already in another collection`", body = ErrorBody),
    )
)]
pub(crate) async fn create_collection(
    State(state): State<AppState>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<(StatusCode, Json<SavedCollectionJson>), ApiError> {
    let b = collection_body(&bytes)?;
    let user_id = crate::routes::account::user_id(&state, &headers).await?;
    let saved = state
        .catalogue
        .clone()
        .create_collection(CreateCollectionRequest {
            user_id,
            name: b.name,
            stamp_ids: b.stamp_ids,
            twitter: b.twitter,
            website: b.website,
            description: b.description,
        })
        .await
        .map_err(save_error)?
        .into_inner();
    Ok((StatusCode::CREATED, Json(saved.into())))
}

#[utoipa::path(
    put,
    path = "/collection/{id}",
    tag = "collections",
    params(("id" = String, Path, description = "the collection's id")),
    request_body = CollectionBody,
    responses(
        (status = 201, description = "saved", body = SavedCollectionJson),
        (status = 401, description = "not signed in", body = ErrorBody),
        (status = 403, description = "not the collection's creator, or not sent from the site", body = ErrorBody),
        (status = 404, description = "Collection not found", body = ErrorBody),
        (status = 409, description = "`A stamp is already in another collection`", body = ErrorBody),
    )
)]
pub(crate) async fn update_collection(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<(StatusCode, Json<SavedCollectionJson>), ApiError> {
    let b = collection_body(&bytes)?;
    let user_id = crate::routes::account::user_id(&state, &headers).await?;
    let saved = state
        .catalogue
        .clone()
        .update_collection(UpdateCollectionRequest {
            collection_id: id,
            user_id,
            stamp_ids: b.stamp_ids,
            twitter: b.twitter,
            website: b.website,
            description: b.description,
        })
        .await
        .map_err(save_error)?
        .into_inner();
    Ok((StatusCode::CREATED, Json(saved.into())))
}

/// A collection's layers: per layer, its stamps and how many of the collection's stamps chose each (a trait's
/// share is `count / stamp_count`).
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = CollectionLayers)]
pub struct LayersJson {
    collection_id: String,
    /// The collection's stamps (its mints).
    stamp_count: u64,
    layers: Vec<LayerJson>,
}

/// One layer (`t0`, `t1`, ...).
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = CollectionLayer)]
pub struct LayerJson {
    key: String,
    items: Vec<LayerItemJson>,
}

/// A layer's stamp.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = CollectionLayerItem)]
pub struct LayerItemJson {
    cpid: String,
    /// The collection's stamps that chose it (an SRC-721 collection's).
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<u64>,
    /// Its weight in the layer (a launchpad's curated layers).
    #[serde(skip_serializing_if = "Option::is_none")]
    weight: Option<u32>,
    image_url: String,
}

#[utoipa::path(
    get,
    path = "/collection/layers/{id}",
    tag = "collections",
    params(("id" = String, Path, description = "the collection's id")),
    responses(
        (status = 200, description = "the collection's layers with their counts", body = LayersJson),
        (status = 404, description = "Collection not found (or without layers)", body = ErrorBody),
    )
)]
pub(crate) async fn layers(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<LayersJson>, ApiError> {
    let mut catalogue = state.catalogue.clone();
    let answer = catalogue
        .get_collection_layers(GetCollectionRequest {
            collection_id: id,
            with_stamp_ids: false,
        })
        .await
        .or_not_found(COLLECTION_NOT_FOUND)?
        .into_inner();
    Ok(Json(LayersJson {
        collection_id: answer.collection_id,
        stamp_count: answer.stamp_count,
        layers: answer
            .layers
            .into_iter()
            .map(|l| LayerJson {
                key: l.key,
                items: l
                    .items
                    .into_iter()
                    .map(|i| LayerItemJson {
                        image_url: format!("/s/{}", i.cpid),
                        cpid: i.cpid,
                        count: i.has_count.then_some(i.count),
                        weight: Some(i.weight).filter(|w| *w > 0),
                    })
                    .collect(),
            })
            .collect(),
    }))
}

/// A holder of a collection's stamps, or who destroyed them.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = CollectionPerson)]
pub struct PersonJson {
    rank: u64,
    address: String,
    /// The profile's id (the address).
    user_id: String,
    display_name: Option<String>,
    /// Collectors: the collection's stamps held.
    #[serde(skip_serializing_if = "Option::is_none")]
    stamp_count: Option<u64>,
    /// Burned: the collection's stamps destroyed.
    #[serde(skip_serializing_if = "Option::is_none")]
    destroyed_count: Option<u64>,
    /// The first of those stamps (10 at most), newest first.
    stamps: Vec<StampLinkJson>,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = CollectionPersonStamp)]
struct StampLinkJson {
    cpid: String,
    url: String,
}

fn link(cpid: String) -> StampLinkJson {
    StampLinkJson {
        url: format!("/s/{cpid}"),
        cpid,
    }
}

fn people(answer: CollectionPeopleResponse, burned: bool) -> Page<PersonJson> {
    Page {
        hits: answer
            .hits
            .into_iter()
            .map(|p| PersonJson {
                rank: p.rank,
                user_id: p.address.clone(),
                address: p.address,
                display_name: Some(p.display_name).filter(|n| !n.is_empty()),
                stamp_count: (!burned).then_some(p.count),
                destroyed_count: burned.then_some(p.count),
                stamps: p.stamps.into_iter().map(link).collect(),
            })
            .collect(),
        estimated_total_hits: answer.total,
        offset: answer.offset,
        limit: answer.limit,
    }
}

fn list_request(id: String, page: PageQuery) -> Result<CollectionListRequest, ApiError> {
    let page = page.paging(PEOPLE_LIMIT)?;
    Ok(CollectionListRequest {
        collection_id: id,
        offset: page.offset,
        limit: page.limit,
    })
}

#[utoipa::path(
    get,
    path = "/collection/{id}/collectors",
    tag = "collections",
    params(("id" = String, Path, description = "the collection's id"), PageQuery),
    responses(
        (status = 200, description = "holders of its stamps, most first, 20 per page", body = Page<PersonJson>),
        (status = 404, description = "Collection not found", body = ErrorBody),
    )
)]
pub(crate) async fn collectors(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> Result<Json<Page<PersonJson>>, ApiError> {
    let request = list_request(id, page)?;
    let mut catalogue = state.catalogue.clone();
    let answer = catalogue
        .collection_collectors(request)
        .await
        .or_not_found(COLLECTION_NOT_FOUND)?
        .into_inner();
    Ok(Json(people(answer, false)))
}

#[utoipa::path(
    get,
    path = "/collection/{id}/burned",
    tag = "collections",
    params(("id" = String, Path, description = "the collection's id"), PageQuery),
    responses(
        (status = 200, description = "who destroyed its stamps, most first, 20 per page", body = Page<PersonJson>),
        (status = 404, description = "Collection not found", body = ErrorBody),
    )
)]
pub(crate) async fn burned(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> Result<Json<Page<PersonJson>>, ApiError> {
    let request = list_request(id, page)?;
    let mut catalogue = state.catalogue.clone();
    let answer = catalogue
        .collection_burned(request)
        .await
        .or_not_found(COLLECTION_NOT_FOUND)?
        .into_inner();
    Ok(Json(people(answer, true)))
}

/// An SRC-721 deploy (its layers and mints) or mint (the stamp chosen in each layer, and its collection's
/// deploy stamp).
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Src721)]
pub struct Src721Json {
    cpid: String,
    /// `deploy` or `mint`.
    op: String,
    /// The collection: its deploy's cpid.
    collection_id: String,
    name: String,
    /// A deploy: each layer's stamps. A mint: one stamp per layer, the one it chose.
    layers: Vec<Vec<StampLinkJson>>,
    /// A deploy's newest mints and how many there are.
    mints: Page<StampJson>,
    parent: Option<StampJson>,
}

#[utoipa::path(
    get,
    path = "/stamp/src721/{cpid}",
    tag = "collections",
    params(("cpid" = String, Path, description = "an SRC-721 deploy or mint")),
    responses(
        (status = 200, description = "its layers, mints and parent", body = Src721Json),
        (status = 404, description = "not an SRC-721 deploy or mint", body = ErrorBody),
    )
)]
pub(crate) async fn src721(
    State(state): State<AppState>,
    Path(cpid): Path<String>,
) -> Result<Json<Src721Json>, ApiError> {
    let mut catalogue = state.catalogue.clone();
    let d = catalogue
        .get_src721(GetStampRequest { cpid })
        .await
        .or_not_found(SRC721_NOT_FOUND)?
        .into_inner();
    let limit = u32::try_from(d.mints.len()).unwrap_or(u32::MAX);
    Ok(Json(Src721Json {
        cpid: d.cpid,
        op: d.op,
        collection_id: d.collection_id,
        name: d.name,
        layers: d
            .layers
            .into_iter()
            .map(|l| l.cpids.into_iter().map(link).collect())
            .collect(),
        mints: Page {
            hits: d.mints.into_iter().map(StampJson::from).collect(),
            estimated_total_hits: d.mint_count,
            offset: 0,
            limit,
        },
        parent: d.parent.map(StampJson::from),
    }))
}
