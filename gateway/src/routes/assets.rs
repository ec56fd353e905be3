//! Raster stamps (PNG, GIF's first frame, JPEG, WEBP) as PNGs, pixel art kept sharp (enlarging copies pixels,
//! only shrinking blends them): `/api/assets/resize/{cpid}/{size}`, the longer side `size` pixels (8 to 1280) in
//! base64 for downloads, and `/api/assets/{cpid}.png`, the stamp centred on a 1200×630 card for link previews.

use std::io::Cursor;

use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use image::imageops::FilterType;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app_state::AppState;
use crate::error::{ApiError, ErrorBody};
use crate::routes::stamps::fetch_stamp;

/// Smallest and largest sizes.
pub const SIZES: std::ops::RangeInclusive<u32> = 8..=1280;

/// The spec's message for a size out of range.
pub const SIZE_MESSAGE: &str = "Size must be between 8 and 1280";

/// Largest source image decoded (pixels per side), and memory a decode may take.
const MAX_SOURCE_SIDE: u32 = 8192;
const MAX_DECODE_BYTES: u64 = 256 * 1024 * 1024;

/// The image routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(resize))
        .routes(routes!(share))
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

/// Decodes `bytes`, an image of `mimetype`, within the size and memory bounds.
pub(crate) fn decode(bytes: &[u8], mimetype: &str) -> Result<image::DynamicImage, ResizeError> {
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
    reader
        .decode()
        .map_err(|e| ResizeError::Undecodable(e.to_string()))
}

/// `source` scaled so that its longer side is `size`, the shorter rounded (at least one pixel): copying pixels
/// when enlarging, blending them when shrinking.
fn scaled(source: &image::DynamicImage, size: u32) -> image::RgbaImage {
    let (w, h) = (source.width().max(1), source.height().max(1));
    let longer = w.max(h);
    let scale = |side: u32| {
        u32::try_from(
            (u64::from(side) * u64::from(size) + u64::from(longer) / 2) / u64::from(longer),
        )
        .unwrap_or(size)
        .max(1)
    };
    let filter = if size >= longer {
        FilterType::Nearest
    } else {
        FilterType::Triangle
    };
    image::imageops::resize(&source.to_rgba8(), scale(w), scale(h), filter)
}

fn encode_png(image: &image::RgbaImage) -> Result<Vec<u8>, ResizeError> {
    let mut out = Cursor::new(Vec::new());
    image
        .write_to(&mut out, image::ImageFormat::Png)
        .map_err(|e| ResizeError::Undecodable(e.to_string()))?;
    Ok(out.into_inner())
}

/// `bytes` (an image of `mimetype`) as a PNG whose longer side is `size`.
pub fn resize_png(bytes: &[u8], mimetype: &str, size: u32) -> Result<Vec<u8>, ResizeError> {
    encode_png(&scaled(&decode(bytes, mimetype)?, size))
}

/// The share card's size (the link preview size social sites ask for) and the stamp's box within it.
pub const CARD: (u32, u32) = (1200, 630);
const CARD_BOX: u32 = 570;
const CARD_BACKGROUND: image::Rgba<u8> = image::Rgba([17, 17, 27, 255]);

/// `bytes` (an image of `mimetype`) centred on a [`CARD`]-sized PNG, its longer side filling the box: a whole
/// multiple of its size when that fits (pixel art stays crisp), else the box.
pub fn share_png(bytes: &[u8], mimetype: &str) -> Result<Vec<u8>, ResizeError> {
    let source = decode(bytes, mimetype)?;
    let longer = source.width().max(source.height()).max(1);
    let size = if longer <= CARD_BOX {
        (CARD_BOX / longer) * longer
    } else {
        CARD_BOX
    };
    let stamp = scaled(&source, size);
    let mut card = image::RgbaImage::from_pixel(CARD.0, CARD.1, CARD_BACKGROUND);
    let x = i64::from((CARD.0 - stamp.width().min(CARD.0)) / 2);
    let y = i64::from((CARD.1 - stamp.height().min(CARD.1)) / 2);
    image::imageops::overlay(&mut card, &stamp, x, y);
    encode_png(&card)
}

#[utoipa::path(
    get,
    path = "/assets/resize/{cpid}/{size}",
    tag = "stamps",
    params(
        ("cpid" = String, Path, description = "the stamp"),
        ("size" = u32, Path, description = "the longer side in pixels, 8 to 1280"),
    ),
    responses(
        (status = 200, description = "the image as a PNG, base64 (text/plain)", content_type = "text/plain"),
        (status = 400, description = "Size must be between 8 and 1280, or a malformed cpid", body = ErrorBody),
        (status = 404, description = "404 - Stamp not found.", body = ErrorBody),
        (status = 415, description = "not a raster image, or one that does not decode", body = ErrorBody),
    )
)]
pub(crate) async fn resize(
    State(state): State<AppState>,
    Path((cpid, size)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let size: u32 = size
        .parse()
        .ok()
        .filter(|s| SIZES.contains(s))
        .ok_or_else(|| ApiError::BadRequest(SIZE_MESSAGE.into()))?;
    let (bytes, mimetype) = raster_file(&state, cpid).await?;
    let png = state
        .limits
        .images
        .run(move || resize_png(&bytes, &mimetype, size))
        .await?
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

/// The stamp's file, when it has one a raster image may be read from.
async fn raster_file(state: &AppState, cpid: String) -> Result<(Vec<u8>, String), ApiError> {
    let stamp = fetch_stamp(state, cpid).await?;
    if stamp.file_sha256.is_empty() {
        return Err(ApiError::Unsupported(ResizeError::NotRaster.to_string()));
    }
    let bytes = state
        .content
        .get(&stamp.file_sha256)
        .await
        .map_err(|e| ApiError::Unavailable(e.to_string()))?
        .ok_or_else(|| ApiError::Internal(format!("file {} missing", stamp.file_sha256)))?;
    Ok((bytes, stamp.mimetype))
}

#[utoipa::path(
    get,
    path = "/assets/{file}",
    tag = "stamps",
    params((
        "file" = String,
        Path,
        description = "the stamp's cpid (or a collection's icon id) followed by .png",
    )),
    responses(
        (
            status = 200,
            description = "the stamp centred on a 1200×630 PNG, for link previews and sharing",
            content_type = "image/png",
        ),
        (status = 400, description = "not a .png name, or a malformed cpid", body = ErrorBody),
        (status = 404, description = "404 - Stamp not found.", body = ErrorBody),
        (status = 415, description = "not a raster image, or one that does not decode", body = ErrorBody),
    )
)]
pub(crate) async fn share(
    State(state): State<AppState>,
    Path(file): Path<String>,
) -> Result<Response, ApiError> {
    let cpid = file
        .strip_suffix(".png")
        .ok_or_else(|| ApiError::BadRequest("ask for {cpid}.png".into()))?;
    let (bytes, mimetype) = raster_file(&state, cpid.to_owned()).await?;
    let png = state
        .limits
        .images
        .run(move || share_png(&bytes, &mimetype))
        .await?
        .map_err(|e| ApiError::Unsupported(e.to_string()))?;
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("image/png")),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=31536000, immutable"),
            ),
        ],
        png,
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
    fn a_share_card_centres_the_stamp_at_a_whole_multiple_of_its_size() {
        let card = share_png(&png(6, 3), "image/png").expect("card");
        assert_eq!(dims(&card), CARD);
        let img = image::load_from_memory(&card).expect("png").to_rgba8();
        // 570 / 6 = 95 times: 570 x 285, centred.
        let (x, y) = ((1200 - 570) / 2, (630 - 285) / 2);
        assert_eq!(img.get_pixel(x, y), &image::Rgba([0, 0, 200, 255]));
        assert_eq!(img.get_pixel(x - 1, y), &CARD_BACKGROUND);
        assert_eq!(
            img.get_pixel(x + 569, y + 284),
            &image::Rgba([200, 80, 200, 255])
        );
        assert_eq!(img.get_pixel(x + 570, y + 284), &CARD_BACKGROUND);
        // A large image is shrunk into the box.
        let big = share_png(&png(2000, 1000), "image/png").expect("card");
        assert_eq!(dims(&big), CARD);
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
