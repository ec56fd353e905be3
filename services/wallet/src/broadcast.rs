//! What the buyer signed, made a transaction: a PSBT's signed inputs given their final witnesses (P2WPKH from
//! its one partial signature, P2TR key-path from its key signature; inputs a wallet already finalized are kept),
//! then the network transaction, refused when an input is left unsigned. And what a transaction must not do to be
//! sent: move assets a spent output holds to someone else ([`check_held_inputs`]).

use base64::Engine;
use bitcoin::consensus::encode::deserialize_hex;
use bitcoin::psbt::Psbt;
use bitcoin::{ScriptBuf, Transaction, Witness};

/// The sighash flag of an atomic-swap offer: SIGHASH_SINGLE|ANYONECANPAY.
const SINGLE_ANYONECANPAY: u8 = 0x83;

/// Whether `witness` carries a signature committing with SIGHASH_SINGLE|ANYONECANPAY: a seller's atomic-swap
/// offer (P2WPKH `[signature, key]` with the flag after the DER signature; P2TR key path, 65 bytes).
pub fn offered(witness: &Witness) -> bool {
    let Some(signature) = witness.nth(0) else {
        return false;
    };
    let flagged = match witness.len() {
        2 => (9..=73).contains(&signature.len()),
        1 => signature.len() == 65,
        _ => false,
    };
    flagged && signature.last() == Some(&SINGLE_ANYONECANPAY)
}

/// Checks that no input holding assets gives them away unasked. Every spent output with a Counterparty balance
/// (`held`: its input's index and the output's script) moves all it holds to the transaction's first output that
/// is not an OP_RETURN. That is allowed when its owner offered it (an atomic-swap listing, signed
/// SIGHASH_SINGLE|ANYONECANPAY) or when the assets go back to the address that holds them; anything else, such as
/// a payment of bitcoin that happens to spend the output, would hand them to someone else.
pub fn check_held_inputs(tx: &Transaction, held: &[(usize, ScriptBuf)]) -> Result<(), String> {
    let lands = tx
        .output
        .iter()
        .find(|o| !o.script_pubkey.is_op_return())
        .map(|o| &o.script_pubkey);
    for (index, script) in held {
        let Some(input) = tx.input.get(*index) else {
            continue;
        };
        if offered(&input.witness) || lands == Some(script) {
            continue;
        }
        return Err(format!(
            "This transaction spends {}, which holds assets: they would go to another address",
            input.previous_output
        ));
    }
    Ok(())
}

/// The transaction `text` carries: a PSBT (hex or base64) when `is_psbt`, else a raw transaction (hex).
pub fn transaction(text: &str, is_psbt: bool) -> Result<Transaction, String> {
    let text = text.trim();
    if !is_psbt {
        return deserialize_hex(text).map_err(|_| "TX decode failed".to_owned());
    }
    let mut psbt = psbt(text)?;
    finalize(&mut psbt)?;
    Ok(psbt.extract_tx_unchecked_fee_rate())
}

/// The PSBT `text` carries, hex or base64.
pub fn psbt(text: &str) -> Result<Psbt, String> {
    let text = text.trim();
    let bytes = hex::decode(text)
        .or_else(|_| base64::engine::general_purpose::STANDARD.decode(text))
        .map_err(|_| "PSBT decode failed: neither hex nor base64".to_owned())?;
    Psbt::deserialize(&bytes).map_err(|e| format!("PSBT decode failed: {e}"))
}

/// Gives every input its final witness, or says which one is not signed.
pub fn finalize(psbt: &mut Psbt) -> Result<(), String> {
    for (index, input) in psbt.inputs.iter_mut().enumerate() {
        if input.final_script_witness.is_some() || input.final_script_sig.is_some() {
            continue;
        }
        let spent = input.witness_utxo.as_ref().map(|o| o.script_pubkey.clone());
        let witness = match spent {
            Some(s) if s.is_p2wpkh() && input.partial_sigs.len() == 1 => input
                .partial_sigs
                .iter()
                .next()
                .map(|(key, sig)| Witness::p2wpkh(sig, &key.inner)),
            Some(s) if s.is_p2tr() => input.tap_key_sig.map(|sig| Witness::p2tr_key_spend(&sig)),
            _ => None,
        };
        let Some(witness) = witness else {
            return Err(format!("Input {index} is not signed"));
        };
        input.final_script_witness = Some(witness);
        input.partial_sigs.clear();
        input.tap_key_sig = None;
        input.sighash_type = None;
        input.bip32_derivation.clear();
        input.tap_key_origins.clear();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitcoin::hashes::Hash;
    use bitcoin::secp256k1::{Message, Secp256k1, SecretKey};
    use bitcoin::sighash::{EcdsaSighashType, SighashCache};
    use bitcoin::{
        Amount, CompressedPublicKey, Network, OutPoint, PrivateKey, Sequence, TxIn, TxOut,
        absolute, transaction,
    };

    fn unsigned() -> (Psbt, SecretKey, CompressedPublicKey) {
        let secp = Secp256k1::new();
        let secret = SecretKey::from_slice(&[7u8; 32]).expect("key");
        let public = CompressedPublicKey::from_private_key(
            &secp,
            &PrivateKey::new(secret, Network::Bitcoin),
        )
        .expect("public");
        let script = bitcoin::Address::p2wpkh(&public, Network::Bitcoin).script_pubkey();
        let tx = Transaction {
            version: transaction::Version::TWO,
            lock_time: absolute::LockTime::ZERO,
            input: vec![TxIn {
                previous_output: OutPoint::new(bitcoin::Txid::from_byte_array([1; 32]), 0),
                sequence: Sequence::ENABLE_RBF_NO_LOCKTIME,
                ..TxIn::default()
            }],
            output: vec![TxOut {
                value: Amount::from_sat(9_000),
                script_pubkey: script.clone(),
            }],
        };
        let mut psbt = Psbt::from_unsigned_tx(tx).expect("psbt");
        psbt.inputs[0].witness_utxo = Some(TxOut {
            value: Amount::from_sat(10_000),
            script_pubkey: script,
        });
        (psbt, secret, public)
    }

    #[test]
    fn held_outputs_move_only_as_offered_or_back_to_their_owner() {
        let owner = ScriptBuf::new_p2wpkh(&bitcoin::WPubkeyHash::from_byte_array([1; 20]));
        let other = ScriptBuf::new_p2wpkh(&bitcoin::WPubkeyHash::from_byte_array([2; 20]));
        let signature = |flag: u8| {
            let mut s = vec![0x30; 71];
            s.push(flag);
            s
        };
        let input = |flag: u8| TxIn {
            previous_output: OutPoint::new(bitcoin::Txid::from_byte_array([5; 32]), 0),
            witness: Witness::from_slice(&[signature(flag), vec![2; 33]]),
            ..TxIn::default()
        };
        let tx = |flag: u8, to: &ScriptBuf| Transaction {
            version: transaction::Version::TWO,
            lock_time: absolute::LockTime::ZERO,
            input: vec![input(0x01), input(flag)],
            output: vec![
                TxOut {
                    value: Amount::ZERO,
                    script_pubkey: ScriptBuf::new_op_return([1u8; 4]),
                },
                TxOut {
                    value: Amount::from_sat(546),
                    script_pubkey: to.clone(),
                },
            ],
        };
        let held = [(1, owner.clone())];
        assert!(
            check_held_inputs(&tx(0x01, &other), &held).is_err_and(|e| e.contains("holds assets"))
        );
        assert!(
            check_held_inputs(&tx(0x01, &owner), &held).is_ok(),
            "back to its owner"
        );
        assert!(
            check_held_inputs(&tx(0x83, &other), &held).is_ok(),
            "an offer its owner signed"
        );
        assert!(
            check_held_inputs(&tx(0x01, &other), &[]).is_ok(),
            "nothing held"
        );
        let mut key_path = vec![7u8; 64];
        key_path.push(0x83);
        assert!(
            offered(&Witness::from_slice(&[key_path])),
            "a taproot offer"
        );
        assert!(
            !offered(&Witness::from_slice(&[vec![7u8; 64]])),
            "SIGHASH_DEFAULT"
        );
    }

    #[test]
    fn a_signed_p2wpkh_input_is_finalized_and_an_unsigned_one_refused() {
        let (mut psbt, secret, public) = unsigned();
        let hex = psbt.serialize_hex();
        assert_eq!(
            transaction(&hex, true).expect_err("unsigned"),
            "Input 0 is not signed"
        );
        let spent = psbt.inputs[0].witness_utxo.clone().expect("spent");
        let digest = SighashCache::new(&psbt.unsigned_tx)
            .p2wpkh_signature_hash(0, &spent.script_pubkey, spent.value, EcdsaSighashType::All)
            .expect("sighash");
        let signature = bitcoin::ecdsa::Signature {
            signature: Secp256k1::new()
                .sign_ecdsa(&Message::from_digest(digest.to_byte_array()), &secret),
            sighash_type: EcdsaSighashType::All,
        };
        psbt.inputs[0]
            .partial_sigs
            .insert(bitcoin::PublicKey::new(public.0), signature);
        let tx = transaction(&psbt.serialize_hex(), true).expect("finalized");
        assert_eq!(tx.input[0].witness.len(), 2);
        let b64 = base64::engine::general_purpose::STANDARD.encode(psbt.serialize());
        assert_eq!(transaction(&b64, true).expect("base64 too"), tx);
        let raw = bitcoin::consensus::encode::serialize_hex(&tx);
        assert_eq!(transaction(&raw, false).expect("raw"), tx);
        assert!(transaction("zz", true).is_err());
    }
}
