//! An atomic-swap listing as a seller signs it (WALLET-AUTH §3.6): a PSBT with one input, the UTXO that holds the
//! assets (its `witness_utxo` a P2WPKH of the seller), signed SIGHASH_SINGLE|ANYONECANPAY, and one output, the
//! payout to the seller. The signature commits to that input and the output at its index only, so a buyer can add
//! inputs and outputs around the pair. Pure.

use bitcoin::hashes::Hash;
use bitcoin::psbt::Psbt;
use bitcoin::secp256k1::{Message, Secp256k1};
use bitcoin::sighash::{EcdsaSighashType, SighashCache};
use bitcoin::{Address, Network, OutPoint, TxOut};

/// A listing whose signature and shape were checked.
#[derive(Debug, Clone)]
pub struct Checked {
    /// The listed UTXO.
    pub utxo: OutPoint,
    /// Its owner, whom the payout pays.
    pub seller: Address,
    /// The payout.
    pub payout: TxOut,
    /// The seller's input, as signed.
    pub input: bitcoin::psbt::Input,
    /// The offer: the seller's signature with its sighash flag, hex (what a cancellation withdraws).
    pub offer: String,
}

/// Compares the listed output as the node has it (`script`, `value` satoshis) with what the PSBT claims: a
/// listing's signature proves nothing about someone else's output unless it is made over that output's own
/// script and value.
pub fn check_spent_output(checked: &Checked, script: &[u8], value: u64) -> Result<(), String> {
    let claimed = checked
        .input
        .witness_utxo
        .as_ref()
        .ok_or("The listing's input has no witness_utxo")?;
    if claimed.script_pubkey.as_bytes() != script || claimed.value.to_sat() != value {
        return Err("The listing does not describe its UTXO as the chain has it".into());
    }
    Ok(())
}

/// The listing `psbt` is, or why it is none.
pub fn check(psbt: &Psbt, network: Network) -> Result<Checked, String> {
    let tx = &psbt.unsigned_tx;
    if tx.input.len() != 1 || tx.output.len() != 1 || psbt.inputs.len() != 1 {
        return Err("A listing has one input (the UTXO) and one output (the payout)".into());
    }
    let input = &psbt.inputs[0];
    let spent = input
        .witness_utxo
        .as_ref()
        .ok_or("The listing's input has no witness_utxo")?;
    if !spent.script_pubkey.is_p2wpkh() {
        return Err("The listed UTXO must pay a P2WPKH address".into());
    }
    let seller = Address::from_script(&spent.script_pubkey, network).map_err(|e| e.to_string())?;
    let payout = tx.output[0].clone();
    if payout.script_pubkey != spent.script_pubkey {
        return Err("The payout must pay the seller's address".into());
    }
    if payout.value.to_sat() == 0 {
        return Err("The payout must ask a price".into());
    }
    crate::money::sats(payout.value.to_sat(), "The price")?;
    let [(key, signature)] = input.partial_sigs.iter().collect::<Vec<_>>()[..] else {
        return Err("The listing's input must carry the seller's one signature".into());
    };
    if signature.sighash_type != EcdsaSighashType::SinglePlusAnyoneCanPay {
        return Err("The listing must be signed SIGHASH_SINGLE|ANYONECANPAY".into());
    }
    let compressed = bitcoin::CompressedPublicKey::try_from(*key).map_err(|e| e.to_string())?;
    if Address::p2wpkh(&compressed, network).script_pubkey() != spent.script_pubkey {
        return Err("The signature's key is not the UTXO's".into());
    }
    let digest = SighashCache::new(tx)
        .p2wpkh_signature_hash(
            0,
            &spent.script_pubkey,
            spent.value,
            EcdsaSighashType::SinglePlusAnyoneCanPay,
        )
        .map_err(|e| e.to_string())?;
    Secp256k1::verification_only()
        .verify_ecdsa(
            &Message::from_digest(digest.to_byte_array()),
            &signature.signature,
            &key.inner,
        )
        .map_err(|_| "The listing's signature is not valid".to_owned())?;
    Ok(Checked {
        utxo: tx.input[0].previous_output,
        seller,
        payout,
        input: input.clone(),
        offer: hex::encode(signature.serialize()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitcoin::secp256k1::SecretKey;
    use bitcoin::{
        Amount, CompressedPublicKey, PrivateKey, Sequence, Transaction, TxIn, absolute, transaction,
    };

    fn listing(sighash: EcdsaSighashType, payout: u64) -> Psbt {
        let secp = Secp256k1::new();
        let secret = SecretKey::from_slice(&[9u8; 32]).expect("key");
        let public = CompressedPublicKey::from_private_key(
            &secp,
            &PrivateKey::new(secret, Network::Bitcoin),
        )
        .expect("public");
        let script = Address::p2wpkh(&public, Network::Bitcoin).script_pubkey();
        let tx = Transaction {
            version: transaction::Version::TWO,
            lock_time: absolute::LockTime::ZERO,
            input: vec![TxIn {
                previous_output: OutPoint::new(bitcoin::Txid::from_byte_array([3; 32]), 0),
                sequence: Sequence::ENABLE_RBF_NO_LOCKTIME,
                ..TxIn::default()
            }],
            output: vec![TxOut {
                value: Amount::from_sat(payout),
                script_pubkey: script.clone(),
            }],
        };
        let spent = TxOut {
            value: Amount::from_sat(546),
            script_pubkey: script,
        };
        let digest = SighashCache::new(&tx)
            .p2wpkh_signature_hash(0, &spent.script_pubkey, spent.value, sighash)
            .expect("sighash");
        let mut psbt = Psbt::from_unsigned_tx(tx).expect("psbt");
        psbt.inputs[0].witness_utxo = Some(spent);
        let signature = bitcoin::ecdsa::Signature {
            signature: secp.sign_ecdsa(&Message::from_digest(digest.to_byte_array()), &secret),
            sighash_type: sighash,
        };
        psbt.inputs[0]
            .partial_sigs
            .insert(bitcoin::PublicKey::new(public.0), signature);
        psbt
    }

    #[test]
    fn a_single_anyonecanpay_listing_is_accepted_and_others_refused() {
        let ok = check(
            &listing(EcdsaSighashType::SinglePlusAnyoneCanPay, 50_000),
            Network::Bitcoin,
        )
        .expect("valid");
        assert_eq!(ok.payout.value.to_sat(), 50_000);
        let all =
            check(&listing(EcdsaSighashType::All, 50_000), Network::Bitcoin).expect_err("ALL");
        assert!(all.contains("SINGLE|ANYONECANPAY"), "{all}");
        // A payout changed after signing breaks the signature.
        let mut tampered = listing(EcdsaSighashType::SinglePlusAnyoneCanPay, 50_000);
        tampered.unsigned_tx.output[0].value = Amount::from_sat(5_000);
        assert_eq!(
            check(&tampered, Network::Bitcoin).expect_err("tampered"),
            "The listing's signature is not valid"
        );
        let mut unsigned = listing(EcdsaSighashType::SinglePlusAnyoneCanPay, 50_000);
        unsigned.inputs[0].partial_sigs.clear();
        assert!(check(&unsigned, Network::Bitcoin).is_err());
        assert!(
            ok.offer.ends_with("83"),
            "the flag ends the offer: {}",
            ok.offer
        );
    }

    #[test]
    fn a_listing_must_describe_the_output_as_the_chain_has_it() {
        let ok = check(
            &listing(EcdsaSighashType::SinglePlusAnyoneCanPay, 50_000),
            Network::Bitcoin,
        )
        .expect("valid");
        let spent = ok.input.witness_utxo.clone().expect("spent");
        let script = spent.script_pubkey.as_bytes();
        assert!(check_spent_output(&ok, script, 546).is_ok());
        assert!(
            check_spent_output(&ok, script, 547).is_err(),
            "another value"
        );
        let other = bitcoin::ScriptBuf::new_p2wpkh(&bitcoin::WPubkeyHash::from_byte_array([4; 20]));
        assert_eq!(
            check_spent_output(&ok, other.as_bytes(), 546),
            Err("The listing does not describe its UTXO as the chain has it".into()),
            "someone else's output"
        );
    }
}
