//! Collections: `/api/collections[/{q}]` (sorted, filtered, paged), `/api/collection/{id}`, its
//! `/collectors` and `/burned`, and `/api/stamp/src721/{cpid}` (an SRC-721 stamp's layers, mints and parent).

use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use stamps_proto::catalogue::v1::{
    CollectionCard, CollectionListRequest, CollectionPeopleResponse, GetCollectionRequest,
    GetStampRequest, SearchCollectionsRequest, Volume,
};
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody};
use crate::routes::paging::{self, Page, Params};
use crate::routes::stamps::StampJson;
use crate::state::AppState;

/// Page size of collection lists.
pub const DEFAULT_LIMIT: u32 = 50;

/// Page size of a collection's collectors and destroyers.
pub const PEOPLE_LIMIT: u32 = 20;

/// The 404 text of an unknown collection.
pub const COLLECTION_NOT_FOUND: &str = "Collection not found";

/// The collection routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/collections", get(search_all))
        .route("/collections/", get(search_all))
        .route("/collections/{q}", get(search_q))
        .route("/directories", get(directories_all))
        .route("/directories/", get(directories_all))
        .route("/directories/{q}", get(directories_q))
        .route("/collection/{id}", get(collection))
        .route("/collection/{id}/collectors", get(collectors))
        .route("/collection/{id}/burned", get(burned))
        .route("/collection/layers/{id}", get(layers))
        .route("/stamp/src721/{cpid}", get(src721))
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
    highest_stamp_number: Option<i64>,
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

#[utoipa::path(get, path = "/api/collections", tag = "collections", params(("q" = Option<String>, Query, description = "a name prefix (any case) or a collection id"), ("sort" = Option<String>, Query, description = "trending (default, desc: the week's sales, then all-time), lowest_stamp_number, highest_stamp_number, floor_price, total_volume, market_cap, stamp_count or collector_count, with :asc or :desc"), ("ids" = Option<String>, Query, description = "comma-separated collection ids (at most 100)"), ("user_id" = Option<String>, Query, description = "only this creator's"), ("only" = Option<String>, Query, description = "comma-separated: launchpad, src721"), ("page" = Option<u64>, Query, description = "1-based page (an offset given beside it wins)"), ("offset" = Option<u64>, Query, description = "first hit"), ("limit" = Option<u32>, Query, description = "page size, at most 100")), responses((status = 200, description = "collections, 50 per page", body = Page<CollectionJson>), (status = 400, description = "bad input: the message names it", body = ErrorBody)))]
pub(crate) async fn search_all(
    state: State<AppState>,
    params: Params,
) -> Result<Json<Page<CollectionJson>>, ApiError> {
    search(state, None, params).await
}

#[utoipa::path(get, path = "/api/collections/{q}", tag = "collections", params(("q" = String, Path, description = "a name prefix (any case) or a collection id"), ("sort" = Option<String>, Query, description = "as for /api/collections"), ("ids" = Option<String>, Query, description = "comma-separated collection ids (at most 100)"), ("user_id" = Option<String>, Query, description = "only this creator's"), ("only" = Option<String>, Query, description = "comma-separated: launchpad, src721"), ("page" = Option<u64>, Query, description = "1-based page (an offset given beside it wins)"), ("offset" = Option<u64>, Query, description = "first hit"), ("limit" = Option<u32>, Query, description = "page size, at most 100")), responses((status = 200, description = "collections, 50 per page", body = Page<CollectionJson>), (status = 400, description = "bad input: the message names it", body = ErrorBody)))]
pub(crate) async fn search_q(
    state: State<AppState>,
    Path(q): Path<String>,
    params: Params,
) -> Result<Json<Page<CollectionJson>>, ApiError> {
    search(state, Some(q), params).await
}

/// The owner of staff directories: the network default.
pub const NETWORK_OWNER: &str = "XCP";

#[utoipa::path(get, path = "/api/directories", tag = "collections", params(("q" = Option<String>, Query, description = "a name prefix (any case) or a directory id"), ("sort" = Option<String>, Query, description = "as for /api/collections"), ("ids" = Option<String>, Query, description = "comma-separated ids (at most 100)"), ("only" = Option<String>, Query, description = "comma-separated: launchpad, src721"), ("page" = Option<u64>, Query, description = "1-based page (an offset given beside it wins)"), ("offset" = Option<u64>, Query, description = "first hit"), ("limit" = Option<u32>, Query, description = "page size, at most 100")), responses((status = 200, description = "the staff directories (collections owned by the network default, user_id XCP), 50 per page", body = Page<CollectionJson>), (status = 400, description = "bad input: the message names it", body = ErrorBody)))]
pub(crate) async fn directories_all(
    state: State<AppState>,
    params: Params,
) -> Result<Json<Page<CollectionJson>>, ApiError> {
    directories(state, None, params).await
}

#[utoipa::path(get, path = "/api/directories/{q}", tag = "collections", params(("q" = String, Path, description = "a name prefix (any case) or a directory id"), ("sort" = Option<String>, Query, description = "as for /api/collections"), ("ids" = Option<String>, Query, description = "comma-separated ids (at most 100)"), ("only" = Option<String>, Query, description = "comma-separated: launchpad, src721"), ("page" = Option<u64>, Query, description = "1-based page (an offset given beside it wins)"), ("offset" = Option<u64>, Query, description = "first hit"), ("limit" = Option<u32>, Query, description = "page size, at most 100")), responses((status = 200, description = "the staff directories, 50 per page", body = Page<CollectionJson>), (status = 400, description = "bad input: the message names it", body = ErrorBody)))]
pub(crate) async fn directories_q(
    state: State<AppState>,
    Path(q): Path<String>,
    params: Params,
) -> Result<Json<Page<CollectionJson>>, ApiError> {
    directories(state, Some(q), params).await
}

/// Collections owned by the network default; `user_id` is not a parameter here.
async fn directories(
    state: State<AppState>,
    path_q: Option<String>,
    params: Params,
) -> Result<Json<Page<CollectionJson>>, ApiError> {
    let mut p = paging::params(params)?;
    p.insert("user_id".into(), NETWORK_OWNER.into());
    search(state, path_q, Ok(axum::extract::Query(p))).await
}

async fn search(
    State(state): State<AppState>,
    path_q: Option<String>,
    params: Params,
) -> Result<Json<Page<CollectionJson>>, ApiError> {
    let params = paging::params(params)?;
    let page = paging::paging(&params, DEFAULT_LIMIT)?;
    let get = |k: &str| params.get(k).cloned().unwrap_or_default();
    let ids = get("ids")
        .split(',')
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .map(str::to_owned)
        .collect();
    let mut catalogue = state.catalogue.clone();
    let answer = catalogue
        .search_collections(SearchCollectionsRequest {
            q: path_q.unwrap_or_else(|| get("q")),
            sort: get("sort"),
            ids,
            user_id: get("user_id"),
            only: get("only"),
            offset: page.offset,
            limit: page.limit,
        })
        .await
        .map_err(|s| ApiError::from_status(s, COLLECTION_NOT_FOUND))?
        .into_inner();
    Ok(Json(Page {
        hits: answer.hits.into_iter().map(CollectionJson::from).collect(),
        estimated_total_hits: answer.total,
        offset: answer.offset,
        limit: answer.limit,
    }))
}

#[utoipa::path(get, path = "/api/collection/{id}", tag = "collections", params(("id" = String, Path, description = "the collection's id"), ("with_stamp_ids" = Option<bool>, Query, description = "true: every stamp id in stamp_ids (the edit form's), not only the first 12")), responses((status = 200, description = "the collection with its figures", body = CollectionJson), (status = 404, description = "Collection not found", body = ErrorBody), (status = 400, description = "bad input: the message names it", body = ErrorBody)))]
pub(crate) async fn collection(
    State(state): State<AppState>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Json<CollectionJson>, ApiError> {
    let params = paging::params(params)?;
    let with_stamp_ids = match params.get("with_stamp_ids").map(String::as_str) {
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
        .map_err(|s| ApiError::from_status(s, COLLECTION_NOT_FOUND))?
        .into_inner();
    Ok(Json(card.into()))
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

#[utoipa::path(get, path = "/api/collection/layers/{id}", tag = "collections", params(("id" = String, Path, description = "the collection's id")), responses((status = 200, description = "the collection's layers with their counts", body = LayersJson), (status = 404, description = "Collection not found (or without layers)", body = ErrorBody), (status = 400, description = "bad input: the message names it", body = ErrorBody)))]
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
        .map_err(|s| ApiError::from_status(s, COLLECTION_NOT_FOUND))?
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

fn list_request(id: String, params: Params) -> Result<CollectionListRequest, ApiError> {
    let params = paging::params(params)?;
    let page = paging::paging(&params, PEOPLE_LIMIT)?;
    Ok(CollectionListRequest {
        collection_id: id,
        offset: page.offset,
        limit: page.limit,
    })
}

#[utoipa::path(get, path = "/api/collection/{id}/collectors", tag = "collections", params(("id" = String, Path, description = "the collection's id"), ("page" = Option<u64>, Query, description = "1-based page (an offset given beside it wins)"), ("offset" = Option<u64>, Query, description = "first hit"), ("limit" = Option<u32>, Query, description = "page size, at most 100")), responses((status = 200, description = "holders of its stamps, most first, 20 per page", body = Page<PersonJson>), (status = 404, description = "Collection not found", body = ErrorBody), (status = 400, description = "bad input: the message names it", body = ErrorBody)))]
pub(crate) async fn collectors(
    State(state): State<AppState>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Json<Page<PersonJson>>, ApiError> {
    let request = list_request(id, params)?;
    let mut catalogue = state.catalogue.clone();
    let answer = catalogue
        .collection_collectors(request)
        .await
        .map_err(|s| ApiError::from_status(s, COLLECTION_NOT_FOUND))?
        .into_inner();
    Ok(Json(people(answer, false)))
}

#[utoipa::path(get, path = "/api/collection/{id}/burned", tag = "collections", params(("id" = String, Path, description = "the collection's id"), ("page" = Option<u64>, Query, description = "1-based page (an offset given beside it wins)"), ("offset" = Option<u64>, Query, description = "first hit"), ("limit" = Option<u32>, Query, description = "page size, at most 100")), responses((status = 200, description = "who destroyed its stamps, most first, 20 per page", body = Page<PersonJson>), (status = 404, description = "Collection not found", body = ErrorBody), (status = 400, description = "bad input: the message names it", body = ErrorBody)))]
pub(crate) async fn burned(
    State(state): State<AppState>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Json<Page<PersonJson>>, ApiError> {
    let request = list_request(id, params)?;
    let mut catalogue = state.catalogue.clone();
    let answer = catalogue
        .collection_burned(request)
        .await
        .map_err(|s| ApiError::from_status(s, COLLECTION_NOT_FOUND))?
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

#[utoipa::path(get, path = "/api/stamp/src721/{cpid}", tag = "collections", params(("cpid" = String, Path, description = "an SRC-721 deploy or mint")), responses((status = 200, description = "its layers, mints and parent", body = Src721Json), (status = 404, description = "not an SRC-721 deploy or mint", body = ErrorBody), (status = 400, description = "bad input: the message names it", body = ErrorBody)))]
pub(crate) async fn src721(
    State(state): State<AppState>,
    Path(cpid): Path<String>,
) -> Result<Json<Src721Json>, ApiError> {
    let mut catalogue = state.catalogue.clone();
    let d = catalogue
        .get_src721(GetStampRequest { cpid })
        .await
        .map_err(|s| ApiError::from_status(s, "SRC-721 stamp not found"))?
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
