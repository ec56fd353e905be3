//! Staff content: the announcement (`/api/announcement`), the featured collections and directories
//! (`/api/collections/featured`, `/api/directories/featured`), the themed featured stamps (`/api/feat`), the advent
//! calendar (`/api/advent`), and the home page's banners and featured collections ([`banners`],
//! [`featured_cards`]).

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use serde_json::Value;
use stamps_proto::catalogue::v1::{
    GetCurationRequest, SearchCollectionsRequest, SearchStampsRequest,
};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app_state::AppState;
use crate::error::{ApiError, ErrorBody};
use crate::routes::collections::{CollectionJson, NETWORK_OWNER};
use crate::routes::paging::{Page, PageQuery};
use crate::routes::query::ApiQuery;
use crate::routes::stamps::StampJson;

/// Page size of the featured stamp list.
pub const FEAT_LIMIT: u32 = 24;

/// The curation routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(announcement))
        .routes(routes!(featured))
        .routes(routes!(featured_directories))
        .routes(routes!(feat))
        .routes(routes!(advent))
}

/// The curated document of `kind`, or `None` when none was imported.
pub async fn curated(state: &AppState, kind: &str) -> Result<Option<Value>, ApiError> {
    let mut catalogue = state.catalogue.clone();
    match catalogue
        .get_curation(GetCurationRequest { kind: kind.into() })
        .await
    {
        Ok(d) => serde_json::from_str(&d.into_inner().document)
            .map(Some)
            .map_err(|e| ApiError::Internal(format!("curated {kind}: {e}"))),
        Err(s) if s.code() == tonic::Code::NotFound => Ok(None),
        Err(s) => Err(s.into()),
    }
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// The collections of `ids` (at most 100), in that order; ids that are no collection are left out.
async fn cards(state: &AppState, ids: Vec<String>) -> Result<Vec<CollectionJson>, ApiError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut catalogue = state.catalogue.clone();
    let found = catalogue
        .search_collections(SearchCollectionsRequest {
            ids: ids.iter().take(100).cloned().collect(),
            limit: 100,
            ..SearchCollectionsRequest::default()
        })
        .await?
        .into_inner()
        .hits;
    let mut found: Vec<_> = found
        .into_iter()
        .map(|c| (c.collection_id.clone(), c))
        .collect();
    Ok(ids
        .iter()
        .filter_map(|id| {
            let at = found.iter().position(|(k, _)| k == id)?;
            Some(CollectionJson::from(found.swap_remove(at).1))
        })
        .collect())
}

/// The curated featured collections, in their order: the staff directories among them (`directories`), or
/// the others.
pub async fn featured_cards(
    state: &AppState,
    directories: bool,
) -> Result<Vec<CollectionJson>, ApiError> {
    let ids = curated(state, "featured")
        .await?
        .map(|v| strings(&v))
        .unwrap_or_default();
    Ok(cards(state, ids)
        .await?
        .into_iter()
        .filter(|c| (c.user_id == NETWORK_OWNER) == directories)
        .collect())
}

/// A home banner: the curated text and images, the collection's figures.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Banner)]
pub struct BannerJson {
    collection_id: String,
    name: String,
    description: String,
    /// Where it leads: a site path or an https URL.
    link: String,
    /// The banner image.
    image: String,
    icon: Option<String>,
    /// The collection's creator.
    user_id: String,
    stamp_count: u64,
    collector_count: u64,
    stamp_images: Vec<String>,
}

/// The curated banners whose collection exists, in their order.
pub async fn banners(state: &AppState) -> Result<Vec<BannerJson>, ApiError> {
    let Some(Value::Array(list)) = curated(state, "banners").await? else {
        return Ok(Vec::new());
    };
    let ids = list
        .iter()
        .filter_map(|b| b["collection_id"].as_str().map(str::to_owned))
        .collect();
    let found = cards(state, ids).await?;
    let text = |b: &Value, k: &str| b[k].as_str().map(str::to_owned);
    Ok(list
        .iter()
        .filter_map(|b| {
            let id = b["collection_id"].as_str()?;
            let c = found.iter().find(|c| c.collection_id == id)?;
            Some(BannerJson {
                collection_id: id.to_owned(),
                name: text(b, "name").unwrap_or_else(|| c.name.clone()),
                description: text(b, "description").unwrap_or_else(|| c.description.clone()),
                link: text(b, "link").unwrap_or_else(|| format!("/collection/{id}")),
                image: text(b, "image")
                    .or_else(|| c.stamp_images.first().cloned())
                    .unwrap_or_default(),
                icon: text(b, "icon"),
                user_id: c.user_id.clone(),
                stamp_count: c.stamp_count,
                collector_count: c.collector_count,
                stamp_images: c.stamp_images.clone(),
            })
        })
        .collect())
}

/// The announcement, or `null`.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = AnnouncementAnswer)]
pub struct AnnouncementJson {
    /// `{content, moreLink, logo}`, or null when none is curated.
    #[schema(value_type = Option<Object>)]
    announcement: Option<Value>,
}

#[utoipa::path(
    get,
    path = "/announcement",
    tag = "curation",
    responses((
        status = 200,
        description = "the announcement banner: {content, moreLink, logo}, or null",
        body = AnnouncementJson,
    ))
)]
pub(crate) async fn announcement(
    State(state): State<AppState>,
) -> Result<Json<AnnouncementJson>, ApiError> {
    let announcement = curated(&state, "announcement")
        .await?
        .filter(|v| !v.is_null());
    Ok(Json(AnnouncementJson { announcement }))
}

#[utoipa::path(
    get,
    path = "/collections/featured",
    tag = "curation",
    params(PageQuery),
    responses((
        status = 200,
        description = "the featured collections (directories aside), in their curated order",
        body = Page<CollectionJson>,
    ))
)]
pub(crate) async fn featured(
    State(state): State<AppState>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> Result<Json<Page<CollectionJson>>, ApiError> {
    featured_page(&state, page, false).await
}

#[utoipa::path(
    get,
    path = "/directories/featured",
    tag = "curation",
    params(PageQuery),
    responses((
        status = 200,
        description = "the featured staff directories, in their curated order",
        body = Page<CollectionJson>,
    ))
)]
pub(crate) async fn featured_directories(
    State(state): State<AppState>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> Result<Json<Page<CollectionJson>>, ApiError> {
    featured_page(&state, page, true).await
}

async fn featured_page(
    state: &AppState,
    page: PageQuery,
    directories: bool,
) -> Result<Json<Page<CollectionJson>>, ApiError> {
    let page = page.paging(crate::routes::collections::DEFAULT_LIMIT)?;
    let all = featured_cards(state, directories).await?;
    let total = all.len() as u64;
    let hits = all
        .into_iter()
        .skip(usize::try_from(page.offset).unwrap_or(usize::MAX))
        .take(page.limit as usize)
        .collect();
    Ok(Json(Page {
        hits,
        estimated_total_hits: total,
        offset: page.offset,
        limit: page.limit,
    }))
}

/// The themed featured stamp list: its title and text, and a page of its stamps in their curated order.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Feat)]
pub struct FeatJson {
    title: String,
    description: String,
    #[serde(flatten)]
    page: Page<StampJson>,
}

#[utoipa::path(
    get,
    path = "/feat",
    tag = "curation",
    params(PageQuery),
    responses(
        (
            status = 200,
            description = "the themed featured stamps, 24 per page, in their curated order (a stamp not indexed yet \
                           is left out of its page)",
            body = FeatJson,
        ),
        (status = 404, description = "no featured list is curated", body = ErrorBody),
    )
)]
pub(crate) async fn feat(
    State(state): State<AppState>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> Result<Json<FeatJson>, ApiError> {
    let page = page.paging(FEAT_LIMIT)?;
    let doc = curated(&state, "feat")
        .await?
        .filter(|v| !v.is_null())
        .ok_or_else(|| ApiError::NotFound("No featured list".into()))?;
    let cpids = strings(&doc["cpids"]);
    let slice: Vec<String> = cpids
        .iter()
        .skip(usize::try_from(page.offset).unwrap_or(usize::MAX))
        .take(page.limit as usize)
        .cloned()
        .collect();
    let mut hits = Vec::new();
    if !slice.is_empty() {
        let mut catalogue = state.catalogue.clone();
        let found = catalogue
            .search_stamps(SearchStampsRequest {
                cpids: slice.clone(),
                limit: page.limit,
                ..SearchStampsRequest::default()
            })
            .await?
            .into_inner()
            .hits;
        for cpid in &slice {
            if let Some(s) = found.iter().find(|s| &s.cpid == cpid) {
                hits.push(StampJson::from(s.clone()));
            }
        }
    }
    Ok(Json(FeatJson {
        title: doc["title"].as_str().unwrap_or_default().to_owned(),
        description: doc["description"].as_str().unwrap_or_default().to_owned(),
        page: Page {
            hits,
            estimated_total_hits: cpids.len() as u64,
            offset: page.offset,
            limit: page.limit,
        },
    }))
}

#[utoipa::path(
    get,
    path = "/advent",
    tag = "curation",
    responses(
        (
            status = 200,
            description = "the advent calendar: {year, days: [{day, presale_cpid, presale_dispenser, cpid, \
                           dispenser, author, src}]}",
            body = Object,
        ),
        (status = 404, description = "no calendar is curated", body = ErrorBody),
    )
)]
pub(crate) async fn advent(State(state): State<AppState>) -> Result<Json<Value>, ApiError> {
    curated(&state, "advent")
        .await?
        .filter(|v| !v.is_null())
        .map(Json)
        .ok_or_else(|| ApiError::NotFound("Advent calendar not found".into()))
}
