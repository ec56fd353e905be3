//! `/api/stamp/{cpid}` and `/api/search[/{q}]`.

use std::collections::HashMap;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use stamps_proto::catalogue::v1::{GetStampRequest, SearchStampsRequest, Stamp};

use crate::error::ApiError;
use crate::state::AppState;

/// The spec's text for a missing stamp.
pub const STAMP_NOT_FOUND: &str = "404 - Stamp not found.";
/// Default page size of stamp lists.
pub const DEFAULT_LIMIT: u32 = 24;
/// Largest page size.
pub const MAX_LIMIT: u32 = 100;

/// Stamp routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/stamp/{cpid}", get(stamp))
        .route("/search", get(search_all))
        .route("/search/{q}", get(search_q))
}

/// A stamp in the API's field names.
#[derive(Debug, Serialize)]
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
        }
    }
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

async fn stamp(
    State(state): State<AppState>,
    Path(cpid): Path<String>,
) -> Result<Json<StampJson>, ApiError> {
    Ok(Json(fetch_stamp(&state, cpid).await?.into()))
}

/// A paged list.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Page<T> {
    hits: Vec<T>,
    estimated_total_hits: u64,
    offset: u64,
    limit: u32,
}

type Params = Result<Query<HashMap<String, String>>, QueryRejection>;

async fn search_all(
    state: State<AppState>,
    params: Params,
) -> Result<Json<Page<StampJson>>, ApiError> {
    search(state, None, params).await
}

async fn search_q(
    state: State<AppState>,
    Path(q): Path<String>,
    params: Params,
) -> Result<Json<Page<StampJson>>, ApiError> {
    search(state, Some(q), params).await
}

/// Paging and text of a search, read from the path and the query string.
#[derive(Debug, PartialEq, Eq)]
pub struct SearchParams {
    /// Free text.
    pub q: String,
    /// First hit.
    pub offset: u64,
    /// Page size.
    pub limit: u32,
}

/// Reads `q`, `offset`, `limit` and `page` (1-based; sets the offset); anything else is an error.
pub fn parse_search(
    path_q: Option<String>,
    params: &HashMap<String, String>,
) -> Result<SearchParams, ApiError> {
    if let Some(unknown) = params
        .keys()
        .find(|k| !matches!(k.as_str(), "q" | "offset" | "limit" | "page"))
    {
        return Err(ApiError::BadRequest(format!(
            "unknown query parameter {unknown:?}"
        )));
    }
    let number = |name: &str| -> Result<Option<u64>, ApiError> {
        params
            .get(name)
            .map(|v| {
                v.parse::<u64>().map_err(|_| {
                    ApiError::BadRequest(format!("{name} must be a non-negative integer"))
                })
            })
            .transpose()
    };
    let limit = match number("limit")? {
        None => DEFAULT_LIMIT,
        Some(l) if (1..=u64::from(MAX_LIMIT)).contains(&l) => l as u32,
        Some(_) => {
            return Err(ApiError::BadRequest(format!(
                "limit must be between 1 and {MAX_LIMIT}"
            )));
        }
    };
    let offset = match (number("page")?, number("offset")?) {
        (Some(_), Some(_)) => {
            return Err(ApiError::BadRequest("give page or offset, not both".into()));
        }
        (Some(0), None) => return Err(ApiError::BadRequest("page starts at 1".into())),
        (Some(page), None) => (page - 1)
            .checked_mul(u64::from(limit))
            .filter(|o| *o <= i64::MAX as u64)
            .ok_or_else(|| ApiError::BadRequest("page too large".into()))?,
        (None, Some(offset)) if offset > i64::MAX as u64 => {
            return Err(ApiError::BadRequest("offset too large".into()));
        }
        (None, offset) => offset.unwrap_or(0),
    };
    let q = path_q
        .or_else(|| params.get("q").cloned())
        .unwrap_or_default();
    Ok(SearchParams { q, offset, limit })
}

async fn search(
    State(state): State<AppState>,
    path_q: Option<String>,
    params: Params,
) -> Result<Json<Page<StampJson>>, ApiError> {
    let Query(params) = params.map_err(|e| ApiError::BadRequest(e.body_text()))?;
    let p = parse_search(path_q, &params)?;
    let mut catalogue = state.catalogue.clone();
    let answer = catalogue
        .search_stamps(SearchStampsRequest {
            q: p.q,
            offset: p.offset,
            limit: p.limit,
        })
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

#[cfg(test)]
mod tests {
    use super::*;

    fn params(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn paging_rules() {
        let p = parse_search(None, &params(&[])).expect("defaults");
        assert_eq!(
            p,
            SearchParams {
                q: String::new(),
                offset: 0,
                limit: 24
            }
        );
        let p = parse_search(
            Some("A1".into()),
            &params(&[("page", "3"), ("limit", "10")]),
        )
        .expect("page");
        assert_eq!(
            p,
            SearchParams {
                q: "A1".into(),
                offset: 20,
                limit: 10
            }
        );
        assert!(parse_search(None, &params(&[("page", "0")])).is_err());
        assert!(parse_search(None, &params(&[("limit", "101")])).is_err());
        assert!(parse_search(None, &params(&[("offset", "-1")])).is_err());
        assert!(parse_search(None, &params(&[("sort", "x")])).is_err());
    }
}
