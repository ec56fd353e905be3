//! What the scenario knows while it plays: who holds what, which ticks, dispensers, UTXOs and fairminters
//! exist, and the ledger it intends ([`Book`]). Every action checks its preconditions here, so that what the
//! scenario means to be valid is valid for the reference rules, and what it means to be invalid is so.

use std::collections::BTreeMap;

use bitcoin::OutPoint;
use bitcoin::hashes::{Hash, hash160, sha256};

use super::intent::Book;
use super::rng::Rng;

/// XCP in base units.
pub const XCP: u64 = 100_000_000;

/// A named (non-numeric) Counterparty asset the scenario issued.
#[derive(Debug, Clone)]
pub struct Named {
    /// Name.
    pub name: String,
    /// Issuer (actor index).
    pub issuer: usize,
    /// Divisible.
    pub divisible: bool,
}

/// An open dispenser.
#[derive(Debug, Clone)]
pub struct OpenDispenser {
    /// Opening txid.
    pub txid: String,
    /// The shop (actor) whose address dispenses.
    pub shop: usize,
    /// Asset.
    pub asset: String,
    /// Units per lot.
    pub give: u64,
    /// Units left in escrow.
    pub remaining: u64,
    /// Satoshis per lot.
    pub rate: u64,
}

/// A balance attached to a UTXO.
#[derive(Debug, Clone)]
pub struct Attached {
    /// The UTXO.
    pub outpoint: OutPoint,
    /// Its value.
    pub value: u64,
    /// The actor whose key spends it.
    pub owner: usize,
    /// Asset.
    pub asset: String,
    /// Units.
    pub quantity: u64,
}

/// An SRC-20 tick the scenario deployed.
#[derive(Debug, Clone)]
pub struct Tick {
    /// Tick, lower case.
    pub tick: String,
    /// Supply cap.
    pub max: u128,
    /// Per-mint limit.
    pub lim: u128,
    /// Decimals.
    pub dec: u32,
}

/// An SRC-721 collection: its deploy stamp and layer stamps.
#[derive(Debug, Clone)]
pub struct Collection {
    /// Deploy CPID.
    pub cpid: String,
    /// Symbol.
    pub symbol: String,
    /// Layers: CPIDs of the stamps holding each layer's images.
    pub layers: Vec<Vec<String>>,
    /// Artist.
    pub artist: usize,
}

/// A fairminter the scenario opened.
#[derive(Debug, Clone)]
pub struct Fair {
    /// Asset.
    pub asset: String,
    /// Price in XCP base units per `lot` units.
    pub price: u64,
    /// Units per lot.
    pub lot: u64,
    /// Hard cap (0: none).
    pub hard_cap: u64,
    /// Units minted so far (premint included).
    pub minted: u64,
    /// Creator.
    pub issuer: usize,
}

/// The scenario's state.
#[derive(Debug)]
pub struct World {
    /// Seed.
    pub seed: u64,
    /// The scenario's choices.
    pub rng: Rng,
    /// The intended ledger.
    pub book: Book,
    /// Counter for numeric asset ids and file indexes.
    pub counter: u32,
    /// Blessed image stamps (CPIDs), for recursive HTML and SRC-721 layers.
    pub art: Vec<String>,
    /// Every stamp CPID with its current supply holder candidates (artists first).
    pub stamps: Vec<String>,
    /// Named assets.
    pub named: Vec<Named>,
    /// SRC-20 ticks.
    pub ticks: Vec<Tick>,
    /// Open dispensers by shop.
    pub dispensers: BTreeMap<usize, OpenDispenser>,
    /// Balances attached to UTXOs.
    pub attached: Vec<Attached>,
    /// SRC-721 collections.
    pub collections: Vec<Collection>,
    /// SRC-721 mints (CPIDs).
    pub src721_mints: std::collections::BTreeSet<String>,
    /// Fairminters.
    pub fairs: Vec<Fair>,
    /// Asset names taken.
    pub names: std::collections::BTreeSet<String>,
    /// Fairminters whose soft-cap deadline is still ahead.
    pub escrows: Vec<Escrow>,
    /// Dispensers waiting for their close to take effect.
    pub closing: Vec<Closing>,
}

/// A fairminter with a soft cap, before its deadline: fairmints are escrowed.
#[derive(Debug, Clone)]
pub struct Escrow {
    /// Asset.
    pub asset: String,
    /// Creator (paid when the soft cap is reached).
    pub issuer: usize,
    /// Soft cap.
    pub soft_cap: u64,
    /// Deadline block.
    pub deadline: u64,
    /// Units minted so far.
    pub minted: u64,
    /// Escrowed mints: (minter, XCP paid, units earned).
    pub mints: Vec<(usize, u64, u64)>,
}

/// A dispenser whose close message was mined: it closes `DISPENSER_CLOSE_DELAY` blocks later.
#[derive(Debug, Clone)]
pub struct Closing {
    /// Opening txid.
    pub txid: String,
    /// Shop (also the closer, who gets the remainder).
    pub shop: usize,
    /// Asset.
    pub asset: String,
    /// Units returned at the close.
    pub remaining: u64,
    /// Height at whose start the close takes effect.
    pub at: u64,
}

impl World {
    /// A world for `seed`.
    pub fn new(seed: u64, label: &str) -> Self {
        Self {
            seed,
            rng: Rng::new(seed, label),
            book: Book::default(),
            counter: 0,
            art: Vec::new(),
            stamps: Vec::new(),
            named: Vec::new(),
            ticks: Vec::new(),
            dispensers: BTreeMap::new(),
            attached: Vec::new(),
            collections: Vec::new(),
            src721_mints: Default::default(),
            fairs: Vec::new(),
            names: Default::default(),
            escrows: Vec::new(),
            closing: Vec::new(),
        }
    }

    /// The next counter value.
    pub fn fresh(&mut self) -> u32 {
        self.counter += 1;
        self.counter
    }

    /// A fresh numeric asset id.
    pub fn numeric_id(&mut self) -> u64 {
        let n = self.fresh();
        super::numeric_asset_id(self.seed, n)
    }

    /// A fresh named-asset name built from `words` (4–12 letters, not starting with `A`).
    pub fn fresh_name(&mut self, first: &[&str], second: &[&str]) -> String {
        loop {
            let a = first[self.rng.pick(first.len())];
            let b = second[self.rng.pick(second.len())];
            let mut name = format!("{a}{b}");
            if self.rng.chance(30) {
                name.push(char::from(b'A' + self.rng.below(26) as u8));
            }
            if (4..=12).contains(&name.len())
                && !name.starts_with('A')
                && self.names.insert(name.clone())
            {
                return name;
            }
        }
    }
}

/// The address of a passer-by: someone who receives tokens but never signs (no key is known for it).
pub fn passer_by(seed: u64, index: u64) -> String {
    let digest = sha256::Hash::hash(format!("stamps-devnet/{seed}/holder/{index}").as_bytes());
    let hash = hash160::Hash::hash(digest.as_byte_array()).to_byte_array();
    let script = bitcoin::ScriptBuf::new_p2wpkh(&bitcoin::WPubkeyHash::from_byte_array(hash));
    bitcoin::Address::from_script(&script, bitcoin::Network::Bitcoin)
        .map(|a| a.to_string())
        .unwrap_or_default()
}
