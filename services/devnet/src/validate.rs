//! Transaction validation as the devnet's mempool applies it: inputs exist and are unspent (coinbase outputs
//! only once mature), amounts balance, and every input's signature verifies. Inputs spending P2WPKH, P2PKH and
//! P2TR (key path) outputs are checked; other input types are refused with a clear reason.

use bitcoin::hashes::Hash;
use bitcoin::secp256k1::{self, Message, Secp256k1, VerifyOnly};
use bitcoin::sighash::{EcdsaSighashType, Prevouts, SighashCache};
use bitcoin::{
    CompressedPublicKey, OutPoint, PublicKey, ScriptBuf, Transaction, TxOut, Txid, XOnlyPublicKey,
};

use crate::chain::{COINBASE_MATURITY, Coin};

/// Why a transaction is refused, with the reason strings and JSON-RPC error codes Bitcoin Core uses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Reject {
    /// The bytes are not a transaction.
    #[error("TX decode failed. Make sure the tx has at least one input.")]
    Decode,
    /// A coinbase outside a block.
    #[error("coinbase")]
    Coinbase,
    /// No inputs or no outputs.
    #[error("{0}")]
    Empty(&'static str),
    /// The same outpoint spent twice within the transaction.
    #[error("bad-txns-inputs-duplicate")]
    DuplicateInput,
    /// An input spends an output that does not exist or is already spent on the chain.
    #[error("bad-txns-inputs-missingorspent")]
    MissingInputs,
    /// An input spends an output another mempool transaction already spends.
    #[error("txn-mempool-conflict")]
    Conflict,
    /// A coinbase output spent before it matured.
    #[error("bad-txns-premature-spend-of-coinbase, tried to spend coinbase at depth {0}")]
    ImmatureCoinbase(u64),
    /// Outputs worth more than the inputs.
    #[error("bad-txns-in-belowout, value in ({input}) < value out ({output})")]
    InBelowOut {
        /// Satoshis in.
        input: u64,
        /// Satoshis out.
        output: u64,
    },
    /// The transaction is already confirmed.
    #[error("Transaction outputs already in utxo set")]
    AlreadyConfirmed,
    /// An input of a type the devnet does not verify.
    #[error("input {index}: {kind} inputs are not supported (P2WPKH, P2PKH and P2TR key path are)")]
    UnsupportedInput {
        /// Input index.
        index: usize,
        /// What it spends.
        kind: &'static str,
    },
    /// A signature that does not verify, or a malformed witness or script.
    #[error("mandatory-script-verify-flag-failed (input {index}: {reason})")]
    Script {
        /// Input index.
        index: usize,
        /// What failed.
        reason: &'static str,
    },
}

impl Reject {
    /// Core's JSON-RPC error code for this rejection (`RPC_DESERIALIZATION_ERROR`, `RPC_VERIFY_ERROR`,
    /// `RPC_VERIFY_REJECTED`, `RPC_VERIFY_ALREADY_IN_CHAIN`).
    pub fn rpc_code(&self) -> i64 {
        match self {
            Reject::Decode => -22,
            Reject::MissingInputs => -25,
            Reject::AlreadyConfirmed => -27,
            _ => -26,
        }
    }
}

/// A transaction that passed validation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    /// Its id.
    pub txid: Txid,
    /// Fee in satoshis.
    pub fee: u64,
    /// Virtual size.
    pub vsize: u64,
    /// The outputs it spends, in input order.
    pub spent: Vec<TxOut>,
}

/// Where validation finds the outputs a transaction spends.
pub trait CoinView {
    /// The unspent coin `outpoint` refers to, if any.
    fn coin(&self, outpoint: &OutPoint) -> Option<Coin>;
}

/// Validates `tx` for a block at `next_height` against `view`.
pub fn check(
    secp: &Secp256k1<VerifyOnly>,
    tx: &Transaction,
    view: &dyn CoinView,
    next_height: u64,
) -> Result<Checked, Reject> {
    if tx.is_coinbase() {
        return Err(Reject::Coinbase);
    }
    if tx.input.is_empty() {
        return Err(Reject::Empty("bad-txns-vin-empty"));
    }
    if tx.output.is_empty() {
        return Err(Reject::Empty("bad-txns-vout-empty"));
    }
    let mut seen = std::collections::HashSet::with_capacity(tx.input.len());
    if !tx.input.iter().all(|i| seen.insert(i.previous_output)) {
        return Err(Reject::DuplicateInput);
    }
    let mut spent = Vec::with_capacity(tx.input.len());
    for input in &tx.input {
        let coin = view
            .coin(&input.previous_output)
            .ok_or(Reject::MissingInputs)?;
        if coin.coinbase {
            let depth = next_height.saturating_sub(coin.height);
            if depth < COINBASE_MATURITY {
                return Err(Reject::ImmatureCoinbase(depth));
            }
        }
        spent.push(coin.output);
    }
    let input: u64 = spent.iter().map(|o| o.value.to_sat()).sum();
    let output: u64 = tx.output.iter().map(|o| o.value.to_sat()).sum();
    if output > input {
        return Err(Reject::InBelowOut { input, output });
    }
    for index in 0..tx.input.len() {
        verify_input(secp, tx, index, &spent)?;
    }
    Ok(Checked {
        txid: tx.compute_txid(),
        fee: input - output,
        vsize: tx.vsize() as u64,
        spent,
    })
}

fn script_error(index: usize, reason: &'static str) -> Reject {
    Reject::Script { index, reason }
}

fn verify_input(
    secp: &Secp256k1<VerifyOnly>,
    tx: &Transaction,
    index: usize,
    spent: &[TxOut],
) -> Result<(), Reject> {
    let prevout = &spent[index];
    let script = prevout.script_pubkey.as_script();
    let input = &tx.input[index];
    let mut cache = SighashCache::new(tx);
    if script.is_p2wpkh() {
        if !input.script_sig.is_empty() {
            return Err(script_error(
                index,
                "witness program with a non-empty scriptSig",
            ));
        }
        let [sig, key] = witness_items::<2>(input.witness.iter(), index)?;
        let key = CompressedPublicKey::from_slice(key)
            .map_err(|_| script_error(index, "witness pubkey is not a compressed key"))?;
        if script != ScriptBuf::new_p2wpkh(&key.wpubkey_hash()).as_script() {
            return Err(script_error(
                index,
                "witness pubkey does not match the program",
            ));
        }
        let sig = bitcoin::ecdsa::Signature::from_slice(sig)
            .map_err(|_| script_error(index, "malformed signature"))?;
        let hash = cache
            .p2wpkh_signature_hash(index, script, prevout.value, sig.sighash_type)
            .map_err(|_| script_error(index, "cannot compute the signature hash"))?;
        return verify_ecdsa(secp, hash.to_byte_array(), &sig, &key.0, index);
    }
    if script.is_p2pkh() {
        if !input.witness.is_empty() {
            return Err(script_error(index, "witness on a P2PKH input"));
        }
        let pushes: Vec<&[u8]> = input
            .script_sig
            .instructions()
            .map(|i| match i {
                Ok(bitcoin::script::Instruction::PushBytes(p)) => Ok(p.as_bytes()),
                _ => Err(script_error(index, "scriptSig must be two pushes")),
            })
            .collect::<Result<_, _>>()?;
        let [sig, key] = <[&[u8]; 2]>::try_from(pushes)
            .map_err(|_| script_error(index, "scriptSig must be two pushes"))?;
        let key =
            PublicKey::from_slice(key).map_err(|_| script_error(index, "malformed pubkey"))?;
        if ScriptBuf::new_p2pkh(&key.pubkey_hash()).as_script() != script {
            return Err(script_error(index, "pubkey does not match the P2PKH hash"));
        }
        let sig = bitcoin::ecdsa::Signature::from_slice(sig)
            .map_err(|_| script_error(index, "malformed signature"))?;
        let hash = cache
            .legacy_signature_hash(index, script, sig.sighash_type.to_u32())
            .map_err(|_| script_error(index, "cannot compute the signature hash"))?;
        return verify_ecdsa(secp, hash.to_byte_array(), &sig, &key.inner, index);
    }
    if script.is_p2tr() {
        if !input.script_sig.is_empty() {
            return Err(script_error(
                index,
                "witness program with a non-empty scriptSig",
            ));
        }
        let items: Vec<&[u8]> = input.witness.iter().collect();
        // Key path: one signature, optionally followed by an annex (0x50 first byte).
        let sig = match items.as_slice() {
            [sig] => *sig,
            [sig, annex] if annex.first() == Some(&0x50) => *sig,
            _ => {
                return Err(Reject::UnsupportedInput {
                    index,
                    kind: "P2TR script-path",
                });
            }
        };
        let sig = bitcoin::taproot::Signature::from_slice(sig)
            .map_err(|_| script_error(index, "malformed Schnorr signature"))?;
        let key = XOnlyPublicKey::from_slice(&script.as_bytes()[2..34])
            .map_err(|_| script_error(index, "output key is not on the curve"))?;
        let hash = cache
            .taproot_key_spend_signature_hash(index, &Prevouts::All(spent), sig.sighash_type)
            .map_err(|_| script_error(index, "cannot compute the signature hash"))?;
        let message = Message::from_digest(hash.to_byte_array());
        return secp
            .verify_schnorr(&sig.signature, &message, &key)
            .map_err(|_| script_error(index, "Invalid Schnorr signature"));
    }
    let kind = if script.is_p2sh() {
        "P2SH"
    } else if script.is_p2wsh() {
        "P2WSH"
    } else if script.is_multisig() {
        "bare multisig"
    } else {
        "non-standard"
    };
    Err(Reject::UnsupportedInput { index, kind })
}

fn witness_items<'w, const N: usize>(
    items: impl Iterator<Item = &'w [u8]>,
    index: usize,
) -> Result<[&'w [u8]; N], Reject> {
    let items: Vec<&[u8]> = items.collect();
    <[&[u8]; N]>::try_from(items).map_err(|_| script_error(index, "wrong number of witness items"))
}

fn verify_ecdsa(
    secp: &Secp256k1<VerifyOnly>,
    digest: [u8; 32],
    sig: &bitcoin::ecdsa::Signature,
    key: &secp256k1::PublicKey,
    index: usize,
) -> Result<(), Reject> {
    if !matches!(
        sig.sighash_type,
        EcdsaSighashType::All
            | EcdsaSighashType::None
            | EcdsaSighashType::Single
            | EcdsaSighashType::AllPlusAnyoneCanPay
            | EcdsaSighashType::NonePlusAnyoneCanPay
            | EcdsaSighashType::SinglePlusAnyoneCanPay
    ) {
        return Err(script_error(index, "non-canonical sighash type"));
    }
    // Core's standardness requires low-S signatures.
    let mut normalized = sig.signature;
    normalized.normalize_s();
    if normalized != sig.signature {
        return Err(script_error(
            index,
            "Non-canonical signature: S value is unnecessarily high",
        ));
    }
    secp.verify_ecdsa(&Message::from_digest(digest), &sig.signature, key)
        .map_err(|_| {
            script_error(
                index,
                "Signature must be zero for failed CHECK(MULTI)SIG operation",
            )
        })
}
