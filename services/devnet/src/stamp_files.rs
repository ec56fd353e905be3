//! Procedurally generated stamp files of every type the scenario carries: PNG, animated GIF, SVG, JPEG,
//! WEBP, HTML (recursive), `BMN` audio and plain text.
//!
//! Every file is real (it decodes in ordinary viewers), small (mainnet stamps carry the file in transaction
//! outputs, so most are under 2 KB), deterministic in `(seed, index)` and different for every index. All the
//! arithmetic is integer arithmetic, so the bytes are the same on every platform.

use std::collections::HashMap;

use bitcoin::hashes::{Hash, sha256};

/// A deterministic stream of numbers for one file: the scenario's SplitMix64, seeded with the sha256 of a
/// label naming the seed, the file kind and the index.
struct Rng(crate::scenario::rng::Rng);

impl Rng {
    fn new(seed: u64, index: u32, kind: &str) -> Self {
        let label = format!("stamps-devnet/{seed}/files/{kind}/{index}");
        let digest = sha256::Hash::hash(label.as_bytes()).to_byte_array();
        Rng(crate::scenario::rng::Rng::from_state(
            digest[..8]
                .iter()
                .fold(0, |acc, &b| (acc << 8) | u64::from(b)),
        ))
    }

    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number in `0..n` (`0` when `n` is `0`).
    fn below(&mut self, n: u32) -> u32 {
        (((self.next() >> 32) * u64::from(n)) >> 32) as u32
    }

    /// A number in `lo..=hi`.
    fn range(&mut self, lo: u32, hi: u32) -> u32 {
        lo + self.below(hi.saturating_sub(lo) + 1)
    }

    fn pick<'a>(&mut self, words: &[&'a str]) -> &'a str {
        words
            .get(self.below(words.len() as u32) as usize)
            .copied()
            .unwrap_or("")
    }

    fn colour(&mut self) -> [u8; 3] {
        let v = self.next();
        [v as u8, (v >> 8) as u8, (v >> 16) as u8]
    }

    fn hex(&mut self) -> String {
        let [r, g, b] = self.colour();
        format!("#{r:02x}{g:02x}{b:02x}")
    }
}

/// A left-right symmetric `size`×`size` sprite of palette indexes in `0..colours` drawn in 2×2 blocks, about
/// 40 % background (index 0).
fn sprite(rng: &mut Rng, size: u32, colours: u32) -> Vec<u8> {
    let grid = size.div_ceil(2);
    let half = grid.div_ceil(2);
    let cells: Vec<u8> = (0..grid * half)
        .map(|_| match rng.below(5) {
            0 | 1 => 0,
            _ => 1 + rng.below(colours.saturating_sub(1).max(1)) as u8,
        })
        .collect();
    let mut pixels = Vec::with_capacity((size * size) as usize);
    for y in 0..size {
        for x in 0..size {
            let (gx, gy) = (x / 2, y / 2);
            let mx = gx.min(grid - 1 - gx);
            pixels.push(cells.get((gy * half + mx) as usize).copied().unwrap_or(0));
        }
    }
    pixels
}

/// A `size`×`size` pixel-art PNG (`size` in 12..=24, varying with `index`).
pub fn png(seed: u64, index: u32) -> Vec<u8> {
    crate::art::pixel_png(seed, index, 12 + index % 13)
}

/// An animated GIF89a: a 16–24 px symmetric sprite in three colours over 3–5 frames that cycle it through a
/// global 8-colour palette, with a `NETSCAPE2.0` loop-forever extension and a graphic control extension
/// (delay) per frame.
pub fn gif(seed: u64, index: u32) -> Vec<u8> {
    let mut rng = Rng::new(seed, index, "gif");
    let size = 16 + index % 9;
    let frames = rng.range(3, 5);
    let base = sprite(&mut rng, size, 4);
    let mut out = b"GIF89a".to_vec();
    let dim = (size as u16).to_le_bytes();
    out.extend_from_slice(&[dim[0], dim[1], dim[0], dim[1]]);
    // Global colour table of 2^(2+1) = 8 entries, 8 bits per primary; background 0; square pixels.
    out.extend_from_slice(&[0xf2, 0, 0]);
    for _ in 0..8 {
        out.extend_from_slice(&rng.colour());
    }
    out.extend_from_slice(b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00");
    for frame in 0..frames {
        let delay = (rng.range(8, 30) as u16).to_le_bytes();
        // Graphic control: disposal 1 (leave in place), no transparency.
        out.extend_from_slice(&[0x21, 0xf9, 4, 0x04, delay[0], delay[1], 0, 0]);
        out.push(0x2c);
        out.extend_from_slice(&[0, 0, 0, 0, dim[0], dim[1], dim[0], dim[1], 0]);
        // The background stays; colours 1..=3 shift along the palette's 7 foreground colours.
        let shift = |p: u8| u8::from(p > 0) * (1 + (p + 6 + frame as u8) % 7);
        let pixels: Vec<u8> = base.iter().map(|&p| shift(p)).collect();
        out.push(3);
        for block in lzw(&pixels, 3).chunks(255) {
            out.push(block.len() as u8);
            out.extend_from_slice(block);
        }
        out.push(0);
    }
    out.push(0x3b);
    out
}

/// Codes packed least-significant bit first, as GIF stores them.
struct Bits {
    out: Vec<u8>,
    acc: u32,
    len: u32,
}

impl Bits {
    fn put(&mut self, code: u16, width: u32) {
        self.acc |= u32::from(code) << self.len;
        self.len += width;
        while self.len >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.len -= 8;
        }
    }
}

/// GIF's variable-width LZW of `pixels` (each below `1 << min`), without the sub-block framing.
fn lzw(pixels: &[u8], min: u8) -> Vec<u8> {
    let clear = 1u16 << min;
    let eoi = clear + 1;
    let first_width = u32::from(min) + 1;
    let (mut width, mut next) = (first_width, eoi + 1);
    let mut dict: HashMap<(u16, u8), u16> = HashMap::new();
    let mut bits = Bits {
        out: Vec::new(),
        acc: 0,
        len: 0,
    };
    bits.put(clear, width);
    if let Some((&first, rest)) = pixels.split_first() {
        let mut prefix = u16::from(first);
        for &k in rest {
            if let Some(&code) = dict.get(&(prefix, k)) {
                prefix = code;
                continue;
            }
            bits.put(prefix, width);
            if next < 4096 {
                dict.insert((prefix, k), next);
                next += 1;
                // The decoder adds this entry one code later; it widens once its table reaches 1 << width.
                if u32::from(next) > 1 << width && width < 12 {
                    width += 1;
                }
            } else {
                bits.put(clear, width);
                dict.clear();
                (width, next) = (first_width, eoi + 1);
            }
            prefix = u16::from(k);
        }
        bits.put(prefix, width);
        // Reading that last code completes the decoder's table up to `next`: it may widen before the end code.
        if u32::from(next) >= 1 << width && width < 12 {
            width += 1;
        }
    }
    bits.put(eoi, width);
    if bits.len > 0 {
        bits.out.push(bits.acc as u8);
    }
    bits.out
}

/// A vector artwork: a gradient background and 3–6 shapes (circles, rounded rectangles, ellipses, triangles,
/// curves) filled with flat colours or a radial gradient. Starts with `<svg xmlns=...`; about 0.5–1.2 KB.
pub fn svg(seed: u64, index: u32) -> Vec<u8> {
    let mut rng = Rng::new(seed, index, "svg");
    let (a, b, c, d) = (rng.hex(), rng.hex(), rng.hex(), rng.hex());
    let (x2, y2) = [(1, 0), (0, 1), (1, 1)][rng.below(3) as usize];
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 96 96\" width=\"96\" height=\"96\">\
         <defs><linearGradient id=\"g\" x2=\"{x2}\" y2=\"{y2}\"><stop offset=\"0\" stop-color=\"{a}\"/>\
         <stop offset=\"1\" stop-color=\"{b}\"/></linearGradient><radialGradient id=\"r\">\
         <stop offset=\"0\" stop-color=\"{c}\"/><stop offset=\"1\" stop-color=\"{d}\" stop-opacity=\"0\"/>\
         </radialGradient></defs><rect width=\"96\" height=\"96\" fill=\"url(#g)\"/>"
    );
    for _ in 0..rng.range(3, 6) {
        let fill = if rng.below(4) == 0 {
            "url(#r)".to_owned()
        } else {
            rng.hex()
        };
        let opacity = rng.range(5, 9);
        let (x, y, r) = (rng.range(8, 88), rng.range(8, 88), rng.range(6, 30));
        let shape = match rng.below(5) {
            0 => format!("<circle cx=\"{x}\" cy=\"{y}\" r=\"{r}\""),
            1 => format!(
                "<rect x=\"{}\" y=\"{}\" width=\"{r}\" height=\"{}\" rx=\"{}\"",
                x.saturating_sub(r / 2),
                y.saturating_sub(r / 2),
                rng.range(6, 30),
                rng.below(8)
            ),
            2 => format!(
                "<ellipse cx=\"{x}\" cy=\"{y}\" rx=\"{r}\" ry=\"{}\"",
                rng.range(4, 20)
            ),
            3 => format!(
                "<polygon points=\"{x},{} {},{} {},{}\"",
                y.saturating_sub(r),
                x + r,
                y + r / 2,
                x.saturating_sub(r),
                y + r / 2
            ),
            _ => {
                let (cx, cy, ex, ey) = (rng.below(96), rng.below(96), rng.below(96), rng.below(96));
                s.push_str(&format!(
                    "<path d=\"M{x} {y}Q{cx} {cy} {ex} {ey}\" fill=\"none\" stroke=\"{}\" \
                     stroke-width=\"{}\" stroke-linecap=\"round\"/>",
                    rng.hex(),
                    rng.range(2, 6)
                ));
                continue;
            }
        };
        s.push_str(&format!("{shape} fill=\"{fill}\" opacity=\".{opacity}\"/>"));
    }
    s.push_str("</svg>\n");
    s.into_bytes()
}

/// A baseline JFIF JPEG (24, 32, 40 or 48 px square, varying with `index`): a two-colour diagonal gradient
/// crossed by soft concentric rings.
pub fn jpeg(seed: u64, index: u32) -> Vec<u8> {
    let mut rng = Rng::new(seed, index, "jpeg");
    let size = 24 + 8 * (index % 4);
    let from = rng.colour();
    let to = from.map(|c| c.wrapping_add(64 + rng.below(128) as u8));
    let (cx, cy) = (rng.below(size) as i64, rng.below(size) as i64);
    let [ax, ay, freq] = [rng.range(1, 4), rng.range(1, 4), rng.range(2, 9)].map(i64::from);
    let span = (ax + ay) * i64::from(size);
    let mut pixels = Vec::with_capacity((size * size * 3) as usize);
    for y in 0..i64::from(size) {
        for x in 0..i64::from(size) {
            let gradient = (ax * x + ay * y) * 160 / span;
            // Distance from the centre in eighths of a pixel; rings every 32 / freq pixels.
            let d = ((x - cx) * (x - cx) + (y - cy) * (y - cy)) * 64;
            let phase = (d.isqrt() * freq / 4) % 64;
            let ring = if phase < 32 { phase } else { 63 - phase };
            let t = (gradient + ring * 3).clamp(0, 255);
            for ch in 0..3 {
                let (f, g) = (i64::from(from[ch]), i64::from(to[ch]));
                pixels.push(((f * (255 - t) + g * t) / 255) as u8);
            }
        }
    }
    let mut out = Vec::new();
    let mut encoder = jpeg_encoder::Encoder::new(&mut out, rng.range(70, 85) as u8);
    encoder.set_optimized_huffman_tables(true);
    let side = size as u16;
    // Cannot fail: the data has exactly side × side RGB pixels and a Vec never refuses a write.
    let _ = encoder.encode(&pixels, side, side, jpeg_encoder::ColorType::Rgb);
    out
}

/// A lossless (VP8L) WEBP: a 16–24 px symmetric sprite in a random 6-colour palette.
pub fn webp(seed: u64, index: u32) -> Vec<u8> {
    let mut rng = Rng::new(seed, index, "webp");
    let size = 16 + index % 9;
    let palette: Vec<[u8; 3]> = (0..6).map(|_| rng.colour()).collect();
    let pixels: Vec<u8> = sprite(&mut rng, size, 6)
        .into_iter()
        .flat_map(|p| palette.get(usize::from(p)).copied().unwrap_or([0; 3]))
        .collect();
    let mut out = Vec::new();
    // Cannot fail: the data has exactly size × size RGB pixels and a Vec never refuses a write.
    let encoder = image_webp::WebPEncoder::new(&mut out);
    let _ = encoder.encode(&pixels, size, size, image_webp::ColorType::Rgb8);
    out
}

const ADJECTIVES: [&str; 16] = [
    "quiet", "amber", "hollow", "distant", "silver", "patient", "broken", "golden", "restless",
    "frozen", "humble", "crimson", "ancient", "narrow", "gentle", "endless",
];
const NOUNS: [&str; 16] = [
    "block", "ledger", "signal", "lantern", "harbour", "satoshi", "meadow", "furnace", "river",
    "stamp", "orbit", "ember", "mirror", "compass", "thread", "mountain",
];
const VERBS: [&str; 16] = [
    "drifts", "waits", "glows", "hums", "sleeps", "turns", "burns", "echoes", "shivers", "wanders",
    "rests", "sings", "fades", "rises", "settles", "listens",
];
const PLACES: [&str; 8] = [
    "under", "beyond", "across", "through", "above", "beneath", "along", "toward",
];

/// A legitimate HTML document (doctype, `<head>` with a title and a style sheet, `<body>`) showing the stamps
/// `cpids` through recursive `<img src="/s/{cpid}">` references, as recursive stamps do on mainnet. About
/// 0.5 KB plus 45 bytes per referenced stamp.
pub fn html(seed: u64, index: u32, cpids: &[String]) -> Vec<u8> {
    let mut rng = Rng::new(seed, index, "html");
    let title = format!("The {} {}", rng.pick(&ADJECTIVES), rng.pick(&NOUNS));
    let (bg, fg, accent) = (rng.hex(), rng.hex(), rng.hex());
    let columns = cpids.len().clamp(1, 4);
    let mut s = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{title}</title>\n\
         <style>body{{margin:0;padding:{}px;background:{bg};color:{fg};font:14px monospace}}\
         main{{display:grid;grid-template-columns:repeat({columns},1fr);gap:{}px}}\
         img{{width:100%;image-rendering:pixelated;border:2px solid {accent}}}\
         .o{{aspect-ratio:1;border-radius:50%;background:radial-gradient({accent},{bg})}}</style>\n\
         </head>\n<body>\n<h1>{title}</h1>\n<main>\n",
        rng.range(4, 16),
        rng.range(2, 12)
    );
    for cpid in cpids {
        let cpid: String = cpid
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
            .collect();
        s.push_str(&format!("<img src=\"/s/{cpid}\" alt=\"{cpid}\">\n"));
    }
    if cpids.is_empty() {
        s.push_str("<div class=\"o\"></div>\n");
    }
    s.push_str("</main>\n</body>\n</html>\n");
    s.into_bytes()
}

/// An XHTML page in an XML document (`<?xml ...?>` without `<svg`, and without `<body`, which would make it
/// HTML: stamps classify it as `text/xml`) with a small script that writes lines under its title: an active file
/// served from the site's origin, as such stamps are on mainnet. About 0.5 KB.
pub fn xml(seed: u64, index: u32) -> Vec<u8> {
    let mut rng = Rng::new(seed, index, "xml");
    let title = format!("The {} {}", rng.pick(&ADJECTIVES), rng.pick(&NOUNS));
    let (bg, fg) = (rng.hex(), rng.hex());
    let lines = rng.range(2, 9);
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <html xmlns=\"http://www.w3.org/1999/xhtml\">\n<head><title>{title}</title>\
         <style>html{{margin:0;padding:12px;background:{bg};color:{fg};font:14px monospace}}</style></head>\n\
         <h1>{title}</h1><ol id=\"lines\"></ol>\n\
         <script>//<![CDATA[\nfor (var i = 1; i <= {lines}; i++) {{ var li = document.createElementNS(\
         'http://www.w3.org/1999/xhtml', 'li'); li.textContent = 'line ' + i; \
         document.getElementById('lines').appendChild(li); }}\n//]]></script>\n</html>\n"
    )
    .into_bytes()
}

/// A `BMN` audio payload: the indexer recognises the file by its `BMN` prefix alone (from
/// `cp_bmn_feat_block_start`; suffix `bmn`, no MIME type). The body is a devnet note list: version `1`, tempo
/// (BPM), instrument, note count, then `(MIDI pitch, duration in eighths)` pairs on a pentatonic scale.
pub fn bmn(seed: u64, index: u32) -> Vec<u8> {
    const PENTATONIC: [u8; 5] = [0, 2, 4, 7, 9];
    let mut rng = Rng::new(seed, index, "bmn");
    let notes = rng.range(16, 32);
    let root = 48 + rng.below(12) as u8;
    let mut out = b"BMN".to_vec();
    out.extend_from_slice(&[1, rng.range(80, 160) as u8, rng.below(8) as u8, notes as u8]);
    for _ in 0..notes {
        let step = rng.below(10) as usize;
        let pitch = root + 12 * (step / 5) as u8 + PENTATONIC[step % 5];
        out.extend_from_slice(&[pitch, rng.range(1, 4) as u8]);
    }
    out
}

/// A short ASCII poem (3–5 lines) for a text stamp. Its words avoid JavaScript keywords, so the indexer
/// classifies it as plain text (`text/plain`, a cursed suffix) rather than JavaScript.
pub fn text(seed: u64, index: u32) -> Vec<u8> {
    const LINES: [&str; 3] = ["the A N V P the N", "A N, A N", "P the A N, the N V"];
    let mut rng = Rng::new(seed, index, "text");
    let mut s = String::new();
    for _ in 0..rng.range(3, 5) {
        let words: Vec<String> = rng
            .pick(&LINES)
            .split(' ')
            .map(|w| {
                let (w, comma) = w.strip_suffix(',').map_or((w, ""), |w| (w, ","));
                let word = match w {
                    "A" => rng.pick(&ADJECTIVES),
                    "N" => rng.pick(&NOUNS),
                    "V" => rng.pick(&VERBS),
                    "P" => rng.pick(&PLACES),
                    w => w,
                };
                format!("{word}{comma}")
            })
            .collect();
        let mut line = words.join(" ");
        if let Some(first) = line.get_mut(..1) {
            first.make_ascii_uppercase();
        }
        s.push_str(&line);
        s.push('\n');
    }
    s.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;
    use stamps_protocol::Rules;
    use stamps_protocol::stamp::{Ident, mime};

    fn cpids(n: u32) -> Vec<String> {
        (0..n)
            .map(|i| format!("A{}", 95_428_956_661_682_177u64 + u64::from(i)))
            .collect()
    }

    fn html_n(seed: u64, index: u32) -> Vec<u8> {
        html(seed, index, &cpids(index % 4))
    }

    type Maker = fn(u64, u32) -> Vec<u8>;

    /// Each kind with its classification (MIME type, suffix) and a size bound.
    const KINDS: [(Maker, &str, &str, usize); 9] = [
        (png, "image/png", "png", 2048),
        (gif, "image/gif", "gif", 2048),
        (svg, "image/svg+xml", "svg", 1536),
        (jpeg, "image/jpeg", "jpeg", 3072),
        (webp, "image/webp", "webp", 2048),
        (html_n, "text/html", "html", 1536),
        (xml, "text/xml", "xml", 1024),
        (bmn, "", "bmn", 128),
        (text, "text/plain", "plain", 512),
    ];

    #[test]
    fn every_kind_classifies_as_intended() {
        for (make, mimetype, suffix, max) in KINDS {
            for index in 0..24 {
                let bytes = make(7, index);
                let c = mime::classify(&bytes, 962_000, Rules::MAINNET);
                let what = format!("{suffix} {index}: {} bytes", bytes.len());
                assert_eq!(
                    (c.ident, c.mimetype.as_str(), c.suffix()),
                    (Ident::Stamp, mimetype, suffix),
                    "{what}"
                );
                // Text is cursed by design; every other kind makes a blessed stamp.
                assert_eq!(c.suffix_is_valid(), suffix != "plain", "{what}");
                assert!(bytes.len() <= max, "{what}");
            }
        }
    }

    #[test]
    fn deterministic_and_distinct() {
        for (make, _, suffix, _) in KINDS {
            let files: Vec<Vec<u8>> = (0..64).map(|i| make(3, i)).collect();
            for (i, file) in files.iter().enumerate() {
                assert_eq!(file, &make(3, i as u32), "{suffix} {i}");
                assert!(files[..i].iter().all(|f| f != file), "{suffix} {i}");
            }
            assert_ne!(make(3, 5), make(4, 5), "{suffix}");
        }
    }

    /// Walks a GIF's blocks: (width, frames, per-frame delays, whether it loops), checking the LZW data of
    /// every frame decodes to exactly width × height pixels.
    fn gif_frames(b: &[u8]) -> (u16, usize, Vec<u16>, bool) {
        let le = |at: usize| u16::from_le_bytes([b[at], b[at + 1]]);
        let data = |mut at: usize, out: &mut Vec<u8>| {
            while b[at] != 0 {
                out.extend_from_slice(&b[at + 1..at + 1 + usize::from(b[at])]);
                at += 1 + usize::from(b[at]);
            }
            at + 1
        };
        assert!(
            b.starts_with(b"GIF89a") && b[10] & 0x80 != 0,
            "header with global palette"
        );
        let (mut at, mut frames, mut delays, mut looping) =
            (13 + 3 * (2 << (b[10] & 7)), 0, vec![], false);
        while b[at] != 0x3b {
            let mut block = Vec::new();
            match (b[at], b[at + 1]) {
                (0x21, 0xf9) => delays.push(le(at + 4)),
                (0x21, 0xff) => looping |= &b[at + 3..at + 14] == b"NETSCAPE2.0",
                (0x2c, _) => {
                    let min = b[at + 10];
                    (frames, at) = (frames + 1, data(at + 11, &mut block));
                    let pixels = usize::from(le(6)) * usize::from(le(8));
                    assert_eq!(unlzw(&block, min).len(), pixels);
                    continue;
                }
                (other, _) => assert_eq!(other, 0x21, "unexpected block"),
            }
            at = data(at + 2, &mut block);
        }
        assert_eq!(at + 1, b.len(), "the trailer ends the file");
        (le(6), frames, delays, looping)
    }

    /// GIF's LZW decoder (for the encoder's round trip).
    fn unlzw(data: &[u8], min: u8) -> Vec<u8> {
        let (clear, first_width) = (1usize << min, u32::from(min) + 1);
        let (mut table, mut width, mut pos) = (Vec::<Vec<u8>>::new(), first_width, 0);
        let (mut prev, mut out): (Option<Vec<u8>>, Vec<u8>) = (None, Vec::new());
        loop {
            let code = (0..width as usize).fold(0, |c, i| {
                c | usize::from((data[(pos + i) / 8] >> ((pos + i) % 8)) & 1) << i
            });
            pos += width as usize;
            if code == clear {
                table = (0..clear + 2).map(|c| vec![c as u8]).collect();
                (width, prev) = (first_width, None);
                continue;
            } else if code == clear + 1 {
                return out;
            }
            let entry = match (table.get(code), &prev) {
                (Some(e), _) => e.clone(),
                (None, Some(p)) => [p.as_slice(), &p[..1]].concat(),
                (None, None) => panic!("undefined first code"),
            };
            if let Some(p) = prev.take() {
                table.push([p, vec![entry[0]]].concat());
                if table.len() == 1 << width && width < 12 {
                    width += 1;
                }
            }
            out.extend_from_slice(&entry);
            prev = Some(entry);
        }
    }

    #[test]
    fn lzw_round_trips() {
        let mut rng = Rng::new(0, 0, "lzw");
        for (len, colours) in [(0, 8), (1, 8), (7, 2), (576, 2), (576, 8), (20_000, 8)] {
            let pixels: Vec<u8> = (0..len).map(|_| rng.below(colours) as u8).collect();
            assert_eq!(unlzw(&lzw(&pixels, 3), 3), pixels, "{len} {colours}");
        }
    }

    #[test]
    fn rasters_decode() {
        for index in 0..12 {
            let side = 16 + index % 9;
            let (width, frames, delays, looping) = gif_frames(&gif(9, index));
            assert_eq!(u32::from(width), side);
            assert!((3..=5).contains(&frames) && looping);
            assert!(delays.len() == frames && delays.iter().all(|d| (8..=30).contains(d)));

            let bytes = webp(2, index);
            assert!(bytes.starts_with(b"RIFF") && &bytes[8..16] == b"WEBPVP8L");
            let mut decoder =
                image_webp::WebPDecoder::new(std::io::Cursor::new(&bytes)).expect("webp");
            assert_eq!(decoder.dimensions(), (side, side));
            let mut buf = vec![0; decoder.output_buffer_size().expect("size")];
            decoder.read_image(&mut buf).expect("webp pixels");

            let bytes = png(1, index);
            let reader = png::Decoder::new(std::io::Cursor::new(&bytes))
                .read_info()
                .expect("png");
            assert_eq!(reader.info().width, 12 + index % 13);

            let bytes = jpeg(5, index);
            assert!(bytes.starts_with(b"\xff\xd8\xff\xe0") && bytes.ends_with(b"\xff\xd9"));
            let sof = bytes
                .windows(2)
                .position(|w| w == [0xff, 0xc0])
                .expect("baseline SOF0");
            let dim = |at: usize| u32::from(u16::from_be_bytes([bytes[at], bytes[at + 1]]));
            let side = 24 + 8 * (index % 4);
            assert_eq!((dim(sof + 5), dim(sof + 7)), (side, side));
        }
    }

    #[test]
    fn html_references_every_cpid() {
        for n in [0, 1, 3, 6] {
            let bytes = html(11, n, &cpids(n));
            let doc = String::from_utf8(bytes.clone()).expect("utf-8");
            assert!(doc.starts_with("<!DOCTYPE html>") && doc.contains("<title>"));
            for id in cpids(n) {
                assert!(doc.contains(&format!("<img src=\"/s/{id}\"")), "{id}");
            }
            assert!(mime::is_legitimate_html(&bytes) && bytes.len() < 1536);
        }
    }

    #[test]
    fn bmn_and_text_shapes() {
        let b = bmn(1, 2);
        assert!(b.starts_with(b"BMN\x01") && b.len() == 7 + 2 * usize::from(b[6]));
        // Before the BMN activation the same bytes are not audio.
        assert_ne!(mime::classify(&b, 815_130, Rules::MAINNET).suffix(), "bmn");
        let t = text(1, 2);
        assert!(t.is_ascii() && t.ends_with(b"\n") && !mime::is_javascript(&t));
    }
}
