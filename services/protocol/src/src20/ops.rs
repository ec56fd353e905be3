//! DEPLOY, MINT and TRANSFER as the reference's `Src20Processor` applies them, and the block's balance changes.

use super::*;

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
