//! Message signatures: does a signature prove that the holder of an address signed a message?
//!
//! Two formats arrive from wallets, told apart by their bytes, never by what the client says:
//! - the legacy "Bitcoin Signed Message" signature (BIP-137): base64 of 65 bytes, a header byte 27 to 42 and a
//!   compact ECDSA signature. The key is recovered and the address derived from it is compared with the
//!   address claimed. The header's hints at the address type and key compression are ignored: wallets set
//!   them inconsistently, and the comparison with the claimed address is what binds the key.
//! - BIP-322 "simple": base64 of a consensus-encoded witness (optionally prefixed `smp`), checked by the
//!   `bip322` crate against the address's script. Only a `Valid` outcome counts; `Inconclusive` fails.
//!
//! Addresses are parsed here, for the configured network only (the crate would take any network's).

use std::str::FromStr;
use std::sync::LazyLock;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use bitcoin::consensus::Decodable;
use bitcoin::hashes::Hash;
use bitcoin::secp256k1::ecdsa::{RecoverableSignature, RecoveryId};
use bitcoin::secp256k1::{Message, Secp256k1, VerifyOnly};
use bitcoin::sign_message::signed_msg_hash;
use bitcoin::{Address, AddressType, CompressedPublicKey, Network, PublicKey, ScriptBuf, Witness};

/// Longest signature text accepted (a P2WPKH or P2TR witness is about 140 characters).
pub const MAX_SIGNATURE: usize = 1024;

/// Why a signature was not accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// Not an address, or not one of the configured network.
    #[error("Invalid address")]
    Address,
    /// An address type no signature format here can prove (P2WSH, bare scripts).
    #[error("unsupported address type")]
    AddressType,
    /// Not a signature in either format (bad base64, wrong length, a full or proof-of-funds BIP-322 proof).
    #[error("malformed signature: {0}")]
    Format(&'static str),
    /// A well-formed signature that does not prove this address signed this message.
    #[error("invalid signature")]
    Invalid,
}

/// The format a signature was verified in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignatureFormat {
    /// A legacy / BIP-137 compact signature.
    Legacy,
    /// A BIP-322 simple signature.
    Bip322,
}

/// What a verified signature proves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    /// Its format.
    pub format: SignatureFormat,
    /// The signer's public key, when the format reveals it (a legacy signature's recovered key, a P2WPKH or
    /// P2SH-P2WPKH witness's key; a taproot signature reveals only the output key).
    pub public_key: Option<PublicKey>,
}

/// Reads `text` as an address of `network`.
pub fn parse_address(text: &str, network: Network) -> Result<Address, VerifyError> {
    Address::from_str(text)
        .map_err(|_| VerifyError::Address)?
        .require_network(network)
        .map_err(|_| VerifyError::Address)
}

/// Whether a signature format here can prove `address`: key hashes, P2SH-wrapped key hashes and taproot keys
/// (not P2WSH or bare scripts).
pub fn supported(address: &Address) -> bool {
    matches!(
        address.address_type(),
        Some(AddressType::P2pkh | AddressType::P2wpkh | AddressType::P2sh | AddressType::P2tr)
    )
}

/// Checks that `signature` proves that the holder of `address` signed `message`, byte for byte.
pub fn verify(address: &Address, message: &str, signature: &str) -> Result<Verified, VerifyError> {
    if !supported(address) {
        return Err(VerifyError::AddressType);
    }
    let text = signature.trim();
    if text.len() > MAX_SIGNATURE {
        return Err(VerifyError::Format("too long"));
    }
    if text.starts_with("ful") || text.starts_with("pof") {
        return Err(VerifyError::Format(
            "a full or proof-of-funds proof is not a sign-in",
        ));
    }
    let bytes = STANDARD
        .decode(text.strip_prefix("smp").unwrap_or(text))
        .map_err(|_| VerifyError::Format("not base64"))?;
    match <&[u8; 65]>::try_from(bytes.as_slice()) {
        Ok(compact) if (27..=42).contains(&compact[0]) => legacy(address, message, compact),
        _ => bip322_simple(address, message, &bytes),
    }
}

/// One context for every recovery: making a context randomizes it, which costs a point multiplication.
static VERIFIER: LazyLock<Secp256k1<VerifyOnly>> = LazyLock::new(Secp256k1::verification_only);

/// A legacy signature: the key it recovers must give `address` (of the address's own type).
fn legacy(address: &Address, message: &str, compact: &[u8; 65]) -> Result<Verified, VerifyError> {
    let id = RecoveryId::from_i32(i32::from((compact[0] - 27) & 3))
        .map_err(|_| VerifyError::Format("recovery id"))?;
    let signature = RecoverableSignature::from_compact(&compact[1..], id)
        .map_err(|_| VerifyError::Format("compact signature"))?;
    let digest = Message::from_digest(signed_msg_hash(message).to_byte_array());
    let key = VERIFIER
        .recover_ecdsa(&digest, &signature)
        .map_err(|_| VerifyError::Invalid)?;
    let compressed = CompressedPublicKey(key);
    // Scripts are compared: the address's network was checked when it was parsed.
    let candidates: Vec<(ScriptBuf, PublicKey)> = match address.address_type() {
        Some(AddressType::P2pkh) => [PublicKey::new(key), PublicKey::new_uncompressed(key)]
            .into_iter()
            .map(|k| (ScriptBuf::new_p2pkh(&k.pubkey_hash()), k))
            .collect(),
        Some(AddressType::P2wpkh) => vec![(
            ScriptBuf::new_p2wpkh(&compressed.wpubkey_hash()),
            PublicKey::new(key),
        )],
        Some(AddressType::P2sh) => vec![(
            ScriptBuf::new_p2sh(&ScriptBuf::new_p2wpkh(&compressed.wpubkey_hash()).script_hash()),
            PublicKey::new(key),
        )],
        _ => Vec::new(),
    };
    let script = address.script_pubkey();
    candidates
        .into_iter()
        .find(|(derived, _)| *derived == script)
        .map(|(_, public_key)| Verified {
            format: SignatureFormat::Legacy,
            public_key: Some(public_key),
        })
        .ok_or(VerifyError::Invalid)
}

/// A BIP-322 simple signature: the witness must spend the address's script in the message's `to_sign`.
fn bip322_simple(address: &Address, message: &str, bytes: &[u8]) -> Result<Verified, VerifyError> {
    let mut reader = bytes;
    let witness = Witness::consensus_decode_from_finite_reader(&mut reader)
        .map_err(|_| VerifyError::Format("not a witness"))?;
    if !reader.is_empty() {
        return Err(VerifyError::Format("bytes after the witness"));
    }
    match bip322::verify_simple(address, message, witness.clone()) {
        Ok(bip322::Verification::Valid { .. }) => {}
        Ok(bip322::Verification::Inconclusive) | Err(_) => return Err(VerifyError::Invalid),
    }
    // A key-hash witness is [signature, public key].
    let public_key = match address.address_type() {
        Some(AddressType::P2wpkh | AddressType::P2sh) if witness.len() == 2 => {
            witness.nth(1).and_then(|k| PublicKey::from_slice(k).ok())
        }
        _ => None,
    };
    Ok(Verified {
        format: SignatureFormat::Bip322,
        public_key,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(address: &str, message: &str, signature: &str) -> Result<Verified, VerifyError> {
        verify(
            &parse_address(address, Network::Bitcoin)?,
            message,
            signature,
        )
    }

    const BIP322_ADDRESS: &str = "bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l";
    const EMPTY_1: &str = "AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46T\
                           SDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=";
    const EMPTY_2: &str = "AkgwRQIhAPkJ1Q4oYS0htvyuSFHLxRQpFAY56b70UvE7Dxazen0ZAiAtZfFz1S6T6I23MWI2lK/pcNTWncuyL8UL+o\
                           MdydVgzAEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy";
    const HELLO_1: &str = "AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJL\
                           Ux9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=";
    const HELLO_2: &str = "AkgwRQIhAOzyynlqt93lOKJr+wmmxIens//zPzl9tqIOua93wO6MAiBi5n5EyAcPScOjf1lAqIUIQtr3zKNeavYabH\
                           yR8eGhowEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy";

    #[test]
    fn bip322_official_vectors() {
        for (message, signature) in [
            ("", EMPTY_1),
            ("", EMPTY_2),
            ("Hello World", HELLO_1),
            ("Hello World", HELLO_2),
            ("Hello World", &format!("smp{HELLO_1}")),
        ] {
            let v = check(BIP322_ADDRESS, message, signature).expect(signature);
            assert_eq!(v.format, SignatureFormat::Bip322);
            assert_eq!(
                v.public_key.map(|k| k.to_string()).as_deref(),
                Some("02c7f12003196442943d8588e01aee840423cc54fc1521526a3b85c2b0cbd58872")
            );
        }
        for (message, signature) in [
            ("Hello World - this should fail", HELLO_1.to_owned()),
            ("", HELLO_1.to_owned()),
            ("Wrong message that was not signed", format!("smp{EMPTY_1}")),
            ("", "smpAA==".to_owned()),
        ] {
            assert_eq!(
                check(BIP322_ADDRESS, message, &signature),
                Err(VerifyError::Invalid),
                "{message:?}"
            );
        }
        assert!(matches!(
            check(BIP322_ADDRESS, "", "not-valid-base64!!!"),
            Err(VerifyError::Format(_))
        ));
        assert!(matches!(
            check(BIP322_ADDRESS, "", &format!("ful{EMPTY_1}")),
            Err(VerifyError::Format(_))
        ));
    }

    #[test]
    fn bip322_taproot_and_the_network_check() {
        let taproot = "AUHd69PrJQEv+oKTfZ8l+WROBHuy9HKrbFCJu7U1iK2iiEy1vMU5EfMtjc+VSHM7aU0SDbak5IUZRVno2P5mjSafAQ==";
        let v = check(
            "bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3",
            "Hello World",
            taproot,
        )
        .expect("taproot");
        assert_eq!((v.format, v.public_key), (SignatureFormat::Bip322, None));
        // Leather's sample is valid, but for testnet: not an address of the configured network.
        assert_eq!(
            check(
                "tb1pwfstsmedjfr84rzjsnsjly7x0utzlcfed0uqv26vmwsrvvzuf82qsad4uz",
                "Hello world",
                "AUDl4ZQJo585ldL0I9S+CjDpT7+5WB2Sspgh47Dsx0WX0iZSCLV+K6smOKJ1u4IUaN6grvNspaZ9GpqPOOHsTTVE",
            ),
            Err(VerifyError::Address)
        );
        let leather = parse_address(
            "tb1pwfstsmedjfr84rzjsnsjly7x0utzlcfed0uqv26vmwsrvvzuf82qsad4uz",
            Network::Testnet,
        )
        .expect("a testnet address");
        assert!(
            verify(
                &leather,
                "Hello world",
                "AUDl4ZQJo585ldL0I9S+CjDpT7+5WB2Sspgh47Dsx0WX0iZSCLV+K6smOKJ1u4IUaN6grvNspaZ9GpqPOOHsTTVE",
            )
            .is_ok()
        );
    }

    #[test]
    fn legacy_vectors() {
        let vires = "vires is numeris";
        let trezor = "This is an example of a signed message.";
        let valid = [
            (
                "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
                vires,
                "KF8nHqFr3K2UKYahhX3soVeoW8W1ECNbr0wfck7lzyXjCS5Q16Ek45zyBuy1Fiy9sTPKVgsqqOuPvbycuVSSVl8=",
            ),
            (
                "3JvL6Ymt8MVWiCNHC7oWU6nLeHNJKLZGLN",
                vires,
                "JF8nHqFr3K2UKYahhX3soVeoW8W1ECNbr0wfck7lzyXjCS5Q16Ek45zyBuy1Fiy9sTPKVgsqqOuPvbycuVSSVl8=",
            ),
            (
                "1PMycacnJaSqwwJqjawXBErnLsZ7RkXUAs",
                vires,
                "H8JawPtQOrybrSP1WHQnQPr67B9S3qrxBrl1mlzoTJOSHEpmnF7D3+t+LX0Xei9J20B5AIdPbeL3AaTBZ4N3bY0=",
            ),
            (
                "16UwLL9Risc3QfPqBUvKofHmBQ7wMtjvM",
                vires,
                "G8JawPtQOrybrSP1WHQnQPr67B9S3qrxBrl1mlzoTJOSHEpmnF7D3+t+LX0Xei9J20B5AIdPbeL3AaTBZ4N3bY0=",
            ),
            (
                "bc1qannfxke2tfd4l7vhepehpvt05y83v3qsf6nfkk",
                trezor,
                "KLVddgDZ6afipJFV3fPP2455bCB/qrgzAQ+kH7eCiIm8R89iNIp6qgkjwIMqWJ+rVB6PEutU+3EckOIwfw9msZQ=",
            ),
            (
                "3L6TyTisPBmrDAj6RoKmDzNnj4eQi54gD2",
                trezor,
                "I3RN5FFvrFwUCAgBVmRRajL+rZTeiXdc7H4k28JP4TMHWsCTAcTMjhl76ktkgWYdW46b8Z2Le4o4Ls21PC7gdQ0=",
            ),
            (
                "bc1q0utxws6ptfdfcvaz29y4st065t5ku6vcqd364f",
                "Test message!",
                "H+G7Fz3EVxX02kIker4HPgnP8Mlf3bT52p81hnNAahTOGJ8ANSaU0bF5RsprgTH6LXLx/PmCka48Ov7OrPw2bms=",
            ),
            (
                "bc1qnxhkjd3kcjdzqz4u0m47xj3dne907cd8yg7qdr",
                "hello foo",
                "IJruGdQX+V6s+zvzTD3msz2l1obPchx19/bsefr+QGihcRArLSzXtkoUXA8k0NkBsIpFXGRxbG/s+eimZ+eGg70=",
            ),
            (
                "bc1q58dh2fpwms37g29nw979pa65lsvjkqxq82jzvv",
                "Test message!",
                "ILNax/LC+m3WwzIhnrieNN8DRzWTAgcVStSJmwdabUQII2fIlYUlEgnlNf4j2G4yJQoO4zFqCwaLOX4PDj1XwjA=",
            ),
            (
                "bc1q8h8s4zd9y0lkrx334aqnj4ykqs220ss735a3gh",
                "abcdefghijk123456789",
                "G+LrYa7T5dUMDgQduAErw+i6ebK4GqTXYVWIDM+snYk7Yc6LdPitmaqM6j+iJOeID1CsMXOJFpVopvPiHBdulkE=",
            ),
            (
                "1DAag8qiPLHh6hMFVu9qJQm9ro1HtwuyK5",
                "test message",
                "IFqUo4/sxBEFkfK8mZeeN56V13BqOc0D90oPBChF3gTqMXtNSCTN79UxC33kZ8Mi0cHy4zYCnQfCxTyLpMVXKeA=",
            ),
        ];
        for (address, message, signature) in valid {
            let v = check(address, message, signature).unwrap_or_else(|e| panic!("{address}: {e}"));
            assert_eq!(v.format, SignatureFormat::Legacy, "{address}");
            assert!(v.public_key.is_some());
            // Tampered: another message, another signature byte.
            assert_eq!(
                check(address, &format!("{message}!"), signature),
                Err(VerifyError::Invalid)
            );
            let mut bytes = STANDARD.decode(signature).expect("base64");
            bytes[40] ^= 1;
            assert!(
                check(address, message, &STANDARD.encode(&bytes)).is_err(),
                "{address}"
            );
        }
        // Another address's signature.
        for (address, message, signature) in [
            (
                "16UwLL9Risc3QfPqBUvKofHmBQ7wMtjvM",
                "foobar",
                "G8JawPtQOrybrSP1WHQnQPr67B9S3qrxBrl1mlzoTJOSHEpmnF7D3+t+LX0Xei9J20B5AIdPbeL3AaTBZ4N3bY0=",
            ),
            (
                BIP322_ADDRESS,
                trezor,
                "KLVddgDZ6afipJFV3fPP2455bCB/qrgzAQ+kH7eCiIm8R89iNIp6qgkjwIMqWJ+rVB6PEutU+3EckOIwfw9msZQ=",
            ),
            (
                "14wPe34dikRzK4tMYvtwMMJCEZbJ7ar35V",
                "test message",
                "IFqUo4/sxBEFkfK8mZeeN56V13BqOc0D90oPBChF3gTqMXtNSCTN79UxC33kZ8Mi0cHy4zYCnQfCxTyLpMVXKeA=",
            ),
        ] {
            assert_eq!(
                check(address, message, signature),
                Err(VerifyError::Invalid),
                "{address}"
            );
        }
    }

    #[test]
    fn an_electrum_native_segwit_signature_of_a_long_message() {
        // Electrum signs bc1q addresses with the headers 31 to 34, not BIP-137's 39 to 42.
        let message = concat!(
            "Integer can be encoded depending on the represented value to save space. Variable length integers ",
            "always precede an array/vector of a type of data that may vary in length. Longer numbers are encoded ",
            "in little endian. If you're reading the Satoshi client code (BitcoinQT) it refers to this encoding as ",
            "a \"CompactSize\". Modern Bitcoin Core also has the VARINT macro which implements an even more ",
            "compact integer for the purpose of local storage (which is incompatible with \"CompactSize\" ",
            "described here). VARINT is not a part of the protocol."
        );
        let address = "bc1qsdjne3y6ljndzvg9z9qrhje8k7p2m5yas704hn";
        let signature = "H3TkHAXCKRfyDowCra5YRDF/Vkk2HQCel/pgEgTj9LYaWpnviSRcuYtv/CZk7NTyHsJnYP56bqbvuU3PejwLCnA=";
        assert_eq!(
            check(address, message, signature).map(|v| v.format),
            Ok(SignatureFormat::Legacy)
        );
        let shorter = &message[..message.len() - 1];
        assert_eq!(
            check(address, shorter, signature),
            Err(VerifyError::Invalid)
        );
    }

    #[test]
    fn malformed_input_is_refused_with_its_reason() {
        // 17 bytes: neither a compact signature nor a witness.
        assert!(matches!(
            check(BIP322_ADDRESS, "x", "VGhpcyBpcyBub3QgdmFsaWQ="),
            Err(VerifyError::Format(_) | VerifyError::Invalid)
        ));
        // Header 204: not a legacy signature; as a witness it does not verify.
        assert!(
            check(
                BIP322_ADDRESS,
                "x",
                "zPOBbkXzwDgGVU3Gxk0noVuLq8P1pGfQUxnS0nzuxEN3qR/U/s63P81io7LV04ZxN88gVX/Qw0rzLFBR8q4IkUc="
            )
            .is_err()
        );
        assert_eq!(
            check("bc1qnotanaddress", "", EMPTY_1),
            Err(VerifyError::Address)
        );
        assert_eq!(check("", "", EMPTY_1), Err(VerifyError::Address));
        // A P2WSH address: no key to prove.
        assert_eq!(
            check(
                "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3",
                "",
                EMPTY_1
            ),
            Err(VerifyError::AddressType)
        );
        assert!(matches!(
            check(BIP322_ADDRESS, "", &"A".repeat(MAX_SIGNATURE + 4)),
            Err(VerifyError::Format(_))
        ));
    }

    #[test]
    fn own_signatures_verify_in_both_formats_for_each_address_type() {
        let secp = Secp256k1::new();
        let key =
            bitcoin::PrivateKey::from_wif("L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k")
                .expect("wif");
        let public = CompressedPublicKey::from_private_key(&secp, &key).expect("compressed");
        let message = "stamps.example wants you to sign in\nNonce: 5b1f";
        // Legacy, with the header a P2WPKH wallet would use and with Unisat's 27.
        let digest = Message::from_digest(signed_msg_hash(message).to_byte_array());
        let (id, compact) = secp
            .sign_ecdsa_recoverable(&digest, &key.inner)
            .serialize_compact();
        for base in [27u8, 31, 39] {
            let mut bytes = vec![base + u8::try_from(id.to_i32()).expect("0..=3")];
            bytes.extend_from_slice(&compact);
            let signature = STANDARD.encode(&bytes);
            for address in [
                Address::p2wpkh(&public, Network::Bitcoin),
                Address::p2shwpkh(&public, Network::Bitcoin),
                Address::p2pkh(public, Network::Bitcoin),
            ] {
                let v = verify(&address, message, &signature).expect("legacy");
                assert_eq!(v.public_key, Some(PublicKey::from(public)));
            }
        }
        // BIP-322 simple, by the crate's signer, for the three types it signs simply.
        let taproot = Address::p2tr(
            &secp,
            public.0.x_only_public_key().0,
            None,
            Network::Bitcoin,
        );
        for address in [
            Address::p2wpkh(&public, Network::Bitcoin),
            Address::p2shwpkh(&public, Network::Bitcoin),
            taproot,
        ] {
            let signature =
                bip322::sign_simple_encoded(&address.to_string(), message, &[key.to_wif()], None)
                    .expect("signed");
            let v = verify(&address, message, &signature).expect("bip322");
            assert_eq!(v.format, SignatureFormat::Bip322);
            assert_eq!(
                verify(&address, "another", &signature),
                Err(VerifyError::Invalid)
            );
        }
    }
}
