//! The `demo` scenario: a marketplace a visitor enjoys browsing. Artists issue stamps of every file type
//! (and some cursed ones), named Counterparty assets appear for the XCP site, SRC-20 ticks are deployed,
//! minted and traded, SRC-721 collections are deployed and minted, shops run dispensers, collectors buy,
//! send, destroy and sweep; later fairminters open and stamps are attached to UTXOs and sold in atomic swaps.
//! The history spans about eight days of blocks (1,100 blocks after the 100 of coinbase maturity).

use std::collections::BTreeMap;

use bitcoin::OutPoint;
use stamps_protocol::Rules;
use stamps_protocol::network::Change;

use super::builder::{Builder, DUST};
use super::intent::{Src20Intent, Transport};
use super::payload::StampSpec;
use super::rng::Rng;
use super::world::World;
use super::{AssetInfo, acts};

/// Bank, artists, collectors, shops.
pub const ARTISTS: std::ops::Range<usize> = 1..9;
/// Collectors.
pub const COLLECTORS: std::ops::Range<usize> = 9..19;
/// Shops: addresses that host dispensers (one open at a time each) and do nothing else while one is open.
pub const SHOPS: std::ops::Range<usize> = 19..25;
/// Actors in all (the bank included).
pub const ACTORS: usize = 25;
/// Blocks of the first phase: foundations and the primary market.
const FIRST_PHASE_BLOCKS: u64 = 300;
/// Blocks of the second phase, when fairminters and UTXO balances join.
const SECOND_PHASE_BLOCKS: u64 = 800;
/// Blocks of the last phase: the goose launch and a secondary market in SRC-721 mints.
const LAST_PHASE_BLOCKS: u64 = 60;

/// One scripted action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Act {
    /// A classic stamp of a file kind.
    Classic(acts::FileKind),
    /// A cursed stamp.
    Cursed(acts::Curse),
    /// A named Counterparty asset (with enhanced asset info when true).
    Named(bool),
    /// SRC-20 deploy.
    Deploy,
    /// SRC-20 mint.
    Mint,
    /// SRC-20 transfer.
    Transfer,
    /// An invalid SRC-20 operation.
    BadSrc20(acts::BadSrc20),
    /// An SRC-721 collection (layer stamps and deploy).
    Collection,
    /// An SRC-721 mint.
    Src721Mint,
    /// A shop opens a dispenser.
    OpenDispenser,
    /// A shop refills its dispenser.
    Refill,
    /// A shop closes its dispenser.
    CloseDispenser,
    /// A purchase from a dispenser.
    Dispense,
    /// An enhanced send.
    Send,
    /// An MPMA send.
    Mpma,
    /// A sweep.
    Sweep,
    /// A destroy.
    Destroy,
    /// A dividend.
    Dividend,
    /// A fairminter.
    Fairminter(acts::FairKind),
    /// A fairmint.
    Fairmint,
    /// Attach a stamp to a UTXO.
    Attach,
    /// An atomic swap of an attached stamp.
    Swap,
    /// Detach a UTXO's balances.
    Detach,
    /// A goose minted (an edition of the goose launchpad).
    Goose,
    /// A shop lists geese consigned by their artist.
    GooseShop,
    /// A collector consigns an SRC-721 mint to a shop, which lists it.
    Resale,
}

fn count(scale: f64, n: u32) -> u32 {
    ((f64::from(n) * scale).round() as u32).max(1)
}

/// Plays the demo at `scale` (1.0: hundreds of stamps) on `b`, from its first block.
pub fn play(
    b: &mut Builder,
    w: &mut World,
    scale: f64,
    info_base: &str,
) -> BTreeMap<String, AssetInfo> {
    let mut info = BTreeMap::new();
    // Coinbases mature after 100 blocks: the first spendable one funds the actors.
    for _ in 0..crate::chain::COINBASE_MATURITY {
        b.mine();
    }
    let payments: Vec<(usize, u64)> = (1..ACTORS)
        .map(|a| {
            (
                a,
                if SHOPS.contains(&a) {
                    30_000_000
                } else {
                    50_000_000
                },
            )
        })
        .collect();
    b.fund_many(&payments);
    b.mine();

    use Act::*;
    use acts::{BadSrc20 as B, Curse as C, FairKind as F, FileKind as K};
    let mut deck = Deck::new(Rng::new(w.seed, "demo-deck"));
    // First the foundations, then the market.
    deck.front(&[
        (Named(true), count(scale, 6)),
        (Named(false), count(scale, 8)),
    ]);
    deck.front(&[(Deploy, count(scale, 24))]);
    deck.front(&[(Classic(K::Png), count(scale, 24))]);
    deck.shuffled(&[
        (Classic(K::Png), count(scale, 60)),
        (Classic(K::Gif), count(scale, 20)),
        (Classic(K::Svg), count(scale, 20)),
        (Classic(K::Jpeg), count(scale, 12)),
        (Classic(K::Webp), count(scale, 12)),
        (Classic(K::Html), count(scale, 8)),
        (Classic(K::Bmn), count(scale, 4)),
        (Classic(K::PngOlga), count(scale, 16)),
        (Cursed(C::Text), count(scale, 8)),
        (Cursed(C::OpReturn), count(scale, 6)),
        (Cursed(C::Named), count(scale, 5)),
        (Cursed(C::Subasset), count(scale, 4)),
        (Collection, count(scale, 6)),
        (Src721Mint, count(scale, 50)),
        (Mint, count(scale, 180)),
        (Transfer, count(scale, 60)),
        (BadSrc20(B::OverMint), count(scale, 3)),
        (BadSrc20(B::LowBalance), count(scale, 3)),
        (BadSrc20(B::BadJson), count(scale, 3)),
        (BadSrc20(B::NoDeploy), count(scale, 2)),
        (BadSrc20(B::Redeploy), count(scale, 2)),
        (OpenDispenser, count(scale, 16)),
        (Dispense, count(scale, 60)),
        (Refill, count(scale, 2)),
        (CloseDispenser, count(scale, 3)),
        (Send, count(scale, 30)),
        (Mpma, count(scale, 2)),
        (Destroy, count(scale, 5)),
        (Dividend, count(scale, 2)),
        (Sweep, 1),
    ]);
    let end = b.height() + FIRST_PHASE_BLOCKS;
    run_until(b, w, &mut deck, end, info_base, &mut info);
    // Then the same market, with fairminters, UTXO balances and atomic swaps.
    deck.front(&[
        (Fairminter(F::Open), count(scale, 2)),
        (Fairminter(F::SoftCap), count(scale, 2)),
        (Fairminter(F::Completed), count(scale, 2)),
    ]);
    deck.shuffled(&[
        (Classic(K::Png), count(scale, 90)),
        (Classic(K::Gif), count(scale, 24)),
        (Classic(K::Svg), count(scale, 24)),
        (Classic(K::Jpeg), count(scale, 10)),
        (Classic(K::Webp), count(scale, 10)),
        (Classic(K::Html), count(scale, 10)),
        (Classic(K::Xml), count(scale, 3)),
        (Classic(K::Bmn), count(scale, 4)),
        (Classic(K::PngOlga), count(scale, 20)),
        (Cursed(C::Text), count(scale, 4)),
        (Cursed(C::Subasset), count(scale, 4)),
        (Named(false), count(scale, 4)),
        (Deploy, count(scale, 8)),
        (Collection, count(scale, 6)),
        (Src721Mint, count(scale, 60)),
        (Mint, count(scale, 220)),
        (Transfer, count(scale, 90)),
        (BadSrc20(B::OverMint), count(scale, 2)),
        (BadSrc20(B::LowBalance), count(scale, 2)),
        (BadSrc20(B::BadJson), count(scale, 1)),
        (OpenDispenser, count(scale, 24)),
        (Dispense, count(scale, 140)),
        (Refill, count(scale, 3)),
        (CloseDispenser, count(scale, 5)),
        (Send, count(scale, 30)),
        (Mpma, count(scale, 1)),
        (Destroy, count(scale, 5)),
        (Dividend, count(scale, 1)),
        (Sweep, 1),
        (Fairmint, count(scale, 80)),
        (Attach, count(scale, 25)),
        (Swap, count(scale, 15)),
        (Detach, count(scale, 6)),
    ]);
    let end = b.height() + SECOND_PHASE_BLOCKS;
    run_until(b, w, &mut deck, end, info_base, &mut info);
    // Last, the goose launch, and collectors reselling their SRC-721 mints: the collections' market of the
    // last days.
    deck.front(&[(Goose, count(scale, 12))]);
    deck.shuffled(&[
        (GooseShop, count(scale, 8)),
        (Resale, count(scale, 10)),
        (Dispense, count(scale, 60)),
    ]);
    let end = b.height() + LAST_PHASE_BLOCKS;
    run_until(b, w, &mut deck, end, info_base, &mut info);
    // Then a free fairminter opens, in a block of its own, for newcomers to mint (the phases above play as
    // they did before it).
    let mut last = Deck::new(Rng::new(w.seed, "demo-free-fairminter"));
    last.front(&[(Fairminter(F::Free), 1)]);
    let end = b.height() + 1;
    run_until(b, w, &mut last, end, info_base, &mut info);
    info
}

/// Deals the deck over the blocks up to `end` (exclusive): each block takes a share, actions whose
/// preconditions do not hold yet go back to the deck a few times before being dropped.
fn run_until(
    b: &mut Builder,
    w: &mut World,
    deck: &mut Deck,
    end: u64,
    info_base: &str,
    info: &mut BTreeMap<String, AssetInfo>,
) {
    while b.height() < end {
        let blocks_left = end - b.height();
        let share = (deck.len() as u64).div_ceil(blocks_left);
        let take = if share == 0 {
            0
        } else {
            w.rng.range(share.saturating_sub(1), share + 1)
        };
        for _ in 0..take {
            let Some((act, tries)) = deck.pop() else {
                break;
            };
            if !acts::perform(b, w, act, info_base, info) && tries < 8 {
                deck.retry(act, tries + 1);
            }
        }
        acts::settle(b, w);
        b.mine();
    }
}

/// The actions still to play, in order; shuffled groups are mixed deterministically.
struct Deck {
    rng: Rng,
    items: std::collections::VecDeque<(Act, u8)>,
}

impl Deck {
    fn new(rng: Rng) -> Self {
        Self {
            rng,
            items: Default::default(),
        }
    }

    fn len(&self) -> usize {
        self.items.len()
    }

    /// Adds actions that play before the rest, in order.
    fn front(&mut self, acts: &[(Act, u32)]) {
        let mut group: Vec<(Act, u8)> = Vec::new();
        for &(act, n) in acts {
            group.extend(std::iter::repeat_n((act, 0), n as usize));
        }
        for item in group.into_iter().rev() {
            self.items.push_front(item);
        }
    }

    /// Adds actions mixed in random order after those already there.
    fn shuffled(&mut self, acts: &[(Act, u32)]) {
        let mut group: Vec<(Act, u8)> = Vec::new();
        for &(act, n) in acts {
            group.extend(std::iter::repeat_n((act, 0), n as usize));
        }
        for i in (1..group.len()).rev() {
            let j = self.rng.pick(i + 1);
            group.swap(i, j);
        }
        self.items.extend(group);
    }

    fn pop(&mut self) -> Option<(Act, u8)> {
        self.items.pop_front()
    }

    /// Puts an action back a little later.
    fn retry(&mut self, act: Act, tries: u8) {
        let at = (self.rng.range(3, 40) as usize).min(self.items.len());
        self.items.insert(at, (act, tries));
    }
}

/// Whether the Counterparty rules of `change` apply to the block being filled.
pub fn active(b: &Builder, change: Change) -> bool {
    Rules::MAINNET.active(change, b.height())
}

/// A stamp spec for a numeric asset holding `file`.
pub fn numeric_stamp(
    w: &mut World,
    file: Vec<u8>,
    mimetype: &str,
    transport: Transport,
) -> StampSpec {
    let asset_id = w.numeric_id();
    let quantity = if w.rng.chance(75) {
        1
    } else {
        w.rng.range(2, 50)
    };
    StampSpec {
        asset_id,
        asset: format!("A{asset_id}"),
        longname: None,
        quantity,
        lock: true,
        file,
        mimetype: mimetype.to_owned(),
        transport,
        blessed: true,
        src721: None,
    }
}

/// An SRC-20 intent before the builder fills in the JSON and transport.
pub fn src20_intent(
    op: Option<&str>,
    tick: Option<&str>,
    valid: bool,
    problem: Option<&str>,
) -> Src20Intent {
    Src20Intent {
        json: String::new(),
        transport: Transport::Multisig,
        op: op.map(str::to_owned),
        tick: tick.map(str::to_owned),
        valid,
        problem: problem.map(str::to_owned),
    }
}

/// A UTXO worth dust paid to `actor`, as an output.
pub fn dust_to(b: &Builder, actor: usize) -> bitcoin::TxOut {
    bitcoin::TxOut {
        value: bitcoin::Amount::from_sat(DUST),
        script_pubkey: b.scripts[actor].clone(),
    }
}

/// `txid:vout` as Counterparty names a UTXO.
pub fn utxo_name(outpoint: &OutPoint) -> String {
    format!("{}:{}", outpoint.txid, outpoint.vout)
}
