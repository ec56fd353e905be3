//! `/s/{cpid}`: a stamp's file with its MIME type, cached forever (a stamp's file never changes); for a JSON
//! stamp (SRC-20, SRC-721) without a file, the image drawn from what it says (see [`cards`]). And
//! `/goose/data.js`, the goose tool's data script: the curated goose art as `window.stampsGoose`.

use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use stamps_proto::catalogue::v1::{GetStampRequest, SearchSrc20Request, Stamp};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app_state::AppState;
use crate::error::{ApiError, ErrorBody, OrNotFound};
use crate::routes::cards;
use crate::routes::stamps::{STAMP_NOT_FOUND, fetch_stamp};

/// The policy every stamp file is served under. A stamp is anyone's file on the site's own origin: whatever its
/// declared type (HTML, SVG, XML, XHTML, script, or one a browser may come to render actively), it runs only in a
/// sandbox with an opaque origin (no access to the site's cookies or storage), may load other stamps from this
/// origin, and nothing from elsewhere. Inert types (images, audio, plain text) lose nothing by it.
pub const STAMP_CSP: &str = "sandbox allow-scripts; default-src 'self' data: blob:; script-src 'self' 'unsafe-inline' \
                        data: blob:; style-src 'self' 'unsafe-inline' data:; connect-src 'self'; form-action 'none'";

/// File routes (outside `/api`).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(file))
        .routes(routes!(goose_data))
}

/// How long browsers keep the goose data script (it changes only with a curation import).
const GOOSE_MAX_AGE: &str = "public, max-age=300";

#[utoipa::path(
    get,
    path = "/goose/data.js",
    tag = "collections",
    responses(
        (status = 200, description = "a script setting `window.stampsGoose` to the curated goose art"),
        (status = 404, description = "no goose art is curated", body = ErrorBody),
    )
)]
pub(crate) async fn goose_data(State(state): State<AppState>) -> Result<Response, ApiError> {
    let art = crate::routes::curation::curated(&state, "goose")
        .await?
        .filter(|art| !art.is_null())
        .ok_or_else(|| ApiError::NotFound("no goose art is published".into()))?;
    let script = format!("window.stampsGoose = {art};\n");
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/javascript; charset=utf-8"),
            ),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static(GOOSE_MAX_AGE),
            ),
        ],
        script,
    )
        .into_response())
}

#[utoipa::path(
    get,
    path = "/s/{cpid}",
    tag = "stamps",
    params(("cpid" = String, Path)),
    responses(
        (status = 200, description = "the stamp's file with its MIME type, cached immutably"),
        (status = 404, description = "404 - Stamp not found.", body = ErrorBody),
    )
)]
pub(crate) async fn file(
    State(state): State<AppState>,
    Path(cpid): Path<String>,
) -> Result<Response, ApiError> {
    let stamp = fetch_stamp(&state, cpid).await?;
    if stamp.file_sha256.is_empty() {
        // JSON stamps (SRC-20, SRC-721) carry no file: their image is drawn from what they say.
        let svg = match stamp.ident.as_str() {
            "SRC-20" => src20_card(&state, &stamp).await?,
            "SRC-721" => src721_image(&state, &stamp).await?,
            _ => None,
        };
        let svg =
            svg.ok_or_else(|| ApiError::NotFound("this stamp has no decodable file".into()))?;
        return Ok(immutable("image/svg+xml", Body::from(svg)));
    }
    let bytes = state
        .content
        .get(&stamp.file_sha256)
        .await
        .map_err(|e| ApiError::Unavailable(e.to_string()))?
        .ok_or_else(|| {
            ApiError::Internal(format!(
                "file {} missing from the content store",
                stamp.file_sha256
            ))
        })?;
    Ok(immutable(&stamp.mimetype, Body::from(bytes)))
}

/// A stamp's file with its MIME type, cached forever, always under [`STAMP_CSP`].
fn immutable(mimetype: &str, bytes: Body) -> Response {
    let mime = HeaderValue::from_str(mimetype)
        .unwrap_or(HeaderValue::from_static("application/octet-stream"));
    (
        [
            (header::CONTENT_TYPE, mime),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=31536000, immutable"),
            ),
            (
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static(STAMP_CSP),
            ),
        ],
        bytes,
    )
        .into_response()
}

/// An SRC-20 stamp's card: the operation it carries, as JSON.
async fn src20_card(state: &AppState, stamp: &Stamp) -> Result<Option<String>, ApiError> {
    let mut catalogue = state.catalogue.clone();
    let answer = catalogue
        .search_src20(SearchSrc20Request {
            q: stamp.tx_hash.clone(),
            limit: 1,
            ..SearchSrc20Request::default()
        })
        .await
        .or_not_found(STAMP_NOT_FOUND)?
        .into_inner();
    let Some(op) = answer.hits.into_iter().next() else {
        return Ok(None);
    };
    let figures = op.figures.unwrap_or_default();
    let amounts: Vec<(&str, &str)> = if op.op.eq_ignore_ascii_case("deploy") {
        vec![("max", &figures.max), ("lim", &figures.lim)]
    } else {
        vec![("amt", &op.amt)]
    };
    let title = format!("SRC-20 {} {}", op.op, op.tick);
    Ok(Some(cards::text_card(
        &title,
        &cards::src20_lines(&op.op, &op.tick, &amounts),
    )))
}

/// An SRC-721 stamp's image: a mint's chosen layers stacked, a deploy's collection name on a card.
async fn src721_image(state: &AppState, stamp: &Stamp) -> Result<Option<String>, ApiError> {
    let mut catalogue = state.catalogue.clone();
    let detail = match catalogue
        .get_src721(GetStampRequest {
            cpid: stamp.cpid.clone(),
        })
        .await
    {
        Ok(d) => d.into_inner(),
        Err(s) if s.code() == tonic::Code::NotFound => return Ok(None),
        Err(s) => return Err(s.into()),
    };
    if detail.op == "deploy" {
        return Ok(Some(cards::text_card(
            &detail.name,
            &["SRC-721".to_owned(), detail.name.clone()],
        )));
    }
    let mut layers = Vec::new();
    for cpid in detail
        .layers
        .into_iter()
        .filter_map(|l| l.cpids.into_iter().next())
    {
        let Ok(layer) = fetch_stamp(state, cpid).await else {
            continue;
        };
        if layer.file_sha256.is_empty() {
            continue;
        }
        let bytes = state
            .content
            .get(&layer.file_sha256)
            .await
            .map_err(|e| ApiError::Unavailable(e.to_string()))?;
        if let Some(bytes) = bytes {
            layers.push((layer.mimetype, bytes.to_vec()));
        }
    }
    let title = format!("{} #{}", detail.name, stamp.stamp);
    Ok(Some(cards::stacked(&title, &layers)))
}
