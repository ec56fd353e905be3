//! A purchase from dispensers as one transaction: which orders can be bought and for what, the outputs they
//! need, the buyer's coins that pay, and the unsigned PSBT. Pure: the service gathers the dispensers, the coins
//! and the fee rate, this decides.
//!
//! Layout (WALLET-AUTH §3.3): the buyer's coins are the inputs, so input 0 is the buyer (the source, credited with
//! what the dispensers give, and the ARC4 key of the message); then the first dispenser paid, the `dispense`
//! message in an OP_RETURN, the second dispenser (the reference looks at one output after the data, so a
//! transaction pays at most two: a larger cart is a chain of transactions), the royalties, the wallet fee and the
//! change. Every output that pays an address
//! with an open dispenser triggers it, except outputs to the buyer: an order whose dispenser shares its address
//! with another open dispenser, or whose royalty would pay one, is refused, never silently widened.
//!
//! Coin selection is deterministic: confirmed coins before unconfirmed, larger before smaller, then by
//! outpoint; coins are added in that order until they pay the outputs and the fee of the transaction with a
//! change output; change below the P2WPKH dust threshold is left to the fee instead.

use std::collections::HashSet;

use bitcoin::address::NetworkUnchecked;
use bitcoin::psbt::Psbt;
use bitcoin::transaction::{InputWeightPrediction, predict_weight};
use bitcoin::{
    Address, Amount, Network, OutPoint, ScriptBuf, Sequence, Transaction, TxIn, TxOut, absolute,
    transaction,
};
use stamps_proto::catalogue::v1::SaleDispenser;
use stamps_protocol::Rules;
use stamps_protocol::counterparty::message::{Dispense, Message};
use stamps_protocol::counterparty::transport;

/// Royalty to the asset's owner, in percent of what an item costs, when someone else opened the dispenser.
pub const ROYALTY_PERCENT: u64 = 3;
/// A royalty is paid only when it is above this (an output below it is dust).
pub const ROYALTY_MIN: u64 = 546;
/// The wallet fee per item at least.
pub const FEE_PER_ITEM: u64 = 2222;
/// The wallet fee in percent of the items' total at least.
pub const FEE_PERCENT: u64 = 2;
/// The wallet fee is at least this many vbytes at the transaction's fee rate.
pub const FEE_VBYTES: u64 = 22;
/// Change below this is left to the fee (the P2WPKH dust threshold).
pub const CHANGE_DUST: u64 = 294;
/// The lowest and highest fee rates accepted, in sat/kvB.
pub const FEE_RATE_RANGE: std::ops::RangeInclusive<u64> = 100..=2_000_000;

/// One order: a dispenser and the satoshis to pay it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Order {
    /// The dispenser's transaction hash.
    pub tx_hash: String,
    /// Satoshis to pay: a whole number of lots.
    pub amount: u64,
}

/// An order that can be bought, as outputs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payment {
    /// The dispenser's transaction hash.
    pub tx_hash: String,
    /// The dispenser's address's script.
    pub dispenser: ScriptBuf,
    /// Satoshis to it.
    pub amount: u64,
    /// The royalty to the asset's owner, when one is due.
    pub royalty: Option<(ScriptBuf, u64)>,
}

/// Why a dispenser cannot be bought from at all, in the words the buyer reads. A dispenser a waiting transaction
/// emptied (which closes it) is empty to the buyer.
pub fn unbuyable(d: &SaleDispenser) -> Option<String> {
    let give_quantity: u128 = d.give_quantity.parse().unwrap_or(0);
    let remaining: u128 = d.give_remaining.parse().unwrap_or(0);
    if d.pending && remaining < give_quantity {
        Some("Dispenser is empty".into())
    } else if d.status != 0 {
        Some("Dispenser is closed".into())
    } else if !d.oracle_address.is_empty() {
        Some("Dispenser is priced by an oracle".into())
    } else if d.satoshirate == 0 || give_quantity == 0 {
        Some("Dispenser has no price".into())
    } else if remaining < give_quantity {
        Some("Dispenser is empty".into())
    } else if d.open_at_source > 0 {
        Some("Its address has other open dispensers: a payment would buy from them too".into())
    } else {
        None
    }
}

/// `text` as an address of `network`.
pub fn address(text: &str, network: Network) -> Option<Address> {
    text.parse::<Address<NetworkUnchecked>>()
        .ok()?
        .require_network(network)
        .ok()
}

/// Checks `order` against its dispenser `d`: what it pays, to whom, and the royalty. `dispensing` holds the
/// owners' addresses that have an open dispenser.
pub fn payment(
    order: &Order,
    d: &SaleDispenser,
    network: Network,
    dispensing: &HashSet<String>,
) -> Result<Payment, String> {
    if let Some(why) = unbuyable(d) {
        return Err(why);
    }
    let rate = d.satoshirate;
    crate::money::sats(order.amount, "The amount")?;
    if order.amount == 0 || !order.amount.is_multiple_of(rate) {
        return Err(format!(
            "Pay a whole number of lots: a multiple of {rate} sat"
        ));
    }
    let give_quantity: u128 = d
        .give_quantity
        .parse()
        .map_err(|_| "Dispenser has no price".to_owned())?;
    let remaining: u128 = d
        .give_remaining
        .parse()
        .map_err(|_| "Dispenser is empty".to_owned())?;
    let lots = u128::from(order.amount / rate);
    let left = remaining / give_quantity;
    if lots > left {
        return Err(format!("Only {left} left at {rate} sat each"));
    }
    let dispenser = address(&d.source, network)
        .ok_or_else(|| "Dispenser's address is not of this network".to_owned())?
        .script_pubkey();
    let royalty = if d.owner != d.origin && !d.owner.is_empty() {
        let royalty = crate::money::percent_of(order.amount, ROYALTY_PERCENT);
        if royalty > ROYALTY_MIN {
            if dispensing.contains(&d.owner) {
                return Err(
                    "The owner's address has an open dispenser: its royalty would buy from it"
                        .into(),
                );
            }
            let owner = address(&d.owner, network)
                .ok_or_else(|| "The owner's address is not of this network".to_owned())?;
            Some((owner.script_pubkey(), royalty))
        } else {
            None
        }
    } else {
        None
    };
    Ok(Payment {
        tx_hash: order.tx_hash.clone(),
        dispenser,
        amount: order.amount,
        royalty,
    })
}

/// The wallet fee of `items` items totalling `total` satoshis at `fee_rate` sat/kvB: the largest of 2% of the
/// total, 2222 per item, and 22 vbytes at the fee rate.
pub fn wallet_fee(total: u64, items: u64, fee_rate: u64) -> u64 {
    let percent = crate::money::percent_of(total, FEE_PERCENT);
    let per_item = FEE_PER_ITEM.saturating_mul(items);
    let vbytes = crate::money::fee(FEE_VBYTES, fee_rate);
    percent.max(per_item).max(vbytes)
}

/// A coin of the buyer's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coin {
    /// Where it is.
    pub outpoint: OutPoint,
    /// Satoshis.
    pub value: u64,
    /// Whether a block holds it.
    pub confirmed: bool,
}

/// The built purchase.
#[derive(Debug, Clone)]
pub struct Built {
    /// The unsigned PSBT (every input with its `witness_utxo`).
    pub psbt: Psbt,
    /// Satoshis to the miners.
    pub network_fee: u64,
    /// The signed transaction's virtual size, as predicted.
    pub vsize: u64,
    /// Satoshis to the wallet.
    pub wallet_fee: u64,
    /// Satoshis to owners.
    pub royalties: u64,
    /// The dispensers (or listed UTXOs) it pays, in output order.
    pub hashes: Vec<String>,
    /// The inputs the buyer signs (all but a swap's seller input).
    pub to_sign: Vec<usize>,
    /// What it costs the buyer, satoshis: its inputs less what comes back to it (change, a swap's receiving
    /// output): every output paying someone else, and the network fee, less what others' inputs bring. What a
    /// dialog shows as the total is this, read off the PSBT itself.
    pub total: u64,
}

/// What `owner` spends in `psbt`: its inputs (by their `witness_utxo`) less the outputs paying it back.
pub fn spent_by(psbt: &Psbt, owner: &ScriptBuf) -> u64 {
    let paid: u64 = psbt
        .inputs
        .iter()
        .filter_map(|i| i.witness_utxo.as_ref())
        .filter(|o| &o.script_pubkey == owner)
        .map(|o| o.value.to_sat())
        .fold(0, u64::saturating_add);
    let back: u64 = psbt
        .unsigned_tx
        .output
        .iter()
        .filter(|o| &o.script_pubkey == owner)
        .map(|o| o.value.to_sat())
        .fold(0, u64::saturating_add);
    paid.saturating_sub(back)
}

/// The `dispense` message's OP_RETURN output, encrypted with input 0's txid.
fn dispense_output(first: &OutPoint) -> Result<TxOut, String> {
    let message = Message::Dispense(Dispense { data: vec![0] });
    // The dispense message is the same at every height since it exists.
    let data = message
        .pack(u64::MAX / 2, Rules::MAINNET)
        .map_err(|e| format!("dispense message: {e}"))?;
    let key = stamps_protocol::arc4::key_for(&first.txid);
    transport::op_return_output(&key, &data).ok_or_else(|| "dispense message too long".to_owned())
}

/// Predicted virtual size of `inputs` P2WPKH inputs and outputs with these scripts.
fn vsize(inputs: usize, outputs: &[usize]) -> u64 {
    predict_weight(
        std::iter::repeat_n(InputWeightPrediction::P2WPKH_MAX, inputs),
        outputs.iter().copied(),
    )
    .to_vbytes_ceil()
}

/// The most dispensers one transaction pays: the reference parser takes one destination before the data (two
/// would make the transaction unparsable) and looks at one more output after it, then stops.
pub const DISPENSERS_PER_TX: usize = 2;

/// The purchase of `payments` by `buyer` from `coins` at `fee_rate` sat/kvB, with the wallet fee to `fee_to`: one
/// transaction per [`DISPENSERS_PER_TX`] payments, in order. A coin one of them spends is not used again; its
/// change may be, by the ones after it (a segwit transaction's id is known before it is signed), so they are sent
/// in order.
pub fn build(
    payments: &[Payment],
    buyer: &ScriptBuf,
    mut coins: Vec<Coin>,
    fee_rate: u64,
    fee_to: &ScriptBuf,
) -> Result<Vec<Built>, String> {
    if payments.is_empty() {
        return Err("Nothing to buy".into());
    }
    payments
        .chunks(DISPENSERS_PER_TX)
        .map(|group| build_one(group, buyer, &mut coins, fee_rate, fee_to))
        .collect()
}

/// One transaction paying `payments` (at most two): `[first dispenser, message, second dispenser, royalties, wallet
/// fee, change]`. The coins it spends leave `coins`; its change joins them.
fn build_one(
    payments: &[Payment],
    buyer: &ScriptBuf,
    coins: &mut Vec<Coin>,
    fee_rate: u64,
    fee_to: &ScriptBuf,
) -> Result<Built, String> {
    let total = crate::money::total(payments.iter().map(|p| p.amount))?;
    let wallet_fee = wallet_fee(total, payments.len() as u64, fee_rate);
    let pay = |p: &Payment| TxOut {
        value: Amount::from_sat(p.amount),
        script_pubkey: p.dispenser.clone(),
    };
    let mut outputs: Vec<TxOut> = payments.iter().take(1).map(pay).collect();
    // A stand-in of the message output's size until input 0 is known.
    let message_at = outputs.len();
    outputs.push(dispense_output(&OutPoint::null())?);
    outputs.extend(payments.iter().skip(1).map(pay));
    let mut royalties = 0u64;
    for (script, value) in payments.iter().filter_map(|p| p.royalty.as_ref()) {
        royalties = royalties.saturating_add(*value);
        outputs.push(TxOut {
            value: Amount::from_sat(*value),
            script_pubkey: script.clone(),
        });
    }
    outputs.push(TxOut {
        value: Amount::from_sat(wallet_fee),
        script_pubkey: fee_to.clone(),
    });
    let (taken, vsize, network_fee, change) = select(coins, &outputs, buyer, 0, 0, fee_rate)?;
    let chosen: Vec<Coin> = coins.drain(..taken).collect();
    let first = chosen.first().map(|c| c.outpoint).ok_or("no coin")?;
    outputs[message_at] = dispense_output(&first)?;
    let psbt = assemble(&chosen, outputs, change, buyer, coins)?;
    let to_sign = (0..psbt.inputs.len()).collect();
    Ok(Built {
        total: spent_by(&psbt, buyer),
        psbt,
        network_fee,
        vsize,
        wallet_fee,
        royalties,
        hashes: payments.iter().map(|p| p.tx_hash.clone()).collect(),
        to_sign,
    })
}

/// The unsigned PSBT spending `chosen` (P2WPKH coins of `owner`, each input with its `witness_utxo`, RBF) to
/// `outputs` and the change, if any, back to `owner`. The change joins `coins`, for the transactions after it (a
/// segwit transaction's id is known before it is signed).
pub(crate) fn assemble(
    chosen: &[Coin],
    mut outputs: Vec<TxOut>,
    change: Option<u64>,
    owner: &ScriptBuf,
    coins: &mut Vec<Coin>,
) -> Result<Psbt, String> {
    if let Some(change) = change {
        outputs.push(TxOut {
            value: Amount::from_sat(change),
            script_pubkey: owner.clone(),
        });
    }
    let tx = Transaction {
        version: transaction::Version::TWO,
        lock_time: absolute::LockTime::ZERO,
        input: chosen
            .iter()
            .map(|c| TxIn {
                previous_output: c.outpoint,
                sequence: Sequence::ENABLE_RBF_NO_LOCKTIME,
                ..TxIn::default()
            })
            .collect(),
        output: outputs,
    };
    if let Some(change) = change {
        coins.push(Coin {
            outpoint: OutPoint::new(
                tx.compute_txid(),
                u32::try_from(tx.output.len() - 1).unwrap_or(u32::MAX),
            ),
            value: change,
            confirmed: false,
        });
    }
    let mut psbt = Psbt::from_unsigned_tx(tx).map_err(|e| e.to_string())?;
    for (input, coin) in psbt.inputs.iter_mut().zip(chosen) {
        input.witness_utxo = Some(TxOut {
            value: Amount::from_sat(coin.value),
            script_pubkey: owner.clone(),
        });
    }
    Ok(psbt)
}

/// Sorts `coins` (confirmed first, larger first, then by outpoint) and takes the fewest from the front that pay
/// `outputs` and the fee at `fee_rate` of a transaction of those coins, `others` other P2WPKH inputs bringing
/// `brought`, the outputs and a change output to `buyer`: how many, the vsize, the fee and the change (none under
/// dust: left to the fee).
pub(crate) fn select(
    coins: &mut [Coin],
    outputs: &[TxOut],
    buyer: &ScriptBuf,
    others: usize,
    brought: u64,
    fee_rate: u64,
) -> Result<(usize, u64, u64, Option<u64>), String> {
    let paid = crate::money::total(outputs.iter().map(|o| o.value.to_sat()))?;
    let mut scripts: Vec<usize> = outputs.iter().map(|o| o.script_pubkey.len()).collect();
    scripts.push(buyer.len());
    let fee_of = |inputs: usize, with_change: bool| {
        let lens = if with_change {
            &scripts[..]
        } else {
            &scripts[..scripts.len() - 1]
        };
        let v = vsize(inputs + others, lens);
        (v, crate::money::fee(v, fee_rate))
    };
    coins.sort_by(|a, b| {
        (!a.confirmed, std::cmp::Reverse(a.value), a.outpoint).cmp(&(
            !b.confirmed,
            std::cmp::Reverse(b.value),
            b.outpoint,
        ))
    });
    let mut have = brought;
    for (i, coin) in coins.iter().enumerate() {
        have = have.saturating_add(coin.value);
        let (v, fee) = fee_of(i + 1, true);
        let needed = crate::money::total([paid, fee])?;
        if have >= needed {
            let change = have - needed;
            return Ok(if change >= CHANGE_DUST {
                (i + 1, v, fee, Some(change))
            } else {
                let (v, _) = fee_of(i + 1, false);
                (i + 1, v, have - paid, None)
            });
        }
    }
    let (_, fee) = fee_of(coins.len().max(1), true);
    Err(format!(
        "Insufficient funds: {} sat spendable, {} sat needed",
        have.saturating_sub(brought),
        paid.saturating_add(fee).saturating_sub(brought)
    ))
}

/// An open atomic-swap listing as a purchase: the seller's signed input and its payout.
#[derive(Debug, Clone)]
pub struct Swap {
    /// The listed UTXO (`txid:vout`), the item's hash.
    pub tx_hash: String,
    /// The UTXO.
    pub utxo: OutPoint,
    /// The seller's input as the listing signed it (`witness_utxo`, the SINGLE|ANYONECANPAY signature).
    pub seller_input: bitcoin::psbt::Input,
    /// The payout the signature commits to.
    pub payout: TxOut,
    /// The royalty to the asset's owner, when one is due.
    pub royalty: Option<(ScriptBuf, u64)>,
}

/// The value of the output that receives a swap's assets (the first output that is not an OP_RETURN).
pub const RECEIVE_VALUE: u64 = 546;

/// A swap as one transaction (WALLET-AUTH §3.6): inputs `[buyer, seller, more of the buyer's]`, outputs
/// `[the buyer's receiving output, the seller's payout, royalty, wallet fee, change]`. The seller's input and
/// payout sit at the same index (1), which keeps its SIGHASH_SINGLE|ANYONECANPAY signature valid; the assets move
/// to output 0, the buyer's.
pub fn build_swap(
    swap: &Swap,
    buyer: &ScriptBuf,
    coins: &mut Vec<Coin>,
    fee_rate: u64,
    fee_to: &ScriptBuf,
) -> Result<Built, String> {
    let seller_value = swap
        .seller_input
        .witness_utxo
        .as_ref()
        .map(|o| o.value.to_sat())
        .ok_or("the listing's input has no witness_utxo")?;
    let price = crate::money::sats(swap.payout.value.to_sat(), "The price")?;
    let wallet_fee = wallet_fee(price, 1, fee_rate);
    let mut outputs = vec![
        TxOut {
            value: Amount::from_sat(RECEIVE_VALUE),
            script_pubkey: buyer.clone(),
        },
        swap.payout.clone(),
    ];
    let royalties = swap.royalty.as_ref().map_or(0, |r| r.1);
    if let Some((script, value)) = &swap.royalty {
        outputs.push(TxOut {
            value: Amount::from_sat(*value),
            script_pubkey: script.clone(),
        });
    }
    outputs.push(TxOut {
        value: Amount::from_sat(wallet_fee),
        script_pubkey: fee_to.clone(),
    });
    // The seller's P2WPKH input beside the buyer's coins, bringing its value.
    let (taken, vsize, network_fee, change) =
        select(coins, &outputs, buyer, 1, seller_value, fee_rate)?;
    let chosen: Vec<Coin> = coins.drain(..taken).collect();
    if let Some(change) = change {
        outputs.push(TxOut {
            value: Amount::from_sat(change),
            script_pubkey: buyer.clone(),
        });
    }
    let input = |outpoint: OutPoint| TxIn {
        previous_output: outpoint,
        sequence: Sequence::ENABLE_RBF_NO_LOCKTIME,
        ..TxIn::default()
    };
    let mut inputs: Vec<TxIn> = chosen.iter().map(|c| input(c.outpoint)).collect();
    inputs.insert(1, input(swap.utxo));
    let tx = Transaction {
        version: transaction::Version::TWO,
        lock_time: absolute::LockTime::ZERO,
        input: inputs,
        output: outputs,
    };
    if let Some(change) = change {
        coins.push(Coin {
            outpoint: OutPoint::new(
                tx.compute_txid(),
                u32::try_from(tx.output.len() - 1).unwrap_or(u32::MAX),
            ),
            value: change,
            confirmed: false,
        });
    }
    let mut psbt = Psbt::from_unsigned_tx(tx).map_err(|e| e.to_string())?;
    let mut buyer_inputs = (0..psbt.inputs.len()).filter(|i| *i != 1);
    for coin in &chosen {
        let Some(i) = buyer_inputs.next() else { break };
        psbt.inputs[i].witness_utxo = Some(TxOut {
            value: Amount::from_sat(coin.value),
            script_pubkey: buyer.clone(),
        });
    }
    psbt.inputs[1] = swap.seller_input.clone();
    let to_sign = (0..psbt.inputs.len()).filter(|i| *i != 1).collect();
    Ok(Built {
        total: spent_by(&psbt, buyer),
        psbt,
        network_fee,
        vsize,
        wallet_fee,
        royalties,
        hashes: vec![swap.tx_hash.clone()],
        to_sign,
    })
}

/// Whether `tx` carries a `dispense` message: an OP_RETURN keyed by input 0 (as [`dispense_output`] writes it).
pub fn carries_dispense(tx: &Transaction) -> bool {
    let Some(first) = tx.input.first() else {
        return false;
    };
    let key = stamps_protocol::arc4::key_for(&first.previous_output.txid);
    tx.output
        .iter()
        .filter(|o| o.script_pubkey.is_op_return())
        .filter_map(|o| {
            o.script_pubkey
                .instructions()
                .nth(1)
                .and_then(|i| i.ok())
                .and_then(|i| i.push_bytes().map(|b| b.as_bytes().to_vec()))
        })
        .any(|data| {
            let plain = stamps_protocol::arc4::apply(&key, &data);
            plain
                .strip_prefix(b"CNTRPRTY".as_slice())
                .is_some_and(|body| {
                    matches!(
                        Message::unpack(body, u64::MAX / 2, Rules::MAINNET),
                        Ok(Message::Dispense(_))
                    )
                })
        })
}

/// Checks what `tx` buys from the open dispensers it pays (`open`, as the mempool leaves them) when it carries a
/// dispense message: each payment must find a whole lot left for each lot it pays for. A dispenser gives what it
/// has and keeps the rest of the payment, so a purchase another one emptied while it waited to be sent would pay
/// for nothing.
pub fn check_dispenses(
    tx: &Transaction,
    open: &[SaleDispenser],
    network: Network,
) -> Result<(), String> {
    if !carries_dispense(tx) {
        return Ok(());
    }
    for out in &tx.output {
        let Ok(to) = Address::from_script(&out.script_pubkey, network) else {
            continue;
        };
        let to = to.to_string();
        for d in open.iter().filter(|d| d.source == to && d.satoshirate > 0) {
            let give: u128 = d.give_quantity.parse().unwrap_or(0);
            let remaining: u128 = d.give_remaining.parse().unwrap_or(0);
            let left = if give == 0 || d.status != 0 {
                0
            } else {
                remaining / give
            };
            let lots = u128::from(out.value.to_sat() / d.satoshirate);
            if lots > left {
                return Err(if left == 0 {
                    "Dispenser is empty: its last lot was bought a moment ago. Nothing was sent"
                        .into()
                } else {
                    format!(
                        "Only {left} left: the dispenser was bought from a moment ago. Nothing was sent"
                    )
                });
            }
        }
    }
    Ok(())
}

/// A UTXO holding assets moved back to its owner (a listing cancelled on chain): inputs `[the UTXO, the owner's
/// coins]`, outputs `[the owner's receiving output, change]`. Every balance of a spent UTXO moves to the first
/// output that is not an OP_RETURN: the owner's, so the assets stay theirs and every copy of an offer of the
/// UTXO is void.
pub fn build_move(
    utxo: &Coin,
    owner: &ScriptBuf,
    coins: &mut Vec<Coin>,
    fee_rate: u64,
) -> Result<Built, String> {
    let outputs = vec![TxOut {
        value: Amount::from_sat(RECEIVE_VALUE),
        script_pubkey: owner.clone(),
    }];
    coins.retain(|c| c.outpoint != utxo.outpoint);
    let (taken, vsize, network_fee, change) =
        select(coins, &outputs, owner, 1, utxo.value, fee_rate)?;
    let chosen: Vec<Coin> = std::iter::once(utxo.clone())
        .chain(coins.drain(..taken))
        .collect();
    let psbt = assemble(&chosen, outputs, change, owner, coins)?;
    Ok(Built {
        to_sign: (0..psbt.inputs.len()).collect(),
        total: spent_by(&psbt, owner),
        psbt,
        network_fee,
        vsize,
        wallet_fee: 0,
        royalties: 0,
        hashes: vec![utxo.outpoint.to_string()],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitcoin::hashes::Hash;

    const SELLER: &str = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";
    const OWNER: &str = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
    const BUYER: &str = "bc1q9d4ywgfnd8h43da5tpcxcn6ajv590cg6d3tg6axemvljvt2k76zs50tv4q";

    fn dispenser() -> SaleDispenser {
        SaleDispenser {
            tx_hash: "aa".repeat(32),
            source: SELLER.into(),
            origin: SELLER.into(),
            asset: "A1000".into(),
            owner: SELLER.into(),
            give_quantity: "2".into(),
            give_remaining: "10".into(),
            satoshirate: 10_000,
            status: 0,
            ..SaleDispenser::default()
        }
    }

    fn order(amount: u64) -> Order {
        Order {
            tx_hash: "aa".repeat(32),
            amount,
        }
    }

    fn script(a: &str) -> ScriptBuf {
        address(a, Network::Bitcoin)
            .expect("address")
            .script_pubkey()
    }

    fn coin(n: u8, value: u64, confirmed: bool) -> Coin {
        Coin {
            outpoint: OutPoint::new(bitcoin::Txid::from_byte_array([n; 32]), 0),
            value,
            confirmed,
        }
    }

    #[test]
    fn closed_empty_and_shared_dispensers_are_refused() {
        let none = HashSet::new();
        let mut d = dispenser();
        d.status = 10;
        assert_eq!(
            payment(&order(10_000), &d, Network::Bitcoin, &none),
            Err("Dispenser is closed".into())
        );
        let mut d = dispenser();
        d.give_remaining = "1".into();
        assert_eq!(unbuyable(&d).as_deref(), Some("Dispenser is empty"));
        let mut d = dispenser();
        d.open_at_source = 1;
        assert!(unbuyable(&d).is_some_and(|e| e.contains("other open dispensers")));
    }

    #[test]
    fn amounts_are_whole_lots_within_what_is_left() {
        let none = HashSet::new();
        let d = dispenser();
        assert!(payment(&order(15_000), &d, Network::Bitcoin, &none).is_err());
        assert!(payment(&order(0), &d, Network::Bitcoin, &none).is_err());
        // 10 units left, 2 per lot: 5 lots.
        assert_eq!(
            payment(&order(60_000), &d, Network::Bitcoin, &none),
            Err("Only 5 left at 10000 sat each".into())
        );
        let ok = payment(&order(50_000), &d, Network::Bitcoin, &none).expect("five lots");
        assert_eq!((ok.amount, ok.royalty), (50_000, None));
    }

    #[test]
    fn royalty_goes_to_the_owner_above_dust() {
        let none = HashSet::new();
        let mut d = dispenser();
        d.owner = OWNER.into();
        d.give_remaining = "1000".into();
        // 3% of 10 000 is 300: not above 546.
        assert_eq!(
            payment(&order(10_000), &d, Network::Bitcoin, &none).map(|p| p.royalty),
            Ok(None)
        );
        // 3% of 20 000 is 600.
        let p = payment(&order(20_000), &d, Network::Bitcoin, &none).expect("buyable");
        assert_eq!(p.royalty, Some((script(OWNER), 600)));
        let dispensing = HashSet::from([OWNER.to_owned()]);
        assert!(payment(&order(20_000), &d, Network::Bitcoin, &dispensing).is_err());
    }

    #[test]
    fn wallet_fee_is_the_largest_of_three() {
        assert_eq!(wallet_fee(10_000, 1, 10_000), 2222);
        assert_eq!(wallet_fee(1_000_000, 1, 10_000), 20_000);
        assert_eq!(wallet_fee(10_000, 2, 10_000), 4444);
        // 22 vB at 200 sat/vB
        assert_eq!(wallet_fee(10_000, 1, 200_000), 4400);
    }

    #[test]
    fn a_purchase_pays_exactly_and_keys_the_message_with_input_zero() {
        let none = HashSet::new();
        let p = payment(&order(20_000), &dispenser(), Network::Bitcoin, &none).expect("buyable");
        let buyer = script(BUYER);
        let fee_to = script(OWNER);
        let coins = vec![
            coin(1, 5_000, true),
            coin(2, 100_000, true),
            coin(3, 900_000, false),
        ];
        let built = build(&[p], &buyer, coins, 10_000, &fee_to)
            .expect("built")
            .remove(0);
        let tx = &built.psbt.unsigned_tx;
        // The largest confirmed coin alone pays.
        assert_eq!(tx.input.len(), 1);
        assert_eq!(tx.input[0].previous_output, coin(2, 0, true).outpoint);
        assert_eq!(
            tx.output[0],
            TxOut {
                value: Amount::from_sat(20_000),
                script_pubkey: script(SELLER)
            }
        );
        let expected = dispense_output(&tx.input[0].previous_output).expect("message");
        assert_eq!(tx.output[1], expected);
        assert_eq!(tx.output[2].value.to_sat(), 2222);
        let change = tx.output[3].value.to_sat();
        assert_eq!(100_000, 20_000 + 2222 + change + built.network_fee);
        assert_eq!(built.network_fee, (built.vsize * 10_000).div_ceil(1000));
        assert!(built.psbt.inputs.iter().all(|i| i.witness_utxo.is_some()));
        assert_eq!(tx.version, transaction::Version::TWO);
        assert!(tx.input.iter().all(|i| i.sequence.is_rbf()));
    }

    #[test]
    fn the_worked_example_message_matches() {
        // WALLET-AUTH §3.3: input 0's txid ed5854...fbf1 gives OP_RETURN 6a0a0450715ae16fb6211a49.
        let txid: bitcoin::Txid =
            "ed5854327d0bf67e5e3edccf8df9274ca99087687c27771ff6666a1362fafbf1"
                .parse()
                .expect("txid");
        let out = dispense_output(&OutPoint::new(txid, 0)).expect("message");
        assert_eq!(
            hex::encode(out.script_pubkey.as_bytes()),
            "6a0a0450715ae16fb6211a49"
        );
    }

    #[test]
    fn a_cart_of_three_is_two_chained_transactions() {
        let none = HashSet::new();
        let sellers = [
            SELLER,
            OWNER,
            "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3",
        ];
        let payments: Vec<Payment> = sellers
            .iter()
            .enumerate()
            .map(|(i, seller)| {
                let mut d = dispenser();
                d.source = (*seller).into();
                d.tx_hash = format!("{i:064}");
                let o = Order {
                    tx_hash: d.tx_hash.clone(),
                    amount: 10_000,
                };
                payment(&o, &d, Network::Bitcoin, &none).expect("buyable")
            })
            .collect();
        let buyer = script(BUYER);
        let built = build(
            &payments,
            &buyer,
            vec![coin(1, 200_000, true)],
            10_000,
            &script(OWNER),
        )
        .expect("built");
        assert_eq!(built.len(), 2);
        let (one, two) = (&built[0].psbt.unsigned_tx, &built[1].psbt.unsigned_tx);
        assert_eq!(
            built[0].hashes,
            vec![payments[0].tx_hash.clone(), payments[1].tx_hash.clone()]
        );
        // [first dispenser, message, second dispenser, wallet fee, change]
        assert_eq!(one.output[0].script_pubkey, script(SELLER));
        assert!(one.output[1].script_pubkey.is_op_return());
        assert_eq!(one.output[2].script_pubkey, script(OWNER));
        assert_eq!(one.output[4].script_pubkey, buyer);
        // The second spends the first's change, and keys its message with it.
        assert_eq!(
            two.input[0].previous_output,
            OutPoint::new(one.compute_txid(), 4)
        );
        assert_eq!(
            two.output[1],
            dispense_output(&two.input[0].previous_output).expect("message")
        );
        assert_eq!(
            built[1].psbt.inputs[0]
                .witness_utxo
                .as_ref()
                .map(|o| o.value),
            Some(one.output[4].value)
        );
    }

    #[test]
    fn a_payment_for_more_lots_than_are_left_is_refused() {
        let d = dispenser();
        let first = coin(4, 0, true).outpoint;
        let pays = |sats: u64, data: bool| {
            let mut output = vec![TxOut {
                value: Amount::from_sat(sats),
                script_pubkey: script(SELLER),
            }];
            if data {
                output.push(dispense_output(&first).expect("message"));
            }
            Transaction {
                version: transaction::Version::TWO,
                lock_time: absolute::LockTime::ZERO,
                input: vec![TxIn {
                    previous_output: first,
                    ..TxIn::default()
                }],
                output,
            }
        };
        assert!(carries_dispense(&pays(1, true)));
        assert!(!carries_dispense(&pays(1, false)));
        // 10 units left, 2 per lot: 5 lots at 10 000 sat.
        let open = [d.clone()];
        assert!(check_dispenses(&pays(50_000, true), &open, Network::Bitcoin).is_ok());
        assert_eq!(
            check_dispenses(&pays(60_000, true), &open, Network::Bitcoin),
            Err("Only 5 left: the dispenser was bought from a moment ago. Nothing was sent".into())
        );
        let mut empty = d.clone();
        empty.give_remaining = "1".into();
        assert!(
            check_dispenses(&pays(10_000, true), &[empty.clone()], Network::Bitcoin)
                .is_err_and(|e| e.starts_with("Dispenser is empty"))
        );
        // Without data no dispense is triggered.
        assert!(check_dispenses(&pays(10_000, false), &[empty], Network::Bitcoin).is_ok());
    }

    #[test]
    fn a_move_brings_the_utxo_back_to_its_owner_first() {
        let owner = script(BUYER);
        let utxo = coin(9, 546, true);
        let mut coins = vec![coin(1, 50_000, true), utxo.clone()];
        let built = build_move(&utxo, &owner, &mut coins, 2000).expect("built");
        let tx = &built.psbt.unsigned_tx;
        assert_eq!(tx.input[0].previous_output, utxo.outpoint, "the UTXO first");
        assert_eq!(tx.input.len(), 2, "and one coin for the fee");
        assert_eq!(
            (tx.output[0].value.to_sat(), &tx.output[0].script_pubkey),
            (RECEIVE_VALUE, &owner)
        );
        let change = tx.output[1].value.to_sat();
        assert_eq!(546 + 50_000, RECEIVE_VALUE + change + built.network_fee);
        assert_eq!(built.to_sign, vec![0, 1]);
    }

    /// Every figure of a built purchase, read off its PSBT: the network fee is what its inputs bring beyond its
    /// outputs, the wallet fee and the royalties are what it pays their scripts, each item is paid its amount, and
    /// what it costs the buyer is everything paid to others and the fee, less what others' inputs bring.
    fn figures_hold(
        b: &Built,
        buyer: &ScriptBuf,
        fee_to: &ScriptBuf,
        royalty_to: &ScriptBuf,
        paid: &[(ScriptBuf, u64)],
    ) {
        let tx = &b.psbt.unsigned_tx;
        let value = |o: &TxOut| o.value.to_sat();
        let inputs: u64 = b
            .psbt
            .inputs
            .iter()
            .filter_map(|i| i.witness_utxo.as_ref())
            .map(value)
            .sum();
        let outputs: u64 = tx.output.iter().map(value).sum();
        assert_eq!(inputs - outputs, b.network_fee, "the fee");
        let to = |script: &ScriptBuf| -> u64 {
            tx.output
                .iter()
                .filter(|o| &o.script_pubkey == script)
                .map(value)
                .sum()
        };
        assert_eq!(to(fee_to), b.wallet_fee, "the wallet fee");
        assert_eq!(to(royalty_to), b.royalties, "the royalties");
        for (script, amount) in paid {
            assert_eq!(to(script), *amount, "an item's payment");
        }
        let others: u64 = tx
            .output
            .iter()
            .filter(|o| &o.script_pubkey != buyer)
            .map(value)
            .sum();
        let brought: u64 = b
            .psbt
            .inputs
            .iter()
            .filter_map(|i| i.witness_utxo.as_ref())
            .filter(|o| &o.script_pubkey != buyer)
            .map(value)
            .sum();
        assert_eq!(b.total, others + b.network_fee - brought, "what it costs");
        assert!(
            b.network_fee >= (b.vsize * 1_000).div_ceil(1000),
            "at least 1 sat/vB"
        );
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

        /// For random carts (dispensers with and without royalties, an atomic swap) and coins, what the answer says
        /// a purchase costs is what its PSBT pays, to the satoshi.
        #[test]
        fn a_purchase_costs_exactly_what_its_psbt_pays(
            values in proptest::collection::vec(600u64..3_000_000, 1..6),
            orders in proptest::collection::vec((1u64..40, proptest::bool::ANY), 0..5),
            swap_price in proptest::option::of(600u64..400_000),
            rate in 1_000u64..60_000,
        ) {
            let buyer = script(BUYER);
            let fee_to = script(OWNER);
            let royalty_to = script("bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3");
            let sellers: Vec<ScriptBuf> = (0..orders.len())
                .map(|i| {
                    let byte = u8::try_from(40 + i).unwrap_or(40);
                    ScriptBuf::new_p2wpkh(&bitcoin::WPubkeyHash::from_byte_array([byte; 20]))
                })
                .collect();
            let payments: Vec<Payment> = orders
                .iter()
                .zip(&sellers)
                .enumerate()
                .map(|(i, ((lots, royalty), seller))| Payment {
                    tx_hash: format!("{i:064}"),
                    dispenser: seller.clone(),
                    amount: lots * 10_000,
                    royalty: (*royalty && lots * 300 > ROYALTY_MIN)
                        .then(|| (royalty_to.clone(), crate::money::percent_of(lots * 10_000, ROYALTY_PERCENT))),
                })
                .collect();
            let mut coins: Vec<Coin> = values
                .iter()
                .enumerate()
                .map(|(i, v)| coin(u8::try_from(i).unwrap_or(0) + 1, *v, i % 2 == 0))
                .collect();
            let mut built = Vec::new();
            if let Some(price) = swap_price {
                let seller = ScriptBuf::new_p2wpkh(&bitcoin::WPubkeyHash::from_byte_array([99; 20]));
                let swap = Swap {
                    tx_hash: format!("{}:0", "cd".repeat(32)),
                    utxo: OutPoint::new(bitcoin::Txid::from_byte_array([0xcd; 32]), 0),
                    seller_input: bitcoin::psbt::Input {
                        witness_utxo: Some(TxOut { value: Amount::from_sat(546), script_pubkey: seller.clone() }),
                        ..bitcoin::psbt::Input::default()
                    },
                    payout: TxOut { value: Amount::from_sat(price), script_pubkey: seller.clone() },
                    royalty: None,
                };
                match build_swap(&swap, &buyer, &mut coins, rate, &fee_to) {
                    Ok(b) => {
                        figures_hold(&b, &buyer, &fee_to, &royalty_to, &[(seller, price)]);
                        built.push(b);
                    }
                    Err(e) => proptest::prop_assume!(false, "{}", e),
                }
            }
            if !payments.is_empty() {
                match build(&payments, &buyer, coins, rate, &fee_to) {
                    Ok(txs) => {
                        for (b, group) in txs.iter().zip(payments.chunks(DISPENSERS_PER_TX)) {
                            let paid: Vec<(ScriptBuf, u64)> =
                                group.iter().map(|p| (p.dispenser.clone(), p.amount)).collect();
                            figures_hold(b, &buyer, &fee_to, &royalty_to, &paid);
                        }
                        built.extend(txs);
                    }
                    Err(e) => proptest::prop_assume!(false, "{}", e),
                }
            }
            let total: u64 = built.iter().map(|b| b.total).sum();
            let parts: u64 = built.iter().map(|b| b.network_fee + b.wallet_fee + b.royalties).sum::<u64>()
                + payments.iter().map(|p| p.amount).sum::<u64>()
                // A swap's price, less the seller's 546-sat input, which becomes the buyer's receiving output.
                + swap_price.map_or(0, |p| p - 546);
            proptest::prop_assert_eq!(total, parts);
        }
    }

    #[test]
    fn too_few_coins_say_what_is_missing() {
        let none = HashSet::new();
        let p = payment(&order(20_000), &dispenser(), Network::Bitcoin, &none).expect("buyable");
        let err = build(
            &[p],
            &script(BUYER),
            vec![coin(1, 5_000, true)],
            10_000,
            &script(OWNER),
        )
        .expect_err("too poor");
        assert!(
            err.starts_with("Insufficient funds: 5000 sat spendable"),
            "{err}"
        );
    }
}
