//! The devnet's validation and mempool against real signed transactions: P2WPKH, P2PKH and P2TR key-path spends
//! are accepted, tampering, double spends, immature coinbases and unsupported inputs are refused, and mining
//! takes the mempool by fee rate.

use bitcoin::hashes::Hash;
use bitcoin::key::{Keypair, TapTweak};
use bitcoin::secp256k1::{All, Message, Secp256k1};
use bitcoin::sighash::{EcdsaSighashType, Prevouts, SighashCache, TapSighashType};
use bitcoin::{Amount, OutPoint, PublicKey, ScriptBuf, Transaction, TxOut, Witness, absolute};
use stamps_devnet::chain::{COINBASE_MATURITY, Chain, subsidy};
use stamps_devnet::keys::Actor;
use stamps_devnet::mempool::Mempool;
use stamps_devnet::scenario::{sign_p2wpkh, unsigned_spend};
use stamps_devnet::validate::Reject;

const FIRST: u64 = 840_000;

struct Fixture {
    secp: Secp256k1<All>,
    chain: Chain,
    alice: Actor,
    bob: Actor,
    /// Alice's mature coinbase output.
    coin: (OutPoint, TxOut),
}

/// A chain whose first block pays Alice, followed by enough blocks for that coinbase to mature.
fn fixture() -> Fixture {
    let secp = Secp256k1::new();
    let alice = Actor::derive(&secp, 7, 0);
    let bob = Actor::derive(&secp, 7, 1);
    let mut chain = Chain::new(FIRST);
    let out = TxOut {
        value: Amount::from_sat(100_000_000),
        script_pubkey: alice.script_pubkey(),
    };
    let hash = chain.mine(vec![out.clone()], Vec::new());
    let txid = chain.block(&hash).expect("mined").0.txdata[0].compute_txid();
    for _ in 0..COINBASE_MATURITY {
        chain.mine(vec![], Vec::new());
    }
    Fixture {
        secp,
        chain,
        alice,
        bob,
        coin: (OutPoint::new(txid, 0), out),
    }
}

fn spend(coin: &(OutPoint, TxOut), outputs: Vec<TxOut>) -> Transaction {
    unsigned_spend(coin.0, outputs)
}

fn pay(script: ScriptBuf, sats: u64) -> TxOut {
    TxOut {
        value: Amount::from_sat(sats),
        script_pubkey: script,
    }
}

fn signed_p2wpkh(
    f: &Fixture,
    coin: &(OutPoint, TxOut),
    actor: &Actor,
    outputs: Vec<TxOut>,
) -> Transaction {
    let mut tx = spend(coin, outputs);
    sign_p2wpkh(&f.secp, &mut tx, actor, coin.1.value);
    tx
}

fn verifier() -> Secp256k1<bitcoin::secp256k1::VerifyOnly> {
    Secp256k1::verification_only()
}

#[test]
fn p2wpkh_spend_is_accepted_with_its_fee() {
    let f = fixture();
    let tx = signed_p2wpkh(
        &f,
        &f.coin,
        &f.alice,
        vec![pay(f.bob.script_pubkey(), 99_990_000)],
    );
    let mut pool = Mempool::default();
    let checked = pool
        .accept(&verifier(), tx.clone(), &f.chain, 1)
        .expect("accepted");
    assert_eq!(checked.fee, 10_000);
    assert_eq!(checked.vsize, tx.vsize() as u64);
    assert_eq!(pool.len(), 1);
    // Sending the same transaction again changes nothing.
    pool.accept(&verifier(), tx, &f.chain, 2)
        .expect("idempotent");
    assert_eq!(pool.len(), 1);
}

#[test]
fn a_tampered_transaction_is_refused() {
    let f = fixture();
    let mut tx = signed_p2wpkh(
        &f,
        &f.coin,
        &f.alice,
        vec![pay(f.bob.script_pubkey(), 99_990_000)],
    );
    tx.output[0].value = Amount::from_sat(99_999_000);
    let err = Mempool::default()
        .accept(&verifier(), tx, &f.chain, 1)
        .expect_err("tampered");
    assert!(matches!(err, Reject::Script { index: 0, .. }), "{err}");
    assert_eq!(err.rpc_code(), -26);
    assert!(
        err.to_string()
            .starts_with("mandatory-script-verify-flag-failed")
    );
}

#[test]
fn the_wrong_key_is_refused() {
    let f = fixture();
    // Bob signs for Alice's coin: the witness key does not match the program.
    let tx = signed_p2wpkh(
        &f,
        &f.coin,
        &f.bob,
        vec![pay(f.bob.script_pubkey(), 99_990_000)],
    );
    let err = Mempool::default()
        .accept(&verifier(), tx, &f.chain, 1)
        .expect_err("wrong key");
    assert!(err.to_string().contains("does not match"), "{err}");
}

#[test]
fn double_spends_are_refused_and_overspends_too() {
    let f = fixture();
    let mut pool = Mempool::default();
    let first = signed_p2wpkh(
        &f,
        &f.coin,
        &f.alice,
        vec![pay(f.bob.script_pubkey(), 99_990_000)],
    );
    pool.accept(&verifier(), first, &f.chain, 1).expect("first");
    let second = signed_p2wpkh(
        &f,
        &f.coin,
        &f.alice,
        vec![pay(f.alice.script_pubkey(), 99_980_000)],
    );
    assert_eq!(
        pool.accept(&verifier(), second, &f.chain, 2),
        Err(Reject::Conflict)
    );
    let greedy = signed_p2wpkh(
        &f,
        &f.coin,
        &f.alice,
        vec![pay(f.bob.script_pubkey(), 100_000_001)],
    );
    assert!(matches!(
        Mempool::default().accept(&verifier(), greedy, &f.chain, 1),
        Err(Reject::InBelowOut { .. })
    ));
    let missing = (OutPoint::new(f.coin.0.txid, 5), f.coin.1.clone());
    let ghost = signed_p2wpkh(
        &f,
        &missing,
        &f.alice,
        vec![pay(f.bob.script_pubkey(), 1_000)],
    );
    let err = Mempool::default()
        .accept(&verifier(), ghost, &f.chain, 1)
        .expect_err("missing");
    assert_eq!((err.clone(), err.rpc_code()), (Reject::MissingInputs, -25));
}

#[test]
fn immature_coinbase_is_refused() {
    let secp = Secp256k1::new();
    let alice = Actor::derive(&secp, 7, 0);
    let mut chain = Chain::new(FIRST);
    let out = pay(alice.script_pubkey(), 50_000);
    let hash = chain.mine(vec![out.clone()], Vec::new());
    let coin = (
        OutPoint::new(
            chain.block(&hash).expect("mined").0.txdata[0].compute_txid(),
            0,
        ),
        out,
    );
    let mut tx = spend(&coin, vec![pay(alice.script_pubkey(), 40_000)]);
    sign_p2wpkh(&secp, &mut tx, &alice, coin.1.value);
    assert_eq!(
        Mempool::default().accept(&verifier(), tx, &chain, 1),
        Err(Reject::ImmatureCoinbase(1))
    );
}

/// Alice pays to `script` from her coinbase, the transaction is mined, and the new output is returned.
fn fund(f: &mut Fixture, script: ScriptBuf) -> (OutPoint, TxOut) {
    let out = pay(script, 50_000_000);
    let tx = signed_p2wpkh(f, &f.coin.clone(), &f.alice, vec![out.clone()]);
    let mut pool = Mempool::default();
    pool.accept(&verifier(), tx.clone(), &f.chain, 1)
        .expect("funding");
    let (txs, _) = pool.select(1_000_000);
    f.chain.mine(vec![], txs);
    (OutPoint::new(tx.compute_txid(), 0), out)
}

#[test]
fn p2pkh_spend_verifies_and_a_forged_one_does_not() {
    let mut f = fixture();
    let key = PublicKey::new(f.alice.public.0);
    let coin = fund(&mut f, ScriptBuf::new_p2pkh(&key.pubkey_hash()));
    let mut tx = spend(&coin, vec![pay(f.bob.script_pubkey(), 49_990_000)]);
    let sighash = SighashCache::new(&tx)
        .legacy_signature_hash(0, &coin.1.script_pubkey, EcdsaSighashType::All.to_u32())
        .expect("sighash");
    let signature = bitcoin::ecdsa::Signature {
        signature: f.secp.sign_ecdsa(
            &Message::from_digest(sighash.to_byte_array()),
            &f.alice.secret,
        ),
        sighash_type: EcdsaSighashType::All,
    };
    tx.input[0].script_sig = bitcoin::script::Builder::new()
        .push_slice(signature.serialize())
        .push_key(&key)
        .into_script();
    let pool = Mempool::default();
    pool.test(&verifier(), &tx, &f.chain)
        .expect("P2PKH verifies");
    tx.lock_time = absolute::LockTime::from_consensus(1);
    assert!(matches!(
        pool.test(&verifier(), &tx, &f.chain),
        Err(Reject::Script { .. })
    ));
}

#[test]
fn p2tr_key_path_spend_verifies_and_a_forged_one_does_not() {
    let mut f = fixture();
    let keypair = Keypair::from_secret_key(&f.secp, &f.alice.secret);
    let (internal, _) = keypair.x_only_public_key();
    let script = ScriptBuf::new_p2tr(&f.secp, internal, None);
    let coin = fund(&mut f, script);
    let mut tx = spend(&coin, vec![pay(f.bob.script_pubkey(), 49_990_000)]);
    let prevouts = [coin.1.clone()];
    let sighash = SighashCache::new(&tx)
        .taproot_key_spend_signature_hash(0, &Prevouts::All(&prevouts), TapSighashType::Default)
        .expect("sighash");
    let tweaked = keypair.tap_tweak(&f.secp, None).to_keypair();
    let signature = f
        .secp
        .sign_schnorr_no_aux_rand(&Message::from_digest(sighash.to_byte_array()), &tweaked);
    tx.input[0].witness = Witness::from_slice(&[signature.as_ref().to_vec()]);
    let pool = Mempool::default();
    pool.test(&verifier(), &tx, &f.chain)
        .expect("P2TR verifies");
    tx.output[0].value = Amount::from_sat(49_990_001);
    assert!(matches!(
        pool.test(&verifier(), &tx, &f.chain),
        Err(Reject::Script { .. })
    ));
}

#[test]
fn other_input_types_are_refused_with_a_reason() {
    let mut f = fixture();
    let coin = fund(
        &mut f,
        ScriptBuf::new_p2wsh(&ScriptBuf::new().wscript_hash()),
    );
    let tx = spend(&coin, vec![pay(f.bob.script_pubkey(), 1_000)]);
    let err = Mempool::default()
        .test(&verifier(), &tx, &f.chain)
        .expect_err("P2WSH");
    assert_eq!(
        err,
        Reject::UnsupportedInput {
            index: 0,
            kind: "P2WSH"
        }
    );
    assert!(err.to_string().contains("P2WPKH, P2PKH and P2TR key path"));
}

#[test]
fn blocks_take_the_highest_fee_rates_with_parents_first() {
    let f = fixture();
    let mut pool = Mempool::default();
    let parent = signed_p2wpkh(
        &f,
        &f.coin,
        &f.alice,
        vec![
            pay(f.bob.script_pubkey(), 60_000_000),
            pay(f.alice.script_pubkey(), 39_999_000),
        ],
    );
    pool.accept(&verifier(), parent.clone(), &f.chain, 1)
        .expect("parent");
    // A child paying a much higher fee rate than its parent still comes after it.
    let child_coin = (
        OutPoint::new(parent.compute_txid(), 0),
        parent.output[0].clone(),
    );
    let child = signed_p2wpkh(
        &f,
        &child_coin,
        &f.bob,
        vec![pay(f.bob.script_pubkey(), 59_000_000)],
    );
    pool.accept(&verifier(), child.clone(), &f.chain, 2)
        .expect("child spends unconfirmed");
    let (txs, fees) = pool.select(1_000_000);
    assert_eq!(
        txs.iter()
            .map(Transaction::compute_txid)
            .collect::<Vec<_>>(),
        vec![parent.compute_txid(), child.compute_txid()]
    );
    assert_eq!(fees, 1_000 + 1_000_000);
    // A block that has only room for the parent leaves the child waiting.
    let (only_parent, _) = pool.select(parent.vsize() as u64);
    assert_eq!(only_parent.len(), 1);
    let mut chain = f.chain.clone();
    let height = chain.next_height();
    let reward = pay(f.alice.script_pubkey(), (subsidy(height).to_sat()) + fees);
    let hash = chain.mine(vec![reward], txs);
    let block = chain.block(&hash).expect("mined").0.clone();
    pool.remove_for_block(&block);
    assert!(pool.is_empty());
    assert!(chain.coin(&f.coin.0).is_none(), "the coin is spent");
    assert!(
        chain
            .coin(&OutPoint::new(child.compute_txid(), 0))
            .is_some()
    );
    // Disconnecting the block restores what it spent.
    chain.disconnect_tip();
    assert!(chain.coin(&f.coin.0).is_some());
    assert!(
        chain
            .coin(&OutPoint::new(child.compute_txid(), 0))
            .is_none()
    );
}

#[test]
fn a_block_with_a_conflicting_transaction_evicts_the_mempool_spend() {
    let f = fixture();
    let mut pool = Mempool::default();
    let waiting = signed_p2wpkh(
        &f,
        &f.coin,
        &f.alice,
        vec![pay(f.bob.script_pubkey(), 99_990_000)],
    );
    pool.accept(&verifier(), waiting.clone(), &f.chain, 1)
        .expect("waiting");
    let child_coin = (
        OutPoint::new(waiting.compute_txid(), 0),
        waiting.output[0].clone(),
    );
    let child = signed_p2wpkh(
        &f,
        &child_coin,
        &f.bob,
        vec![pay(f.bob.script_pubkey(), 99_980_000)],
    );
    pool.accept(&verifier(), child, &f.chain, 2).expect("child");
    let conflicting = signed_p2wpkh(
        &f,
        &f.coin,
        &f.alice,
        vec![pay(f.alice.script_pubkey(), 99_000_000)],
    );
    let mut chain = f.chain.clone();
    let hash = chain.mine(vec![], vec![conflicting]);
    pool.remove_for_block(&chain.block(&hash).expect("mined").0.clone());
    assert!(pool.is_empty(), "the conflict and its child are gone");
}
