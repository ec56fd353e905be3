//! `/api/wallet/mint/preview/{id}`: what a launchpad with curated layers may mint, as 100 combinations drawn by
//! the layers' weights (the same 100 for the same launchpad), each the chosen layer stamps stacked into one PNG.

use std::collections::HashMap;

use axum::Json;
use axum::extract::{Path, State};
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use serde::{Deserialize, Serialize};
use stamps_proto::catalogue::v1::GetCollectionRequest;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app_state::AppState;
use crate::error::{ApiError, ErrorBody, OrNotFound};
use crate::routes::assets::{ResizeError, decode};
use crate::routes::launchpads::LAUNCHPAD_NOT_FOUND;
use crate::routes::stamps::fetch_stamp;

/// Combinations a preview draws.
pub const SAMPLES: usize = 100;
/// Largest side of a sample (layers are scaled to the largest layer image, at most this).
const MAX_SIDE: u32 = 512;

/// The preview route.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(preview))
}

/// One drawn combination: its image (a PNG, base64) and the stamp chosen in each layer.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = PreviewSample)]
pub struct SampleJson {
    b64: String,
    layers: Vec<String>,
}

/// A launchpad's preview.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = LaunchpadPreview)]
pub struct PreviewJson {
    samples: Vec<SampleJson>,
}

#[derive(Deserialize)]
struct Odds {
    cpid: String,
    weight: u32,
}

#[derive(Deserialize)]
struct Layers {
    #[serde(default)]
    layers: Vec<Vec<Odds>>,
}

/// SplitMix64: a small generator, seeded per launchpad so that its preview is the same on every call.
struct Draws(u64);

impl Draws {
    fn new(seed: &str) -> Self {
        // FNV-1a of the id.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in seed.bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        Self(h)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// An index of `weights`, each drawn in proportion to its weight (none weigh 0).
    fn pick(&mut self, weights: &[u32]) -> usize {
        let total: u64 = weights.iter().map(|w| u64::from(*w)).sum();
        let mut at = self.next() % total.max(1);
        for (i, w) in weights.iter().enumerate() {
            if at < u64::from(*w) {
                return i;
            }
            at -= u64::from(*w);
        }
        weights.len().saturating_sub(1)
    }
}

/// The layer stamps chosen for each of [`SAMPLES`] combinations of `layers`.
fn draw(id: &str, layers: &[Vec<Odds>]) -> Vec<Vec<String>> {
    let mut draws = Draws::new(id);
    let weights: Vec<Vec<u32>> = layers
        .iter()
        .map(|l| l.iter().map(|o| o.weight).collect())
        .collect();
    (0..SAMPLES)
        .map(|_| {
            layers
                .iter()
                .zip(&weights)
                .map(|(layer, w)| layer[draws.pick(w)].cpid.clone())
                .collect()
        })
        .collect()
}

/// The chosen layer images stacked, the first at the bottom, each scaled (copying pixels) to the largest.
fn stack(images: &[&image::RgbaImage]) -> Result<Vec<u8>, ResizeError> {
    let side = images
        .iter()
        .map(|i| i.width().max(i.height()))
        .max()
        .unwrap_or(1)
        .clamp(1, MAX_SIDE);
    let mut canvas = image::RgbaImage::new(side, side);
    for img in images {
        let layer = image::imageops::resize(*img, side, side, image::imageops::FilterType::Nearest);
        image::imageops::overlay(&mut canvas, &layer, 0, 0);
    }
    let mut out = std::io::Cursor::new(Vec::new());
    canvas
        .write_to(&mut out, image::ImageFormat::Png)
        .map_err(|e| ResizeError::Undecodable(e.to_string()))?;
    Ok(out.into_inner())
}

#[utoipa::path(
    get,
    path = "/wallet/mint/preview/{id}",
    tag = "collections",
    params(("id" = String, Path, description = "the launchpad's collection id")),
    responses(
        (status = 200, description = "100 combinations its layers may mint, drawn by weight", body = PreviewJson),
        (
            status = 404,
            description = "Launchpad not found, or one without curated layers (an SRC-721 one)",
            body = ErrorBody,
        ),
        (status = 415, description = "a layer stamp is no raster image", body = ErrorBody),
    )
)]
pub(crate) async fn preview(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<PreviewJson>, ApiError> {
    let mut catalogue = state.catalogue.clone();
    let launchpad = catalogue
        .get_launchpad(GetCollectionRequest {
            collection_id: id.clone(),
            with_stamp_ids: false,
        })
        .await
        .or_not_found(LAUNCHPAD_NOT_FOUND)?
        .into_inner();
    let Layers { layers } = serde_json::from_str(&launchpad.config)
        .map_err(|e| ApiError::Internal(format!("launchpad config: {e}")))?;
    if layers.is_empty() || layers.iter().any(Vec::is_empty) {
        return Err(ApiError::NotFound(
            "this launchpad has no curated layers to preview".into(),
        ));
    }
    let combinations = draw(&id, &layers);
    // Each layer stamp's file, read once.
    let mut files: HashMap<String, (Vec<u8>, String)> = HashMap::new();
    for cpid in layers.iter().flatten().map(|o| &o.cpid) {
        if files.contains_key(cpid) {
            continue;
        }
        let stamp = fetch_stamp(&state, cpid.clone()).await?;
        let bytes = state
            .content
            .get(&stamp.file_sha256)
            .await
            .map_err(|e| ApiError::Unavailable(e.to_string()))?
            .ok_or_else(|| ApiError::Unsupported(format!("layer stamp {cpid} has no image")))?;
        files.insert(cpid.clone(), (bytes, stamp.mimetype));
    }
    let samples = state
        .limits
        .images
        .run(move || {
            let decoded: HashMap<&String, image::RgbaImage> = files
                .iter()
                .map(|(cpid, (bytes, mime))| Ok((cpid, decode(bytes, mime)?.to_rgba8())))
                .collect::<Result<_, ResizeError>>()?;
            combinations
                .into_iter()
                .map(|chosen| {
                    let images: Vec<&image::RgbaImage> =
                        chosen.iter().filter_map(|c| decoded.get(c)).collect();
                    Ok(SampleJson {
                        b64: STANDARD.encode(stack(&images)?),
                        layers: chosen,
                    })
                })
                .collect::<Result<Vec<_>, ResizeError>>()
        })
        .await?
        .map_err(|e| ApiError::Unsupported(e.to_string()))?;
    Ok(Json(PreviewJson { samples }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layer(weights: &[u32]) -> Vec<Odds> {
        weights
            .iter()
            .enumerate()
            .map(|(i, w)| Odds {
                cpid: format!("A{i}"),
                weight: *w,
            })
            .collect()
    }

    #[test]
    fn draws_follow_the_weights_and_repeat_for_the_same_launchpad() {
        let layers = vec![layer(&[9, 1]), layer(&[1, 1, 1])];
        let a = draw("pad", &layers);
        assert_eq!(a.len(), SAMPLES);
        assert_eq!(
            a,
            draw("pad", &layers),
            "the same launchpad, the same preview"
        );
        assert_ne!(a, draw("other", &layers));
        let heavy = a.iter().filter(|c| c[0] == "A0").count();
        assert!(heavy > 70, "weight 9 of 10 drawn {heavy} times in 100");
        assert!(a.iter().all(|c| c.len() == 2));
    }

    #[test]
    fn layers_stack_at_the_largest_size() {
        let base = image::RgbaImage::from_pixel(2, 2, image::Rgba([255, 0, 0, 255]));
        let mut top = image::RgbaImage::from_pixel(4, 4, image::Rgba([0, 0, 0, 0]));
        top.put_pixel(3, 3, image::Rgba([0, 255, 0, 255]));
        let png = stack(&[&base, &top]).expect("png");
        let img = image::load_from_memory(&png).expect("decodes").to_rgba8();
        assert_eq!(img.dimensions(), (4, 4));
        assert_eq!(img.get_pixel(0, 0), &image::Rgba([255, 0, 0, 255]));
        assert_eq!(img.get_pixel(3, 3), &image::Rgba([0, 255, 0, 255]));
    }
}
