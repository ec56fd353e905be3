//! The mint calls: each gathers the terms from the catalogue (what the ledger says now), checks the request against
//! them with the reference's rules, and answers the unsigned transactions of [`crate::mint`], or refuses with the
//! text to show and builds nothing.

use bitcoin::ScriptBuf;
use serde_json::Value;
use stamps_proto::catalogue::v1::{FairmintTerms, LaunchpadTerms, MintTermsRequest, Src20Terms};
use stamps_proto::wallet::v1 as pb;
use tonic::Status;

use crate::buy::{self, Built, Coin};
use crate::draws::{Draws, fresh_asset_id};
use crate::grpc::{NATIVE_SEGWIT, WalletGrpc, unavailable};
use crate::mint::{self, Carried};
use crate::money;

/// The most mints one launchpad request makes.
pub const MAX_TIMES: u32 = 10;
/// How long the node's tip height is used before it is asked again.
const TIP_KEPT: std::time::Duration = std::time::Duration::from_secs(1);
/// How long the promotion's transaction count is used before the node is asked again.
pub const PROMO_KEPT: std::time::Duration = std::time::Duration::from_secs(5);

pub(crate) fn refuse(text: impl Into<String>) -> Status {
    Status::invalid_argument(text.into())
}

/// A base-unit quantity as the catalogue writes it (a whole number).
fn units(text: &str) -> u64 {
    text.parse().unwrap_or(0)
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// Why a fairmint of `quantity` is refused by `f`'s terms at the next block, as `fairmint.py` validates it.
pub fn fairmint_refusal(f: &FairmintTerms, quantity: u64) -> Option<String> {
    let next = f.tip + 1;
    if f.status != "open" || (f.start_block > 0 && next < f.start_block) {
        return Some(format!("The fairminter of {} is not open", f.asset));
    }
    if f.end_block > 0 && next > f.end_block {
        return Some(format!("The fairminter of {} has ended", f.asset));
    }
    let (price, lot, cap) = (
        units(&f.price),
        units(&f.quantity_by_price).max(1),
        units(&f.hard_cap),
    );
    let (per_tx, per_address) = (units(&f.max_mint_per_tx), units(&f.max_mint_per_address));
    let supply = units(&f.supply);
    let asked = if price > 0 { quantity } else { per_tx };
    if per_address > 0
        && u128::from(units(&f.minted_by_address)) + u128::from(asked) > u128::from(per_address)
    {
        return Some("The quantity exceeds the maximum allowed per address".into());
    }
    if price == 0 {
        if quantity > 0 {
            return Some("A free fairmint takes no quantity".into());
        }
        if cap > 0 && supply >= cap {
            return Some(format!("{} is minted out", f.asset));
        }
        return None;
    }
    if quantity == 0 {
        return Some("The quantity must be greater than 0".into());
    }
    if per_tx > 0 && quantity > per_tx {
        return Some(format!("At most {per_tx} per mint"));
    }
    if !quantity.is_multiple_of(lot) {
        return Some(format!("The quantity must be a multiple of {lot}"));
    }
    if cap > 0 && u128::from(supply) + u128::from(quantity) > u128::from(cap) {
        return Some(format!("Only {} left to mint", cap.saturating_sub(supply)));
    }
    let cost = (u128::from(quantity) * u128::from(price)).div_ceil(u128::from(lot));
    if u128::from(units(&f.xcp_balance)) < cost {
        return Some("Insufficient XCP balance".into());
    }
    None
}

/// The phase a launchpad is in at `now`: its fee per mint and the mints it allows `times` (or why not).
#[derive(Debug, PartialEq, Eq)]
pub struct Phase {
    /// Satoshis to the owner per mint.
    pub fee: u64,
    /// Mints still allowed to the address now.
    pub allowed: u64,
}

/// The launchpad's phase at `now` for the terms' address: a whitelist round running in which it is listed (within
/// its share and the round's limit), else the free window, else the public window. An address a running round does
/// not list, or whose share is used, mints only in an open free or public window.
pub fn launchpad_phase(t: &LaunchpadTerms, now: u64) -> Result<Phase, String> {
    let left = t.max.saturating_sub(t.minted);
    if left == 0 {
        return Err("Minted out".into());
    }
    let per_mint = t.quantity_per_mint.max(1);
    let mut refusal = None;
    if let Some(r) = t.rounds.iter().find(|r| r.start <= now && now < r.end) {
        if r.holds == 0 {
            refusal = Some("Your address is not eligible for this whitelist round");
        } else {
            let share = r.limit_per_hold.saturating_mul(r.holds);
            let allowed = share
                .saturating_sub(r.minted_by_address)
                .min(r.limit.saturating_sub(r.minted))
                .min(left)
                .min(per_mint);
            if allowed > 0 {
                return Ok(Phase {
                    fee: r.fee,
                    allowed,
                });
            }
            refusal = Some("The whitelist limit is reached");
        }
    }
    let allowed = left.min(per_mint);
    if t.has_free_mint && t.free_start <= now && now < t.free_end {
        return Ok(Phase { fee: 0, allowed });
    }
    if t.public_start <= now && now < t.public_end {
        return Ok(Phase {
            fee: t.fee,
            allowed,
        });
    }
    Err(match refusal {
        Some(text) => text.into(),
        None if now < t.public_start => "The mint has not started".into(),
        None => "The mint is closed".into(),
    })
}

/// The whitelist answer at `now`: the rounds (indexes into the launchpad's whitelist) whose groups the address
/// holds, among those running or to come (or, when every round is over, among all); with the first one's share of
/// mints and what the address minted in it. No round lists it: -1.
pub fn whitelist_answer(t: &LaunchpadTerms, now: u64) -> pb::WhitelistResponse {
    let current: Vec<usize> = (0..t.rounds.len())
        .filter(|&i| t.rounds[i].end > now)
        .collect();
    let considered = if current.is_empty() {
        (0..t.rounds.len()).collect()
    } else {
        current
    };
    let listed: Vec<usize> = considered
        .into_iter()
        .filter(|&i| t.rounds[i].holds > 0)
        .collect();
    let Some(r) = listed.first().map(|&i| &t.rounds[i]) else {
        return pb::WhitelistResponse {
            rounds: vec![-1],
            ..pb::WhitelistResponse::default()
        };
    };
    pb::WhitelistResponse {
        rounds: listed
            .iter()
            .map(|&i| i64::try_from(i).unwrap_or(i64::MAX))
            .collect(),
        max: r.limit_per_hold.saturating_mul(r.holds).min(r.limit),
        minted: r.minted_by_address,
        error: String::new(),
    }
}

impl WalletGrpc {
    /// The source (a P2WPKH address of the network) as text and script.
    fn minter(&self, source: &str) -> Result<(String, ScriptBuf), Status> {
        let a = buy::address(source.trim(), self.network)
            .filter(|a| a.script_pubkey().is_p2wpkh())
            .ok_or_else(|| refuse(NATIVE_SEGWIT))?;
        Ok((a.to_string(), a.script_pubkey()))
    }

    /// The height the next block will have: what messages are packed for (a message's form changes only at a
    /// protocol change's height, so a tip read up to [`TIP_KEPT`] ago does).
    async fn next_height(&self) -> Result<u64, Status> {
        let tip = self
            .tip
            .get(TIP_KEPT, async {
                let tip = self
                    .node
                    .api_json("/api/blocks/tip/height")
                    .await
                    .map_err(|e| unavailable("the node", e))?;
                tip.as_u64()
                    .ok_or_else(|| unavailable("the node", "no tip height"))
            })
            .await?;
        Ok(tip + 1)
    }

    async fn terms<T>(
        &self,
        call: impl std::future::Future<Output = Result<tonic::Response<T>, Status>>,
    ) -> Result<std::sync::Arc<T>, Status> {
        match call.await {
            Ok(r) => Ok(std::sync::Arc::new(r.into_inner())),
            Err(s) if s.code() == tonic::Code::NotFound => Err(refuse(s.message())),
            Err(s) if s.code() == tonic::Code::InvalidArgument => Err(refuse(s.message())),
            Err(e) => Err(unavailable("the catalogue", e)),
        }
    }

    /// Builds `carried` one after another from the minter's free coins.
    fn answer(
        carried: &[Carried],
        minter: &(String, ScriptBuf),
        mut coins: Vec<Coin>,
        fee_rate: u64,
    ) -> Result<pb::CreateMintResponse, Status> {
        let mut built: Vec<Built> = Vec::with_capacity(carried.len());
        for c in carried {
            built.push(mint::build(c, &minter.1, &mut coins, fee_rate).map_err(refuse)?);
        }
        Ok(pb::CreateMintResponse {
            assets: carried.iter().map(|c| c.label.clone()).collect(),
            txs: built
                .into_iter()
                .map(|b| crate::grpc::built_tx(b, &minter.0))
                .collect(),
            fee_rate,
        })
    }

    pub(crate) async fn create_fairmint(
        &self,
        r: pb::CreateFairmintRequest,
    ) -> Result<pb::CreateMintResponse, Status> {
        let minter = self.minter(&r.source)?;
        let quantity: u64 = r
            .quantity
            .trim()
            .parse()
            .map_err(|_| refuse("The quantity must be a whole number of base units"))?;
        money::quantity(quantity, "The quantity").map_err(refuse)?;
        let key = (r.asset.trim().to_owned(), minter.0.clone());
        let mut catalogue = self.catalogue.clone();
        let (terms, fee_rate, coins) = tokio::try_join!(
            self.kept.fairmint.get_or(
                key.clone(),
                self.terms(catalogue.fairmint_terms(request(key)))
            ),
            self.fee_rate(r.fee_rate),
            self.free_coins(&minter.0),
        )?;
        if let Some(text) = fairmint_refusal(&terms, quantity) {
            return Err(refuse(text));
        }
        let carried =
            mint::fairmint(&terms.asset, quantity, terms.tip + 1, &self.fee_to).map_err(refuse)?;
        Self::answer(&[carried], &minter, coins, fee_rate)
    }

    pub(crate) async fn create_stamp(
        &self,
        r: pb::CreateStampRequest,
    ) -> Result<pb::CreateMintResponse, Status> {
        let minter = self.minter(&r.source)?;
        if r.quantity == 0 {
            return Err(refuse("The quantity must be at least 1"));
        }
        money::quantity(r.quantity, "The quantity").map_err(refuse)?;
        let (height, fee_rate, coins) = tokio::try_join!(
            self.next_height(),
            self.fee_rate(r.fee_rate),
            self.free_coins(&minter.0),
        )?;
        let mut carried = mint::stamp(
            fresh_asset_id(),
            &r.file,
            r.quantity,
            r.locked,
            r.divisible,
            height,
        )
        .map_err(refuse)?;
        carried.service = vec![(self.fee_to.clone(), buy::wallet_fee(0, 1, fee_rate))];
        Self::answer(&[carried], &minter, coins, fee_rate)
    }

    /// A send: bitcoin paid to the destination, or a Counterparty asset moved by an enhanced send (its message
    /// names the destination), checked against the sender's balance in the ledger.
    pub(crate) async fn create_send(
        &self,
        r: pb::CreateSendRequest,
    ) -> Result<pb::CreateMintResponse, Status> {
        let minter = self.minter(&r.source)?;
        let destination = r.destination.trim();
        let to = buy::address(destination, self.network)
            .ok_or_else(|| refuse("Invalid destination address"))?
            .script_pubkey();
        let quantity: u64 = r
            .quantity
            .trim()
            .parse()
            .ok()
            .filter(|q| *q > 0)
            .ok_or_else(|| {
                refuse("The quantity must be a whole number of base units, at least 1")
            })?;
        let asset = r.asset.trim();
        let carried = if asset.eq_ignore_ascii_case("BTC") {
            money::sats(quantity, "The quantity").map_err(refuse)?;
            if quantity < mint::SEND_DUST {
                return Err(refuse(format!("At least {} satoshis", mint::SEND_DUST)));
            }
            mint::send_bitcoin(to, quantity)
        } else {
            money::quantity(quantity, "The quantity").map_err(refuse)?;
            let mut catalogue = self.catalogue.clone();
            let terms = self
                .terms(catalogue.send_terms(request((asset.to_owned(), minter.0.clone()))))
                .await?;
            if mint::cmp_decimal(&terms.balance, &quantity.to_string()) == std::cmp::Ordering::Less
            {
                return Err(refuse(format!(
                    "You hold {} of {}",
                    terms.balance, terms.asset
                )));
            }
            mint::send_asset(&terms.asset, quantity, destination, terms.tip + 1).map_err(refuse)?
        };
        let (fee_rate, coins) =
            tokio::try_join!(self.fee_rate(r.fee_rate), self.free_coins(&minter.0))?;
        Self::answer(&[carried], &minter, coins, fee_rate)
    }

    pub(crate) async fn create_src20(
        &self,
        r: pb::CreateSrc20Request,
    ) -> Result<pb::CreateMintResponse, Status> {
        let minter = self.minter(&r.source)?;
        let tick = r.tick.trim();
        let length = tick.chars().count();
        if length == 0 || length > 5 || !tick.chars().all(stamps_protocol::src20::tick_char_allowed)
        {
            return Err(refuse("A tick is 1 to 5 characters"));
        }
        let key = (tick.to_owned(), minter.0.clone());
        let mut catalogue = self.catalogue.clone();
        let (terms, fee_rate, coins, promo_left) = tokio::try_join!(
            self.kept
                .src20
                .get_or(key.clone(), self.terms(catalogue.src20_terms(request(key)))),
            self.fee_rate(r.fee_rate),
            self.free_coins(&minter.0),
            async {
                if r.promo {
                    self.promo_left().await.map(Some)
                } else {
                    Ok(None)
                }
            },
        )?;
        let (json, beneficiary) = src20_operation(&r, &terms, self.network, &minter.1)?;
        let mut carried = mint::src20(&json, &beneficiary, &terms.tick).map_err(refuse)?;
        // The service fee, at the promotional price while it lasts (paid to the promotion's address, whose
        // transactions count the promotion), plus the flat fee (SRC-20 deploys name no royalty).
        carried.service = match (promo_left, &self.promo) {
            (Some(left), Some((_, promo_to))) if left > 0 => vec![
                (promo_to.clone(), mint::SRC20_PROMO_FEE),
                (self.fee_to.clone(), mint::SRC20_NO_ROYALTY_FEE),
            ],
            (Some(_), _) => return Err(refuse("The promotion is over")),
            (None, _) => vec![(
                self.fee_to.clone(),
                mint::SRC20_FEE + mint::SRC20_NO_ROYALTY_FEE,
            )],
        };
        Self::answer(&[carried], &minter, coins, fee_rate)
    }

    pub(crate) async fn create_launchpad_mint(
        &self,
        r: pb::CreateLaunchpadMintRequest,
    ) -> Result<pb::CreateMintResponse, Status> {
        let minter = self.minter(&r.source)?;
        if r.times == 0 || r.times > MAX_TIMES {
            return Err(refuse(format!("Mint 1 to {MAX_TIMES} at a time")));
        }
        let key = (r.collection.trim().to_owned(), minter.0.clone());
        let mut catalogue = self.catalogue.clone();
        let (terms, fee_rate, coins, height) = tokio::try_join!(
            self.kept.launchpad.get_or(
                key.clone(),
                self.terms(catalogue.launchpad_terms(request(key)))
            ),
            self.fee_rate(r.fee_rate),
            self.free_coins(&minter.0),
            self.next_height(),
        )?;
        let phase = launchpad_phase(&terms, now_ms()).map_err(refuse)?;
        if u64::from(r.times) > phase.allowed {
            return Err(refuse(format!("You can mint {} now", phase.allowed)));
        }
        let owner_to = if terms.owner.is_empty() || phase.fee == 0 {
            None
        } else {
            Some(
                buy::address(&terms.owner, self.network)
                    .ok_or_else(|| refuse("The collection's owner has no address to pay"))?
                    .script_pubkey(),
            )
        };
        let mut draws = Draws::of(&terms)?;
        let mut carried = Vec::new();
        for _ in 0..r.times {
            let (asset_id, file) = draws.next(&terms, &self.content).await?;
            let mut c = mint::stamp(asset_id, &file, 1, true, false, height).map_err(refuse)?;
            c.service = vec![(self.fee_to.clone(), mint::LAUNCHPAD_FEE)];
            // A directory's launchpad (no owner) pays its fee to the house.
            if phase.fee > 0 {
                c.royalties = vec![(
                    owner_to.clone().unwrap_or_else(|| self.fee_to.clone()),
                    phase.fee,
                )];
            }
            carried.push(c);
        }
        Self::answer(&carried, &minter, coins, fee_rate)
    }

    /// A listing cancelled on chain ([`buy::build_move`]): the UTXO must be the source's and hold assets.
    pub(crate) async fn create_move(
        &self,
        r: pb::CreateMoveRequest,
    ) -> Result<pb::CreateMintResponse, Status> {
        let minter = self.minter(&r.source)?;
        let utxo: bitcoin::OutPoint = r
            .utxo
            .trim()
            .parse()
            .map_err(|_| refuse("utxo: a UTXO, txid:vout"))?;
        let (fee_rate, mut coins, out, held) = tokio::try_join!(
            self.fee_rate(r.fee_rate),
            self.free_coins(&minter.0),
            self.unspent(&utxo),
            self.held(vec![utxo.to_string()]),
        )?;
        let Some(out) = out else {
            return Err(refuse("The UTXO is spent"));
        };
        if out.script != minter.1 {
            return Err(refuse("The UTXO is not this address's"));
        }
        if !held.contains(&utxo.to_string()) {
            return Err(refuse("The UTXO holds no asset"));
        }
        let coin = Coin {
            outpoint: utxo,
            value: out.value,
            confirmed: out.confirmed,
        };
        let built = buy::build_move(&coin, &minter.1, &mut coins, fee_rate).map_err(refuse)?;
        Ok(pb::CreateMintResponse {
            txs: vec![crate::grpc::built_tx(built, &minter.0)],
            fee_rate,
            assets: Vec::new(),
        })
    }

    pub(crate) async fn whitelist(
        &self,
        r: pb::WhitelistRequest,
    ) -> Result<pb::WhitelistResponse, Status> {
        let address = r.address.trim();
        if buy::address(address, self.network).is_none() {
            return Err(refuse("Invalid address"));
        }
        let key = (r.collection.trim().to_owned(), address.to_owned());
        let mut catalogue = self.catalogue.clone();
        let terms = self.kept.launchpad.get_or(key.clone(), async {
            Ok(std::sync::Arc::new(
                catalogue.launchpad_terms(request(key)).await?.into_inner(),
            ))
        });
        match terms.await {
            Ok(t) => Ok(whitelist_answer(&t, now_ms())),
            Err(s) if s.code() == tonic::Code::NotFound => Ok(pb::WhitelistResponse {
                rounds: vec![-1],
                error: s.message().to_owned(),
                ..pb::WhitelistResponse::default()
            }),
            Err(s) if s.code() == tonic::Code::InvalidArgument => Err(refuse(s.message())),
            Err(e) => Err(unavailable("the catalogue", e)),
        }
    }

    /// Promotional mints left: [`mint::PROMO_LIMIT`] less the promotion address's transactions (0 without one).
    pub(crate) async fn promo_left(&self) -> Result<u64, Status> {
        let Some((address, _)) = &self.promo else {
            return Ok(0);
        };
        let count = self
            .promo_count
            .get(PROMO_KEPT, async {
                let stats = self
                    .node
                    .api_json(&format!("/api/address/{address}"))
                    .await
                    .map_err(|e| unavailable("the node", e))?;
                let count = |k: &str| stats.pointer(k).and_then(Value::as_u64).unwrap_or(0);
                Ok(count("/chain_stats/tx_count") + count("/mempool_stats/tx_count"))
            })
            .await?;
        Ok(mint::PROMO_LIMIT.saturating_sub(count))
    }
}

/// The catalogue's request for the terms of `key.0` as they apply to the address `key.1`.
fn request((key, address): (String, String)) -> MintTermsRequest {
    MintTermsRequest { key, address }
}

/// An SRC-20 request checked against its tick's terms: the operation's JSON and who output 0 pays.
fn src20_operation(
    r: &pb::CreateSrc20Request,
    t: &Src20Terms,
    network: bitcoin::Network,
    minter: &ScriptBuf,
) -> Result<(String, ScriptBuf), Status> {
    let tick = r.tick.trim();
    let quoted = |s: &str| Value::String(s.to_owned()).to_string();
    match r.op.as_str() {
        "mint" => {
            if !t.deployed {
                return Err(refuse(format!("{tick} is not deployed")));
            }
            let amt = mint::amount(&r.amount, t.dec).map_err(refuse)?;
            let left = if mint::cmp_decimal(&t.minted, &t.max).is_lt() {
                mint::sub_decimal(&t.max, &t.minted)
            } else {
                return Err(refuse(format!("{tick} is minted out")));
            };
            if mint::cmp_decimal(&amt, &t.lim).is_gt() {
                return Err(refuse(format!("The amount is over the limit of {}", t.lim)));
            }
            if mint::cmp_decimal(&amt, &left).is_gt() {
                return Err(refuse(format!("Only {left} left to mint")));
            }
            let json = format!(
                r#"{{"p":"src-20","op":"mint","tick":{},"amt":{}}}"#,
                quoted(tick),
                quoted(&amt)
            );
            Ok((json, minter.clone()))
        }
        "deploy" => {
            if t.deployed {
                return Err(refuse(format!("{tick} is already deployed")));
            }
            let dec = if r.dec > 18 {
                return Err(refuse("At most 18 decimals"));
            } else {
                r.dec
            };
            let max = mint::amount(&r.max, dec).map_err(|e| refuse(format!("max: {e}")))?;
            let lim = mint::amount(&r.lim, dec).map_err(|e| refuse(format!("lim: {e}")))?;
            if mint::cmp_decimal(&lim, &max).is_gt() {
                return Err(refuse("The limit is over the supply"));
            }
            let json = format!(
                r#"{{"p":"src-20","op":"deploy","tick":{},"max":{},"lim":{},"dec":{}}}"#,
                quoted(tick),
                quoted(&max),
                quoted(&lim),
                quoted(&dec.to_string())
            );
            Ok((json, minter.clone()))
        }
        "transfer" => {
            if !t.deployed {
                return Err(refuse(format!("{tick} is not deployed")));
            }
            let amt = mint::amount(&r.amount, t.dec).map_err(refuse)?;
            if mint::cmp_decimal(&amt, &t.balance).is_gt() {
                return Err(refuse(format!(
                    "The amount is over your balance of {}",
                    t.balance
                )));
            }
            let to = buy::address(r.destination.trim(), network)
                .ok_or_else(|| refuse("Invalid address"))?
                .script_pubkey();
            if &to == minter {
                return Err(refuse("A transfer goes to another address"));
            }
            let json = format!(
                r#"{{"p":"src-20","op":"transfer","tick":{},"amt":{}}}"#,
                quoted(tick),
                quoted(&amt)
            );
            Ok((json, to))
        }
        _ => Err(refuse("type: mint, deploy or transfer")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use stamps_proto::catalogue::v1::WhitelistRound;

    fn open() -> FairmintTerms {
        FairmintTerms {
            asset: "FAIR".into(),
            status: "open".into(),
            price: "10000000".into(),
            quantity_by_price: "1000".into(),
            hard_cap: "0".into(),
            max_mint_per_tx: "10000".into(),
            max_mint_per_address: "0".into(),
            supply: "5000".into(),
            minted_by_address: "0".into(),
            xcp_balance: "100000000".into(),
            tip: 900_000,
            ..FairmintTerms::default()
        }
    }

    #[test]
    fn fairmints_follow_the_fairminters_terms() {
        assert_eq!(fairmint_refusal(&open(), 3000), None);
        assert!(fairmint_refusal(&open(), 1500).is_some_and(|t| t.contains("multiple of 1000")));
        assert!(fairmint_refusal(&open(), 20_000).is_some_and(|t| t.contains("At most 10000")));
        assert!(fairmint_refusal(&open(), 0).is_some());
        // 6 lots at 0.1 XCP is 0.6 XCP: more than the 0.5 XCP held.
        let poor = FairmintTerms {
            xcp_balance: "50000000".into(),
            ..open()
        };
        assert_eq!(fairmint_refusal(&poor, 5000), None);
        assert_eq!(
            fairmint_refusal(&poor, 6000).as_deref(),
            Some("Insufficient XCP balance")
        );
        let closed = FairmintTerms {
            status: "closed".into(),
            ..open()
        };
        assert!(fairmint_refusal(&closed, 1000).is_some_and(|t| t.contains("not open")));
        let free = FairmintTerms {
            price: "0".into(),
            hard_cap: "20000".into(),
            supply: "20000".into(),
            ..open()
        };
        assert!(fairmint_refusal(&free, 0).is_some_and(|t| t.contains("minted out")));
        assert!(fairmint_refusal(&free, 5).is_some());
    }

    fn pad() -> LaunchpadTerms {
        LaunchpadTerms {
            collection_id: "c".into(),
            max: 100,
            quantity_per_mint: 3,
            fee: 30_000,
            public_start: 1000,
            public_end: 5000,
            has_free_mint: true,
            free_start: 1000,
            free_end: 2000,
            rounds: vec![WhitelistRound {
                start: 500,
                end: 1000,
                fee: 0,
                limit: 10,
                limit_per_hold: 1,
                minted: 9,
                minted_by_address: 0,
                holds: 2,
            }],
            minted: 10,
            ..LaunchpadTerms::default()
        }
    }

    #[test]
    fn a_launchpad_mints_by_its_windows_and_whitelist() {
        assert_eq!(
            launchpad_phase(&pad(), 100),
            Err("The mint has not started".into())
        );
        // The round: 2 holds × 1, but the round has 1 left of its 10.
        assert_eq!(
            launchpad_phase(&pad(), 600),
            Ok(Phase { fee: 0, allowed: 1 })
        );
        let mut unlisted = pad();
        unlisted.rounds[0].holds = 0;
        assert!(launchpad_phase(&unlisted, 600).is_err());
        let mut full = pad();
        full.rounds[0].minted_by_address = 2;
        assert_eq!(
            launchpad_phase(&full, 600),
            Err("The whitelist limit is reached".into())
        );
        assert_eq!(
            launchpad_phase(&pad(), 1500),
            Ok(Phase { fee: 0, allowed: 3 })
        );
        assert_eq!(
            launchpad_phase(&pad(), 3000),
            Ok(Phase {
                fee: 30_000,
                allowed: 3
            })
        );
        assert_eq!(
            launchpad_phase(&pad(), 5000),
            Err("The mint is closed".into())
        );
        let mut out = pad();
        out.minted = 100;
        assert_eq!(launchpad_phase(&out, 3000), Err("Minted out".into()));
    }

    #[test]
    fn the_whitelist_answers_the_rounds_listing_the_address() {
        let a = whitelist_answer(&pad(), 100);
        assert_eq!((a.rounds, a.max, a.minted), (vec![0], 2, 0));
        let mut unlisted = pad();
        unlisted.rounds[0].holds = 0;
        assert_eq!(whitelist_answer(&unlisted, 600).rounds, vec![-1]);
        // Every round over: still answered by what the address holds.
        assert_eq!(whitelist_answer(&pad(), 1500).rounds, vec![0]);
        let mut two = pad();
        two.rounds.push(WhitelistRound {
            start: 2000,
            end: 3000,
            ..two.rounds[0]
        });
        assert_eq!(whitelist_answer(&two, 600).rounds, vec![0, 1]);
        assert_eq!(whitelist_answer(&two, 1500).rounds, vec![1]);
    }
}
