//! The goose: a launchpad collection of a million pixel-art geese. Goose `n` (0..=999_999) is written as six
//! digits; digit `i` picks the `i`-th layer's fragment (background, plumage, beak and feet, eyes, hat, neck),
//! and the fragments stacked in that order are its SVG. Its asset is [`PREFIX`] followed by the six digits.
//! The same layers go to the curation file, from which the site's goose tool draws any goose.

/// The goose assets' name before the six digits: `A` and 10^12, so every goose is a numeric asset
/// (10^18 + n, above 26^12).
pub const PREFIX: &str = "A1000000000000";
/// The asset id of goose 0.
pub const BASE: u64 = 1_000_000_000_000_000_000;
/// Geese in all.
pub const COUNT: u32 = 1_000_000;
/// The drawing's coordinates.
pub const VIEW_BOX: &str = "0 0 24 24";

/// The asset name of goose `n`.
pub fn cpid(n: u32) -> String {
    format!("{PREFIX}{n:06}")
}

fn rect(x: u32, y: u32, w: u32, h: u32, fill: &str) -> String {
    format!(r#"<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{fill}"/>"#)
}

fn rects(parts: &[(u32, u32, u32, u32)], fill: &str) -> String {
    parts
        .iter()
        .map(|&(x, y, w, h)| rect(x, y, w, h, fill))
        .collect()
}

/// The goose's silhouette (head, neck, body, tail) and its wing.
const BODY: [(u32, u32, u32, u32); 6] = [
    (13, 3, 5, 4),
    (14, 7, 3, 6),
    (6, 12, 12, 7),
    (7, 19, 9, 1),
    (4, 12, 2, 3),
    (5, 11, 2, 2),
];
const WING: [(u32, u32, u32, u32); 2] = [(8, 14, 6, 3), (9, 17, 4, 1)];

/// The six layers, ten fragments each, in drawing order.
pub fn layers() -> Vec<Vec<String>> {
    let backgrounds = [
        "#a3d9ff", "#ffd6a5", "#caffbf", "#fdffb6", "#bdb2ff", "#ffc6ff", "#9bf6ff", "#e0e0e0",
        "#ffadad", "#283044",
    ];
    let background = backgrounds
        .iter()
        .map(|c| rect(0, 0, 24, 24, c) + &rect(0, 21, 24, 3, "#7cb518"))
        .collect();
    let plumage = [
        ("#f8f8f8", "#d9d9d9"),
        ("#9e9e9e", "#6e6e6e"),
        ("#3b3b3b", "#1e1e1e"),
        ("#a0522d", "#7a3e22"),
        ("#e9c46a", "#c9a227"),
        ("#f4a261", "#d17f3d"),
        ("#8ecae6", "#5fa8c9"),
        ("#b5838d", "#8f5f69"),
        ("#2a9d8f", "#1d7268"),
        ("#ffffff", "#f4a6c0"),
    ];
    let body = plumage
        .iter()
        .map(|(main, wing)| rects(&BODY, main) + &rects(&WING, wing))
        .collect();
    let beaks = [
        "#ff8c00", "#ffb703", "#e63946", "#222222", "#fb8500", "#ffd60a", "#9d4edd", "#06d6a0",
        "#ef476f", "#c0c0c0",
    ];
    let beak = beaks
        .iter()
        .map(|c| {
            rects(
                &[(18, 5, 3, 1), (18, 6, 2, 1), (9, 20, 2, 1), (13, 20, 2, 1)],
                c,
            )
        })
        .collect();
    let eyes = vec![
        rect(16, 4, 1, 1, "#000"),
        rect(16, 4, 1, 1, "#1d4ed8"),
        rect(15, 4, 2, 1, "#000"),
        rects(&[(14, 4, 4, 1), (15, 5, 1, 1), (17, 5, 1, 1)], "#111"),
        rect(16, 4, 1, 1, "#000") + &rect(19, 4, 5, 1, "#ff1744"),
        rects(
            &[(15, 3, 3, 1), (15, 5, 3, 1), (15, 4, 1, 1), (17, 4, 1, 1)],
            "#d4af37",
        ),
        rect(16, 4, 1, 1, "#e11d48") + &rect(17, 4, 1, 1, "#e11d48"),
        rect(15, 4, 2, 1, "#ff0000") + &rect(17, 4, 1, 1, "#00b4ff"),
        rect(16, 4, 1, 1, "#ffd60a"),
        rect(15, 5, 2, 1, "#000"),
    ];
    let hats = vec![
        String::new(),
        rects(&[(13, 1, 5, 2), (17, 2, 3, 1)], "#d62828"),
        rects(
            &[(13, 1, 5, 2), (13, 0, 1, 1), (15, 0, 1, 1), (17, 0, 1, 1)],
            "#ffd60a",
        ),
        rects(&[(13, 1, 5, 2), (15, 0, 1, 1)], "#3a86ff"),
        rects(&[(14, 0, 3, 2), (12, 2, 7, 1)], "#111"),
        rects(&[(15, 0, 1, 1), (14, 1, 3, 1), (13, 2, 5, 1)], "#ff006e"),
        rects(&[(13, 0, 5, 1)], "#ffe066"),
        rects(&[(12, 2, 2, 2), (14, 3, 1, 1)], "#ff70a6"),
        rects(&[(13, 3, 5, 1)], "#06d6a0"),
        rects(&[(15, 1, 1, 2), (13, 0, 5, 1)], "#8338ec"),
    ];
    let necks = vec![
        String::new(),
        rects(&[(14, 10, 3, 2), (13, 12, 1, 3)], "#e63946"),
        rects(&[(13, 10, 2, 2), (16, 10, 2, 2), (15, 10, 1, 1)], "#111"),
        rects(&[(14, 11, 3, 1), (15, 12, 1, 1)], "#d4af37"),
        rects(&[(14, 10, 3, 1), (15, 11, 1, 2)], "#ffd60a"),
        rects(&[(14, 10, 3, 2), (15, 12, 1, 1)], "#3a86ff"),
        rects(&[(14, 11, 1, 1), (16, 11, 1, 1), (15, 12, 1, 1)], "#f1f1f1"),
        rects(&[(15, 10, 1, 5)], "#8338ec"),
        rects(&[(14, 10, 3, 2), (13, 12, 1, 3)], "#4cc9f0"),
        rects(&[(15, 11, 1, 2)], "#ff9f1c") + &rect(15, 13, 1, 1, "#d4af37"),
    ];
    vec![background, body, beak, eyes, hats, necks]
}

/// Goose `n`'s drawing (`n` below [`COUNT`]), from `layers`.
pub fn svg_with(layers: &[Vec<String>], n: u32) -> Vec<u8> {
    let digits = format!("{:06}", n % COUNT);
    let mut svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{VIEW_BOX}" shape-rendering="crispEdges">"#
    );
    for (layer, digit) in layers.iter().zip(digits.bytes()) {
        if let Some(fragment) = layer.get(usize::from(digit - b'0')) {
            svg.push_str(fragment);
        }
    }
    svg.push_str("</svg>");
    svg.into_bytes()
}

/// Goose `n`'s drawing.
pub fn svg(n: u32) -> Vec<u8> {
    svg_with(&layers(), n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_layers_of_ten_pick_a_goose_by_its_digits() {
        let layers = layers();
        assert_eq!(layers.len(), 6);
        assert!(layers.iter().all(|l| l.len() == 10));
        let goose = String::from_utf8(svg(407_129)).expect("text");
        for (i, d) in [4usize, 0, 7, 1, 2, 9].into_iter().enumerate() {
            assert!(goose.contains(&layers[i][d]), "layer {i} digit {d}");
        }
        assert!(goose.starts_with("<svg") && goose.ends_with("</svg>"));
        assert_ne!(svg(1), svg(10), "each digit matters");
    }

    #[test]
    fn geese_are_numeric_assets_of_the_prefix() {
        assert_eq!(cpid(42), "A1000000000000000042");
        assert_eq!(cpid(42), format!("A{}", BASE + 42));
        assert_eq!(cpid(COUNT - 1), format!("A{}", BASE + u64::from(COUNT) - 1));
        let id = stamps_protocol::asset::id_from_name(&cpid(0)).expect("a numeric asset");
        assert_eq!(id, BASE);
    }
}
