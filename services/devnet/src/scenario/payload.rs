//! Transactions carrying each kind of payload, encoded by `stamps-protocol` exactly as mainnet's composers
//! write them: Counterparty messages (OP_RETURN when they fit, else multisig), stamp issuances (keyburn
//! multisig, OP_RETURN or OLGA), raw SRC-20 (keyburn multisig or OLGA), dispenses and atomic swaps.

use base64::Engine;
use bitcoin::{Amount, OutPoint, ScriptBuf, TxOut, Txid};
use stamps_protocol::counterparty::message::{Dispense, Issuance, Message, ids};
use stamps_protocol::counterparty::transport::{self, MULTISIG_DUST};
use stamps_protocol::src20::transport as src20_transport;
use stamps_protocol::stamp::BURN_KEYS;
use stamps_protocol::{Rules, arc4};

use super::builder::{Builder, Coin, DUST};
use super::intent::{Payload, Src20Intent, StampIntent, Transport};

/// Value of each OLGA P2WSH output (the P2WSH dust threshold).
const OLGA_DUST: u64 = 330;

/// How a Counterparty message's data is carried.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Carrier {
    /// OP_RETURN when it fits, else multisig with the source's key as the third key (the composer's default).
    Auto,
    /// Multisig with a burn key as the third key (stamps).
    Keyburn,
    /// OP_RETURN only.
    OpReturn,
}

/// A stamp to issue.
#[derive(Debug, Clone)]
pub struct StampSpec {
    /// Asset id.
    pub asset_id: u64,
    /// Asset name.
    pub asset: String,
    /// Subasset long name.
    pub longname: Option<String>,
    /// Units.
    pub quantity: u64,
    /// Lock the supply.
    pub lock: bool,
    /// The file.
    pub file: Vec<u8>,
    /// MIME type a decoder recognises.
    pub mimetype: String,
    /// Transport.
    pub transport: Transport,
    /// Meant to be blessed.
    pub blessed: bool,
    /// SRC-721 collection.
    pub src721: Option<String>,
}

impl Builder {
    /// Queues a Counterparty transaction from `actor`: `destinations` first, then the data, then
    /// `after_data` (OLGA outputs), then change. `None` when the message cannot be packed or carried.
    pub fn counterparty(
        &mut self,
        lead: Option<Coin>,
        actor: usize,
        message: &Message,
        destinations: Vec<TxOut>,
        carrier: Carrier,
        after_data: Vec<TxOut>,
    ) -> Option<Txid> {
        let height = self.height();
        let data = message.pack(height, Rules::MAINNET).ok()?;
        let fixed: u64 = destinations
            .iter()
            .chain(&after_data)
            .map(|o| o.value.to_sat())
            .sum();
        let chunks = data.len() as u64 / 40 + 2;
        let need = fixed + chunks * MULTISIG_DUST + (400 + 4 * data.len() as u64) * self.fee_rate;
        let mut inputs: Vec<Coin> = lead.into_iter().collect();
        inputs.extend(self.take(actor, need));
        let key = arc4::key_for(&inputs.first()?.outpoint.txid);
        let mut outputs = destinations;
        let op_return = transport::op_return_output(&key, &data);
        match (carrier, op_return) {
            (Carrier::Auto | Carrier::OpReturn, Some(o)) => outputs.push(o),
            (Carrier::OpReturn, None) => {
                // The lead input (a UTXO holding balances) is not a wallet coin.
                let coins = inputs
                    .into_iter()
                    .skip(usize::from(lead.is_some()))
                    .collect();
                self.give_back(coins);
                return None;
            }
            (Carrier::Auto, None) => outputs.extend(transport::multisig_data_outputs(
                &key,
                &data,
                &self.actors[actor].public.to_bytes(),
            )),
            (Carrier::Keyburn, _) => {
                outputs.extend(transport::multisig_data_outputs(&key, &data, &BURN_KEYS[1]));
            }
        }
        outputs.extend(after_data);
        Some(self.finish(inputs, outputs, actor))
    }

    /// Queues a Counterparty message and records it.
    pub fn message(
        &mut self,
        actor: usize,
        message: Message,
        destinations: Vec<TxOut>,
        valid: bool,
    ) -> Option<Txid> {
        let txid = self.counterparty(
            None,
            actor,
            &message,
            destinations,
            Carrier::Auto,
            Vec::new(),
        )?;
        self.intend(txid, actor, Payload::Counterparty { message, valid });
        Some(txid)
    }

    /// Queues a Counterparty message whose first input is `lead` (a UTXO holding balances, signed by its
    /// owner), completed by `actor`'s coins, and records it.
    pub fn message_from(&mut self, lead: Coin, actor: usize, message: Message) -> Option<Txid> {
        let txid = self.counterparty(
            Some(lead),
            actor,
            &message,
            Vec::new(),
            Carrier::Auto,
            Vec::new(),
        )?;
        self.intend(
            txid,
            actor,
            Payload::Counterparty {
                message,
                valid: true,
            },
        );
        Some(txid)
    }

    /// Queues a stamp issuance and records it.
    pub fn stamp(&mut self, actor: usize, spec: StampSpec) -> Option<Txid> {
        let b64 = base64::engine::general_purpose::STANDARD.encode(&spec.file);
        let (description, carrier, after) = match spec.transport {
            Transport::Multisig => (format!("STAMP:{b64}"), Carrier::Keyburn, Vec::new()),
            Transport::OpReturn => (format!("stamp:{b64}"), Carrier::OpReturn, Vec::new()),
            Transport::Olga => {
                let outs =
                    stamps_protocol::stamp::olga_outputs(&spec.file, Amount::from_sat(OLGA_DUST))?;
                ("stamp:".to_owned(), Carrier::OpReturn, outs)
            }
        };
        let issuance = Issuance {
            type_id: if spec.longname.is_some() {
                ids::SUBASSET_ISSUANCE_LR
            } else {
                ids::ISSUANCE_LR
            },
            asset_id: spec.asset_id,
            asset: spec.asset.clone(),
            quantity: spec.quantity,
            divisible: false,
            lock: spec.lock,
            reset: false,
            asset_longname: spec.longname.clone(),
            description: Some(description),
            callable: false,
            call_date: 0,
            call_price: 0.0,
            mime_type: "text/plain".into(),
        };
        let message = Message::Issuance(issuance);
        let txid = self.counterparty(None, actor, &message, Vec::new(), carrier, after)?;
        let intent = StampIntent {
            cpid: spec.asset,
            longname: spec.longname,
            file: spec.file,
            mimetype: spec.mimetype,
            transport: spec.transport,
            blessed: spec.blessed,
            quantity: spec.quantity,
            locked: spec.lock,
            src721: spec.src721,
        };
        self.intend(txid, actor, Payload::Stamp(intent));
        Some(txid)
    }

    /// Queues a raw SRC-20 operation (`json` after `stamp:`) from `actor`, its first output paying `to`
    /// (the beneficiary: the sender itself for deploys and mints, the recipient for transfers).
    pub fn src20(
        &mut self,
        actor: usize,
        to: ScriptBuf,
        json: &str,
        transport: Transport,
        mut intent: Src20Intent,
    ) -> Option<Txid> {
        let payload = json.as_bytes();
        let chunks = payload.len() as u64 / 30 + 2;
        let need = DUST + chunks * MULTISIG_DUST + (300 + 3 * payload.len() as u64) * self.fee_rate;
        let inputs = self.take(actor, need);
        let first = inputs.first()?.outpoint.txid;
        let data = match transport {
            Transport::Olga => src20_transport::olga_outputs(payload, Amount::from_sat(OLGA_DUST)),
            _ => src20_transport::multisig_outputs(
                payload,
                &first,
                &src20_transport::DEFAULT_BURN_KEY,
                Amount::from_sat(MULTISIG_DUST),
            ),
        };
        let Some(data) = data else {
            self.give_back(inputs);
            return None;
        };
        let mut outputs = vec![TxOut {
            value: Amount::from_sat(DUST),
            script_pubkey: to,
        }];
        outputs.extend(data);
        let txid = self.finish(inputs, outputs, actor);
        intent.json = json.to_owned();
        intent.transport = transport;
        self.intend(txid, actor, Payload::Src20(intent));
        Some(txid)
    }

    /// Queues a purchase from a dispenser at `dispenser` (an actor's address): `paid` satoshis to it, with
    /// the dispense message when the chain's rules call for it.
    pub fn dispense(
        &mut self,
        buyer: usize,
        dispenser: usize,
        asset: &str,
        paid: u64,
        quantity: u64,
    ) -> Option<Txid> {
        let pay = TxOut {
            value: Amount::from_sat(paid),
            script_pubkey: self.scripts[dispenser].clone(),
        };
        let with_message = Rules::MAINNET.active(
            stamps_protocol::network::Change::EnableDispenseTx,
            self.height(),
        );
        let txid = if with_message {
            let message = Message::Dispense(Dispense { data: vec![0] });
            self.counterparty(
                None,
                buyer,
                &message,
                vec![pay],
                Carrier::OpReturn,
                Vec::new(),
            )?
        } else {
            let inputs = self.take(buyer, paid + 300 * self.fee_rate);
            self.finish(inputs, vec![pay], buyer)
        };
        let payload = Payload::Dispense {
            dispenser: self.addresses[dispenser].clone(),
            asset: asset.to_owned(),
            paid,
            quantity,
            message: with_message,
        };
        self.intend(txid, buyer, payload);
        Some(txid)
    }

    /// Queues an atomic swap: `seller`'s UTXO `utxo` (worth `utxo_value`, holding `quantity` of `asset`)
    /// and the buyer's coins, paying the UTXO's balances to the buyer (first output) and `price` to the
    /// seller. Returns the txid; the buyer's new UTXO is output 0.
    #[allow(clippy::too_many_arguments)]
    pub fn swap(
        &mut self,
        seller: usize,
        utxo: OutPoint,
        utxo_value: u64,
        buyer: usize,
        asset: &str,
        quantity: u64,
        price: u64,
    ) -> Txid {
        let mut inputs = vec![Coin {
            outpoint: utxo,
            value: utxo_value,
            signer: seller,
        }];
        inputs.extend(self.take(buyer, price + DUST + 600 * self.fee_rate));
        let outputs = vec![
            TxOut {
                value: Amount::from_sat(DUST),
                script_pubkey: self.scripts[buyer].clone(),
            },
            TxOut {
                value: Amount::from_sat(price + utxo_value),
                script_pubkey: self.scripts[seller].clone(),
            },
        ];
        let txid = self.finish(inputs, outputs, buyer);
        self.receive(seller, OutPoint::new(txid, 1), price + utxo_value);
        let payload = Payload::Swap {
            utxo: utxo.to_string(),
            asset: asset.to_owned(),
            quantity,
            price,
            buyer: self.addresses[buyer].clone(),
        };
        self.intend(txid, seller, payload);
        txid
    }

    /// Returns unspent coins to their signers' wallets.
    fn give_back(&mut self, inputs: Vec<Coin>) {
        for c in inputs {
            self.receive(c.signer, c.outpoint, c.value);
        }
    }
}
