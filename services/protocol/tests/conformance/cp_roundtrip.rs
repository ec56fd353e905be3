//! Round trips: every message packed at a height unpacks to itself at that height, in each layout (legacy
//! heights and CBOR heights, mainnet rules).

use bitcoin::hashes::Hash;
use bitcoin::{Address, PubkeyHash, ScriptHash};
use proptest::prelude::*;
use stamps_protocol::Rules;
use stamps_protocol::asset;
use stamps_protocol::counterparty::message::{
    Attach, Bet, Broadcast, Btcpay, Cancel, Destroy, Detach, Dispense, Dispenser, Dividend,
    EnhancedSend, Fairmint, Fairminter, Issuance, Memo, Message, Mpma, MpmaAsset, MpmaSend, Order,
    Send, Sweep, Utxo,
};

const RULES: Rules = Rules::MAINNET;
/// Before numeric asset names, with 4-byte type ids and XCP-only dividends.
const ANCIENT: u64 = 285_000;
/// Pascal-string texts, `>QQ??If` issuances.
const OLD: u64 = 400_000;
/// `>QQ???If`-era replaced: pascal strings still, 26-byte issuances, segwit packing.
const PRE_LR: u64 = 700_000;
/// Legacy layouts with every legacy rule (`>QQ???`, `0xC0 NULL`), before taproot.
const LEGACY: u64 = 880_000;
/// CBOR layouts.
const CBOR: u64 = 960_000;

fn round_trip(message: &Message, height: u64) -> Result<(), TestCaseError> {
    let packed = message
        .pack(height, RULES)
        .map_err(|e| TestCaseError::fail(format!("pack: {e}")))?;
    let back = Message::unpack(&packed, height, RULES)
        .map_err(|e| TestCaseError::fail(format!("unpack: {e}")))?;
    prop_assert_eq!(&back, message);
    Ok(())
}

fn asset_id() -> impl Strategy<Value = u64> {
    prop_oneof![
        Just(1u64),
        17_576u64..asset::MIN_NUMERIC_ID - 1,
        asset::MIN_NUMERIC_ID..=u64::MAX,
    ]
}

fn name(id: u64, height: u64) -> String {
    asset::name_from_id_at(id, height, RULES).unwrap_or_default()
}

fn witness(version: bitcoin::WitnessVersion, program: &[u8]) -> String {
    match bitcoin::WitnessProgram::new(version, program) {
        Ok(p) => Address::from_witness_program(p, bitcoin::Network::Bitcoin).to_string(),
        Err(e) => panic!("witness program: {e}"),
    }
}

/// Addresses the legacy packing can carry (P2PKH, P2SH, P2WPKH).
fn legacy_address() -> impl Strategy<Value = String> {
    (0u8..3, any::<[u8; 20]>()).prop_map(|(kind, h)| match kind {
        0 => Address::p2pkh(PubkeyHash::from_byte_array(h), bitcoin::Network::Bitcoin).to_string(),
        1 => Address::p2sh_from_hash(ScriptHash::from_byte_array(h), bitcoin::Network::Bitcoin)
            .to_string(),
        _ => witness(bitcoin::WitnessVersion::V0, &h),
    })
}

/// Any address of the v2 packing, including P2WSH and P2TR.
fn any_address() -> impl Strategy<Value = String> {
    prop_oneof![
        legacy_address(),
        any::<[u8; 32]>().prop_map(|h| witness(bitcoin::WitnessVersion::V0, &h)),
        any::<[u8; 32]>().prop_map(|h| witness(bitcoin::WitnessVersion::V1, &h)),
    ]
}

fn bytes(max: usize) -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(any::<u8>(), 0..=max)
}

fn text(max: usize) -> impl Strategy<Value = String> {
    proptest::string::string_regex(&format!("[a-zA-Z0-9 .,:/+=é€-]{{0,{max}}}"))
        .unwrap_or_else(|_| unreachable!())
}

fn plain(max: usize) -> impl Strategy<Value = String> {
    proptest::string::string_regex(&format!("[A-Z0-9]{{1,{max}}}"))
        .unwrap_or_else(|_| unreachable!())
}

proptest! {
    #[test]
    fn send(id in asset_id(), quantity in any::<u64>(), height in prop::sample::select(vec![ANCIENT, LEGACY, CBOR])) {
        let m = Message::Send(Send { asset_id: id, asset: name(id, height), quantity });
        round_trip(&m, height)?;
    }

    #[test]
    fn enhanced_send(
        id in asset_id(),
        quantity in any::<u64>(),
        legacy in legacy_address(),
        any in any_address(),
        memo in bytes(34),
        cbor in any::<bool>(),
    ) {
        let (height, address) = if cbor { (CBOR, any) } else { (LEGACY, legacy) };
        let memo = (!memo.is_empty()).then_some(Memo::Bytes(memo));
        let m = Message::EnhancedSend(EnhancedSend { asset_id: id, asset: name(id, height), quantity, address, memo });
        round_trip(&m, height)?;
    }

    #[test]
    fn mpma(
        addresses in proptest::collection::btree_set(legacy_address(), 1..6),
        assets in proptest::collection::btree_set(asset_id(), 1..4),
        picks in proptest::collection::vec((
            any::<u8>(),
            any::<u64>(),
            prop::option::of(prop_oneof![bytes(63).prop_map(Memo::Bytes), text(20).prop_map(Memo::Text)]),
        ), 1..6),
        memo in prop::option::of(bytes(63).prop_map(Memo::Bytes)),
        height in prop::sample::select(vec![LEGACY, CBOR]),
    ) {
        let lut: Vec<String> = addresses.into_iter().collect();
        let assets = assets
            .into_iter()
            .enumerate()
            .map(|(n, id)| MpmaAsset {
                asset_id: id,
                asset: name(id, height),
                // Distinct recipients per asset, so the count always fits the index width.
                sends: picks
                    .iter()
                    .zip(lut.iter().cycle().skip(n))
                    .take(lut.len())
                    .map(|((_, q, m), address)| MpmaSend { address: address.clone(), quantity: *q, memo: m.clone() })
                    .collect(),
            })
            .collect();
        let m = Mpma { memo, assets };
        round_trip(&Message::Mpma(m), height)?;
    }

    #[test]
    fn sweep(
        legacy in legacy_address(),
        any in any_address(),
        flags in 0u8..8,
        memo in bytes(34),
        note in text(30),
        cbor in any::<bool>(),
    ) {
        let (height, destination) = if cbor { (CBOR, any) } else { (LEGACY, legacy) };
        let memo = if flags & 4 != 0 {
            (!memo.is_empty()).then_some(Memo::Bytes(memo))
        } else {
            (!note.is_empty() && note.len() <= 34).then_some(Memo::Text(note))
        };
        round_trip(&Message::Sweep(Sweep { destination, flags, memo }), height)?;
    }

    #[test]
    fn order(
        give in asset_id(),
        get in asset_id(),
        gq in any::<u64>(),
        wq in any::<u64>(),
        expiration in any::<u16>(),
        fee in any::<u64>(),
        height in prop::sample::select(vec![ANCIENT, CBOR]),
    ) {
        let m = Message::Order(Order {
            give_asset_id: give, give_asset: name(give, height), give_quantity: gq,
            get_asset_id: get, get_asset: name(get, height), get_quantity: wq,
            expiration, fee_required: fee,
        });
        round_trip(&m, height)?;
    }

    #[test]
    fn btcpay_and_cancel(a in any::<[u8; 32]>(), b in any::<[u8; 32]>()) {
        let (tx0_hash, tx1_hash) = (hex::encode(a), hex::encode(b));
        let m = Message::Btcpay(Btcpay { order_match_id: format!("{tx0_hash}_{tx1_hash}"), tx0_hash, tx1_hash });
        round_trip(&m, CBOR)?;
        round_trip(&Message::Cancel(Cancel { offer_hash: hex::encode(a) }), CBOR)?;
    }

    #[test]
    fn dispenser(
        id in asset_id(),
        g in any::<u64>(),
        e in any::<u64>(),
        r in any::<u64>(),
        status in prop::sample::select(vec![0u8, 1, 10, 11]),
        action in legacy_address(),
        oracle in prop::option::of(legacy_address()),
        with_action in any::<bool>(),
        height in prop::sample::select(vec![LEGACY, CBOR]),
    ) {
        let action_address = match status {
            1 => Some(action),
            10 if with_action => Some(action),
            _ => None,
        };
        let oracle_address = if status == 10 && action_address.is_none() { None } else { oracle };
        let m = Message::Dispenser(Dispenser {
            asset_id: id, asset: name(id, height), give_quantity: g, escrow_quantity: e, mainchainrate: r,
            dispenser_status: status, action_address, oracle_address,
        });
        round_trip(&m, height)?;
    }

    #[test]
    fn dispense(data in proptest::collection::vec(any::<u8>(), 1..10)) {
        round_trip(&Message::Dispense(Dispense { data }), CBOR)?;
    }

    #[test]
    fn issuance(
        id in asset_id(),
        quantity in any::<u64>(),
        flags in any::<[bool; 3]>(),
        description in prop::option::of(text(80)),
        binary in bytes(60),
        layout in 0u8..4,
        callable in any::<bool>(),
        call_date in any::<u32>(),
        call_price in 0u32..100_000,
        lr in any::<bool>(),
    ) {
        let [divisible, lock, reset] = flags;
        let mut i = Issuance {
            type_id: if lr { 22 } else { 20 },
            asset_id: id,
            asset: String::new(),
            asset_longname: None,
            quantity,
            divisible,
            lock: false,
            reset: false,
            callable: false,
            call_date: 0,
            call_price: 0.0,
            description: description.clone(),
            mime_type: "text/plain".into(),
        };
        let height = match layout {
            0 => {
                // `>QQ??If` with pascal descriptions: no lock/reset, a description always.
                i.type_id = 20;
                (i.callable, i.call_date, i.call_price) = (callable, call_date, f64::from(call_price) / 4.0);
                i.description = Some(description.unwrap_or_default());
                // The reference cannot read back its own 42-byte pascal description (43 bytes, then read raw).
                if i.description.as_ref().is_some_and(|d| d.len() == 42) {
                    return Ok(());
                }
                PRE_LR
            }
            1 => {
                (i.lock, i.reset) = (lock, reset);
                LEGACY
            }
            2 => {
                (i.lock, i.reset) = (lock, reset);
                CBOR
            }
            _ => {
                (i.lock, i.reset) = (lock, reset);
                i.mime_type = "image/png".into();
                i.description = description.map(|_| hex::encode(&binary));
                CBOR
            }
        };
        i.asset = name(id, height);
        round_trip(&Message::Issuance(i), height)?;
    }

    #[test]
    fn subasset_issuance(
        id in asset::MIN_NUMERIC_ID..=u64::MAX,
        quantity in any::<u64>(),
        flags in any::<[bool; 3]>(),
        child in "[a-zA-Z0-9@!_-]{1,20}(\\.[a-zA-Z0-9]{1,10}){0,2}",
        description in prop::option::of(text(40)),
        height in prop::sample::select(vec![PRE_LR, LEGACY, CBOR]),
        lr in any::<bool>(),
    ) {
        let [divisible, lock, reset] = flags;
        let lr_layout = height != PRE_LR;
        let i = Issuance {
            type_id: if lr { 23 } else { 21 },
            asset_id: id,
            asset: name(id, height),
            asset_longname: Some(format!("PARENT.{child}")),
            quantity,
            divisible,
            lock: lock && lr_layout,
            reset: reset && lr_layout,
            callable: false,
            call_date: 0,
            call_price: 0.0,
            description: if height == PRE_LR { Some(description.unwrap_or_default()) } else { description },
            mime_type: "text/plain".into(),
        };
        round_trip(&Message::Issuance(i), height)?;
    }

    #[test]
    fn broadcast(
        timestamp in any::<u32>(),
        value in any::<f64>().prop_filter("not NaN", |v| !v.is_nan()),
        fee in any::<u32>(),
        text in text(80),
        binary in bytes(40),
        layout in 0u8..4,
    ) {
        let mut b = Broadcast {
            timestamp: u64::from(timestamp),
            value,
            fee_fraction_int: u64::from(fee),
            text,
            mime_type: "text/plain".into(),
        };
        let height = match layout {
            // The reference cannot read back its own 52-byte pascal text (53 bytes, then read raw).
            0 if b.text.len() == 52 => return Ok(()),
            0 => OLD,
            1 => LEGACY,
            2 => CBOR,
            _ => {
                b.mime_type = "application/octet-stream".into();
                b.text = hex::encode(&binary);
                CBOR
            }
        };
        round_trip(&Message::Broadcast(b), height)?;
    }

    #[test]
    fn bet(
        t in any::<u16>(),
        d in any::<u32>(),
        w in any::<u64>(),
        c in any::<u64>(),
        v in any::<f64>().prop_filter("not NaN", |v| !v.is_nan()),
        l in any::<u32>(),
        e in any::<u32>(),
    ) {
        let m = Message::Bet(Bet {
            bet_type: t,
            deadline: d,
            wager_quantity: w,
            counterwager_quantity: c,
            target_value: v,
            leverage: l,
            expiration: e,
        });
        round_trip(&m, CBOR)?;
    }

    #[test]
    fn dividend(id in asset_id(), paid in asset_id(), q in any::<u64>(), ancient in any::<bool>()) {
        let (height, paid) = if ancient { (ANCIENT, 1) } else { (CBOR, paid) };
        let m = Message::Dividend(Dividend {
            asset_id: id,
            asset: name(id, height),
            quantity_per_unit: q,
            dividend_asset_id: paid,
            dividend_asset: name(paid, height),
        });
        round_trip(&m, height)?;
    }

    #[test]
    fn fairminter(
        id in asset_id().prop_filter("issuable", |i| *i > 1),
        parent in prop::option::of(17_576u64..1_000_000),
        numbers in any::<[u64; 11]>(),
        commission in 0u64..=100_000_000,
        flags in any::<[bool; 4]>(),
        description in "[a-zA-Z0-9 ]{0,40}",
        pool in prop::option::of((1u64..u64::MAX, asset::MIN_NUMERIC_ID..=u64::MAX)),
        cbor in any::<bool>(),
    ) {
        let height = if cbor { CBOR } else { 870_000 };
        let [burn_payment, lock_description, lock_quantity, divisible] = flags;
        let (pool_quantity, lp_asset) = match pool {
            Some((q, lp)) if cbor => (q, Some(name(lp, height))),
            _ => (0, None),
        };
        let m = Message::Fairminter(Fairminter {
            asset: name(id, height),
            asset_parent: parent.map(|p| name(p, height)).unwrap_or_default(),
            price: numbers[0],
            quantity_by_price: numbers[1],
            max_mint_per_tx: numbers[2],
            max_mint_per_address: if cbor { numbers[3] } else { 0 },
            hard_cap: numbers[4],
            premint_quantity: numbers[5],
            start_block: numbers[6],
            end_block: numbers[7],
            soft_cap: numbers[8],
            soft_cap_deadline_block: numbers[9],
            minted_asset_commission_int: commission,
            burn_payment, lock_description, lock_quantity, divisible,
            mime_type: "text/plain".into(),
            description,
            pool_quantity,
            lp_asset,
        });
        round_trip(&m, height)?;
    }

    #[test]
    fn fairmint(id in asset_id().prop_filter("issuable", |i| *i > 1), quantity in any::<u64>(), cbor in any::<bool>()) {
        let height = if cbor { CBOR } else { 870_000 };
        round_trip(&Message::Fairmint(Fairmint { asset: name(id, height), quantity }), height)?;
    }

    #[test]
    fn utxo_attach_detach(
        source in plain(60),
        destination in prop::option::of(plain(40)),
        asset_name in plain(20),
        quantity in any::<u64>(),
        vout in prop::option::of(1u64..1000),
    ) {
        round_trip(
            &Message::Utxo(Utxo { source, destination: destination.clone(), asset: asset_name.clone(), quantity }),
            CBOR,
        )?;
        round_trip(&Message::Attach(Attach { asset: asset_name, quantity, destination_vout: vout }), CBOR)?;
        let destination = destination.filter(|d| d != "0");
        round_trip(&Message::Detach(Detach { destination }), CBOR)?;
    }

    #[test]
    fn destroy(
        id in asset_id(),
        quantity in any::<u64>(),
        tag in bytes(34),
        height in prop::sample::select(vec![LEGACY, CBOR]),
    ) {
        round_trip(&Message::Destroy(Destroy { asset_id: id, asset: name(id, height), quantity, tag }), height)?;
    }

    #[test]
    fn unknown(
        type_id in prop_oneof![Just(5u32), Just(60), Just(120), 256u32..100_000],
        body in proptest::collection::vec(any::<u8>(), 1..40),
    ) {
        round_trip(&Message::Unknown { type_id, body_hex: hex::encode(body) }, CBOR)?;
    }
}

proptest! {
    /// Decoding never panics, whatever the bytes and the height.
    #[test]
    fn arbitrary_bytes_never_panic(
        data in proptest::collection::vec(any::<u8>(), 0..300),
        height in prop::sample::select(vec![ANCIENT, OLD, PRE_LR, LEGACY, CBOR]),
        type_id in prop::sample::select(vec![
            0u8,
            2,
            3,
            4,
            10,
            11,
            12,
            13,
            20,
            21,
            22,
            23,
            30,
            40,
            50,
            70,
            90,
            91,
            100,
            101,
            102,
            110,
        ]),
    ) {
        let _ = Message::unpack(&data, height, RULES);
        let mut typed = vec![type_id];
        typed.extend_from_slice(&data);
        let _ = Message::unpack(&typed, height, RULES);
        let _ = stamps_protocol::counterparty::message::api_unpack(&typed, height, RULES);
        let _ = stamps_protocol::cbor::decode(&data);
    }

    /// CBOR-shaped bodies (arrays of mixed items) never panic either.
    #[test]
    fn cbor_shaped_bodies_never_panic(
        items in proptest::collection::vec(prop_oneof![
            any::<u64>().prop_map(|n| { let mut w = stamps_protocol::cbor::Writer::new(); w.uint(n); w.into_bytes() }),
            any::<i64>().prop_map(|n| { let mut w = stamps_protocol::cbor::Writer::new(); w.int(n); w.into_bytes() }),
            bytes(40).prop_map(|b| { let mut w = stamps_protocol::cbor::Writer::new(); w.bytes(&b); w.into_bytes() }),
            text(20).prop_map(|t| { let mut w = stamps_protocol::cbor::Writer::new(); w.text(&t); w.into_bytes() }),
            Just(vec![0xf5]), Just(vec![0xf6]), Just(vec![0xf7]), Just(vec![0xe4]),
            any::<f64>().prop_map(|f| { let mut w = stamps_protocol::cbor::Writer::new(); w.float(f); w.into_bytes() }),
        ], 0..22),
        type_id in prop::sample::select(vec![2u8, 4, 20, 21, 22, 23, 30, 90, 91]),
        height in prop::sample::select(vec![CBOR, u64::MAX]),
    ) {
        let mut data = vec![type_id, 0x80 | items.len().min(23) as u8];
        for item in &items {
            data.extend_from_slice(item);
        }
        let _ = Message::unpack(&data, height, RULES);
    }
}
