//! The SRC-20 state a block is judged against: first deploys, minted totals, balances.

use super::*;

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

impl MemoryState {
    /// Applies a decoded block's SRC-20 outcome ([`crate::block::DecodedBlock`]): new deploys, minted totals
    /// and the new balances.
    pub fn apply_decoded(&mut self, block: &crate::block::DecodedBlock) {
        for op in block.src20.iter().filter(|o| o.valid) {
            let Some(tick) = op.tick.clone() else {
                continue;
            };
            let parse = |v: &Option<String>| v.as_deref().and_then(PyDecimal::parse);
            match op.op.as_deref() {
                Some("DEPLOY") => {
                    if let (Some(lim), Some(max)) = (parse(&op.lim), parse(&op.max)) {
                        self.deploys.entry(tick).or_insert(Deploy {
                            lim,
                            max,
                            dec: op.dec.unwrap_or(18),
                        });
                    }
                }
                Some("MINT") => {
                    if let Some(amt) = parse(&op.amt) {
                        let total = self.total_minted(&tick);
                        let new = total.add(&amt).unwrap_or(total);
                        self.minted.insert(tick, new);
                    }
                }
                _ => {}
            }
        }
        for u in &block.src20_balances {
            self.balances
                .insert((u.tick.clone(), u.address.clone()), u.new_total.clone());
        }
    }
}
