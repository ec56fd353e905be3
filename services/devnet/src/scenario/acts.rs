//! The scenario's actions: each checks its preconditions in the [`World`], builds its transaction through the
//! [`Builder`] and updates the intended ledger ([`super::intent::Book`]) as Counterparty, Bitcoin Stamps and
//! SRC-20 rules at the devnet's heights decide (fees, escrow, delayed closes, UTXO moves).

use std::collections::BTreeMap;

use stamps_protocol::counterparty::message::{Issuance, Message, ids};

use super::builder::Builder;
use super::demo::{self, ARTISTS, COLLECTORS, SHOPS, numeric_stamp, src20_intent};
use super::intent::{AssetIntent, Transport};
use super::payload::StampSpec;
use super::world::{Collection, Named, Tick, World, XCP, passer_by};
use super::{AssetInfo, trades};
use crate::{goose, stamp_files};

/// Issuing a named asset (or a fairminter of one) burns 0.5 XCP.
pub const NAMED_ASSET_FEE: u64 = 50_000_000;
/// A dividend burns this much XCP per holder paid.
pub const DIVIDEND_FEE_PER_HOLDER: u64 = 20_000;
/// A sweep of balances burns this much XCP per balance swept.
pub const SWEEP_FEE_PER_BALANCE: u64 = 200_000;
/// Blocks between a dispenser's close message and its closing.
pub const DISPENSER_CLOSE_DELAY: u64 = 5;

/// File kinds of classic stamps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// PNG in keyburn multisig.
    Png,
    /// PNG in OLGA P2WSH outputs.
    PngOlga,
    /// Animated GIF.
    Gif,
    /// SVG.
    Svg,
    /// JPEG.
    Jpeg,
    /// WEBP.
    Webp,
    /// HTML showing other stamps through `/s/{cpid}`.
    Html,
    /// XHTML with a script, in an XML document (`text/xml`).
    Xml,
    /// BMN audio.
    Bmn,
}

/// Ways a stamp is cursed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Curse {
    /// A text file (its suffix curses it).
    Text,
    /// Carried in OP_RETURN.
    OpReturn,
    /// A named (non-numeric) asset.
    Named,
    /// A subasset carrying text.
    Subasset,
}

/// Invalid SRC-20 operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BadSrc20 {
    /// A mint of a fully minted tick.
    OverMint,
    /// A transfer of more than the balance.
    LowBalance,
    /// JSON that does not parse.
    BadJson,
    /// A mint of a tick never deployed.
    NoDeploy,
    /// A second deploy of a tick.
    Redeploy,
}

/// Kinds of fairminters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FairKind {
    /// Open with no cap or end.
    Open,
    /// With a soft cap and its deadline.
    SoftCap,
    /// A small hard cap that fairmints reach.
    Completed,
    /// Free: each fairmint takes the fairminter's lot for nothing, up to a hard cap.
    Free,
}

// Deployed in this order: a tick of emoji among the first, so that every scale has one.
const TICKS: [&str; 40] = [
    "kevin", "stamp", "🐸", "pepe", "luffy", "tomo", "bitc", "doge", "wojak", "frog", "moon",
    "sato", "rare", "punk", "dank", "gm", "wagmi", "piza", "meme", "blok", "xcpx", "cat", "dogs",
    "ape", "zen", "hodl", "yolo", "lfg", "ordi", "kek", "fomo", "burn", "mint", "gold", "ruby",
    "jade", "nova", "luna", "sol", "byte",
];
const FIRST: [&str; 16] = [
    "PEPE", "MOON", "SAT", "RARE", "GOLD", "FROG", "PUNK", "KEK", "DANK", "STAMP", "NAKA", "BLOCK",
    "DOGE", "WOJAK", "FAKE", "BITC",
];
pub(super) const SECOND: [&str; 12] = [
    "CASH", "COIN", "CARD", "ART", "GEM", "LORD", "BIRD", "ROCK", "WAVE", "KING", "CLUB", "PASS",
];

pub(super) fn pick(w: &mut World, range: std::ops::Range<usize>) -> usize {
    range.start + w.rng.pick(range.len())
}

/// Plays `act`; false when its preconditions do not hold yet (nothing was done).
pub fn perform(
    b: &mut Builder,
    w: &mut World,
    act: demo::Act,
    info_base: &str,
    info: &mut BTreeMap<String, AssetInfo>,
) -> bool {
    use demo::Act;
    match act {
        Act::Classic(kind) => classic(b, w, kind),
        Act::Cursed(kind) => cursed(b, w, kind),
        Act::Named(with_info) => named(b, w, with_info, info_base, info),
        Act::Deploy => deploy(b, w),
        Act::Mint => mint(b, w),
        Act::Transfer => transfer(b, w),
        Act::BadSrc20(kind) => bad_src20(b, w, kind),
        Act::Collection => collection(b, w),
        Act::Src721Mint => src721_mint(b, w),
        Act::OpenDispenser => trades::open_dispenser(b, w),
        Act::Refill => trades::refill(b, w),
        Act::CloseDispenser => trades::close_dispenser(b, w),
        Act::Dispense => trades::dispense(b, w),
        Act::Send => trades::enhanced_send(b, w),
        Act::Mpma => trades::mpma(b, w),
        Act::Sweep => trades::sweep(b, w),
        Act::Destroy => trades::destroy(b, w),
        Act::Dividend => trades::dividend(b, w),
        Act::Fairminter(kind) => trades::fairminter(b, w, kind, info_base, info),
        Act::Fairmint => trades::fairmint(b, w),
        Act::Attach => trades::attach(b, w),
        Act::Swap => trades::swap(b, w),
        Act::Detach => trades::detach(b, w),
        Act::Goose => goose(b, w),
        Act::GooseShop => {
            trades::open_dispenser_of(b, w, ARTISTS, 2, |_, c| c.starts_with(goose::PREFIX))
        }
        Act::Resale => {
            trades::open_dispenser_of(b, w, COLLECTORS, 1, |w, c| w.src721_mints.contains(c))
        }
    }
}

/// Block-level effects the ledger applies at the end of the block being filled and the start of the next:
/// soft-cap deadlines, and dispensers whose closing delay ends.
pub fn settle(b: &mut Builder, w: &mut World) {
    let height = b.height();
    // Soft-cap deadlines are judged after the deadline block's transactions.
    let mut i = 0;
    while i < w.escrows.len() {
        if w.escrows[i].deadline != height {
            i += 1;
            continue;
        }
        let escrow = w.escrows.remove(i);
        let reached = escrow.minted >= escrow.soft_cap;
        for (minter, paid, earn) in &escrow.mints {
            if reached {
                w.book.credit(&b.addresses[escrow.issuer], "XCP", *paid);
                w.book.credit(&b.addresses[*minter], &escrow.asset, *earn);
            } else {
                w.book.credit(&b.addresses[*minter], "XCP", *paid);
            }
        }
        if !reached {
            w.book
                .fairminters
                .insert(escrow.asset.clone(), "closed".into());
            w.fairs.retain(|f| f.asset != escrow.asset);
        }
    }
    // A close takes effect at the start of block `close + 5`: the next block is `height + 1`.
    let (done, waiting): (Vec<_>, Vec<_>) = std::mem::take(&mut w.closing)
        .into_iter()
        .partition(|c| c.at <= height + 1);
    w.closing = waiting;
    for c in done {
        w.book.credit(&b.addresses[c.shop], &c.asset, c.remaining);
        w.book.dispensers.insert(c.txid, 10);
    }
}

fn stamp_file(w: &mut World, kind: FileKind) -> (Vec<u8>, &'static str, Transport) {
    let n = w.fresh();
    let seed = w.seed;
    match kind {
        FileKind::Png => (stamp_files::png(seed, n), "image/png", Transport::Multisig),
        FileKind::PngOlga => (stamp_files::png(seed, n), "image/png", Transport::Olga),
        FileKind::Gif => (stamp_files::gif(seed, n), "image/gif", Transport::Multisig),
        FileKind::Svg => (
            stamp_files::svg(seed, n),
            "image/svg+xml",
            Transport::Multisig,
        ),
        FileKind::Jpeg => (
            stamp_files::jpeg(seed, n),
            "image/jpeg",
            Transport::Multisig,
        ),
        FileKind::Webp => (
            stamp_files::webp(seed, n),
            "image/webp",
            Transport::Multisig,
        ),
        FileKind::Html => {
            let refs: Vec<String> = (0..w.rng.range(1, 4))
                .filter_map(|_| w.art.get(w.rng.pick(w.art.len())).cloned())
                .collect();
            (
                stamp_files::html(seed, n, &refs),
                "text/html",
                Transport::Multisig,
            )
        }
        FileKind::Xml => (stamp_files::xml(seed, n), "text/xml", Transport::Multisig),
        FileKind::Bmn => (stamp_files::bmn(seed, n), "", Transport::Multisig),
    }
}

fn issue_stamp(b: &mut Builder, w: &mut World, artist: usize, spec: StampSpec) -> Option<String> {
    let cpid = spec.asset.clone();
    let quantity = spec.quantity;
    b.stamp(artist, spec)?;
    let issuer = b.addresses[artist].clone();
    w.book.credit(&issuer, &cpid, quantity);
    w.book.assets.insert(
        cpid.clone(),
        AssetIntent {
            issuer,
            supply: quantity,
            divisible: false,
            locked: true,
        },
    );
    w.stamps.push(cpid.clone());
    Some(cpid)
}

fn classic(b: &mut Builder, w: &mut World, kind: FileKind) -> bool {
    let artist = pick(w, ARTISTS);
    let (file, mime, transport) = stamp_file(w, kind);
    let spec = numeric_stamp(w, file, mime, transport);
    let image = !matches!(kind, FileKind::Html | FileKind::Xml | FileKind::Bmn);
    match issue_stamp(b, w, artist, spec) {
        Some(cpid) => {
            if image {
                w.art.push(cpid);
            }
            true
        }
        None => false,
    }
}

fn cursed(b: &mut Builder, w: &mut World, kind: Curse) -> bool {
    let artist = pick(w, ARTISTS);
    let n = w.fresh();
    let seed = w.seed;
    let mut spec = match kind {
        Curse::Text => numeric_stamp(
            w,
            stamp_files::text(seed, n),
            "text/plain",
            Transport::Multisig,
        ),
        Curse::OpReturn => {
            let short = format!("gm stamp {}", n % 1000).into_bytes();
            numeric_stamp(w, short, "text/plain", Transport::OpReturn)
        }
        Curse::Named => {
            if w.book.balance(&b.addresses[artist], "XCP") < NAMED_ASSET_FEE {
                return false;
            }
            let name = w.fresh_name(&FIRST, &SECOND);
            let mut spec = numeric_stamp(
                w,
                stamp_files::png(seed, n),
                "image/png",
                Transport::Multisig,
            );
            spec.asset_id = stamps_protocol::asset::id_from_name(&name).unwrap_or(0);
            spec.asset = name;
            spec
        }
        Curse::Subasset => {
            let Some(parent) = w.named.iter().find(|a| a.issuer == artist).cloned() else {
                return false;
            };
            let mut spec = numeric_stamp(
                w,
                stamp_files::text(seed, n),
                "text/plain",
                Transport::Multisig,
            );
            spec.longname = Some(format!("{}.stamp{n}", parent.name));
            spec
        }
    };
    spec.blessed = false;
    let named = kind == Curse::Named;
    let Some(_) = issue_stamp(b, w, artist, spec) else {
        return false;
    };
    if named {
        w.book.debit(&b.addresses[artist], "XCP", NAMED_ASSET_FEE);
    }
    true
}

fn named(
    b: &mut Builder,
    w: &mut World,
    with_info: bool,
    info_base: &str,
    info: &mut BTreeMap<String, AssetInfo>,
) -> bool {
    let issuer = if w.rng.chance(70) {
        pick(w, ARTISTS)
    } else {
        pick(w, COLLECTORS)
    };
    if w.book.balance(&b.addresses[issuer], "XCP") < NAMED_ASSET_FEE {
        return false;
    }
    let name = w.fresh_name(&FIRST, &SECOND);
    let divisible = w.rng.chance(50);
    let quantity = if divisible {
        w.rng.range(1_000, 21_000_000) * XCP
    } else {
        w.rng.range(100, 100_000)
    };
    let lock = w.rng.chance(30);
    let description = if with_info {
        let n = w.fresh();
        info.insert(name.clone(), AssetInfo::new(w.seed, n, &name, info_base));
        format!("{info_base}/asset-info/{name}.json")
    } else {
        format!(
            "{} — a Counterparty asset issued on the devnet",
            name.to_lowercase()
        )
    };
    let Ok(asset_id) = stamps_protocol::asset::id_from_name(&name) else {
        return false;
    };
    let message = Message::Issuance(Issuance {
        type_id: ids::ISSUANCE_LR,
        asset_id,
        asset: name.clone(),
        quantity,
        divisible,
        lock,
        reset: false,
        asset_longname: None,
        description: Some(description),
        callable: false,
        call_date: 0,
        call_price: 0.0,
        mime_type: "text/plain".into(),
    });
    if b.message(issuer, message, Vec::new(), true).is_none() {
        return false;
    }
    let address = b.addresses[issuer].clone();
    w.book.debit(&address, "XCP", NAMED_ASSET_FEE);
    w.book.credit(&address, &name, quantity);
    w.book.assets.insert(
        name.clone(),
        AssetIntent {
            issuer: address,
            supply: quantity,
            divisible,
            locked: lock,
        },
    );
    w.named.push(Named {
        name,
        issuer,
        divisible,
    });
    true
}

fn deploy(b: &mut Builder, w: &mut World) -> bool {
    let Some(tick) = TICKS
        .iter()
        .find(|t| !w.ticks.iter().any(|d| d.tick == **t))
        .map(|t| (*t).to_owned())
    else {
        return false;
    };
    let actor = if w.rng.chance(50) {
        pick(w, ARTISTS)
    } else {
        pick(w, COLLECTORS)
    };
    let lim = [100u128, 500, 1_000, 5_000, 10_000, 42_069][w.rng.pick(6)];
    // A quarter of the ticks are small enough to be minted out during the scenario.
    let lots = if w.rng.chance(25) {
        w.rng.range(3, 12)
    } else {
        w.rng.range(500, 21_000)
    };
    let max = lim * u128::from(lots);
    let dec = w.rng.below(19) as u32;
    let json = format!(
        r#"{{"p":"src-20","op":"deploy","tick":"{tick}","max":"{max}","lim":"{lim}","dec":"{dec}"}}"#
    );
    let transport = if w.rng.chance(40) {
        Transport::Olga
    } else {
        Transport::Multisig
    };
    let intent = src20_intent(Some("DEPLOY"), Some(&tick), true, None);
    let to = b.scripts[actor].clone();
    if b.src20(actor, to, &json, transport, intent).is_none() {
        return false;
    }
    w.book.ticks.insert(
        tick.clone(),
        super::intent::TickIntent {
            max,
            lim,
            minted: 0,
            deployer: b.addresses[actor].clone(),
        },
    );
    w.ticks.push(Tick {
        tick,
        max,
        lim,
        dec,
    });
    true
}

fn src20_transport(w: &mut World) -> Transport {
    if w.rng.chance(35) {
        Transport::Olga
    } else {
        Transport::Multisig
    }
}

fn mint(b: &mut Builder, w: &mut World) -> bool {
    let open: Vec<Tick> = w
        .ticks
        .iter()
        .filter(|t| w.book.ticks.get(&t.tick).is_some_and(|i| i.minted < i.max))
        .cloned()
        .collect();
    if open.is_empty() {
        return false;
    }
    let tick = open[w.rng.pick(open.len())].clone();
    let actor = pick(w, 1..SHOPS.start);
    // Mostly the limit; sometimes less, sometimes more (the ledger reduces it to the limit).
    let amt = match w.rng.below(10) {
        0 => tick.lim * 2,
        1 | 2 => u128::from(w.rng.range(1, tick.lim as u64)),
        _ => tick.lim,
    };
    let json = format!(
        r#"{{"p":"src-20","op":"mint","tick":"{}","amt":"{amt}"}}"#,
        tick.tick
    );
    let intent = src20_intent(Some("MINT"), Some(&tick.tick), true, None);
    let transport = src20_transport(w);
    let to = b.scripts[actor].clone();
    if b.src20(actor, to, &json, transport, intent).is_none() {
        return false;
    }
    let Some(t) = w.book.ticks.get_mut(&tick.tick) else {
        return false;
    };
    let credited = amt.min(t.max - t.minted).min(t.lim);
    t.minted += credited;
    *w.book
        .src20
        .entry((tick.tick, b.addresses[actor].clone()))
        .or_default() += credited;
    true
}

/// An SRC-20 balance held by one of the signing actors: (tick, actor, balance).
fn src20_holding(b: &Builder, w: &mut World) -> Option<(String, usize, u128)> {
    let held: Vec<(String, usize, u128)> = w
        .book
        .src20
        .iter()
        .filter(|(_, v)| **v > 0)
        .filter_map(|((tick, address), v)| {
            let actor = b.addresses.iter().position(|a| a == address)?;
            (actor > 0).then(|| (tick.clone(), actor, *v))
        })
        .collect();
    (!held.is_empty()).then(|| held[w.rng.pick(held.len())].clone())
}

fn transfer(b: &mut Builder, w: &mut World) -> bool {
    let Some((tick, from, balance)) = src20_holding(b, w) else {
        return false;
    };
    let amount = u128::from(w.rng.range(1, balance.min(u128::from(u64::MAX)) as u64));
    let (to_script, to_address) = if w.rng.chance(40) {
        let n = u64::from(w.fresh());
        let address = passer_by(w.seed, n);
        let Ok(parsed) = address.parse::<bitcoin::Address<_>>() else {
            return false;
        };
        (parsed.assume_checked().script_pubkey(), address)
    } else {
        let to = pick(w, 1..SHOPS.start);
        if to == from {
            return false;
        }
        (b.scripts[to].clone(), b.addresses[to].clone())
    };
    let json = format!(r#"{{"p":"src-20","op":"transfer","tick":"{tick}","amt":"{amount}"}}"#);
    let intent = src20_intent(Some("TRANSFER"), Some(&tick), true, None);
    let transport = src20_transport(w);
    if b.src20(from, to_script, &json, transport, intent).is_none() {
        return false;
    }
    let from_address = b.addresses[from].clone();
    if let Some(v) = w.book.src20.get_mut(&(tick.clone(), from_address)) {
        *v -= amount;
    }
    *w.book.src20.entry((tick, to_address)).or_default() += amount;
    true
}

fn bad_src20(b: &mut Builder, w: &mut World, kind: BadSrc20) -> bool {
    let actor = pick(w, 1..SHOPS.start);
    let (json, intent) = match kind {
        BadSrc20::OverMint => {
            let Some(tick) = w
                .ticks
                .iter()
                .find(|t| w.book.ticks.get(&t.tick).is_some_and(|i| i.minted == i.max))
                .cloned()
            else {
                return false;
            };
            (
                format!(
                    r#"{{"p":"src-20","op":"mint","tick":"{}","amt":"{}"}}"#,
                    tick.tick, tick.lim
                ),
                src20_intent(
                    Some("MINT"),
                    Some(&tick.tick),
                    false,
                    Some("over mint: the supply is minted out"),
                ),
            )
        }
        BadSrc20::LowBalance => {
            let Some((tick, from, balance)) = src20_holding(b, w) else {
                return false;
            };
            let json = format!(
                r#"{{"p":"src-20","op":"transfer","tick":"{tick}","amt":"{}"}}"#,
                balance + 1
            );
            let intent = src20_intent(
                Some("TRANSFER"),
                Some(&tick),
                false,
                Some("balance below the amount"),
            );
            let to = b.scripts[pick(w, COLLECTORS)].clone();
            let transport = src20_transport(w);
            return b.src20(from, to, &json, transport, intent).is_some();
        }
        BadSrc20::BadJson => (
            r#"{"p":"src-20","op":"mint","tick":"kevin","amt":"1000""#.to_owned(),
            src20_intent(None, None, false, Some("malformed JSON")),
        ),
        BadSrc20::NoDeploy => (
            r#"{"p":"src-20","op":"mint","tick":"nodep","amt":"1000"}"#.to_owned(),
            src20_intent(
                Some("MINT"),
                Some("nodep"),
                false,
                Some("tick not deployed"),
            ),
        ),
        BadSrc20::Redeploy => {
            let Some(tick) = w.ticks.first().cloned() else {
                return false;
            };
            (
                format!(
                    r#"{{"p":"src-20","op":"deploy","tick":"{}","max":"1000","lim":"10","dec":"0"}}"#,
                    tick.tick
                ),
                src20_intent(
                    Some("DEPLOY"),
                    Some(&tick.tick),
                    false,
                    Some("tick already deployed"),
                ),
            )
        }
    };
    let transport = src20_transport(w);
    let to = b.scripts[actor].clone();
    b.src20(actor, to, &json, transport, intent).is_some()
}

fn collection(b: &mut Builder, w: &mut World) -> bool {
    let artist = pick(w, ARTISTS);
    let n = w.fresh();
    let symbol = format!(
        "{}{}",
        ["GLYPH", "BLOB", "BOT", "SPRITE"][w.rng.pick(4)],
        n % 100
    );
    let mut layers = Vec::new();
    for _ in 0..3 {
        let mut layer = Vec::new();
        for _ in 0..3 {
            let (file, mime, transport) = stamp_file(w, FileKind::Png);
            let mut spec = numeric_stamp(w, file, mime, transport);
            spec.quantity = 1;
            let Some(cpid) = issue_stamp(b, w, artist, spec) else {
                return false;
            };
            layer.push(cpid);
        }
        layers.push(layer);
    }
    let quoted = |l: &Vec<String>| {
        l.iter()
            .map(|c| format!("\"{c}\""))
            .collect::<Vec<_>>()
            .join(",")
    };
    let mut json =
        format!(r#"{{"p":"src-721","v":"1","op":"deploy","name":"{symbol} collection","#);
    json += &format!(r#""symbol":"{symbol}","description":"Layered pixel art on the devnet","#);
    json +=
        r#""type":"data:image/png;base64","image-rendering":"pixelated","viewbox":"0 0 24 24","#;
    json += &format!(
        r#""max":"100","lim":"1","icon":"{}","t0":[{}],"t1":[{}],"t2":[{}]}}"#,
        layers[0][0],
        quoted(&layers[0]),
        quoted(&layers[1]),
        quoted(&layers[2])
    );
    let mut spec = numeric_stamp(w, json.into_bytes(), "image/svg+xml", Transport::Multisig);
    spec.quantity = 1;
    let Some(cpid) = issue_stamp(b, w, artist, spec) else {
        return false;
    };
    w.collections.push(Collection {
        cpid,
        symbol,
        layers,
        artist,
    });
    true
}

fn src721_mint(b: &mut Builder, w: &mut World) -> bool {
    if w.collections.is_empty() {
        return false;
    }
    let c = w.collections[w.rng.pick(w.collections.len())].clone();
    let minter = pick(w, COLLECTORS);
    let ts: Vec<String> = c
        .layers
        .iter()
        .map(|l| w.rng.pick(l.len()).to_string())
        .collect();
    let json = format!(
        r#"{{"p":"src-721","op":"mint","symbol":"{}","c":"{}","ts":[{}]}}"#,
        c.symbol,
        c.cpid,
        ts.join(",")
    );
    let mut spec = numeric_stamp(w, json.into_bytes(), "image/svg+xml", Transport::Multisig);
    spec.quantity = 1;
    spec.src721 = Some(c.cpid.clone());
    let Some(cpid) = issue_stamp(b, w, minter, spec) else {
        return false;
    };
    w.src721_mints.insert(cpid);
    true
}

/// The goose launchpad's artist.
const GOOSE_ARTIST: usize = ARTISTS.start;

/// A goose not minted yet, in an edition of a few, by the goose's artist.
fn goose(b: &mut Builder, w: &mut World) -> bool {
    let n = w.rng.below(u64::from(goose::COUNT)) as u32;
    let cpid = goose::cpid(n);
    if w.book.assets.contains_key(&cpid) {
        return false;
    }
    let spec = StampSpec {
        asset_id: goose::BASE + u64::from(n),
        asset: cpid,
        longname: None,
        quantity: w.rng.range(4, 12),
        lock: true,
        file: goose::svg(n),
        mimetype: "image/svg+xml".into(),
        transport: Transport::Multisig,
        blessed: true,
        src721: None,
    };
    issue_stamp(b, w, GOOSE_ARTIST, spec).is_some()
}
