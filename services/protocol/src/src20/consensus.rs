//! The consensus string of a block's SRC-20 balances and the ledger hash chained over it.

use bitcoin::hashes::{Hash, sha256};

use super::*;

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
