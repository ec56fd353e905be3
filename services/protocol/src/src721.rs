//! SRC-721 (PROTOCOL.md §6) as the reference indexer processes it (`index_core/src721.py`,
//! `models.StampData.process_src721`): the `src_data` it records, the 420×420 layered SVG of a mint, the
//! deploy card, the `v: r0` recursive collection and the OLGA recursive-mint relabel.
//!
//! The reference looks collections and layers up only in earlier blocks (its in-block lookup filters
//! stamps on an `op` key they never have), so the lookups here are over stored stamps.

use crate::network::{Change, Rules};
use crate::py::{self, PyDict, PyValue};
use crate::stamp::base64::lenient_decode;

/// Layers composed at most.
pub const MAX_LAYERS: usize = 10;
/// The reference's `config.DOMAINNAME`.
pub const DOMAIN_NAME: &str = "stampchain.io";

/// The SRC-721 payload as stored: the lower-cased-key dict with `symbol` moved to `tick`
/// (`src721_json["tick"] = src721_json.pop("symbol")`, which the reference applies to the very dict it then
/// serialises as `src_data`).
pub fn normalize(dict: &PyDict) -> PyDict {
    let mut d = dict.clone();
    if let Some(symbol) = d.remove("symbol") {
        d.set("tick", symbol);
    }
    d
}

/// `src_data`: `json.dumps` of the normalised payload (consensus: it enters the txlist hash). `None` where
/// `json.dumps` raises.
pub fn src_data(dict: &PyDict) -> Option<String> {
    py::json_dumps(&PyValue::Dict(normalize(dict))).ok()
}

/// `op` upper-cased (`""` when absent; `None` when not a string, where the reference raises).
pub fn op(dict: &PyDict) -> Option<String> {
    match dict.get("op") {
        None => Some(String::new()),
        Some(PyValue::Str(s)) => Some(py::py_upper(s)),
        Some(_) => None,
    }
}

/// A recursive (`"v": "r0"`) collection deploy.
pub fn is_recursive_deploy(dict: &PyDict) -> bool {
    let version = match dict.get("v") {
        None | Some(PyValue::None) => return false,
        Some(v) if !v.is_truthy() => String::new(),
        Some(v) => py::py_lower(&v.py_str()),
    };
    version == "r0" && op(dict).as_deref() == Some("DEPLOY")
}

/// The collection a deploy names: `name`, `description`, `website` (as displayed text).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Collection {
    /// `name`.
    pub name: Option<String>,
    /// `description`.
    pub description: Option<String>,
    /// `website`.
    pub website: Option<String>,
}

fn text_field(dict: &PyDict, key: &str) -> Option<String> {
    match dict.get(key)? {
        PyValue::None => None,
        v => Some(v.py_str()),
    }
}

/// The collection of a deploy (`name`, `description`, `website`); `onchain` when a name is present.
pub fn collection(dict: &PyDict) -> Collection {
    Collection {
        name: text_field(dict, "name"),
        description: text_field(dict, "description"),
        website: text_field(dict, "website"),
    }
}

/// The first `/s/A<20 digits>` reference not followed by another digit (`\d` is any Unicode decimal digit,
/// as in Python's `re`).
pub fn recursive_reference(content: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(content).replace('\u{fffd}', "");
    let chars: Vec<char> = text.chars().collect();
    let is_digit = |c: char| py::decimal_value(c).is_some();
    let n = chars.len();
    let mut i = 0;
    while i + 24 <= n {
        if chars[i] == '/' && chars[i + 1] == 's' && chars[i + 2] == '/' && chars[i + 3] == 'A' {
            let digits = &chars[i + 4..i + 24];
            if digits.iter().all(|c| is_digit(*c))
                && !chars.get(i + 24).is_some_and(|c| is_digit(*c))
            {
                return Some(chars[i + 3..i + 24].iter().collect());
            }
        }
        i += 1;
    }
    None
}

/// The OLGA recursive-mint relabel: an HTML or SVG stamp from P2WSH data (from `cp_src721_genesis_block`)
/// that references `/s/A<20 digits>` gets ident SRC-721 (and is not processed as SRC-721 JSON).
pub fn is_olga_recursive_mint(content: &[u8], mimetype: &str, height: u64, rules: Rules) -> bool {
    rules.active(Change::CpSrc721Genesis, height)
        && matches!(mimetype, "text/html" | "image/svg+xml")
        && !content.is_empty()
        && recursive_reference(content).is_some()
}

/// `validate_base64_image`: a `data:` URL for an image given as a data URL, `image/...;base64,...` or bare
/// base64 (PNG assumed); `None` when the base64 does not decode leniently.
pub fn image_data_url(text: &str) -> Option<String> {
    if text.is_empty() {
        return None;
    }
    if text.starts_with("data:image/") {
        let (_, content) = text.split_once("base64,")?;
        lenient_decode(content).ok()?;
        return Some(text.to_owned());
    }
    if text.starts_with("image/")
        && let Some((mime, content)) = text.split_once(";base64,")
    {
        lenient_decode(content).ok()?;
        return Some(format!("data:{mime};base64,{content}"));
    }
    let (mimetype, body) = if let Some(rest) = text.strip_prefix("data:") {
        match rest
            .strip_prefix("image/")
            .and_then(|r| r.split_once(";base64,"))
            .filter(|(m, _)| !m.is_empty() && !m.contains(';'))
        {
            Some((m, _)) => {
                let prefix = format!("data:image/{m};base64,");
                let (_, body) = text.split_once(prefix.as_str())?;
                (m.to_owned(), body)
            }
            None => ("png".to_owned(), text.split_once("base64,")?.1),
        }
    } else {
        ("png".to_owned(), text)
    };
    lenient_decode(body).ok()?;
    Some(format!("data:image/{mimetype};base64,{body}"))
}

/// `get_src721_svg_string`: the card for deploys and for mints without a usable collection, on the
/// `SRC721` background (`srcbackground`), or a plain card when there is none.
pub fn card_svg(title: &str, description: &str, background: Option<&str>) -> String {
    match background.and_then(image_data_url) {
        Some(url) => format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 420 420\"><image x=\"0\" y=\"0\" width=\"420\" \
            height=\"420\" href=\"{url}\"/><title>{title}</title><desc>{description} - provided by \
            stampchain.io</desc></svg>"
        ),
        None => format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 420 420\"><rect width=\"420\" height=\"420\" \
            fill=\"#f0f0f0\"/><text x=\"210\" y=\"210\" text-anchor=\"middle\" \
            dominant-baseline=\"middle\">{title}</text><title>{title}</title><desc>{description} - provided by \
            stampchain.io</desc></svg>"
        ),
    }
}

/// `build_src721_stacked_svg`: layer `k` is image `ts[k]` of the deploy's `t<k>` list (`layers[k]`, the
/// layer stamps' base64 already looked up), at most ten layers, invalid images skipped. Returns the SVG and
/// the collection name.
pub fn stacked_svg(mint: &PyDict, deploy: &PyDict, layers: &[Vec<String>]) -> (String, String) {
    let description = deploy
        .get("description")
        .map_or_else(String::new, PyValue::py_str);
    let name = deploy
        .get("name")
        .map_or_else(|| "SRC-721".to_owned(), PyValue::py_str);
    let rendering = deploy
        .get("image-rendering")
        .map_or_else(|| "pixelated".to_owned(), PyValue::py_str);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\"\n        viewBox=\"0 \
        0 420 420\"\n        preserveAspectRatio=\"xMidYMid meet\"\n        style=\"image-rendering:{rendering}; \
        -webkit-image-rendering:{rendering};\">\n        <title>{name}</title>\n        <desc>{description} - \
        provided by stampchain.io</desc>\n    "
    );
    let ts: &[PyValue] = match mint.get("ts") {
        Some(PyValue::List(items)) => items,
        _ => &[],
    };
    for (i, t) in ts.iter().enumerate() {
        if i >= MAX_LAYERS {
            break;
        }
        let Some(images) = layers.get(i) else {
            continue;
        };
        let index = match t {
            PyValue::Int(n) => n.to_i128(),
            PyValue::Bool(b) => Some(i128::from(*b)),
            _ => None,
        };
        // Python indexing: negative indices count from the end.
        let Some(image) = index.and_then(|k| {
            let len = images.len() as i128;
            let k = if k < 0 { k + len } else { k };
            (0..len)
                .contains(&k)
                .then(|| images.get(k as usize))
                .flatten()
        }) else {
            continue;
        };
        if let Some(url) = image_data_url(image) {
            svg.push_str(&format!(
                "<image x=\"0\" y=\"0\" width=\"420\" height=\"420\" xlink:href=\"{url}\"/>"
            ));
        }
    }
    svg.push_str("</svg>");
    (svg, name)
}

/// What a processed SRC-721 stamp becomes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    /// The stored SVG file.
    pub svg: String,
    /// The collection (deploys; mints with a composed collection carry its name).
    pub collection: Collection,
}

/// `validate_src721_and_process`: the SVG of a deploy or mint. `collection_src_data(cpid)` returns a stored
/// deploy's `src_data`; `stamp_base64(cpid)` a stored stamp's base64; `background` is the `SRC721` card
/// background.
pub fn render(
    dict: &PyDict,
    background: Option<&str>,
    collection_src_data: &dyn Fn(&str) -> Option<String>,
    stamp_base64: &dyn Fn(&str) -> Option<String>,
) -> Rendered {
    let fallback = Rendered {
        svg: "<svg>Error processing SRC721</svg>".into(),
        collection: Collection::default(),
    };
    let Some(op) = op(dict) else {
        return fallback;
    };
    let d = normalize(dict);
    let default_card = || card_svg("SRC-721", DOMAIN_NAME, background);
    match op.as_str() {
        "MINT" => {
            let c = d.get("c").filter(|v| v.is_truthy());
            let ts = d.get("ts").filter(|v| v.is_truthy());
            let Some(c) = c else {
                return Rendered {
                    svg: default_card(),
                    collection: Collection::default(),
                };
            };
            let Some(cpid) = c.as_str() else {
                return fallback;
            };
            let item = collection_src_data(cpid).filter(|s| !s.is_empty() && s != "null");
            let (Some(item), Some(_)) = (item, ts) else {
                return Rendered {
                    svg: default_card(),
                    collection: Collection::default(),
                };
            };
            let Ok(PyValue::Dict(deploy)) = py::json_loads(&item, py::FloatMode::Float) else {
                return fallback;
            };
            let mut layers: Vec<Vec<String>> = Vec::new();
            for i in 0..MAX_LAYERS {
                let key = format!("t{i}");
                let Some(list) = deploy.get(&key) else {
                    // A missing key leaves a gap the mint's index cannot reach.
                    layers.push(Vec::new());
                    continue;
                };
                let PyValue::List(names) = list else {
                    return fallback;
                };
                let mut images = Vec::with_capacity(names.len());
                for name in names {
                    let Some(base64) = name.as_str().and_then(stamp_base64) else {
                        return fallback;
                    };
                    images.push(base64);
                }
                layers.push(images);
            }
            let (svg, name) = stacked_svg(&d, &deploy, &layers);
            Rendered {
                svg,
                collection: Collection {
                    name: Some(name),
                    ..Collection::default()
                },
            }
        }
        "DEPLOY" => {
            let collection = collection(&d);
            let title = collection.name.clone().unwrap_or_else(|| "None".into());
            let desc = collection
                .description
                .clone()
                .unwrap_or_else(|| "None".into());
            Rendered {
                svg: card_svg(&title, &desc, background),
                collection,
            }
        }
        _ => Rendered {
            svg: card_svg("SRC721", DOMAIN_NAME, background),
            collection: Collection::default(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::py::{FloatMode, json_loads};

    fn dict(s: &str) -> PyDict {
        match json_loads(s, FloatMode::Float) {
            Ok(PyValue::Dict(d)) => d,
            other => panic!("not a dict: {other:?}"),
        }
    }

    #[test]
    fn symbol_becomes_tick_in_src_data() {
        let d =
            dict(r#"{"p": "src-721", "op": "mint", "symbol": "PUNK", "c": "A123", "ts": [0, 1]}"#);
        assert_eq!(
            src_data(&d).as_deref(),
            Some(r#"{"p": "src-721", "op": "mint", "c": "A123", "ts": [0, 1], "tick": "PUNK"}"#)
        );
    }

    #[test]
    fn recursive_rules() {
        assert!(is_recursive_deploy(&dict(r#"{"op": "deploy", "v": "R0"}"#)));
        assert!(!is_recursive_deploy(&dict(r#"{"op": "mint", "v": "r0"}"#)));
        assert!(!is_recursive_deploy(&dict(r#"{"op": "deploy", "v": 0}"#)));
        let html = b"<html><script src=\"/s/A12345678901234567890\"></script></html>";
        assert_eq!(
            recursive_reference(html).as_deref(),
            Some("A12345678901234567890")
        );
        assert!(recursive_reference(b"/s/A123456789012345678901").is_none());
        assert!(is_olga_recursive_mint(
            html,
            "text/html",
            900_000,
            Rules::MAINNET
        ));
        assert!(!is_olga_recursive_mint(
            html,
            "text/plain",
            900_000,
            Rules::MAINNET
        ));
        assert!(!is_olga_recursive_mint(
            html,
            "text/html",
            792_369,
            Rules::MAINNET
        ));
    }

    #[test]
    fn stacked_composition() {
        let deploy = concat!(
            r#"{"p": "src-721", "op": "deploy", "name": "Punks", "description": "d", "image-rendering": "auto","#,
            r#" "t0": ["A1", "A2"], "t1": ["A3"]}"#
        );
        let mint = dict(r#"{"p": "src-721", "op": "mint", "c": "A9", "ts": [1, 0]}"#);
        let lookup_deploy = |c: &str| (c == "A9").then(|| deploy.to_owned());
        let lookup_stamp = |c: &str| match c {
            "A1" => Some("AAAA".to_owned()),
            "A2" => Some("image/gif;base64,R0lG".to_owned()),
            "A3" => Some("data:image/webp;base64,UklG".to_owned()),
            _ => None,
        };
        let r = render(&mint, None, &lookup_deploy, &lookup_stamp);
        let expected = "<svg xmlns=\"http://www.w3.org/2000/svg\" \
            xmlns:xlink=\"http://www.w3.org/1999/xlink\"\n        viewBox=\"0 0 420 420\"\n        \
            preserveAspectRatio=\"xMidYMid meet\"\n        style=\"image-rendering:auto; \
            -webkit-image-rendering:auto;\">\n        <title>Punks</title>\n        <desc>d - provided by \
            stampchain.io</desc>\n    <image x=\"0\" y=\"0\" width=\"420\" height=\"420\" \
            xlink:href=\"data:image/gif;base64,R0lG\"/><image x=\"0\" y=\"0\" width=\"420\" height=\"420\" \
            xlink:href=\"data:image/webp;base64,UklG\"/></svg>";
        assert_eq!(r.svg, expected);
        assert_eq!(r.collection.name.as_deref(), Some("Punks"));
        // A missing layer stamp: the reference's error card.
        let r = render(&mint, None, &lookup_deploy, &|_| None);
        assert_eq!(r.svg, "<svg>Error processing SRC721</svg>");
        // No collection reference: the default card.
        let r = render(
            &dict(r#"{"op": "mint"}"#),
            None,
            &lookup_deploy,
            &lookup_stamp,
        );
        assert!(r.svg.contains("<title>SRC-721</title>"));
        let d = render(
            &dict(r#"{"op": "deploy", "name": "N"}"#),
            Some("AAAA"),
            &lookup_deploy,
            &lookup_stamp,
        );
        assert!(d.svg.contains("href=\"data:image/png;base64,AAAA\""));
        assert_eq!(d.collection.name.as_deref(), Some("N"));
    }
}
