//! The staff content that goes with a scenario: banners, featured collections and a launchpad from its SRC-721
//! collections, a themed list, a directory (also a launchpad with layers) and an advent calendar from its PNG
//! art, and an announcement. The devnet writes
//! it beside `bootstrap.json` as `curation.json` and serves it at `/devnet/curation.json`, for
//! `stamps curation import`.

use serde_json::{Value, json};

use super::intent::{Intended, Payload};
use crate::goose;

const DAY_MS: i64 = 86_400_000;

/// The curation file (version 1) of a scenario's intents, `time_of` giving a block's time (unix seconds) by
/// height. Its windows are set around the chain's last block: one launchpad open, one coming, one closed.
pub fn curation(intents: &[Intended], time_of: impl Fn(u64) -> Option<i64>) -> Value {
    let last = intents.iter().map(|i| i.height).max().unwrap_or_default();
    let tip_ms = time_of(last).unwrap_or_default() * 1000;
    let ms_of = |height: u64| time_of(height).map_or(tip_ms, |t| t * 1000);
    // The advent calendar of the last block's year (UTC).
    let year = time::OffsetDateTime::from_unix_timestamp(tip_ms / 1000).map_or(2026, |t| t.year());
    let mut collections: Vec<&str> = Vec::new();
    let mut first_mints: Vec<u64> = Vec::new();
    let mut art: Vec<(&str, &str)> = Vec::new();
    let mut geese: Vec<(&str, u64)> = Vec::new();
    for i in intents {
        let Payload::Stamp(s) = &i.payload else {
            continue;
        };
        if s.cpid.starts_with(goose::PREFIX) {
            geese.push((&s.cpid, i.height));
            continue;
        }
        match &s.src721 {
            Some(c) if !collections.contains(&c.as_str()) => {
                first_mints.push(i.height);
                collections.push(c);
            }
            Some(_) => {}
            None if s.blessed && s.mimetype == "image/png" && s.longname.is_none() => {
                art.push((&s.cpid, &i.source));
            }
            None => {}
        }
    }
    let banners: Vec<Value> = collections
        .iter()
        .take(3)
        .map(|c| json!({ "collection_id": c }))
        .collect();
    // Eight doors open, four on presale, the rest closed: the calendar as it stands on December 9th.
    let mut days = Vec::new();
    for day in 1..=24u32 {
        let Some((cpid, author)) = art.get(day as usize - 1) else {
            break;
        };
        if day <= 8 {
            days.push(
                json!({ "day": day, "cpid": cpid, "author": author, "src": format!("/s/{cpid}") }),
            );
        } else if day <= 12 {
            days.push(json!({ "day": day, "presale_cpid": cpid }));
        }
    }
    let mut file = json!({
        "version": 1,
        "announcement": {
            "content": "The devnet market is open: SRC-721 collections, SRC-20 tokens and fairmints to browse.",
            "moreLink": "/collections"
        },
        "banners": banners,
        "featured": collections.iter().take(10).collect::<Vec<_>>(),
        "advent": { "year": year, "days": days },
    });
    if !art.is_empty() {
        // The directory is featured too (on the XCP site's directories).
        if let Some(featured) = file["featured"].as_array_mut() {
            featured.push(json!("pixel-art"));
        }
        file["directories"] = json!([{
            "collection_id": "pixel-art",
            "name": "Pixel art",
            "description": "The devnet's hand-placed pixels, gathered by the network.",
            "stamp_ids": art.iter().take(12).map(|(c, _)| c).collect::<Vec<_>>(),
        }]);
        file["feat"] = json!({
            "title": "Pixel art",
            "description": "PNG stamps drawn pixel by pixel, as the first stamps were.",
            "cpids": art.iter().take(48).map(|(c, _)| c).collect::<Vec<_>>(),
        });
    }
    // The first SRC-721 collection minted through a launchpad: a free first day, then the public mint at 30,000
    // sats until a month after the chain's last block (open), and a whitelist round for holders of the second
    // (free, one per stamp held) from a day before the last block to a week after it.
    let mut launchpads = Vec::new();
    if let (Some(&pad), Some(&start)) = (collections.first(), first_mints.first()) {
        let start = ms_of(start);
        let mut whitelist = Vec::new();
        if let Some(&holders) = collections.get(1) {
            whitelist.push(json!({
                "time_range": [tip_ms - DAY_MS, tip_ms + 7 * DAY_MS], "fee": 0, "limit": 50, "limit_per_hold": 1,
                "groups": [[{ "type": "collection", "id": holders, "quantity": 1 }]],
            }));
        }
        launchpads.push(json!({
            "collection_id": pad,
            "max": 1000,
            "quantity_per_mint": 1,
            "fee": 30_000,
            "public_mint": [start, tip_ms + 30 * DAY_MS],
            "free_mint": [start, start + DAY_MS],
            "white_list_config": whitelist,
        }));
    }
    // The third, minted through a launchpad whose public mint ended three days before the last block (closed).
    if let (Some(&pad), Some(&start)) = (collections.get(2), first_mints.get(2)) {
        launchpads.push(json!({
            "collection_id": pad,
            "max": 500,
            "quantity_per_mint": 1,
            "fee": 20_000,
            "public_mint": [ms_of(start), tip_ms - 3 * DAY_MS],
            "white_list_config": [],
        }));
    }
    // The pixel-art directory as a launchpad of its own art (coming): two layers, the first stamps weighted
    // heaviest.
    if art.len() >= 4 {
        let layer = |stamps: &[(&str, &str)]| -> Vec<Value> {
            stamps
                .iter()
                .enumerate()
                .map(|(i, (c, _))| json!({ "cpid": c, "weight": if i == 0 { 5 } else { 1 } }))
                .collect()
        };
        let half = art.len().min(12) / 2;
        launchpads.push(json!({
            "collection_id": "pixel-art",
            "max": 100,
            "fee": 0,
            // Coming: its public mint opens two days after the last block.
            "public_mint": [tip_ms + 2 * DAY_MS, tip_ms + 32 * DAY_MS],
            "layers": [layer(&art[..half]), layer(&art[half..2 * half])],
        }));
    }
    // The goose: a directory of the geese minted so far, its launchpad open from the first until two months
    // after the last block, and the art the site draws any goose from.
    if let Some(&(_, first)) = geese.first() {
        if let Some(directories) = file["directories"].as_array_mut() {
            directories.push(goose_directory(&geese));
        } else {
            file["directories"] = json!([goose_directory(&geese)]);
        }
        launchpads.push(json!({
            "collection_id": "goose",
            "max": goose::COUNT,
            "fee": 15_000,
            "public_mint": [ms_of(first), tip_ms + 60 * DAY_MS],
        }));
        file["goose"] = json!({
            "prefix": goose::PREFIX,
            "viewBox": goose::VIEW_BOX,
            "layers": goose::layers(),
        });
    }
    file["launchpads"] = json!(launchpads);
    file
}

fn goose_directory(geese: &[(&str, u64)]) -> Value {
    json!({
        "collection_id": "goose",
        "name": "Goose",
        "description": "A million pixel geese, one drawn at random from six layers of ten traits.",
        "stamp_ids": geese.iter().map(|(c, _)| c).collect::<Vec<_>>(),
    })
}
