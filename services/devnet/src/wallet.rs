//! The devnet's wallet: its actors' keys sign PSBT inputs that spend their P2WPKH outputs, as Core's
//! `walletprocesspsbt` does for a wallet's own keys.

use base64::Engine;
use bitcoin::hashes::Hash;
use bitcoin::psbt::{Psbt, PsbtSighashType};
use bitcoin::secp256k1::{Message, Secp256k1, Signing};
use bitcoin::sighash::{EcdsaSighashType, SighashCache};
use bitcoin::{TxOut, Witness};

use crate::keys::Actor;

/// Why a PSBT could not be processed.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum WalletError {
    /// Not base64, or not a PSBT.
    #[error("TX decode failed {0}")]
    Decode(String),
    /// A sighash type other than ALL, NONE, SINGLE (optionally with ANYONECANPAY).
    #[error("'{0}' is not a valid sighash parameter.")]
    SighashType(String),
}

/// The outcome of processing a PSBT.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Processed {
    /// The PSBT after signing (and finalising), base64.
    pub psbt: String,
    /// Whether every input is finalised.
    pub complete: bool,
    /// The network serialisation of the final transaction, when complete.
    pub hex: Option<String>,
}

/// Parses Core's sighash parameter (`"ALL"`, `"NONE|ANYONECANPAY"`, ...).
pub fn sighash_type(name: &str) -> Result<EcdsaSighashType, WalletError> {
    Ok(match name {
        "ALL" | "DEFAULT" => EcdsaSighashType::All,
        "NONE" => EcdsaSighashType::None,
        "SINGLE" => EcdsaSighashType::Single,
        "ALL|ANYONECANPAY" => EcdsaSighashType::AllPlusAnyoneCanPay,
        "NONE|ANYONECANPAY" => EcdsaSighashType::NonePlusAnyoneCanPay,
        "SINGLE|ANYONECANPAY" => EcdsaSighashType::SinglePlusAnyoneCanPay,
        other => return Err(WalletError::SighashType(other.to_owned())),
    })
}

/// Signs every input of `psbt_base64` that spends one of `actors`' P2WPKH outputs (its spent output given as
/// `witness_utxo` or `non_witness_utxo`), with the input's own sighash type or `default_sighash`; with
/// `finalize`, signed inputs get their final witness.
pub fn process<C: Signing>(
    secp: &Secp256k1<C>,
    actors: &[Actor],
    psbt_base64: &str,
    sign: bool,
    default_sighash: EcdsaSighashType,
    finalize: bool,
) -> Result<Processed, WalletError> {
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(psbt_base64.trim())
        .map_err(|e| WalletError::Decode(e.to_string()))?;
    let mut psbt = Psbt::deserialize(&bytes).map_err(|e| WalletError::Decode(e.to_string()))?;
    let tx = psbt.unsigned_tx.clone();
    let mut cache = SighashCache::new(&tx);
    for (index, input) in psbt.inputs.iter_mut().enumerate() {
        if input.final_script_witness.is_some() || input.final_script_sig.is_some() {
            continue;
        }
        let spent: Option<TxOut> = input.witness_utxo.clone().or_else(|| {
            let prevout = tx.input.get(index)?.previous_output;
            input
                .non_witness_utxo
                .as_ref()?
                .output
                .get(usize::try_from(prevout.vout).ok()?)
                .cloned()
        });
        let Some(spent) = spent else { continue };
        let Some(actor) = actors
            .iter()
            .find(|a| a.script_pubkey() == spent.script_pubkey)
        else {
            continue;
        };
        if !sign {
            continue;
        }
        let sighash = input
            .sighash_type
            .and_then(|t| t.ecdsa_hash_ty().ok())
            .unwrap_or(default_sighash);
        let Ok(digest) =
            cache.p2wpkh_signature_hash(index, &spent.script_pubkey, spent.value, sighash)
        else {
            continue;
        };
        let signature = bitcoin::ecdsa::Signature {
            signature: secp
                .sign_ecdsa(&Message::from_digest(digest.to_byte_array()), &actor.secret),
            sighash_type: sighash,
        };
        let key = bitcoin::PublicKey::new(actor.public.0);
        if finalize {
            input.final_script_witness = Some(Witness::p2wpkh(&signature, &actor.public.0));
            input.partial_sigs.clear();
            input.sighash_type = None;
            input.bip32_derivation.clear();
        } else {
            input.partial_sigs.insert(key, signature);
            input.sighash_type = Some(PsbtSighashType::from(sighash));
        }
    }
    let complete = psbt
        .inputs
        .iter()
        .all(|i| i.final_script_witness.is_some() || i.final_script_sig.is_some());
    let hex = complete.then(|| {
        bitcoin::consensus::encode::serialize_hex(&psbt.clone().extract_tx_unchecked_fee_rate())
    });
    Ok(Processed {
        psbt: base64::engine::general_purpose::STANDARD.encode(psbt.serialize()),
        complete,
        hex,
    })
}

/// The bank's payment of `amount` to `script` (Core's `sendtoaddress` from the devnet's wallet): its largest
/// spendable coins first (mature, not spent in the mempool), change back to the bank, 2 sat/vB, signed.
pub(crate) fn bank_payment<C: Signing>(
    secp: &Secp256k1<C>,
    bank: &Actor,
    chain: &crate::chain::Chain,
    mempool: &crate::mempool::Mempool,
    script: &bitcoin::Script,
    amount: bitcoin::Amount,
) -> Result<bitcoin::Transaction, String> {
    use bitcoin::{Amount, OutPoint, Sequence, Transaction, TxIn, absolute, transaction};
    const FEE_RATE: u64 = 2;
    let bank_script = bank.script_pubkey();
    let tip = chain.tip_height();
    let mut coins: Vec<(OutPoint, TxOut)> = chain
        .coins_of(&bank_script)
        .filter(|(o, c)| {
            mempool.spender(o).is_none()
                && (!c.coinbase || tip + 1 >= c.height + crate::chain::COINBASE_MATURITY)
        })
        .map(|(o, c)| (*o, c.output.clone()))
        .collect();
    coins.sort_by(|a, b| b.1.value.cmp(&a.1.value).then(a.0.cmp(&b.0)));
    let mut inputs = Vec::new();
    let mut total = Amount::ZERO;
    let fee = |n: u64| Amount::from_sat((11 + 68 * n + 31 * 2) * FEE_RATE);
    for coin in coins {
        total += coin.1.value;
        inputs.push(coin);
        if total >= amount + fee(inputs.len() as u64) {
            break;
        }
    }
    let fee = fee(inputs.len() as u64);
    let change = total
        .checked_sub(amount + fee)
        .ok_or_else(|| "Insufficient funds".to_owned())?;
    let mut output = vec![TxOut {
        value: amount,
        script_pubkey: script.to_owned(),
    }];
    if change > Amount::from_sat(294) {
        output.push(TxOut {
            value: change,
            script_pubkey: bank_script.clone(),
        });
    }
    let tx = Transaction {
        version: transaction::Version::TWO,
        lock_time: absolute::LockTime::ZERO,
        input: inputs
            .iter()
            .map(|(o, _)| TxIn {
                previous_output: *o,
                sequence: Sequence::ENABLE_RBF_NO_LOCKTIME,
                ..TxIn::default()
            })
            .collect(),
        output,
    };
    let spent = inputs.into_iter().map(|(_, output)| output).collect();
    let signed = sign_transaction(secp, bank, tx, spent, EcdsaSighashType::All, true)?;
    final_transaction(&signed).ok_or_else(|| "the bank could not sign its coins".to_owned())
}

/// A Counterparty transaction from `actor` spending its coin `coin` (worth `value`) alone: `destinations`, then
/// `data` (a packed message) in an OP_RETURN keyed by the coin's txid, then the change less 1000 sat of fee;
/// signed. What a test or a bench sends to put something on the chain (a dispenser, an attach).
pub fn message_transaction<C: Signing>(
    secp: &Secp256k1<C>,
    actor: &Actor,
    coin: bitcoin::OutPoint,
    value: u64,
    data: &[u8],
    destinations: Vec<TxOut>,
) -> Result<bitcoin::Transaction, String> {
    use bitcoin::{Amount, Sequence, Transaction, TxIn, absolute, transaction};
    let key = stamps_protocol::arc4::key_for(&coin.txid);
    let paid: u64 = destinations.iter().map(|o| o.value.to_sat()).sum();
    let change = value
        .checked_sub(paid + 1_000)
        .ok_or_else(|| "the coin does not pay the outputs and the fee".to_owned())?;
    let mut output = destinations;
    output.push(
        stamps_protocol::counterparty::transport::op_return_output(&key, data)
            .ok_or_else(|| "the message does not fit an OP_RETURN".to_owned())?,
    );
    output.push(TxOut {
        value: Amount::from_sat(change),
        script_pubkey: actor.script_pubkey(),
    });
    let tx = Transaction {
        version: transaction::Version::TWO,
        lock_time: absolute::LockTime::ZERO,
        input: vec![TxIn {
            previous_output: coin,
            sequence: Sequence::ENABLE_RBF_NO_LOCKTIME,
            ..TxIn::default()
        }],
        output,
    };
    let spent = TxOut {
        value: Amount::from_sat(value),
        script_pubkey: actor.script_pubkey(),
    };
    let signed = sign_transaction(secp, actor, tx, vec![spent], EcdsaSighashType::All, true)?;
    final_transaction(&signed).ok_or_else(|| "the actor could not sign its coin".to_owned())
}

/// `actor`'s signature of `message` as Bitcoin Core's `signmessage` gives it (base64, 65 bytes: a header, then the
/// compact recoverable signature of the message's hash), with the BIP-137 header of a P2WPKH address, which the
/// actors' addresses are: what a wallet pasting a legacy signature into the sign-in panel would give.
pub fn sign_message<C: Signing>(secp: &Secp256k1<C>, actor: &Actor, message: &str) -> String {
    let digest = bitcoin::sign_message::signed_msg_hash(message);
    let signature =
        secp.sign_ecdsa_recoverable(&Message::from_digest(digest.to_byte_array()), &actor.secret);
    let (id, compact) = signature.serialize_compact();
    // 39 + recovery id: a compressed key's P2WPKH address (BIP-137).
    let mut bytes = vec![39 + u8::try_from(id.to_i32()).unwrap_or(0)];
    bytes.extend_from_slice(&compact);
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// `actor`'s atomic-swap listing of its UTXO `utxo` (spending `spent`) for `price` sat: one input signed
/// SIGHASH_SINGLE|ANYONECANPAY over one output, the payout to the actor; the PSBT base64, not finalized.
pub fn listing<C: Signing>(
    secp: &Secp256k1<C>,
    actor: &Actor,
    utxo: bitcoin::OutPoint,
    spent: TxOut,
    price: u64,
) -> Result<String, String> {
    use bitcoin::{Amount, Sequence, Transaction, TxIn, absolute, transaction};
    let tx = Transaction {
        version: transaction::Version::TWO,
        lock_time: absolute::LockTime::ZERO,
        input: vec![TxIn {
            previous_output: utxo,
            sequence: Sequence::ENABLE_RBF_NO_LOCKTIME,
            ..TxIn::default()
        }],
        output: vec![TxOut {
            value: Amount::from_sat(price),
            script_pubkey: actor.script_pubkey(),
        }],
    };
    let sighash = EcdsaSighashType::SinglePlusAnyoneCanPay;
    Ok(sign_transaction(secp, actor, tx, vec![spent], sighash, false)?.psbt)
}

/// `tx`, whose inputs spend `spent` (in order), signed by `actor` with `sighash` (and finalized, with `finalize`).
fn sign_transaction<C: Signing>(
    secp: &Secp256k1<C>,
    actor: &Actor,
    tx: bitcoin::Transaction,
    spent: Vec<TxOut>,
    sighash: EcdsaSighashType,
    finalize: bool,
) -> Result<Processed, String> {
    let mut psbt = Psbt::from_unsigned_tx(tx).map_err(|e| e.to_string())?;
    for (input, output) in psbt.inputs.iter_mut().zip(spent) {
        input.witness_utxo = Some(output);
    }
    let encoded = base64::engine::general_purpose::STANDARD.encode(psbt.serialize());
    process(
        secp,
        std::slice::from_ref(actor),
        &encoded,
        true,
        sighash,
        finalize,
    )
    .map_err(|e| e.to_string())
}

/// The network transaction of a PSBT every input of which is finalized.
fn final_transaction(processed: &Processed) -> Option<bitcoin::Transaction> {
    bitcoin::consensus::encode::deserialize_hex(processed.hex.as_deref()?).ok()
}
