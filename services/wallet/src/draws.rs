//! What a launchpad's mints are drawn from, and each mint's file: an SRC-721 mint of the collection's layers, a
//! stack of curated layers' files, or a goose not issued yet.

use stamps_proto::catalogue::v1::LaunchpadTerms;
use tonic::Status;

use crate::grpc::unavailable;
use crate::mint;
use crate::mint_grpc::refuse;

/// A draw for each of an SRC-721 collection's layers: an index into it, uniformly.
fn draw(layers: &[u32]) -> Vec<u32> {
    use rand::Rng;
    let mut rng = rand::thread_rng();
    layers.iter().map(|&n| rng.gen_range(0..n.max(1))).collect()
}

/// A fresh numeric asset id, uniformly drawn: a collision with an existing asset is negligible (2^64 ids).
pub(crate) fn fresh_asset_id() -> u64 {
    use rand::Rng;
    rand::thread_rng().gen_range(mint::NUMERIC_MIN..=u64::MAX)
}

/// What a launchpad's mints are drawn from: an SRC-721 collection's layers (a mint's index in each, uniformly),
/// or the goose's art (a goose not issued yet, uniformly: its six digits pick the layers' fragments).
pub(crate) enum Draws {
    Src721,
    Goose {
        /// The asset id of goose 0.
        base: u64,
        taken: std::collections::HashSet<u32>,
    },
    /// Curated layers: a stamp of each, drawn by its weight; their files stacked, the first at the bottom.
    Layered,
}

/// Geese in all: six digits.
const GEESE: u32 = 1_000_000;

impl Draws {
    pub(crate) fn of(t: &LaunchpadTerms) -> Result<Self, Status> {
        if !t.src721_deploy.is_empty() && !t.src721_layers.is_empty() {
            return Ok(Draws::Src721);
        }
        if t.goose_layers.len() == 6 {
            let base = t
                .goose_prefix
                .strip_prefix('A')
                .and_then(|d| format!("{d}000000").parse::<u64>().ok())
                .filter(|b| *b >= mint::NUMERIC_MIN && b.checked_add(u64::from(GEESE)).is_some())
                .ok_or_else(|| refuse("The goose's art is not curated"))?;
            let taken = t
                .goose_taken
                .iter()
                .filter_map(|a| a.strip_prefix(&t.goose_prefix)?.parse().ok())
                .collect();
            return Ok(Draws::Goose { base, taken });
        }
        if !t.curated_layers.is_empty()
            && t.curated_layers.iter().all(|l| {
                l.stamps.iter().any(|s| s.weight > 0)
                    && l.stamps
                        .iter()
                        .all(|s| !s.file_sha256.is_empty() && s.mimetype.starts_with("image/"))
            })
        {
            return Ok(Draws::Layered);
        }
        Err(refuse(format!(
            "{} has nothing to draw a mint from",
            t.collection_id
        )))
    }

    /// The next mint: a new numeric asset and its file (a curated layer's files read from `content`).
    pub(crate) async fn next(
        &mut self,
        t: &LaunchpadTerms,
        content: &stamps_platform::content::ContentStore,
    ) -> Result<(u64, Vec<u8>), Status> {
        use rand::Rng;
        match self {
            Draws::Layered => {
                let mut images = Vec::with_capacity(t.curated_layers.len());
                for layer in &t.curated_layers {
                    let stamp = &layer.stamps[weighted(layer.stamps.iter().map(|s| s.weight))];
                    let file = content
                        .get(&stamp.file_sha256)
                        .await
                        .map_err(|e| unavailable("the stamp files", e))?
                        .ok_or_else(|| {
                            refuse(format!("The layer stamp {} has no file", stamp.cpid))
                        })?;
                    images.push((stamp.mimetype.clone(), file));
                }
                Ok((fresh_asset_id(), stacked_svg(&images)))
            }
            Draws::Src721 => {
                let json = serde_json::json!({
                    "p": "src-721",
                    "op": "mint",
                    "symbol": t.src721_symbol,
                    "c": t.src721_deploy,
                    "ts": draw(&t.src721_layers),
                });
                Ok((fresh_asset_id(), json.to_string().into_bytes()))
            }
            Draws::Goose { base, taken } => {
                if taken.len() >= GEESE as usize {
                    return Err(refuse("Minted out"));
                }
                let mut rng = rand::thread_rng();
                let n = loop {
                    let n = rng.gen_range(0..GEESE);
                    if taken.insert(n) {
                        break n;
                    }
                };
                Ok((*base + u64::from(n), goose_svg(t, n)))
            }
        }
    }
}

/// An index drawn by `weights` (at least one above 0).
fn weighted(weights: impl Iterator<Item = u32> + Clone) -> usize {
    use rand::Rng;
    let total: u64 = weights.clone().map(u64::from).sum();
    let mut at = rand::thread_rng().gen_range(0..total.max(1));
    for (i, w) in weights.enumerate() {
        if at < u64::from(w) {
            return i;
        }
        at -= u64::from(w);
    }
    0
}

/// Images stacked in one SVG, the first at the bottom, each filling the drawing, pixels kept square and sharp:
/// the file of a curated-layer launchpad's mint (self-contained: every image is inline).
pub fn stacked_svg(images: &[(String, Vec<u8>)]) -> Vec<u8> {
    use base64::Engine;
    let mut svg = String::from(concat!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 420 420" preserveAspectRatio="xMidYMid meet""#,
        r#" style="image-rendering:pixelated">"#
    ));
    for (mime, bytes) in images {
        svg.push_str(&format!(
            r#"<image width="420" height="420" href="data:{mime};base64,{}"/>"#,
            base64::engine::general_purpose::STANDARD.encode(bytes)
        ));
    }
    svg.push_str("</svg>");
    svg.into_bytes()
}

/// Goose `n`'s drawing: its six digits pick each layer's fragment, stacked in an SVG of the art's viewBox.
pub fn goose_svg(t: &LaunchpadTerms, n: u32) -> Vec<u8> {
    let digits = format!("{:06}", n % GEESE);
    let mut svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{}" shape-rendering="crispEdges">"#,
        t.goose_view_box
    );
    for (layer, digit) in t.goose_layers.iter().zip(digits.bytes()) {
        if let Some(fragment) = layer.fragments.get(usize::from(digit - b'0')) {
            svg.push_str(fragment);
        }
    }
    svg.push_str("</svg>");
    svg.into_bytes()
}
