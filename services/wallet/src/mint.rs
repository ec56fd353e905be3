//! Mints: fairmints, SRC-20 operations, launchpad mints and new stamps. Each is one transaction composed with
//! `stamps-protocol`'s encoders, laid out `[lead, message, data, service fees, royalties, change]`:
//!
//! - a fairmint: the `fairmint` message in an OP_RETURN, the service fee;
//! - an SRC-20 operation: its beneficiary (the minter or deployer itself, a transfer's recipient) at output 0, the
//!   OLGA P2WSH outputs of `stamp:` and its JSON, the service fee and the deployer's royalty;
//! - a stamp (a launchpad's draw, or a user's file): an issuance of a new numeric asset whose description is
//!   `stamp:`, in an OP_RETURN, then the file in OLGA P2WSH outputs, the service fee and the owner's fee;
//! - a send (the same layout, no fee): bitcoin to the destination at output 0, or an asset's enhanced send (the
//!   message names the destination) in an OP_RETURN.
//!
//! The message is encrypted with input 0's txid, so the coins are chosen first (with a stand-in of the same size),
//! then the message is written. No fee output is ever a P2WSH (it would be read as data).

use bitcoin::{Amount, OutPoint, ScriptBuf, TxOut};
use stamps_protocol::Rules;
use stamps_protocol::counterparty::message::{EnhancedSend, Fairmint, Issuance, Message, ids};
use stamps_protocol::counterparty::transport;

use crate::buy::{self, Built, Coin};

/// The service fee of a fairmint, satoshis.
pub const FAIRMINT_FEE: u64 = 2230;
/// The service fee of an SRC-20 operation.
pub const SRC20_FEE: u64 = 12_230;
/// The service fee of an SRC-20 operation at the promotional price.
pub const SRC20_PROMO_FEE: u64 = 10_990;
/// Added to an SRC-20 operation's service fee when its deploy names no royalty.
pub const SRC20_NO_ROYALTY_FEE: u64 = 2222;
/// Promotional SRC-20 operations: while the promotion's address has fewer transactions.
pub const PROMO_LIMIT: u64 = 1000;
/// The service fee of a launchpad mint.
pub const LAUNCHPAD_FEE: u64 = 22_230;
/// The value of each OLGA P2WSH data output (the P2WSH dust threshold).
pub const OLGA_DUST: u64 = 330;
/// The value of an SRC-20 operation's beneficiary output.
pub const BENEFICIARY_VALUE: u64 = buy::RECEIVE_VALUE;
/// The largest file a stamp carries: its OLGA outputs keep the transaction well inside the standard weight.
pub const MAX_FILE: usize = 64_000;
/// The least bitcoin a send pays (the dust threshold of every output type).
pub const SEND_DUST: u64 = 546;
/// The smallest numeric asset id (`A` + 26^12 + 1).
pub const NUMERIC_MIN: u64 = 26u64.pow(12) + 1;

/// What a mint carries and pays, before coins are chosen.
#[derive(Debug, Clone, Default)]
pub struct Carried {
    /// Outputs before the data (an SRC-20 operation's beneficiary).
    pub lead: Vec<TxOut>,
    /// A Counterparty message (type and body), in one OP_RETURN encrypted with input 0's txid.
    pub message: Option<Vec<u8>>,
    /// Data outputs after it (OLGA).
    pub data: Vec<TxOut>,
    /// The service's fee outputs.
    pub service: Vec<(ScriptBuf, u64)>,
    /// Royalties and owner fees.
    pub royalties: Vec<(ScriptBuf, u64)>,
    /// What it creates (an asset, a tick), for the answer.
    pub label: String,
}

/// The message's OP_RETURN, encrypted with `first`'s txid.
fn message_output(message: &[u8], first: &OutPoint) -> Result<TxOut, String> {
    let key = stamps_protocol::arc4::key_for(&first.txid);
    transport::op_return_output(&key, message)
        .ok_or_else(|| "The message is too long for an OP_RETURN".to_owned())
}

/// The unsigned mint of `carried` by `minter` (a P2WPKH script) from `coins`, at `fee_rate` sat/kvB. The coins it
/// spends leave `coins`; its change joins them (for mints after it).
pub fn build(
    carried: &Carried,
    minter: &ScriptBuf,
    coins: &mut Vec<Coin>,
    fee_rate: u64,
) -> Result<Built, String> {
    let pay = |(script, value): &(ScriptBuf, u64)| TxOut {
        value: Amount::from_sat(*value),
        script_pubkey: script.clone(),
    };
    if carried
        .service
        .iter()
        .chain(&carried.royalties)
        .any(|(s, _)| s.is_p2wsh())
    {
        return Err("A fee cannot be paid to a P2WSH address".into());
    }
    let mut outputs = carried.lead.clone();
    let message_at = outputs.len();
    if let Some(m) = &carried.message {
        outputs.push(message_output(m, &OutPoint::null())?);
    }
    outputs.extend(carried.data.iter().cloned());
    outputs.extend(carried.service.iter().map(pay));
    outputs.extend(carried.royalties.iter().map(pay));
    let (taken, vsize, network_fee, change) = buy::select(coins, &outputs, minter, 0, 0, fee_rate)?;
    let chosen: Vec<Coin> = coins.drain(..taken).collect();
    if let Some(m) = &carried.message {
        let first = chosen.first().map(|c| c.outpoint).ok_or("no coin")?;
        outputs[message_at] = message_output(m, &first)?;
    }
    let psbt = buy::assemble(&chosen, outputs, change, minter, coins)?;
    Ok(Built {
        to_sign: (0..psbt.inputs.len()).collect(),
        total: buy::spent_by(&psbt, minter),
        psbt,
        network_fee,
        vsize,
        wallet_fee: carried.service.iter().map(|s| s.1).sum(),
        royalties: carried.royalties.iter().map(|s| s.1).sum(),
        hashes: vec![carried.label.clone()],
    })
}

/// A fairmint of `asset` (its name) for `quantity` base units (0 for a free fairminter), packed for `height`.
pub fn fairmint(
    asset: &str,
    quantity: u64,
    height: u64,
    fee_to: &ScriptBuf,
) -> Result<Carried, String> {
    let message = Message::Fairmint(Fairmint {
        asset: asset.to_owned(),
        quantity,
    })
    .pack(height, Rules::MAINNET)
    .map_err(|e| format!("fairmint message: {e}"))?;
    Ok(Carried {
        message: Some(message),
        service: vec![(fee_to.clone(), FAIRMINT_FEE)],
        label: asset.to_owned(),
        ..Carried::default()
    })
}

/// A send of `sats` to `to`.
pub fn send_bitcoin(to: ScriptBuf, sats: u64) -> Carried {
    Carried {
        lead: vec![TxOut {
            value: Amount::from_sat(sats),
            script_pubkey: to,
        }],
        label: "BTC".into(),
        ..Carried::default()
    }
}

/// An enhanced send of `quantity` base units of `asset` (its name, numeric for a subasset) to `destination`,
/// packed for `height`.
pub fn send_asset(
    asset: &str,
    quantity: u64,
    destination: &str,
    height: u64,
) -> Result<Carried, String> {
    let asset_id =
        stamps_protocol::asset::id_from_name(asset).map_err(|e| format!("{asset}: {e}"))?;
    let message = Message::EnhancedSend(EnhancedSend {
        asset_id,
        asset: asset.to_owned(),
        quantity,
        address: destination.to_owned(),
        memo: None,
    })
    .pack(height, Rules::MAINNET)
    .map_err(|e| format!("send message: {e}"))?;
    Ok(Carried {
        message: Some(message),
        label: asset.to_owned(),
        ..Carried::default()
    })
}

/// A new stamp: numeric asset `asset_id` issued with `quantity` units, its file in OLGA outputs, packed for
/// `height`.
pub fn stamp(
    asset_id: u64,
    file: &[u8],
    quantity: u64,
    locked: bool,
    divisible: bool,
    height: u64,
) -> Result<Carried, String> {
    if file.is_empty() {
        return Err("The file is empty".into());
    }
    if file.len() > MAX_FILE {
        return Err(format!(
            "The file is {} bytes: at most {MAX_FILE}",
            file.len()
        ));
    }
    if asset_id < NUMERIC_MIN {
        return Err("not a numeric asset id".into());
    }
    let asset = format!("A{asset_id}");
    let message = Message::Issuance(Issuance {
        type_id: ids::ISSUANCE_LR,
        asset_id,
        asset: asset.clone(),
        quantity,
        divisible,
        lock: locked,
        reset: false,
        asset_longname: None,
        description: Some("stamp:".into()),
        callable: false,
        call_date: 0,
        call_price: 0.0,
        mime_type: "text/plain".into(),
    })
    .pack(height, Rules::MAINNET)
    .map_err(|e| format!("issuance message: {e}"))?;
    let data = stamps_protocol::stamp::olga_outputs(file, Amount::from_sat(OLGA_DUST))
        .ok_or("The file is too large")?;
    Ok(Carried {
        message: Some(message),
        data,
        label: asset,
        ..Carried::default()
    })
}

/// An SRC-20 operation: `json` after `stamp:` in OLGA outputs, output 0 paying `beneficiary`.
pub fn src20(json: &str, beneficiary: &ScriptBuf, label: &str) -> Result<Carried, String> {
    let data = stamps_protocol::src20::transport::olga_outputs(
        json.as_bytes(),
        Amount::from_sat(OLGA_DUST),
    )
    .ok_or("The operation is too long")?;
    Ok(Carried {
        lead: vec![TxOut {
            value: Amount::from_sat(BENEFICIARY_VALUE),
            script_pubkey: beneficiary.clone(),
        }],
        data,
        label: label.to_owned(),
        ..Carried::default()
    })
}

/// An exact decimal amount (digits, at most one point, at most `dec` decimals) as its canonical text, or why not.
pub fn amount(text: &str, dec: u32) -> Result<String, String> {
    let t = text.trim();
    let bad = || format!("Invalid amount {t:?}");
    let (whole, fraction) = t.split_once('.').unwrap_or((t, ""));
    if whole.is_empty() && fraction.is_empty()
        || !whole.bytes().all(|b| b.is_ascii_digit())
        || !fraction.bytes().all(|b| b.is_ascii_digit())
        || whole.len() > 30
    {
        return Err(bad());
    }
    let fraction = fraction.trim_end_matches('0');
    if fraction.len() > dec as usize {
        return Err(format!("At most {dec} decimals"));
    }
    let whole = whole.trim_start_matches('0');
    let whole = if whole.is_empty() { "0" } else { whole };
    if whole == "0" && fraction.is_empty() {
        return Err("The amount must be above 0".into());
    }
    Ok(if fraction.is_empty() {
        whole.to_owned()
    } else {
        format!("{whole}.{fraction}")
    })
}

/// Compares two canonical non-negative decimals exactly.
pub fn cmp_decimal(a: &str, b: &str) -> std::cmp::Ordering {
    let split = |t: &str| {
        let (w, f) = t.split_once('.').unwrap_or((t, ""));
        let w = w.trim_start_matches('0').to_owned();
        (w, f.trim_end_matches('0').to_owned())
    };
    let (aw, af) = split(a);
    let (bw, bf) = split(b);
    aw.len()
        .cmp(&bw.len())
        .then_with(|| aw.cmp(&bw))
        .then_with(|| {
            let n = af.len().max(bf.len());
            format!("{af:0<n$}").cmp(&format!("{bf:0<n$}"))
        })
}

/// `a - b` for canonical decimals with `a >= b`, exactly.
pub fn sub_decimal(a: &str, b: &str) -> String {
    let scale = |t: &str| t.split_once('.').map_or(0, |(_, f)| f.len());
    let n = scale(a).max(scale(b));
    let digits = |t: &str| -> Vec<u8> {
        let (w, f) = t.split_once('.').unwrap_or((t, ""));
        format!("{w}{f:0<n$}").bytes().map(|c| c - b'0').collect()
    };
    let (x, y) = (digits(a), digits(b));
    let len = x.len().max(y.len());
    let pad = |v: Vec<u8>| {
        let mut p = vec![0; len - v.len()];
        p.extend(v);
        p
    };
    let (x, y) = (pad(x), pad(y));
    let mut out = vec![0u8; len];
    let mut borrow = 0i8;
    for i in (0..len).rev() {
        let mut d = x[i] as i8 - y[i] as i8 - borrow;
        borrow = i8::from(d < 0);
        if d < 0 {
            d += 10;
        }
        out[i] = d as u8;
    }
    let text: String = out.iter().map(|d| char::from(b'0' + d)).collect();
    let (w, f) = text.split_at(len - n);
    let w = w.trim_start_matches('0');
    let w = if w.is_empty() { "0" } else { w };
    let f = f.trim_end_matches('0');
    if f.is_empty() {
        w.to_owned()
    } else {
        format!("{w}.{f}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitcoin::hashes::Hash;

    fn coins() -> Vec<Coin> {
        vec![Coin {
            outpoint: OutPoint::new(bitcoin::Txid::from_byte_array([7; 32]), 1),
            value: 1_000_000,
            confirmed: true,
        }]
    }

    fn script(n: u8) -> ScriptBuf {
        ScriptBuf::new_p2wpkh(&bitcoin::WPubkeyHash::from_byte_array([n; 20]))
    }

    #[test]
    fn a_fairmint_carries_its_message_encrypted_with_input_zero_and_pays_the_service() {
        let carried = fairmint("FAIRMINT", 1000, 903_000, &script(9)).expect("carried");
        let mut c = coins();
        let built = build(&carried, &script(1), &mut c, 2000).expect("built");
        let tx = &built.psbt.unsigned_tx;
        assert!(tx.output[0].script_pubkey.is_op_return());
        let (fee_out, change) = (&tx.output[1], &tx.output[2]);
        assert_eq!(
            (fee_out.value.to_sat(), &fee_out.script_pubkey),
            (FAIRMINT_FEE, &script(9))
        );
        assert_eq!(
            change.value.to_sat(),
            1_000_000 - FAIRMINT_FEE - built.network_fee
        );
        // The parser reads back the same message.
        let key = stamps_protocol::arc4::key_for(&tx.input[0].previous_output.txid);
        let push = &tx.output[0].script_pubkey.as_bytes()[2..];
        let plain = stamps_protocol::arc4::apply(&key, push);
        assert_eq!(&plain[..8], b"CNTRPRTY");
        let m = Message::unpack(&plain[8..], 903_000, Rules::MAINNET).expect("message");
        assert_eq!(
            m,
            Message::Fairmint(Fairmint {
                asset: "FAIRMINT".into(),
                quantity: 1000
            })
        );
        assert_eq!(built.wallet_fee, FAIRMINT_FEE);
    }

    #[test]
    fn sends_pay_the_destination_or_carry_an_enhanced_send() {
        let to = script(7);
        let built = build(
            &send_bitcoin(to.clone(), 50_000),
            &script(1),
            &mut coins(),
            1000,
        )
        .expect("built");
        let tx = &built.psbt.unsigned_tx;
        assert_eq!(
            (tx.output[0].value.to_sat(), &tx.output[0].script_pubkey),
            (50_000, &to)
        );
        assert_eq!(tx.output.len(), 2, "the payment and the change");
        assert_eq!(built.wallet_fee, 0);
        assert_eq!(
            tx.output[1].value.to_sat(),
            1_000_000 - 50_000 - built.network_fee
        );

        let destination = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";
        let carried = send_asset("A95428956661682177", 3, destination, 903_000).expect("carried");
        let built = build(&carried, &script(1), &mut coins(), 1000).expect("built");
        let tx = &built.psbt.unsigned_tx;
        assert!(tx.output[0].script_pubkey.is_op_return());
        let key = stamps_protocol::arc4::key_for(&tx.input[0].previous_output.txid);
        let plain = stamps_protocol::arc4::apply(&key, &tx.output[0].script_pubkey.as_bytes()[2..]);
        let m = Message::unpack(&plain[8..], 903_000, Rules::MAINNET).expect("message");
        let Message::EnhancedSend(send) = m else {
            panic!("not an enhanced send: {m:?}")
        };
        assert_eq!(
            (send.asset_id, send.quantity, send.address.as_str()),
            (95_428_956_661_682_177, 3, destination)
        );
        assert!(send_asset("not an asset!", 1, destination, 903_000).is_err());
    }

    #[test]
    fn a_stamp_file_comes_back_byte_for_byte_from_its_outputs() {
        let file: Vec<u8> = (0..=255u8).cycle().take(1000).collect();
        let carried = stamp(NUMERIC_MIN + 5, &file, 1, true, false, 903_000).expect("carried");
        let mut c = coins();
        let built = build(&carried, &script(1), &mut c, 1000).expect("built");
        let tx = built.psbt.unsigned_tx.clone();
        assert_eq!(
            stamps_protocol::stamp::olga_file(&tx).as_deref(),
            Some(&file[..])
        );
        assert_eq!(built.hashes, vec![format!("A{}", NUMERIC_MIN + 5)]);
        assert!(stamp(NUMERIC_MIN, &vec![0; MAX_FILE + 1], 1, true, false, 903_000).is_err());
        assert!(stamp(5, &file, 1, true, false, 903_000).is_err());
    }

    #[test]
    fn an_src20_mint_pays_its_beneficiary_first_and_never_a_p2wsh_fee() {
        let json = r#"{"p":"src-20","op":"mint","tick":"kevin","amt":"1000"}"#;
        let mut carried = src20(json, &script(1), "kevin").expect("carried");
        carried.service = vec![(script(9), SRC20_FEE + SRC20_NO_ROYALTY_FEE)];
        let mut c = coins();
        let built = build(&carried, &script(1), &mut c, 1000).expect("built");
        let tx = &built.psbt.unsigned_tx;
        assert_eq!(tx.output[0].script_pubkey, script(1));
        let data: Vec<_> = tx
            .output
            .iter()
            .filter(|o| o.script_pubkey.is_p2wsh())
            .collect();
        assert_eq!(data.len(), 2);
        assert!(data.iter().all(|o| o.value.to_sat() == OLGA_DUST));
        let mut wsh = carried.clone();
        wsh.royalties = vec![(
            ScriptBuf::new_p2wsh(&bitcoin::WScriptHash::from_byte_array([3; 32])),
            1000,
        )];
        assert!(build(&wsh, &script(1), &mut coins(), 1000).is_err());
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(100))]

        /// For random stamps (file, service fee, owner's fee) and coins, what a mint costs the minter is what its
        /// PSBT pays others (the data outputs among them) and its network fee, to the satoshi.
        #[test]
        fn a_mint_costs_exactly_what_its_psbt_pays(
            size in 1usize..4_000,
            owner_fee in proptest::option::of(546u64..100_000),
            values in proptest::collection::vec(1_000u64..2_000_000, 1..5),
            rate in 1_000u64..40_000,
        ) {
            let file: Vec<u8> = (0..size).map(|i| u8::try_from(i % 251).unwrap_or(0)).collect();
            let mut carried = stamp(NUMERIC_MIN + 1, &file, 1, true, false, 903_000).expect("carried");
            carried.service = vec![(script(9), LAUNCHPAD_FEE)];
            carried.royalties = owner_fee.map(|f| vec![(script(8), f)]).unwrap_or_default();
            let mut coins: Vec<Coin> = values
                .iter()
                .enumerate()
                .map(|(i, v)| Coin {
                    outpoint: OutPoint::new(bitcoin::Txid::from_byte_array([u8::try_from(i).unwrap_or(0); 32]), 0),
                    value: *v,
                    confirmed: true,
                })
                .collect();
            let minter = script(1);
            let built = build(&carried, &minter, &mut coins, rate);
            proptest::prop_assume!(built.is_ok());
            let b = built.expect("built");
            let tx = &b.psbt.unsigned_tx;
            let inputs: u64 = b
                .psbt
                .inputs
                .iter()
                .filter_map(|i| i.witness_utxo.as_ref())
                .map(|o| o.value.to_sat())
                .sum();
            let outputs: u64 = tx.output.iter().map(|o| o.value.to_sat()).sum();
            proptest::prop_assert_eq!(inputs - outputs, b.network_fee);
            let others: u64 =
                tx.output.iter().filter(|o| o.script_pubkey != minter).map(|o| o.value.to_sat()).sum();
            proptest::prop_assert_eq!(b.total, others + b.network_fee);
            let data: u64 = carried.data.iter().map(|o| o.value.to_sat()).sum();
            proptest::prop_assert_eq!(
                b.total,
                data + b.wallet_fee + b.royalties + b.network_fee,
                "the data outputs, the fees and the network fee"
            );
        }
    }

    #[test]
    fn amounts_and_decimals_are_exact() {
        assert_eq!(amount("0010.500", 18), Ok("10.5".into()));
        assert!(amount("1.5", 0).is_err());
        assert!(amount("0", 18).is_err());
        assert!(amount("-1", 18).is_err());
        assert!(amount("1e5", 18).is_err());
        assert_eq!(cmp_decimal("10.5", "10.50"), std::cmp::Ordering::Equal);
        assert_eq!(cmp_decimal("9.99", "10"), std::cmp::Ordering::Less);
        assert_eq!(cmp_decimal("100", "99.9"), std::cmp::Ordering::Greater);
        assert_eq!(sub_decimal("1000", "0.25"), "999.75");
        assert_eq!(sub_decimal("21000000", "21000000"), "0");
    }
}
