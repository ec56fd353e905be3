//! The `bench` scenario: mainnet-like volume for benchmarks of the indexer and the catalogue. At scale 1 it
//! issues 1,000,000 classic stamps (PNG and SVG, keyburn multisig and OLGA), 1,000,000 SRC-20 operations
//! (2,000 deploys, mints, and transfers reaching 60,000 passers-by) and 20,000 enhanced sends, by 1,000
//! actors, in full blocks. Its choices are cheap to make (no scans of the state), so the time goes into
//! encoding, signing and mining, as it should.

use std::collections::HashMap;

use super::builder::Builder;
use super::demo::{numeric_stamp, src20_intent};
use super::intent::{TickIntent, Transport};
use super::world::{World, passer_by};
use crate::stamp_files;

/// Classic stamps at scale 1.
const STAMPS: f64 = 1_000_000.0;
/// SRC-20 operations at scale 1.
const SRC20_OPS: f64 = 1_000_000.0;
/// SRC-20 ticks at scale 1.
const TICKS: f64 = 2_000.0;
/// Enhanced sends at scale 1.
const SENDS: f64 = 20_000.0;
/// Distinct passers-by receiving SRC-20 transfers at scale 1.
const PASSERS_BY: f64 = 60_000.0;
/// Signing actors at scale 1.
const SIGNERS: f64 = 1_000.0;

fn at(scale: f64, n: f64) -> u64 {
    ((n * scale).round() as u64).max(1)
}

/// Actors (the bank included) of the bench scenario at `scale`.
pub fn actors(scale: f64) -> usize {
    1 + at(scale, SIGNERS).clamp(8, 10_000) as usize
}

struct Src20Tick {
    tick: String,
    lim: u128,
    max: u128,
    minted: u128,
}

/// Plays the bench scenario at `scale` on `b`.
pub fn play(b: &mut Builder, w: &mut World, scale: f64) {
    for _ in 0..crate::chain::COINBASE_MATURITY {
        b.mine();
    }
    let signers = b.actors.len() - 1;
    let stamps = at(scale, STAMPS);
    let src20 = at(scale, SRC20_OPS);
    let tick_count = at(scale, TICKS).min(src20);
    let sends = at(scale, SENDS);
    let passers = at(scale, PASSERS_BY);
    let mut ticks: Vec<Src20Tick> = Vec::new();
    // Recent mints with their holder: transfers spend from them.
    let mut held: HashMap<usize, (usize, u128)> = HashMap::new();
    let mut minted_stamps: Vec<(usize, String)> = Vec::new();
    let total = stamps + src20 + sends;
    let (mut done_stamps, mut done_src20, mut done_sends) = (0u64, 0u64, 0u64);
    let mut passer = 0u64;
    for step in 0..total {
        let actor = 1 + (step as usize * 7919) % signers;
        // Interleave the three streams in proportion to what is left of each.
        let left = (stamps - done_stamps, src20 - done_src20, sends - done_sends);
        let roll = w.rng.below(left.0 + left.1 + left.2);
        if roll < left.0 {
            done_stamps += 1;
            let n = w.fresh();
            let (file, mime, transport) = match n % 10 {
                0 => (
                    stamp_files::svg(w.seed, n),
                    "image/svg+xml",
                    Transport::Multisig,
                ),
                1 | 2 => (stamp_files::png(w.seed, n), "image/png", Transport::Olga),
                _ => (
                    stamp_files::png(w.seed, n),
                    "image/png",
                    Transport::Multisig,
                ),
            };
            let mut spec = numeric_stamp(w, file, mime, transport);
            spec.quantity = 1;
            let cpid = spec.asset.clone();
            if b.stamp(actor, spec).is_some() {
                w.book.credit(&b.addresses[actor].clone(), &cpid, 1);
                if minted_stamps.len() < 100_000 {
                    minted_stamps.push((actor, cpid));
                }
            }
        } else if roll < left.0 + left.1 {
            done_src20 += 1;
            src20_op(
                b,
                w,
                actor,
                &mut ticks,
                tick_count,
                &mut held,
                passers,
                &mut passer,
            );
        } else {
            done_sends += 1;
            if let Some((from, cpid)) = minted_stamps.pop() {
                let to = 1 + (from % signers);
                let to_address = b.addresses[to].clone();
                let message = stamps_protocol::counterparty::message::Message::EnhancedSend(
                    stamps_protocol::counterparty::message::EnhancedSend {
                        asset_id: stamps_protocol::asset::id_from_name(&cpid).unwrap_or(0),
                        asset: cpid.clone(),
                        quantity: 1,
                        address: to_address.clone(),
                        memo: None,
                    },
                );
                if b.message(from, message, Vec::new(), true).is_some() {
                    w.book
                        .transfer(&b.addresses[from].clone(), &to_address, &cpid, 1);
                }
            }
        }
        b.mine_if_full();
        if step % 100_000 == 0 && step > 0 {
            tracing::info!(step, total, height = b.height(), "bench scenario progress");
        }
    }
    if b.pending_len() > 0 {
        b.mine();
    }
}

#[allow(clippy::too_many_arguments)]
fn src20_op(
    b: &mut Builder,
    w: &mut World,
    actor: usize,
    ticks: &mut Vec<Src20Tick>,
    tick_count: u64,
    held: &mut HashMap<usize, (usize, u128)>,
    passers: u64,
    passer: &mut u64,
) {
    let transport = if w.rng.chance(30) {
        Transport::Olga
    } else {
        Transport::Multisig
    };
    let to_self = b.scripts[actor].clone();
    if (ticks.len() as u64) < tick_count && (ticks.is_empty() || w.rng.chance(2)) {
        let tick = format!("b{}", base36(ticks.len() as u64));
        let lim = 1_000u128;
        let max = lim * 1_000_000;
        let json = format!(
            r#"{{"p":"src-20","op":"deploy","tick":"{tick}","max":"{max}","lim":"{lim}","dec":"0"}}"#
        );
        let intent = src20_intent(Some("DEPLOY"), Some(&tick), true, None);
        if b.src20(actor, to_self, &json, transport, intent).is_some() {
            w.book.ticks.insert(
                tick.clone(),
                TickIntent {
                    max,
                    lim,
                    minted: 0,
                    deployer: b.addresses[actor].clone(),
                },
            );
            ticks.push(Src20Tick {
                tick,
                lim,
                max,
                minted: 0,
            });
        }
        return;
    }
    // Transfers spend what this actor minted earlier; otherwise it mints.
    if let Some(&(t, balance)) = held.get(&actor)
        && w.rng.chance(35)
    {
        let tick = ticks[t].tick.clone();
        let amount = balance / 2 + 1;
        let to = passer_by(w.seed, *passer % passers);
        *passer += 1;
        let Ok(parsed) = to.parse::<bitcoin::Address<_>>() else {
            return;
        };
        let json = format!(r#"{{"p":"src-20","op":"transfer","tick":"{tick}","amt":"{amount}"}}"#);
        let intent = src20_intent(Some("TRANSFER"), Some(&tick), true, None);
        let script = parsed.assume_checked().script_pubkey();
        if b.src20(actor, script, &json, transport, intent).is_some() {
            let from = b.addresses[actor].clone();
            if let Some(v) = w.book.src20.get_mut(&(tick.clone(), from)) {
                *v -= amount;
            }
            *w.book.src20.entry((tick, to)).or_default() += amount;
            let rest = balance - amount;
            if rest == 0 {
                held.remove(&actor);
            } else {
                held.insert(actor, (t, rest));
            }
        }
        return;
    }
    if ticks.is_empty() {
        return;
    }
    let t = w.rng.pick(ticks.len());
    if ticks[t].minted >= ticks[t].max {
        return;
    }
    let (tick, lim) = (ticks[t].tick.clone(), ticks[t].lim);
    let json = format!(r#"{{"p":"src-20","op":"mint","tick":"{tick}","amt":"{lim}"}}"#);
    let intent = src20_intent(Some("MINT"), Some(&tick), true, None);
    if b.src20(actor, to_self, &json, transport, intent).is_some() {
        ticks[t].minted += lim;
        if let Some(i) = w.book.ticks.get_mut(&tick) {
            i.minted += lim;
        }
        *w.book
            .src20
            .entry((tick, b.addresses[actor].clone()))
            .or_default() += lim;
        // Only the last mint is remembered, so a transfer never spends a balance it has not got.
        held.entry(actor).or_insert((t, lim));
    }
}

fn base36(mut n: u64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}
