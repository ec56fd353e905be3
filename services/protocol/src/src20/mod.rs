//! SRC-20 (PROTOCOL.md §5): transport, JSON acceptance, normalisation, the DEPLOY / MINT / TRANSFER
//! operations over a balance view, and the SRC-20 ledger hash, all as the reference indexer
//! (`index_core/src20.py`) decides them.
//!
//! Amounts are Python `Decimal`s ([`PyDecimal`]) with the default 28-digit context, because the reference
//! computes with them: running totals, balances and the ledger string inherit its rounding.
//!
//! Flow for one block: for each raw payload, [`transport::decode`] → [`crate::py::convert_to_dict`] →
//! ident check → [`check_format`] (dropped payloads get no stamp) → [`Src20Block::process`] (numbered stamps
//! whose operation is valid or not). At the end of the block [`Src20Block::balance_updates`] gives the
//! balance changes and [`valid_src20_str`] / [`ledger_hash`] the consensus string and hash.

pub mod transport;

use std::fmt::Write as _;

use bitcoin::hashes::{Hash, sha256};
use sha3::{Digest, Sha3_256};

use crate::network::{Change, Rules};
use crate::py::{self, PyDecimal, PyDict, PyValue};

/// Ticker characters besides the emoji (`config.SUPPORTED_CHARS`).
pub const SUPPORTED_CHARS: &str =
    ".!#$%&()*0123456789<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ^_abcdefghijklmnopqrstuvwxyz~";

/// The emoji allowed in ticks (`config.SUPPORTED_UNICODE`, 1,154 code points between U+1F004 and U+1FAD6),
/// as inclusive ranges.
pub const SUPPORTED_UNICODE: &[(u32, u32)] = &[
    (0x1F004, 0x1F004),
    (0x1F0CF, 0x1F0CF),
    (0x1F170, 0x1F171),
    (0x1F17E, 0x1F17F),
    (0x1F18E, 0x1F18E),
    (0x1F191, 0x1F19A),
    (0x1F201, 0x1F202),
    (0x1F21A, 0x1F21A),
    (0x1F22F, 0x1F22F),
    (0x1F232, 0x1F23A),
    (0x1F250, 0x1F251),
    (0x1F300, 0x1F321),
    (0x1F324, 0x1F393),
    (0x1F396, 0x1F397),
    (0x1F399, 0x1F39B),
    (0x1F39E, 0x1F3F0),
    (0x1F3F3, 0x1F3F5),
    (0x1F3F7, 0x1F3FA),
    (0x1F400, 0x1F4FD),
    (0x1F4FF, 0x1F53D),
    (0x1F549, 0x1F54E),
    (0x1F550, 0x1F567),
    (0x1F56F, 0x1F570),
    (0x1F573, 0x1F57A),
    (0x1F587, 0x1F587),
    (0x1F58A, 0x1F58D),
    (0x1F590, 0x1F590),
    (0x1F595, 0x1F596),
    (0x1F5A4, 0x1F5A5),
    (0x1F5A8, 0x1F5A8),
    (0x1F5B1, 0x1F5B2),
    (0x1F5BC, 0x1F5BC),
    (0x1F5C2, 0x1F5C4),
    (0x1F5D1, 0x1F5D3),
    (0x1F5DC, 0x1F5DE),
    (0x1F5E1, 0x1F5E1),
    (0x1F5E3, 0x1F5E3),
    (0x1F5E8, 0x1F5E8),
    (0x1F5EF, 0x1F5EF),
    (0x1F5F3, 0x1F5F3),
    (0x1F5FA, 0x1F64F),
    (0x1F680, 0x1F6C5),
    (0x1F6CB, 0x1F6D2),
    (0x1F6D5, 0x1F6D7),
    (0x1F6E0, 0x1F6E5),
    (0x1F6E9, 0x1F6E9),
    (0x1F6EB, 0x1F6EC),
    (0x1F6F0, 0x1F6F0),
    (0x1F6F3, 0x1F6FC),
    (0x1F7E0, 0x1F7EB),
    (0x1F90C, 0x1F93A),
    (0x1F93C, 0x1F945),
    (0x1F947, 0x1F978),
    (0x1F97A, 0x1F9CB),
    (0x1F9CD, 0x1F9FF),
    (0x1FA70, 0x1FA74),
    (0x1FA78, 0x1FA7A),
    (0x1FA80, 0x1FA86),
    (0x1FA90, 0x1FAA8),
    (0x1FAB0, 0x1FAB6),
    (0x1FAC0, 0x1FAC2),
    (0x1FAD0, 0x1FAD6),
];

/// Whether `c` may appear in a tick (`TICK_PATTERN_SET`).
pub fn tick_char_allowed(c: char) -> bool {
    if c.is_ascii() {
        return SUPPORTED_CHARS.contains(c);
    }
    let cp = u32::from(c);
    SUPPORTED_UNICODE
        .iter()
        .any(|&(lo, hi)| (lo..=hi).contains(&cp))
}

/// `2**64 - 1`, the largest amount `check_format` lets through.
pub const UINT64_MAX: u64 = u64::MAX;

/// `convert_to_utf8_string`: a tick that fits latin-1 is re-read as UTF-8 bytes (repairing the mojibake of
/// the literal-eval fallback). `None` where Python raises (latin-1 bytes that are not UTF-8).
pub fn repair_tick(tick: &str) -> Option<String> {
    if tick.chars().all(|c| u32::from(c) < 0x100) {
        let bytes: Vec<u8> = tick.chars().map(|c| u32::from(c) as u8).collect();
        return String::from_utf8(bytes).ok();
    }
    Some(tick.to_owned())
}

/// The number an amount field holds for the range check of `check_format`; `None` = excluded.
fn format_amount(value: &PyValue, height: u64, rules: Rules) -> Option<PyDecimal> {
    let d = match value {
        PyValue::Str(s) => {
            if s.is_empty() {
                PyDecimal::zero()
            } else if rules.active(Change::CpP2wshFeat, height) {
                PyDecimal::parse(s)?
            } else {
                let kept: String = s
                    .chars()
                    .filter(|c| py::is_digit(*c) || *c == '.')
                    .collect();
                PyDecimal::parse(&kept)?
            }
        }
        PyValue::Int(i) => PyDecimal::from_int(i),
        PyValue::Bool(b) => PyDecimal::from_u128(u128::from(*b)),
        PyValue::Float(f) => {
            if f.is_nan() {
                return None;
            }
            if f.is_infinite() {
                return None;
            }
            PyDecimal::parse(&format!("{f:.6}"))?
        }
        PyValue::Decimal(d) => d.clone(),
        _ => return None,
    };
    if d.is_nan() {
        return None;
    }
    let max = PyDecimal::from_u128(u128::from(UINT64_MAX));
    (PyDecimal::zero().le(&d) && d.le(&max)).then_some(d)
}

/// `src20.check_format` on a decoded payload whose keys are already lower-cased: whether the SRC-20 gets a
/// stamp number. Returns the dict to process (with the tick repaired) or `None` when it is dropped.
/// SRC-721 payloads pass unchanged.
pub fn check_format(dict: &PyDict, height: u64, rules: Rules) -> Option<PyDict> {
    let p = py::py_lower(dict.get("p")?.as_str()?);
    if p == "src-721" {
        return Some(dict.clone());
    }
    if p != "src-20" {
        return None;
    }
    let tick = match dict.get("tick") {
        None => String::new(),
        Some(PyValue::Str(s)) => repair_tick(s)?,
        // `.encode` on a non-string raises in the reference.
        Some(_) => return None,
    };
    let mut out = dict.clone();
    out.set("tick", PyValue::Str(tick.clone()));
    if tick.is_empty() || tick.chars().count() > 5 || !tick.chars().all(tick_char_allowed) {
        return None;
    }
    let has = |keys: &[&str]| keys.iter().all(|k| out.contains(k));
    let mut checks: Vec<&str> = Vec::new();
    if has(&["op", "tick", "max", "lim"]) {
        checks.extend(["max", "lim"]);
    }
    if has(&["op", "tick", "amt"]) {
        checks.push("amt");
    }
    for key in checks {
        let value = out.get(key)?;
        if matches!(value, PyValue::None) {
            return None;
        }
        format_amount(value, height, rules)?;
    }
    Some(out)
}

/// What the reference makes of a raw (non-Counterparty) payload once decoded into a dict
/// (`models.StampData` with `get_src_or_img_from_data`, `decode_and_reformat_src_string`, `valid_src20`).
#[derive(Debug, Clone, PartialEq)]
pub enum RawStamp {
    /// An SRC-20 that passed [`check_format`]: it gets a stamp number; process it with [`Src20Block`].
    /// `issuer` is the payload's own `issuer` key, which the reference uses as the creator when present.
    Src20 {
        /// The dict to process (lower-cased keys, tick repaired).
        dict: PyDict,
        /// Creator override from the payload's `issuer` key.
        issuer: Option<String>,
    },
    /// Another known protocol (SRC-721, SRC-101) or an SRC-20 without keyburn: decided by those rules.
    Other {
        /// The ident.
        ident: crate::stamp::Ident,
        /// The dict with lower-cased keys.
        dict: PyDict,
    },
    /// Not a stamp (unknown or missing `p`, failed pre-check, or a payload the reference raises on).
    Dropped,
}

/// Classifies a decoded raw payload as the reference does (see [`RawStamp`]).
pub fn raw_stamp(dict: &PyDict, keyburn: bool, height: u64, rules: Rules) -> RawStamp {
    use crate::stamp::Ident;
    let protocol = match (dict.get("p"), dict.get("P")) {
        (Some(v), _) | (None, Some(v)) => v,
        (None, None) => return RawStamp::Dropped,
    };
    let Some(protocol) = protocol.as_str() else {
        return RawStamp::Dropped;
    };
    if !matches!(
        py::py_upper(protocol).as_str(),
        "SRC-20" | "SRC-721" | "SRC-101"
    ) {
        return RawStamp::Dropped;
    }
    let Some(lowered) = dict.with_lowercase_keys() else {
        return RawStamp::Dropped;
    };
    let ident = match lowered.get("p").filter(|v| v.is_truthy()) {
        Some(PyValue::Str(p)) => match py::py_upper(p).as_str() {
            "SRC-20" => Ident::Src20,
            "SRC-721" => Ident::Src721,
            "SRC-101" => Ident::Src101,
            _ => Ident::Unknown,
        },
        Some(_) => return RawStamp::Dropped,
        None => Ident::Unknown,
    };
    let issuer = dict
        .get("issuer")
        .filter(|v| v.is_truthy())
        .map(PyValue::py_str);
    let cpid = dict.get("cpid").filter(|v| v.is_truthy());
    let is_src20 = ident == Ident::Src20 && keyburn;
    let valid_src20 = match cpid {
        None => is_src20,
        Some(PyValue::Str(c)) => {
            let quantity_zero = matches!(dict.get("quantity"), Some(q) if !q.is_truthy() && !matches!(q, PyValue::None | PyValue::Str(_) | PyValue::List(_) | PyValue::Dict(_) | PyValue::Tuple(_) | PyValue::Bytes(_)));
            is_src20
                && !rules.active(Change::CpSrc20End, height)
                && quantity_zero
                && c.starts_with('A')
        }
        Some(_) => false,
    };
    if valid_src20 {
        return match check_format(&lowered, height, rules) {
            Some(dict) => RawStamp::Src20 { dict, issuer },
            None => RawStamp::Dropped,
        };
    }
    RawStamp::Other {
        ident,
        dict: lowered,
    }
}

/// The tick as the reference stores it: lower-cased, then `unicode_escape`d (`🐶` → `\U0001f436`).
pub fn normalize_tick(tick: &str) -> String {
    py::unicode_escape(&py::py_lower(tick))
}

/// `tick_hash`: hex SHA3-256 (NIST) of the lower-cased tick's UTF-8.
pub fn tick_hash(tick: &str) -> String {
    let digest = Sha3_256::digest(py::py_lower(tick).as_bytes());
    digest.iter().fold(String::with_capacity(64), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// A deploy as the state knows it: `lim`, `max` and `dec` of the first valid DEPLOY of a tick.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deploy {
    /// Per-mint limit.
    pub lim: PyDecimal,
    /// Supply cap.
    pub max: PyDecimal,
    /// Decimal places.
    pub dec: u32,
}

/// The SRC-20 state before the current block (the indexer implements it on its database).
/// Ticks are normalised ([`normalize_tick`]).
pub trait Src20State {
    /// The first valid deploy of `tick`, if any (`get_src20_deploy_in_db`).
    fn deploy(&self, tick: &str) -> Option<Deploy>;
    /// The sum of all valid mint amounts of `tick` (`SUM(amt)`, as the database returns it: 18 places).
    fn total_minted(&self, tick: &str) -> PyDecimal;
    /// The balance of `address` in `tick`, if a balance row exists (as stored: 18 places).
    fn balance(&self, tick: &str, address: &str) -> Option<PyDecimal>;
}

/// An in-memory [`Src20State`] for tests and tools.
#[derive(Debug, Clone, Default)]
pub struct MemoryState {
    /// Deploys by normalised tick.
    pub deploys: std::collections::BTreeMap<String, Deploy>,
    /// Minted totals by normalised tick.
    pub minted: std::collections::BTreeMap<String, PyDecimal>,
    /// Balances by (normalised tick, address).
    pub balances: std::collections::BTreeMap<(String, String), PyDecimal>,
}

impl Src20State for MemoryState {
    fn deploy(&self, tick: &str) -> Option<Deploy> {
        self.deploys.get(tick).cloned()
    }

    fn total_minted(&self, tick: &str) -> PyDecimal {
        self.minted
            .get(tick)
            .cloned()
            .unwrap_or_else(PyDecimal::zero)
    }

    fn balance(&self, tick: &str, address: &str) -> Option<PyDecimal> {
        self.balances
            .get(&(tick.to_owned(), address.to_owned()))
            .cloned()
    }
}

impl MemoryState {
    /// Applies a block's results: new deploys, minted totals and balances (as the database would hold them).
    pub fn apply(&mut self, block: &Src20Block, updates: &[BalanceUpdate]) {
        for r in &block.records {
            if !r.valid {
                continue;
            }
            let Some(tick) = r.tick.clone() else { continue };
            match r.op.as_deref() {
                Some("DEPLOY") => {
                    if let (Some(lim), Some(max)) = (&r.lim, &r.max) {
                        self.deploys.entry(tick).or_insert(Deploy {
                            lim: lim.clone(),
                            max: max.clone(),
                            dec: r.dec.unwrap_or(18),
                        });
                    }
                }
                Some("MINT") => {
                    if let Some(amt) = &r.amt {
                        let total = self.total_minted(&tick);
                        let new = total.add(amt).unwrap_or(total);
                        self.minted.insert(tick, new);
                    }
                }
                _ => {}
            }
        }
        for u in updates {
            self.balances
                .insert((u.tick.clone(), u.address.clone()), u.new_total.clone());
        }
    }
}

/// Where a transaction's SRC-20 operation happens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TxContext {
    /// Transaction id.
    pub tx_hash: String,
    /// The indexer's transaction index.
    pub tx_index: u64,
    /// Block height.
    pub block_index: u64,
    /// The source address (spender of `vin[0]`'s previous output).
    pub creator: String,
    /// The `vout[0]` address.
    pub destination: String,
}

/// One processed SRC-20 operation: the reference's `src20_dict` after `parse_src20`.
#[derive(Debug, Clone, PartialEq)]
pub struct Src20Record {
    /// Transaction context.
    pub ctx: TxContext,
    /// `P` upper-cased.
    pub p: Option<String>,
    /// Operation, upper-cased (`None` when absent or empty).
    pub op: Option<String>,
    /// Normalised tick.
    pub tick: Option<String>,
    /// `tick_hash`.
    pub tick_hash: Option<String>,
    /// `max` (integral) if valid.
    pub max: Option<PyDecimal>,
    /// `lim` (integral) if valid.
    pub lim: Option<PyDecimal>,
    /// `amt` (normalised for valid mints/transfers, possibly reduced).
    pub amt: Option<PyDecimal>,
    /// `dec`.
    pub dec: Option<u32>,
    /// Status text (`None` for plain valid operations).
    pub status: Option<String>,
    /// Whether the operation is valid.
    pub valid: bool,
    /// Running minted total after a valid mint.
    pub total_minted: Option<PyDecimal>,
    /// Creator's running balance after a valid transfer.
    pub total_balance_creator: Option<PyDecimal>,
    /// Destination's running balance after a valid mint or transfer.
    pub total_balance_destination: Option<PyDecimal>,
    /// The payload dict after normalisation (other keys untouched: `desc`, `x`, `tg`, `web`, `email`, ...).
    pub fields: PyDict,
}

impl Src20Record {
    /// Metadata of a valid deploy (`description`, `x`, `tg`, `web`, `email` from `desc`, `x`, ...).
    pub fn deploy_metadata(&self) -> Option<[(&'static str, Option<&PyValue>); 5]> {
        (self.valid && self.op.as_deref() == Some("DEPLOY")).then(|| {
            [
                ("description", self.fields.get("desc")),
                ("x", self.fields.get("x")),
                ("tg", self.fields.get("tg")),
                ("web", self.fields.get("web")),
                ("email", self.fields.get("email")),
            ]
        })
    }
}

/// Python's type name for error texts.
fn type_name(v: &PyValue) -> &'static str {
    match v {
        PyValue::None => "NoneType",
        PyValue::Bool(_) => "bool",
        PyValue::Int(_) => "int",
        PyValue::Float(_) => "float",
        PyValue::Decimal(_) => "decimal.Decimal",
        PyValue::Str(_) => "str",
        PyValue::Bytes(_) => "bytes",
        PyValue::List(_) => "list",
        PyValue::Tuple(_) => "tuple",
        PyValue::Dict(_) => "dict",
    }
}

fn numeric_regex(s: &str) -> bool {
    // `^[0-9]*(\.[0-9]*)?$` (with `$` also matching before one trailing newline).
    let s = s.strip_suffix('\n').unwrap_or(s);
    let (int, frac) = match s.split_once('.') {
        Some((i, f)) => (i, f),
        None => (s, ""),
    };
    int.bytes().all(|b| b.is_ascii_digit()) && frac.bytes().all(|b| b.is_ascii_digit())
}

/// `int(s)` of an ASCII digit string (with an optional trailing newline), saturating above `u64`.
fn small_uint(s: &str) -> Option<u64> {
    let digits = s.trim_end_matches('\n').trim_start_matches('0');
    if digits.is_empty() {
        return Some(0);
    }
    if digits.len() > 19 {
        return Some(u64::MAX);
    }
    digits.parse().ok()
}

fn decimal_regex(s: &str) -> bool {
    let s = s.strip_suffix('\n').unwrap_or(s);
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// An operation that raised inside `Src20Processor.process` (the reference records `Error: ...`).
struct Raised(String);

/// The SRC-20 operations of one block, in order.
#[derive(Debug, Clone, Default)]
pub struct Src20Block {
    /// Processed operations (valid or not), in transaction order.
    pub records: Vec<Src20Record>,
}

/// One address's balance change in a block.
#[derive(Debug, Clone, PartialEq)]
pub struct BalanceUpdate {
    /// Normalised tick.
    pub tick: String,
    /// Tick hash.
    pub tick_hash: String,
    /// Address.
    pub address: String,
    /// Sum credited.
    pub credit: PyDecimal,
    /// Sum debited.
    pub debit: PyDecimal,
    /// `credit - debit`.
    pub net_change: PyDecimal,
    /// Balance before the block (zero when none).
    pub original: PyDecimal,
    /// `net_change + original` (the ledger's amount before normalisation).
    pub new_total: PyDecimal,
}

impl Src20Block {
    /// An empty block.
    pub fn new() -> Self {
        Self::default()
    }

    /// Processes one SRC-20 payload that passed [`check_format`] (`parse_src20`), appends its record and
    /// returns it.
    pub fn process(
        &mut self,
        dict: &PyDict,
        ctx: TxContext,
        state: &dyn Src20State,
    ) -> &Src20Record {
        let mut rec = Src20Record {
            ctx,
            p: None,
            op: None,
            tick: None,
            tick_hash: None,
            max: None,
            lim: None,
            amt: None,
            dec: None,
            status: None,
            valid: false,
            total_minted: None,
            total_balance_creator: None,
            total_balance_destination: None,
            fields: dict.clone(),
        };
        if let Err(Raised(e)) = self.run(&mut rec, dict, state) {
            rec.status = Some(format!("Error: {e}"));
            rec.valid = false;
        }
        self.records.push(rec);
        let last = self.records.len() - 1;
        &self.records[last]
    }

    fn set_status(rec: &mut Src20Record, code: &str, message: String, invalid: bool) {
        rec.status = Some(format!("{code}: {message}"));
        if invalid {
            rec.valid = false;
        }
    }

    fn run(
        &self,
        rec: &mut Src20Record,
        dict: &PyDict,
        state: &dyn Src20State,
    ) -> Result<(), Raised> {
        // Src20Validator.process_values, key by key in payload order.
        let mut errors: Vec<String> = Vec::new();
        let mut op_present = false;
        let mut op_value: Option<PyValue> = None;
        for (k, v) in dict.iter() {
            let Some(key) = k.as_str() else { continue };
            if v.is_empty_str() {
                rec.fields.set(key, PyValue::None);
                match key {
                    "tick" => rec.tick = None,
                    "op" => {
                        op_present = true;
                        op_value = Some(PyValue::None);
                    }
                    _ => {}
                }
                continue;
            }
            match key {
                "tick" => {
                    let s = v.as_str().ok_or_else(|| {
                        Raised(format!(
                            "'{}' object has no attribute 'lower'",
                            type_name(v)
                        ))
                    })?;
                    rec.tick = Some(normalize_tick(s));
                    rec.tick_hash = Some(tick_hash(s));
                }
                "p" | "op" | "holders_of" => {
                    let s = v.as_str().ok_or_else(|| {
                        Raised(format!(
                            "'{}' object has no attribute 'upper'",
                            type_name(v)
                        ))
                    })?;
                    let up = py::py_upper(s);
                    rec.fields.set(key, PyValue::Str(up.clone()));
                    if key == "p" {
                        rec.p = Some(up);
                    } else if key == "op" {
                        op_present = true;
                        op_value = Some(PyValue::Str(up));
                    }
                }
                "max" | "lim" | "amt" => {
                    let parsed = match v {
                        PyValue::Decimal(d) => Some(d.clone()),
                        other => {
                            let text = other.py_str();
                            if numeric_regex(&text) {
                                Some(PyDecimal::parse(&text).ok_or_else(|| {
                                    Raised("[<class 'decimal.ConversionSyntax'>]".into())
                                })?)
                            } else {
                                errors.push(format!("{key}: NN: INVALID NUM for {key}"));
                                None
                            }
                        }
                    };
                    let parsed = match (key, parsed) {
                        ("max" | "lim", Some(d)) => {
                            Some(d.quantize_int_down().map_err(|e| Raised(e.to_string()))?)
                        }
                        (_, p) => p,
                    };
                    match key {
                        "max" => rec.max = parsed,
                        "lim" => rec.lim = parsed,
                        _ => rec.amt = parsed,
                    }
                }
                "dec" => {
                    let text = v.py_str();
                    let ok = decimal_regex(&text)
                        .then(|| small_uint(&text))
                        .flatten()
                        .filter(|d| *d <= 18);
                    match ok {
                        Some(d) => rec.dec = Some(d as u32),
                        None => {
                            errors.push(format!("{key}: NN: INVALID DEC VAL {key}"));
                            rec.dec = None;
                        }
                    }
                }
                _ => {}
            }
        }
        if !errors.is_empty() {
            rec.status = Some(errors.join(", "));
            rec.valid = false;
            return Ok(());
        }
        // validate_and_process_operation
        let operation = match (&op_value, op_present) {
            (Some(PyValue::Str(s)), _) => py::py_upper(s),
            (Some(_), _) => {
                return Err(Raised("'NoneType' object has no attribute 'upper'".into()));
            }
            (None, _) => String::new(),
        };
        rec.op = (!operation.is_empty() || op_present).then(|| operation.clone());
        let tick_text = rec.tick.clone().unwrap_or_default();
        let amt_truthy = rec.amt.as_ref().is_some_and(PyDecimal::is_truthy);
        let amount_op = operation == "TRANSFER" || operation == "MINT";
        if amount_op && !amt_truthy {
            Self::set_status(
                rec,
                "NA",
                format!("INVALID AMT {operation} {tick_text}"),
                true,
            );
            return Ok(());
        }
        let deploy = rec.tick.as_deref().and_then(|t| self.deploy(t, state));
        if deploy.is_none() && amount_op {
            Self::set_status(
                rec,
                "ND",
                format!("INVALID {operation}: {tick_text} NO DEPLOY"),
                true,
            );
            return Ok(());
        }
        match operation.as_str() {
            "DEPLOY" => {
                let lim_ok = rec.lim.as_ref().is_some_and(PyDecimal::is_truthy);
                let max_ok = rec.max.as_ref().is_some_and(PyDecimal::is_truthy);
                if deploy.is_none() && lim_ok && max_ok {
                    if rec.dec.is_none() {
                        rec.dec = Some(18);
                    }
                    rec.valid = true;
                } else {
                    Self::set_status(
                        rec,
                        "DE",
                        format!("INVALID DEPLOY: {tick_text} DEPLOY EXISTS"),
                        true,
                    );
                }
            }
            "MINT" => self.mint(rec, deploy, state)?,
            "TRANSFER" => self.transfer(rec, deploy, state)?,
            _ => {
                Self::set_status(rec, "UO", format!("UNSUPPORTED OP {operation} "), true);
            }
        }
        Ok(())
    }

    /// `get_src20_deploy`: an earlier valid deploy in this block, else the state's.
    fn deploy(&self, tick: &str, state: &dyn Src20State) -> Option<Deploy> {
        for r in &self.records {
            if r.valid && r.op.as_deref() == Some("DEPLOY") && r.tick.as_deref() == Some(tick) {
                return Some(Deploy {
                    lim: r.lim.clone().unwrap_or_else(PyDecimal::zero),
                    max: r.max.clone().unwrap_or_else(PyDecimal::zero),
                    dec: r.dec.unwrap_or(18),
                });
            }
        }
        state.deploy(tick)
    }

    /// `get_running_mint_total`.
    fn minted(&self, tick: &str, state: &dyn Src20State) -> PyDecimal {
        for r in self.records.iter().rev() {
            if r.tick.as_deref() == Some(tick)
                && r.op.as_deref() == Some("MINT")
                && let Some(t) = &r.total_minted
            {
                if t.is_zero() {
                    break;
                }
                return t.clone();
            }
        }
        state.total_minted(tick)
    }

    /// `get_running_user_balances` (including its quirk: one prior operation resolves at most one address,
    /// and a creator match is looked at before a destination match).
    fn balances(
        &self,
        tick: &str,
        tick_hash: &str,
        addresses: &[&str],
        state: &dyn Src20State,
    ) -> Vec<(String, PyDecimal)> {
        let mut pending: Vec<&str> = addresses.to_vec();
        let mut found: Vec<(String, PyDecimal)> = Vec::new();
        if self.records.iter().any(|r| r.tick.as_deref() == Some(tick)) {
            for prior in self.records.iter().rev() {
                if !prior.valid {
                    continue;
                }
                let same_tick = prior.tick.as_deref() == Some(tick)
                    && prior.tick_hash.as_deref() == Some(tick_hash);
                for (i, address) in pending.iter().enumerate() {
                    let value = if same_tick
                        && prior.ctx.creator == *address
                        && prior.total_balance_creator.is_some()
                    {
                        prior.total_balance_creator.clone()
                    } else if same_tick
                        && prior.ctx.destination == *address
                        && prior.total_balance_destination.is_some()
                    {
                        prior.total_balance_destination.clone()
                    } else {
                        None
                    };
                    if let Some(v) = value {
                        found.push(((*address).to_owned(), v));
                        pending.remove(i);
                        break;
                    }
                }
            }
        }
        for address in pending {
            let v = state.balance(tick, address).unwrap_or_else(PyDecimal::zero);
            found.push((address.to_owned(), v));
        }
        found
    }

    /// `normalize_and_validate_amt`: the normalised amount, or the `ID` status.
    fn checked_amount(rec: &mut Src20Record, dec: u32) -> Result<Option<PyDecimal>, Raised> {
        let amt = rec.amt.clone().unwrap_or_else(PyDecimal::zero);
        let amt = amt.normalize().map_err(|e| Raised(e.to_string()))?;
        let places = -amt.exponent().unwrap_or(0);
        if places > i64::from(dec) {
            let tick = rec.tick.clone().unwrap_or_default();
            Self::set_status(
                rec,
                "ID",
                format!("INVALID DECIMAL {tick} - decimal len {places} > {dec}"),
                true,
            );
            return Ok(None);
        }
        rec.amt = Some(amt.clone());
        rec.dec = Some(dec);
        Ok(Some(amt))
    }

    fn mint(
        &self,
        rec: &mut Src20Record,
        deploy: Option<Deploy>,
        state: &dyn Src20State,
    ) -> Result<(), Raised> {
        let deploy = deploy.unwrap_or(Deploy {
            lim: PyDecimal::zero(),
            max: PyDecimal::zero(),
            dec: 18,
        });
        let err = |e: py::DecimalError| Raised(e.to_string());
        let lim = if deploy.lim.is_truthy() && deploy.max.is_truthy() {
            if deploy.max.lt(&deploy.lim) {
                deploy.max.clone()
            } else {
                deploy.lim.clone()
            }
        } else {
            PyDecimal::zero()
        };
        let tick = rec.tick.clone().unwrap_or_default();
        let total = self.minted(&tick, state);
        let available = if deploy.max.is_truthy() {
            deploy.max.sub(&total).map_err(err)?
        } else {
            PyDecimal::zero()
        };
        if deploy.max.is_truthy() && total.ge(&deploy.max) {
            Self::set_status(
                rec,
                "OM",
                format!("OVER MINT {tick} {total} >= {}", deploy.max),
                true,
            );
            return Ok(());
        }
        let mut amt = rec.amt.clone().unwrap_or_else(PyDecimal::zero);
        if amt.gt(&available) {
            Self::set_status(
                rec,
                "OMA",
                format!("REDUCED AMT {tick} FROM:  {amt} TO: {available}"),
                false,
            );
            amt = available.clone();
        }
        if amt.gt(&lim) {
            Self::set_status(
                rec,
                "ODL",
                format!("REDUCED AMT {tick} FROM:  {amt} TO: {lim}"),
                false,
            );
            amt = lim.clone();
        }
        rec.amt = Some(amt);
        let tick_hash = rec.tick_hash.clone().unwrap_or_default();
        let destination = rec.ctx.destination.clone();
        let balance = self
            .balances(&tick, &tick_hash, &[destination.as_str()], state)
            .into_iter()
            .next()
            .map_or_else(PyDecimal::zero, |(_, b)| b);
        let Some(amt) = Self::checked_amount(rec, deploy.dec)? else {
            return Ok(());
        };
        rec.total_minted = Some(total.add(&amt).map_err(err)?);
        rec.total_balance_destination = Some(balance.add(&amt).map_err(err)?);
        rec.valid = true;
        Ok(())
    }

    fn transfer(
        &self,
        rec: &mut Src20Record,
        deploy: Option<Deploy>,
        state: &dyn Src20State,
    ) -> Result<(), Raised> {
        let err = |e: py::DecimalError| Raised(e.to_string());
        let dec = deploy.map_or(18, |d| d.dec);
        let tick = rec.tick.clone().unwrap_or_default();
        let tick_hash = rec.tick_hash.clone().unwrap_or_default();
        let creator = rec.ctx.creator.clone();
        let destination = rec.ctx.destination.clone();
        let addresses: Vec<&str> = if creator == destination {
            vec![creator.as_str()]
        } else {
            vec![creator.as_str(), destination.as_str()]
        };
        let balances = self.balances(&tick, &tick_hash, &addresses, state);
        let lookup = |a: &str| {
            balances
                .iter()
                .find(|(addr, _)| addr == a)
                .map_or_else(PyDecimal::zero, |(_, b)| b.clone())
        };
        let creator_balance = lookup(&creator);
        let destination_balance = lookup(&destination);
        let amt = rec.amt.clone().unwrap_or_else(PyDecimal::zero);
        if creator_balance.lt(&amt) {
            Self::set_status(
                rec,
                "BB",
                format!("INVALID XFR {tick} - total_balance {creator_balance} < xfer amt {amt}"),
                true,
            );
            return Ok(());
        }
        let Some(amt) = Self::checked_amount(rec, dec)? else {
            return Ok(());
        };
        rec.total_balance_creator = Some(creator_balance.sub(&amt).map_err(err)?);
        rec.total_balance_destination = Some(destination_balance.add(&amt).map_err(err)?);
        rec.valid = true;
        Ok(())
    }

    /// The block's balance changes (`update_src20_balances`), in first-touch order, with the balances
    /// before the block from `state`. `Err` where Python's decimal arithmetic raises.
    pub fn balance_updates(
        &self,
        state: &dyn Src20State,
    ) -> Result<Vec<BalanceUpdate>, py::DecimalError> {
        let mut updates: Vec<BalanceUpdate> = Vec::new();
        let touch = |updates: &mut Vec<BalanceUpdate>,
                     tick: &str,
                     hash: &str,
                     address: &str,
                     amt: &PyDecimal,
                     credit: bool|
         -> Result<(), py::DecimalError> {
            let i = match updates
                .iter()
                .position(|u| u.tick == tick && u.tick_hash == hash && u.address == address)
            {
                Some(i) => i,
                None => {
                    updates.push(BalanceUpdate {
                        tick: tick.to_owned(),
                        tick_hash: hash.to_owned(),
                        address: address.to_owned(),
                        credit: PyDecimal::zero(),
                        debit: PyDecimal::zero(),
                        net_change: PyDecimal::zero(),
                        original: PyDecimal::zero(),
                        new_total: PyDecimal::zero(),
                    });
                    updates.len() - 1
                }
            };
            let u = &mut updates[i];
            if credit {
                u.credit = u.credit.add(amt)?;
            } else {
                u.debit = u.debit.add(amt)?;
            }
            Ok(())
        };
        for r in &self.records {
            let (Some(tick), Some(hash), Some(amt)) = (&r.tick, &r.tick_hash, &r.amt) else {
                continue;
            };
            if !r.valid {
                continue;
            }
            let amt = PyDecimal::parse(&amt.to_string()).unwrap_or_else(|| amt.clone());
            match r.op.as_deref() {
                Some("MINT") => touch(&mut updates, tick, hash, &r.ctx.destination, &amt, true)?,
                Some("TRANSFER") => {
                    touch(&mut updates, tick, hash, &r.ctx.creator, &amt, false)?;
                    touch(&mut updates, tick, hash, &r.ctx.destination, &amt, true)?;
                }
                _ => {}
            }
        }
        for u in &mut updates {
            u.net_change = u.credit.sub(&u.debit)?;
            u.original = state
                .balance(&u.tick, &u.address)
                .unwrap_or_else(PyDecimal::zero);
            u.new_total = u.net_change.add(&u.original)?;
        }
        Ok(updates)
    }
}

/// `format_decimal`: a normalised amount without exponent or trailing zeros.
pub fn format_decimal(amount: &PyDecimal) -> Result<String, py::DecimalError> {
    let n = amount.normalize()?;
    if let Some(int) = n.integral_digits() {
        return Ok(int);
    }
    let s = n.format_f();
    let s = s.trim_end_matches('0').trim_end_matches('.');
    Ok(if s.is_empty() { "0".into() } else { s.into() })
}

/// `process_balance_updates`: `tick,address,amount` per touched balance (tick un-escaped, amount the new
/// total), sorted by `tick_address`, joined with `;`.
pub fn valid_src20_str(updates: &[BalanceUpdate]) -> Result<String, py::DecimalError> {
    let mut entries: Vec<(String, String)> = Vec::with_capacity(updates.len());
    for u in updates {
        let tick = if u.tick.contains('\\') {
            py::unicode_unescape(&u.tick).unwrap_or_else(|| u.tick.clone())
        } else {
            u.tick.clone()
        };
        let amount = format_decimal(&u.new_total.normalize()?)?;
        let key = format!("{tick}_{}", u.address);
        entries.push((key, format!("{tick},{},{amount}", u.address)));
    }
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(entries
        .into_iter()
        .map(|(_, e)| e)
        .collect::<Vec<_>>()
        .join(";"))
}

/// The SRC-20 ledger hash of a block (`check.consensus_hash` for `ledger_hash`): `sha256(e3b0…)` constant at
/// the SRC-20 genesis block; otherwise `sha256_hex(previous + valid_src20_str)` when the block changed
/// balances, where `previous` is the last non-empty ledger hash (the genesis constant right after genesis);
/// otherwise `""`.
pub fn ledger_hash(
    height: u64,
    rules: Rules,
    previous_nonempty: &str,
    valid_src20_str: &str,
) -> String {
    const EMPTY: &str = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    let genesis = Change::CpSrc20Genesis
        .activation(rules.network())
        .unwrap_or(u64::MAX);
    if height == genesis {
        return EMPTY.into();
    }
    if height < genesis || valid_src20_str.is_empty() {
        return String::new();
    }
    let previous = if height == genesis.saturating_add(1) {
        EMPTY
    } else {
        previous_nonempty
    };
    let digest = sha256::Hash::hash(format!("{previous}{valid_src20_str}").as_bytes());
    digest.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tick_set_is_the_reference_list() {
        let count: u32 = SUPPORTED_UNICODE.iter().map(|(a, b)| b - a + 1).sum();
        assert_eq!(count, 1154);
        assert!(tick_char_allowed('🐶'));
        assert!(!tick_char_allowed('\u{1F322}'));
        assert!(!tick_char_allowed(','));
        assert!(tick_char_allowed('~'));
    }

    #[test]
    fn tick_normalisation() {
        assert_eq!(normalize_tick("🐶"), "\\U0001f436");
        assert_eq!(normalize_tick("NiVeK"), "nivek");
        assert_eq!(
            tick_hash("KEVIN"),
            "9769ee76c3860c370f0914c472886a25f39d34cd9f1a3fe7751df92b3d439409"
        );
        assert_eq!(
            repair_tick("\u{f0}\u{9f}\u{90}\u{b6}").as_deref(),
            Some("🐶")
        );
        assert_eq!(repair_tick("\u{ff}"), None);
    }

    #[test]
    fn ledger_string_format() {
        let d = |s: &str| PyDecimal::parse(s).expect("d");
        assert_eq!(
            format_decimal(&d("1000.000000000000000000")).expect("f"),
            "1000"
        );
        assert_eq!(format_decimal(&d("0.500")).expect("f"), "0.5");
        assert_eq!(format_decimal(&d("1E+3")).expect("f"), "1000");
        let updates = vec![
            BalanceUpdate {
                tick: "\\U0001f436".into(),
                tick_hash: String::new(),
                address: "bc1b".into(),
                credit: d("1"),
                debit: d("0"),
                net_change: d("1"),
                original: d("0"),
                new_total: d("1.50"),
            },
            BalanceUpdate {
                tick: "abc".into(),
                tick_hash: String::new(),
                address: "bc1a".into(),
                credit: d("1"),
                debit: d("0"),
                net_change: d("1"),
                original: d("0"),
                new_total: d("2E+1"),
            },
        ];
        assert_eq!(
            valid_src20_str(&updates).expect("s"),
            "abc,bc1a,20;🐶,bc1b,1.5"
        );
        assert_eq!(
            ledger_hash(788_041, Rules::MAINNET, "", ""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(ledger_hash(788_050, Rules::MAINNET, "x", ""), "");
        assert_eq!(ledger_hash(788_050, Rules::MAINNET, "x", "a").len(), 64);
    }
}
