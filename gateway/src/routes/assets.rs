//! `/api/assets/resize/{cpid}/{size}`: a raster stamp (PNG, GIF's first frame, JPEG, WEBP) as a PNG whose longer
//! side is `size` pixels (8 to 1280), in base64, for downloads. Pixel art stays sharp: enlarging copies pixels,
//! only shrinking blends them.

use std::io::Cursor;

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use image::imageops::FilterType;

use crate::error::{ApiError, ErrorBody};
use crate::routes::stamps::fetch_stamp;
use crate::state::AppState;

/// Smallest and largest sizes.
pub const SIZES: std::ops::RangeInclusive<u32> = 8..=1280;

/// The spec's message for a size out of range.
pub const SIZE_MESSAGE: &str = "Size must be between 8 and 1280";

/// Largest source image decoded (pixels per side), and memory a decode may take.
const MAX_SOURCE_SIDE: u32 = 8192;
const MAX_DECODE_BYTES: u64 = 256 * 1024 * 1024;

/// The resize route.
pub fn router() -> Router<AppState> {
    Router::new().route("/assets/resize/{cpid}/{size}", get(resize))
}

/// Why an image could not be resized.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ResizeError {
    /// Not a raster format this endpoint reads.
    #[error("this stamp is not a raster image (PNG, GIF, JPEG or WEBP)")]
    NotRaster,
    /// The file does not decode.
    #[error("the stamp's image does not decode: {0}")]
    Undecodable(String),
}

/// `bytes` (an image of `mimetype`) as a PNG whose longer side is `size`.
pub fn resize_png(bytes: &[u8], mimetype: &str, size: u32) -> Result<Vec<u8>, ResizeError> {
    let format = match mimetype {
        "image/png" | "image/apng" => image::ImageFormat::Png,
        "image/gif" => image::ImageFormat::Gif,
        "image/jpeg" | "image/jpg" => image::ImageFormat::Jpeg,
        "image/webp" => image::ImageFormat::WebP,
        _ => return Err(ResizeError::NotRaster),
    };
    let mut reader = image::ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_SOURCE_SIDE);
    limits.max_image_height = Some(MAX_SOURCE_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    reader.limits(limits);
    let source = reader
        .decode()
        .map_err(|e| ResizeError::Undecodable(e.to_string()))?;
    let (w, h) = (source.width().max(1), source.height().max(1));
    let longer = w.max(h);
    // Integer arithmetic: the shorter side rounded, at least one pixel.
    let scale = |side: u32| {
        u32::try_from(
            (u64::from(side) * u64::from(size) + u64::from(longer) / 2) / u64::from(longer),
        )
        .unwrap_or(size)
        .max(1)
    };
    let (nw, nh) = (scale(w), scale(h));
    let filter = if size >= longer {
        FilterType::Nearest
    } else {
        FilterType::Triangle
    };
    let resized = image::imageops::resize(&source.to_rgba8(), nw, nh, filter);
    let mut out = Cursor::new(Vec::new());
    resized
        .write_to(&mut out, image::ImageFormat::Png)
        .map_err(|e| ResizeError::Undecodable(e.to_string()))?;
    Ok(out.into_inner())
}

#[utoipa::path(get, path = "/api/assets/resize/{cpid}/{size}", tag = "stamps", params(("cpid" = String, Path, description = "the stamp"), ("size" = u32, Path, description = "the longer side in pixels, 8 to 1280")), responses((status = 200, description = "the image as a PNG, base64 (text/plain)", content_type = "text/plain"), (status = 400, description = "Size must be between 8 and 1280, or a malformed cpid", body = ErrorBody), (status = 404, description = "404 - Stamp not found.", body = ErrorBody), (status = 415, description = "not a raster image, or one that does not decode", body = ErrorBody)))]
pub(crate) async fn resize(
    State(state): State<AppState>,
    Path((cpid, size)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let size: u32 = size
        .parse()
        .ok()
        .filter(|s| SIZES.contains(s))
        .ok_or_else(|| ApiError::BadRequest(SIZE_MESSAGE.into()))?;
    let stamp = fetch_stamp(&state, cpid).await?;
    if stamp.file_sha256.is_empty() {
        return Err(ApiError::Unsupported(ResizeError::NotRaster.to_string()));
    }
    let bytes = state
        .content
        .get(&stamp.file_sha256)
        .await
        .map_err(|e| ApiError::Unavailable(e.to_string()))?
        .ok_or_else(|| ApiError::Internal(format!("file {} missing", stamp.file_sha256)))?;
    let mimetype = stamp.mimetype;
    let png = tokio::task::spawn_blocking(move || resize_png(&bytes, &mimetype, size))
        .await
        .map_err(|e| ApiError::Internal(e.to_string()))?
        .map_err(|e| ApiError::Unsupported(e.to_string()))?;
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("text/plain")),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=31536000, immutable"),
            ),
        ],
        STANDARD.encode(png),
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(w: u32, h: u32) -> Vec<u8> {
        let img = image::RgbaImage::from_fn(w, h, |x, y| {
            image::Rgba([(x * 40) as u8, (y * 40) as u8, 200, 255])
        });
        let mut out = Cursor::new(Vec::new());
        img.write_to(&mut out, image::ImageFormat::Png)
            .expect("png");
        out.into_inner()
    }

    fn dims(bytes: &[u8]) -> (u32, u32) {
        let img = image::load_from_memory(bytes).expect("decodes");
        (img.width(), img.height())
    }

    #[test]
    fn the_longer_side_becomes_the_size_and_pixels_stay_sharp() {
        let out = resize_png(&png(6, 3), "image/png", 400).expect("resized");
        assert_eq!(dims(&out), (400, 200));
        // Enlarged by copying: a corner pixel keeps its exact colour.
        let img = image::load_from_memory(&out).expect("png").to_rgba8();
        assert_eq!(img.get_pixel(0, 0), &image::Rgba([0, 0, 200, 255]));
        assert_eq!(img.get_pixel(399, 199), &image::Rgba([200, 80, 200, 255]));
        assert_eq!(
            dims(&resize_png(&png(24, 24), "image/png", 8).expect("shrunk")),
            (8, 8)
        );
        assert_eq!(
            dims(&resize_png(&png(1, 300), "image/png", 8).expect("thin")),
            (1, 8)
        );
    }

    #[test]
    fn other_files_are_refused_with_a_reason() {
        assert_eq!(
            resize_png(b"<svg/>", "image/svg+xml", 400),
            Err(ResizeError::NotRaster)
        );
        assert!(matches!(
            resize_png(b"not a png", "image/png", 400),
            Err(ResizeError::Undecodable(_))
        ));
    }
}
