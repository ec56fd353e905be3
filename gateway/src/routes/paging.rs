//! What list endpoints share: the paged answer ([`Page`]), and the paging parameters ([`PageQuery`]) read as
//! where a page starts and how long it is ([`Paging`]).

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::error::ApiError;

/// Largest page size.
pub const MAX_LIMIT: u32 = 100;

/// A paged list: the hits, the exact total, where the page starts and its size.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Page<T> {
    /// The page's items.
    pub hits: Vec<T>,
    /// The exact number of matches.
    pub estimated_total_hits: u64,
    /// The first hit's position.
    pub offset: u64,
    /// The page size.
    pub limit: u32,
}

/// Where a page starts and how long it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paging {
    /// First hit.
    pub offset: u64,
    /// Page size.
    pub limit: u32,
}

/// The paging parameters of a list.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// 1-based page (an offset given beside it wins)
    #[param(value_type = Option<u64>)]
    pub page: Option<String>,
    /// first hit
    #[param(value_type = Option<u64>)]
    pub offset: Option<String>,
    /// page size, at most 100
    #[param(value_type = Option<u32>)]
    pub limit: Option<String>,
}

impl PageQuery {
    /// Reads `limit` (1 to [`MAX_LIMIT`], default `default_limit`) and `offset`, or else `page` (1-based).
    pub fn paging(&self, default_limit: u32) -> Result<Paging, ApiError> {
        let number = |name: &str, value: &Option<String>| -> Result<Option<u64>, ApiError> {
            value
                .as_deref()
                .map(|v| {
                    v.parse::<u64>().map_err(|_| {
                        ApiError::BadRequest(format!("{name} must be a non-negative integer"))
                    })
                })
                .transpose()
        };
        let limit = match number("limit", &self.limit)? {
            None => default_limit,
            Some(l) if (1..=u64::from(MAX_LIMIT)).contains(&l) => l as u32,
            Some(_) => {
                return Err(ApiError::BadRequest(format!(
                    "limit must be between 1 and {MAX_LIMIT}"
                )));
            }
        };
        // An `offset` wins over a `page` given beside it.
        let offset = match (number("page", &self.page)?, number("offset", &self.offset)?) {
            (_, Some(offset)) if offset > i64::MAX as u64 => {
                return Err(ApiError::BadRequest("offset too large".into()));
            }
            (_, Some(offset)) => offset,
            (Some(0), None) => return Err(ApiError::BadRequest("page starts at 1".into())),
            (Some(page), None) => (page - 1)
                .checked_mul(u64::from(limit))
                .filter(|o| *o <= i64::MAX as u64)
                .ok_or_else(|| ApiError::BadRequest("page too large".into()))?,
            (None, None) => 0,
        };
        Ok(Paging { offset, limit })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routes::query::ApiQuery;

    fn paging(pairs: &[(&str, &str)], default_limit: u32) -> Result<Paging, ApiError> {
        let query: String = pairs.iter().map(|(k, v)| format!("{k}={v}&")).collect();
        let ApiQuery(page) =
            ApiQuery::<PageQuery>::from_uri(&format!("/x?{query}").parse().expect("uri"))?;
        page.paging(default_limit)
    }

    #[test]
    fn paging_rules() {
        assert_eq!(
            paging(&[], 24).expect("defaults"),
            Paging {
                offset: 0,
                limit: 24
            }
        );
        assert_eq!(
            paging(&[("page", "3"), ("limit", "10")], 24).expect("page"),
            Paging {
                offset: 20,
                limit: 10
            }
        );
        for bad in [
            &[("page", "0")][..],
            &[("limit", "101")],
            &[("limit", "0")],
            &[("offset", "-1")],
            &[("page", "99999999999999999999")],
        ] {
            assert!(paging(bad, 24).is_err(), "{bad:?}");
        }
        assert_eq!(
            paging(&[("page", "2"), ("offset", "3")], 24).expect("both"),
            Paging {
                offset: 3,
                limit: 24
            },
            "an offset wins over a page"
        );
    }
}
