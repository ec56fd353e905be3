//! The staff content that goes with a scenario: banners and featured collections from its SRC-721
//! collections, a themed list, a directory and an advent calendar from its PNG art, and an announcement. The devnet writes
//! it beside `bootstrap.json` as `curation.json` and serves it at `/devnet/curation.json`, for
//! `stamps curation import`.

use serde_json::{Value, json};

use super::intent::{Intended, Payload};

/// The curation file (version 1) of a scenario's intents.
pub fn curation(intents: &[Intended]) -> Value {
    let mut collections: Vec<&str> = Vec::new();
    let mut art: Vec<(&str, &str)> = Vec::new();
    for i in intents {
        let Payload::Stamp(s) = &i.payload else {
            continue;
        };
        match &s.src721 {
            Some(c) if !collections.contains(&c.as_str()) => collections.push(c),
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
        "advent": { "year": 2026, "days": days },
    });
    if !art.is_empty() {
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
    file
}
