//! Staff content: the curation file's schema and rules, its import (one `curation.<kind>.set` event per kind on
//! the CURATION stream), and the projection that keeps the latest document of each kind.
//!
//! A curation file is JSON: `version` (an import's number, higher than the last), and any of `announcement`,
//! `banners`, `featured` (collection ids), `feat` (the themed featured stamps), `advent` (the calendar's
//! days), `directories`, `launchpads` (see [`crate::launchpads`]) and `goose` (the goose launchpad's art).
//! Every import publishes every kind; a kind the file leaves out is published empty, so the file is the whole
//! truth.

use prost::Message;
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use stamps_platform::consumer::{Projection, ProjectionError};
use stamps_platform::nats::{Nats, Stream};
use stamps_proto::events::v1::CurationSet;

use crate::launchpads::Launchpad;

/// The durable consumer name of the curation projection.
pub const CURATION_CONSUMER: &str = "catalogue-curation";

/// The kinds of curated documents.
pub const KINDS: [&str; 8] = [
    "announcement",
    "banners",
    "featured",
    "feat",
    "advent",
    "directories",
    "launchpads",
    "goose",
];

/// The owner of staff directories: the network default.
pub const NETWORK_OWNER: &str = "XCP";

/// A curation file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CurationFile {
    /// This import's number: the catalogue keeps, per kind, the document of the highest.
    pub version: u64,
    /// The site-wide announcement banner.
    #[serde(default)]
    pub announcement: Option<Announcement>,
    /// The home page's top banners, in order.
    #[serde(default)]
    pub banners: Vec<Banner>,
    /// Featured collections, by id, in order.
    #[serde(default)]
    pub featured: Vec<String>,
    /// The themed featured stamp list (`/feat`).
    #[serde(default)]
    pub feat: Option<Feat>,
    /// The advent calendar.
    #[serde(default)]
    pub advent: Option<Advent>,
    /// Staff directories: collections owned by the network default.
    #[serde(default)]
    pub directories: Vec<Directory>,
    /// Launchpad collections, in order.
    #[serde(default)]
    pub launchpads: Vec<Launchpad>,
    /// The goose launchpad's art.
    #[serde(default)]
    pub goose: Option<Goose>,
}

/// The goose launchpad's art, from which the site draws goose `n` (0 to 999999): `n` written as six digits,
/// digit `i` picks the `i`-th layer's SVG fragment, and the fragments stacked in layer order, in an SVG of
/// `viewBox`, are its image; its asset is `prefix` followed by the six digits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Goose {
    /// The geese's asset name before the six digits: `A` and digits.
    pub prefix: String,
    /// The drawing's coordinates: four numbers.
    #[serde(rename = "viewBox")]
    pub view_box: String,
    /// Six layers of ten SVG fragments (shapes only: no scripts, links or foreign content).
    pub layers: Vec<Vec<String>>,
}

/// Longest goose fragment accepted.
const MAX_FRAGMENT: usize = 4096;

impl Goose {
    fn check(&self) -> Result<(), String> {
        // Every goose must be a numeric asset: A followed by a number in [26^12 + 1, 2^64 - 1].
        let digits = self.prefix.strip_prefix('A').unwrap_or_default();
        let numeric = |suffix: &str| {
            format!("{digits}{suffix}")
                .parse::<u64>()
                .is_ok_and(|n| n > 26u64.pow(12))
        };
        if digits.is_empty()
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || digits.starts_with('0')
            || !numeric("000000")
            || !numeric("999999")
        {
            return Err(format!(
                "goose.prefix: {:?} does not make numeric assets of six more digits",
                self.prefix
            ));
        }
        let numbers: Vec<&str> = self.view_box.split_whitespace().collect();
        if numbers.len() != 4 || numbers.iter().any(|n| n.parse::<f64>().is_err()) {
            return Err(format!(
                "goose.viewBox: {:?} is not four numbers",
                self.view_box
            ));
        }
        if self.layers.len() != 6 {
            return Err("goose.layers: must be 6 layers".into());
        }
        for (i, layer) in self.layers.iter().enumerate() {
            if layer.len() != 10 {
                return Err(format!("goose.layers[{i}]: must be 10 fragments"));
            }
            for (j, fragment) in layer.iter().enumerate() {
                check_fragment(fragment).map_err(|why| format!("goose.layers[{i}][{j}]: {why}"))?;
            }
        }
        Ok(())
    }
}

/// An SVG fragment of shapes: nothing that runs, links or loads.
fn check_fragment(fragment: &str) -> Result<(), String> {
    if fragment.len() > MAX_FRAGMENT {
        return Err(format!("longer than {MAX_FRAGMENT} bytes"));
    }
    let lower = fragment.to_ascii_lowercase();
    for refused in ["script", "foreignobject", "href", "url(", "<!", "<?", "&"] {
        if lower.contains(refused) {
            return Err(format!("{refused:?} is not allowed"));
        }
    }
    // Event attributes (`onload=` and the like).
    if lower
        .split(|c: char| c.is_whitespace() || c == '<' || c == '/')
        .any(|word| word.starts_with("on") && word.contains('='))
    {
        return Err("event attributes are not allowed".into());
    }
    Ok(())
}

/// A staff directory: a collection of stamps owned by the network default.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Directory {
    /// Its id (distinct from every user's and SRC-721 collection's).
    pub collection_id: String,
    /// Name.
    pub name: String,
    /// Text.
    #[serde(default)]
    pub description: String,
    /// Its stamps, in order.
    pub stamp_ids: Vec<String>,
}

/// The announcement banner: content, an optional 'More info' link and an optional logo.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Announcement {
    /// The text.
    pub content: String,
    /// Where 'More info' leads.
    #[serde(default, rename = "moreLink")]
    pub more_link: Option<String>,
    /// A logo image.
    #[serde(default)]
    pub logo: Option<String>,
}

/// A home banner: a collection, with what to show for it (name and description default to the collection's).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Banner {
    /// The collection.
    pub collection_id: String,
    /// Title (default: the collection's name).
    #[serde(default)]
    pub name: Option<String>,
    /// Text (default: the collection's description).
    #[serde(default)]
    pub description: Option<String>,
    /// Where it leads (default: the collection's page).
    #[serde(default)]
    pub link: Option<String>,
    /// The banner image (default: the collection's first stamp).
    #[serde(default)]
    pub image: Option<String>,
    /// A small icon.
    #[serde(default)]
    pub icon: Option<String>,
}

/// The themed featured stamp list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Feat {
    /// Heading.
    pub title: String,
    /// Text under it.
    #[serde(default)]
    pub description: String,
    /// The stamps, in order.
    pub cpids: Vec<String>,
}

/// The advent calendar of a year.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Advent {
    /// Its December.
    pub year: u32,
    /// The doors filled so far (days 1 to 25, and 31 for the New Year bonus).
    pub days: Vec<AdventDay>,
}

/// One door: closed (nothing), on presale (a presale stamp, no image), or open (an image).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdventDay {
    /// 1 to 25, or 31.
    pub day: u32,
    /// The presale stamp.
    #[serde(default)]
    pub presale_cpid: Option<String>,
    /// Its dispenser.
    #[serde(default)]
    pub presale_dispenser: Option<String>,
    /// The day's stamp.
    #[serde(default)]
    pub cpid: Option<String>,
    /// Its dispenser.
    #[serde(default)]
    pub dispenser: Option<String>,
    /// The artist.
    #[serde(default)]
    pub author: Option<String>,
    /// The image, once open.
    #[serde(default)]
    pub src: Option<String>,
}

/// Longest text accepted.
const MAX_TEXT: usize = 2000;

fn check_text(what: &str, text: &str) -> Result<(), String> {
    if text.chars().count() > MAX_TEXT {
        return Err(format!("{what}: longer than {MAX_TEXT} characters"));
    }
    Ok(())
}

/// A link or image: a site path (`/...`) or an `https://` URL.
fn check_link(what: &str, link: &str) -> Result<(), String> {
    let ok = (link.starts_with('/') && !link.starts_with("//")) || link.starts_with("https://");
    if !ok || link.len() > 500 || link.chars().any(char::is_whitespace) {
        return Err(format!(
            "{what}: {link:?} is neither a site path (/...) nor an https:// URL"
        ));
    }
    Ok(())
}

fn check_id(what: &str, id: &str) -> Result<(), String> {
    let ok = !id.is_empty()
        && id.len() <= 250
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_' | b'@' | b'!'));
    if ok {
        Ok(())
    } else {
        Err(format!("{what}: {id:?} is not an id"))
    }
}

impl CurationFile {
    /// Reads and checks a curation file; the error names the field at fault.
    pub fn parse(text: &str) -> Result<Self, String> {
        let file: Self = serde_json::from_str(text).map_err(|e| format!("curation file: {e}"))?;
        file.check()?;
        Ok(file)
    }

    fn check(&self) -> Result<(), String> {
        if self.version == 0 {
            return Err("version: must be at least 1".into());
        }
        if let Some(a) = &self.announcement {
            if a.content.trim().is_empty() {
                return Err("announcement.content: empty".into());
            }
            check_text("announcement.content", &a.content)?;
            for (what, link) in [
                ("announcement.moreLink", &a.more_link),
                ("announcement.logo", &a.logo),
            ] {
                if let Some(link) = link {
                    check_link(what, link)?;
                }
            }
        }
        if self.banners.len() > 20 {
            return Err("banners: at most 20".into());
        }
        for (i, b) in self.banners.iter().enumerate() {
            check_id(&format!("banners[{i}].collection_id"), &b.collection_id)?;
            for (what, text) in [("name", &b.name), ("description", &b.description)] {
                if let Some(text) = text {
                    check_text(&format!("banners[{i}].{what}"), text)?;
                }
            }
            for (what, link) in [("link", &b.link), ("image", &b.image), ("icon", &b.icon)] {
                if let Some(link) = link {
                    check_link(&format!("banners[{i}].{what}"), link)?;
                }
            }
        }
        if self.featured.len() > 100 {
            return Err("featured: at most 100".into());
        }
        let mut seen = std::collections::HashSet::new();
        for (i, id) in self.featured.iter().enumerate() {
            check_id(&format!("featured[{i}]"), id)?;
            if !seen.insert(id) {
                return Err(format!("featured[{i}]: {id:?} is listed twice"));
            }
        }
        if let Some(f) = &self.feat {
            check_text("feat.title", &f.title)?;
            check_text("feat.description", &f.description)?;
            if f.cpids.len() > 1000 {
                return Err("feat.cpids: at most 1000".into());
            }
            for (i, cpid) in f.cpids.iter().enumerate() {
                check_id(&format!("feat.cpids[{i}]"), cpid)?;
            }
        }
        if self.directories.len() > 100 {
            return Err("directories: at most 100".into());
        }
        let mut ids = std::collections::HashSet::new();
        for (i, d) in self.directories.iter().enumerate() {
            check_id(&format!("directories[{i}].collection_id"), &d.collection_id)?;
            if !ids.insert(&d.collection_id) {
                return Err(format!(
                    "directories[{i}].collection_id: {:?} is listed twice",
                    d.collection_id
                ));
            }
            if d.name.trim().is_empty() {
                return Err(format!("directories[{i}].name: empty"));
            }
            check_text(&format!("directories[{i}].name"), &d.name)?;
            check_text(&format!("directories[{i}].description"), &d.description)?;
            if d.stamp_ids.len() > 10_000 {
                return Err(format!("directories[{i}].stamp_ids: at most 10000"));
            }
            for (j, cpid) in d.stamp_ids.iter().enumerate() {
                check_id(&format!("directories[{i}].stamp_ids[{j}]"), cpid)?;
            }
        }
        if self.launchpads.len() > 100 {
            return Err("launchpads: at most 100".into());
        }
        let mut pads = std::collections::HashSet::new();
        for (i, l) in self.launchpads.iter().enumerate() {
            l.check(i, check_id)?;
            if !pads.insert(&l.collection_id) {
                return Err(format!(
                    "launchpads[{i}].collection_id: {:?} is listed twice",
                    l.collection_id
                ));
            }
        }
        if let Some(g) = &self.goose {
            g.check()?;
        }
        if let Some(a) = &self.advent {
            if !(2000..=9999).contains(&a.year) {
                return Err(format!("advent.year: {} is not a year", a.year));
            }
            let mut days = std::collections::HashSet::new();
            for (i, d) in a.days.iter().enumerate() {
                if !((1..=25).contains(&d.day) || d.day == 31) {
                    return Err(format!(
                        "advent.days[{i}].day: {} is not 1 to 25 or 31",
                        d.day
                    ));
                }
                if !days.insert(d.day) {
                    return Err(format!("advent.days[{i}].day: {} is listed twice", d.day));
                }
                for (what, id) in [
                    ("presale_cpid", &d.presale_cpid),
                    ("cpid", &d.cpid),
                    ("presale_dispenser", &d.presale_dispenser),
                    ("dispenser", &d.dispenser),
                ] {
                    if let Some(id) = id {
                        check_id(&format!("advent.days[{i}].{what}"), id)?;
                    }
                }
                if let Some(author) = &d.author {
                    check_text(&format!("advent.days[{i}].author"), author)?;
                }
                if let Some(src) = &d.src {
                    check_link(&format!("advent.days[{i}].src"), src)?;
                }
            }
        }
        Ok(())
    }

    /// The events of this import: one per kind, a kind the file leaves out as JSON `null` (or `[]`).
    pub fn events(&self) -> Vec<CurationSet> {
        let json = |v: serde_json::Value| v.to_string();
        let documents = [
            ("announcement", json(serde_json::json!(self.announcement))),
            ("banners", json(serde_json::json!(self.banners))),
            ("featured", json(serde_json::json!(self.featured))),
            ("feat", json(serde_json::json!(self.feat))),
            ("advent", json(serde_json::json!(self.advent))),
            ("directories", json(serde_json::json!(self.directories))),
            ("launchpads", json(serde_json::json!(self.launchpads))),
            ("goose", json(serde_json::json!(self.goose))),
        ];
        documents
            .into_iter()
            .map(|(kind, document)| CurationSet {
                kind: kind.into(),
                version: self.version,
                document,
            })
            .collect()
    }
}

/// Why an import failed.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// JetStream refused or did not acknowledge.
    #[error("publish: {0}")]
    Publish(String),
    /// The stream could not be set up.
    #[error(transparent)]
    Nats(#[from] stamps_platform::nats::NatsError),
}

/// Publishes `file`'s events on CURATION (`Nats-Msg-Id = curation:<kind>:<version>`, so importing the same
/// version twice publishes once); returns how many were published.
pub async fn import(nats: &Nats, file: &CurationFile) -> Result<usize, ImportError> {
    nats.ensure_stream(Stream::Curation).await?;
    let events = file.events();
    for event in &events {
        let mut headers = async_nats::HeaderMap::new();
        headers.insert(
            "Nats-Msg-Id",
            format!("curation:{}:{}", event.kind, event.version).as_str(),
        );
        nats.js
            .publish_with_headers(
                nats.subject(&format!("curation.{}.set", event.kind)),
                headers,
                event.encode_to_vec().into(),
            )
            .await
            .map_err(|e| ImportError::Publish(e.to_string()))?
            .await
            .map_err(|e| ImportError::Publish(e.to_string()))?;
    }
    Ok(events.len())
}

/// The projection of the CURATION stream: the latest document of each kind.
#[derive(Debug, Default, Clone, Copy)]
pub struct CurationProjection;

impl Projection for CurationProjection {
    async fn apply(
        &self,
        tx: &mut PgConnection,
        subject: &str,
        payload: &[u8],
    ) -> Result<(), ProjectionError> {
        let Some(kind) = subject
            .strip_prefix("curation.")
            .and_then(|s| s.strip_suffix(".set"))
        else {
            tracing::debug!(subject, "curation event not projected by the catalogue");
            return Ok(());
        };
        let event =
            CurationSet::decode(payload).map_err(|e| ProjectionError::Malformed(e.to_string()))?;
        if event.kind != kind || !KINDS.contains(&kind) {
            return Err(ProjectionError::Malformed(format!(
                "curation event of kind {:?} on {subject}",
                event.kind
            )));
        }
        let document: serde_json::Value = serde_json::from_str(&event.document)
            .map_err(|e| ProjectionError::Malformed(format!("{kind} document: {e}")))?;
        let version = i64::try_from(event.version)
            .map_err(|_| ProjectionError::Malformed("version out of range".into()))?;
        let applied = sqlx::query(
            "INSERT INTO curation (kind, version, document) VALUES ($1, $2, $3)
             ON CONFLICT (kind) DO UPDATE SET version = EXCLUDED.version, document = EXCLUDED.document
             WHERE curation.version < EXCLUDED.version",
        )
        .bind(kind)
        .bind(version)
        .bind(sqlx::types::Json(&document))
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if applied > 0 && kind == "directories" {
            let directories: Vec<Directory> = serde_json::from_value(document.clone())
                .map_err(|e| ProjectionError::Malformed(format!("directories document: {e}")))?;
            set_directories(tx, &directories).await?;
        }
        if applied > 0 && kind == "launchpads" {
            let launchpads: Vec<Launchpad> = serde_json::from_value(document.clone())
                .map_err(|e| ProjectionError::Malformed(format!("launchpads document: {e}")))?;
            crate::launchpads::set_launchpads(tx, &launchpads).await?;
        }
        Ok(())
    }
}

/// Makes `directories` the staff directories (replacing the earlier ones), and computes the figures of every
/// directory that was or is.
async fn set_directories(
    tx: &mut PgConnection,
    directories: &[Directory],
) -> Result<(), sqlx::Error> {
    crate::figures::collections::lock(tx).await?;
    let mut changed: Vec<String> = sqlx::query_scalar("SELECT collection_id FROM directories")
        .fetch_all(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM directory_stamps")
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM directories")
        .execute(&mut *tx)
        .await?;
    for d in directories {
        sqlx::query(
            "INSERT INTO directories (collection_id, name, description) VALUES ($1, $2, $3)",
        )
        .bind(&d.collection_id)
        .bind(&d.name)
        .bind(&d.description)
        .execute(&mut *tx)
        .await?;
        let mut seen = std::collections::HashSet::new();
        let ids: Vec<&String> = d.stamp_ids.iter().filter(|c| seen.insert(*c)).collect();
        let positions: Vec<i32> = (0..ids.len())
            .map(|i| i32::try_from(i).unwrap_or(i32::MAX))
            .collect();
        sqlx::query(
            "INSERT INTO directory_stamps (collection_id, cpid, position)
             SELECT $1, c, p FROM UNNEST($2::TEXT[], $3::INTEGER[]) AS u(c, p)",
        )
        .bind(&d.collection_id)
        .bind(&ids)
        .bind(&positions)
        .execute(&mut *tx)
        .await?;
        changed.push(d.collection_id.clone());
    }
    crate::figures::collections::refresh(tx, &changed).await
}

/// The document of `kind` and its version, when one was imported.
pub async fn document(
    pool: &sqlx::PgPool,
    kind: &str,
) -> Result<Option<(i64, serde_json::Value)>, sqlx::Error> {
    let row: Option<(i64, sqlx::types::Json<serde_json::Value>)> =
        sqlx::query_as("SELECT version, document FROM curation WHERE kind = $1")
            .bind(kind)
            .fetch_optional(pool)
            .await?;
    Ok(row.map(|(v, sqlx::types::Json(d))| (v, d)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_checked_field_by_field() {
        let ok = r#"{"version": 3, "announcement": {"content": "Hi", "moreLink": "/collections"},
                    "banners": [{"collection_id": "A1", "image": "https://x.example/a.png"}],
                    "featured": ["A1", "c2"], "feat": {"title": "Cats", "cpids": ["A5"]},
                    "advent": {"year": 2026, "days": [{"day": 1, "cpid": "A7", "src": "/s/A7"}, {"day": 31}]}}"#;
        let file = CurationFile::parse(ok).expect("valid");
        assert_eq!(file.version, 3);
        let events = file.events();
        assert_eq!(
            events.iter().map(|e| e.kind.as_str()).collect::<Vec<_>>(),
            KINDS.to_vec()
        );
        assert!(events.iter().all(|e| e.version == 3));
        assert_eq!(events[2].document, r#"["A1","c2"]"#);
        // Left out: published empty.
        let bare = CurationFile::parse(r#"{"version": 1}"#).expect("bare");
        let docs: Vec<String> = bare.events().into_iter().map(|e| e.document).collect();
        assert_eq!(
            docs,
            ["null", "[]", "[]", "null", "null", "[]", "[]", "null"]
        );

        for (text, named) in [
            (r#"{"version": 0}"#, "version"),
            (r#"{"version": 1, "colour": "red"}"#, "colour"),
            (
                r#"{"version": 1, "announcement": {"content": " "}}"#,
                "announcement.content",
            ),
            (
                r#"{"version": 1, "announcement": {"content": "x", "moreLink": "javascript:alert(1)"}}"#,
                "announcement.moreLink",
            ),
            (
                r#"{"version": 1, "banners": [{"collection_id": "a b"}]}"#,
                "banners[0].collection_id",
            ),
            (
                r#"{"version": 1, "banners": [{"collection_id": "A1", "image": "//evil.example/x"}]}"#,
                "banners[0].image",
            ),
            (r#"{"version": 1, "featured": ["A1", "A1"]}"#, "featured[1]"),
            (
                r#"{"version": 1, "launchpads": [{"collection_id": "A1", "max": 5, "public_mint": [2, 1]}]}"#,
                "launchpads[0].public_mint",
            ),
            (
                r#"{"version": 1, "directories": [{"collection_id": "d1", "name": " ", "stamp_ids": []}]}"#,
                "directories[0].name",
            ),
            (
                r#"{"version": 1, "advent": {"year": 2026, "days": [{"day": 26}]}}"#,
                "advent.days[0].day",
            ),
            (
                r#"{"version": 1, "advent": {"year": 2026, "days": [{"day": 2}, {"day": 2}]}}"#,
                "advent.days[1].day",
            ),
        ] {
            let e = CurationFile::parse(text).expect_err(text);
            assert!(e.contains(named), "{text}: {e}");
        }
    }

    fn goose_file(prefix: &str, fragment: &str) -> String {
        let layer = |i: usize| {
            let mut l =
                vec![format!(r##"<rect x="{i}" y="0" width="1" height="1" fill="#fff"/>"##); 10];
            if i == 3 {
                l[7] = fragment.to_owned();
            }
            l
        };
        serde_json::json!({
            "version": 1,
            "goose": {"prefix": prefix, "viewBox": "0 0 24 24", "layers": (0..6).map(layer).collect::<Vec<_>>()},
        })
        .to_string()
    }

    #[test]
    fn the_goose_art_is_numeric_assets_and_shapes_only() {
        let file = CurationFile::parse(&goose_file("A1000000000000", "")).expect("valid");
        let goose = file.events().pop().expect("the goose event");
        assert_eq!(goose.kind, "goose");
        assert!(
            goose.document.contains(r#""viewBox":"0 0 24 24""#),
            "{}",
            goose.document
        );
        for (prefix, fragment, named) in [
            ("A95428956661", "", "goose.prefix"),
            ("B1000000000000", "", "goose.prefix"),
            ("A100000000000000", "", "goose.prefix"),
            (
                "A1000000000000",
                "<script>alert(1)</script>",
                "goose.layers[3][7]",
            ),
            (
                "A1000000000000",
                r#"<rect onload="x()"/>"#,
                "goose.layers[3][7]",
            ),
            (
                "A1000000000000",
                r#"<image href="https://x.example/a.png"/>"#,
                "goose.layers[3][7]",
            ),
            (
                "A1000000000000",
                r#"<rect fill="url(#g)"/>"#,
                "goose.layers[3][7]",
            ),
        ] {
            let e = CurationFile::parse(&goose_file(prefix, fragment)).expect_err(fragment);
            assert!(e.contains(named), "{prefix} {fragment}: {e}");
        }
    }
}
