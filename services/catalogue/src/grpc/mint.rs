//! What the wallet asks before it builds a mint, over gRPC.

use stamps_proto::catalogue::v1::{
    CuratedLayer, CuratedStamp, FairmintTerms, GooseLayer, LaunchpadTerms, MintTermsRequest,
    SendTerms, Src20Terms, WhitelistRound,
};

use crate::grpc::{CatalogueGrpc, QueryError, addresses, unsigned, validate_cpid};
use crate::queries::mint;

/// The request's key (1–250 characters) and its one address.
fn request(r: &MintTermsRequest, what: &str) -> Result<(String, String), QueryError> {
    let key = r.key.trim();
    if key.is_empty() || key.len() > 250 {
        return Err(QueryError::InvalidArgument(format!("{what} is required")));
    }
    let address = addresses("address", std::slice::from_ref(&r.address))?
        .into_iter()
        .next()
        .unwrap_or_default();
    Ok((key.to_owned(), address))
}

impl CatalogueGrpc {
    pub(crate) async fn send_terms(&self, r: &MintTermsRequest) -> Result<SendTerms, QueryError> {
        let (asset, address) = request(r, "asset")?;
        validate_cpid(&asset)?;
        let s = mint::send_terms(&self.pool, &asset, &address)
            .await?
            .ok_or_else(|| QueryError::NotFound(format!("No asset {asset}")))?;
        Ok(SendTerms {
            asset: s.asset,
            divisible: s.divisible,
            balance: s.balance,
            tip: unsigned(s.tip),
        })
    }

    pub(crate) async fn fairmint_terms(
        &self,
        r: &MintTermsRequest,
    ) -> Result<FairmintTerms, QueryError> {
        let (asset, address) = request(r, "asset")?;
        validate_cpid(&asset)?;
        let f = mint::fairminter(&self.pool, &asset, &address)
            .await?
            .ok_or_else(|| QueryError::NotFound(format!("{asset} has no fairminter")))?;
        Ok(FairmintTerms {
            tx_hash: f.tx_hash,
            asset: f.asset,
            status: f.status,
            price: f.price,
            quantity_by_price: f.quantity_by_price,
            hard_cap: f.hard_cap,
            max_mint_per_tx: f.max_mint_per_tx,
            max_mint_per_address: f.max_mint_per_address,
            start_block: unsigned(f.start_block),
            end_block: unsigned(f.end_block),
            divisible: f.divisible,
            supply: f.supply,
            minted_by_address: f.minted_by_address,
            xcp_balance: f.xcp_balance,
            tip: unsigned(f.tip),
        })
    }

    pub(crate) async fn src20_terms(&self, r: &MintTermsRequest) -> Result<Src20Terms, QueryError> {
        let (tick, address) = request(r, "tick")?;
        let tick = stamps_protocol::src20::tick_text(&tick);
        let row = mint::src20(&self.pool, &tick, &address).await?;
        Ok(match row {
            None => Src20Terms {
                tick,
                ..Src20Terms::default()
            },
            Some(t) => Src20Terms {
                tick,
                deployed: true,
                max: t.max,
                lim: t.lim,
                dec: t.dec.and_then(|d| u32::try_from(d).ok()).unwrap_or(18),
                minted: t.minted,
                deployer: t.creator,
                balance: t.balance,
            },
        })
    }

    pub(crate) async fn launchpad_terms(
        &self,
        r: &MintTermsRequest,
    ) -> Result<LaunchpadTerms, QueryError> {
        let (id, address) = request(r, "collection")?;
        let t = mint::launchpad(&self.pool, &id, &address)
            .await?
            .ok_or_else(|| QueryError::NotFound(format!("{id} is no launchpad")))?;
        let c = &t.config;
        let (symbol, layers) = t.src721.clone().unwrap_or_default();
        Ok(LaunchpadTerms {
            collection_id: c.collection_id.clone(),
            owner: t.owner.clone(),
            max: c.max,
            quantity_per_mint: c.quantity_per_mint,
            fee: c.fee,
            public_start: c.public_mint[0],
            public_end: c.public_mint[1],
            has_free_mint: c.free_mint.is_some(),
            free_start: c.free_mint.map_or(0, |w| w[0]),
            free_end: c.free_mint.map_or(0, |w| w[1]),
            rounds: c
                .white_list_config
                .iter()
                .zip(&t.rounds)
                .map(|(w, f)| WhitelistRound {
                    start: w.time_range[0],
                    end: w.time_range[1],
                    fee: w.fee,
                    limit: w.limit,
                    limit_per_hold: w.limit_per_hold,
                    minted: f.minted,
                    minted_by_address: f.minted_by_address,
                    holds: f.holds,
                })
                .collect(),
            minted: t.minted,
            src721_deploy: if t.src721.is_some() {
                id
            } else {
                String::new()
            },
            src721_symbol: symbol,
            src721_layers: layers
                .iter()
                .map(|l| u32::try_from(l.len()).unwrap_or(u32::MAX))
                .collect(),
            goose_prefix: t
                .goose
                .as_ref()
                .map(|g| g.0.prefix.clone())
                .unwrap_or_default(),
            goose_view_box: t
                .goose
                .as_ref()
                .map(|g| g.0.view_box.clone())
                .unwrap_or_default(),
            goose_layers: t
                .goose
                .as_ref()
                .map(|g| {
                    g.0.layers
                        .iter()
                        .map(|l| GooseLayer {
                            fragments: l.clone(),
                        })
                        .collect()
                })
                .unwrap_or_default(),
            goose_taken: t.goose.clone().map(|g| g.1).unwrap_or_default(),
            curated_layers: c
                .layers
                .iter()
                .map(|layer| CuratedLayer {
                    stamps: layer
                        .iter()
                        .map(|o| {
                            let (file_sha256, mimetype) =
                                t.layer_files.get(&o.cpid).cloned().unwrap_or_default();
                            CuratedStamp {
                                cpid: o.cpid.clone(),
                                weight: o.weight,
                                file_sha256,
                                mimetype,
                            }
                        })
                        .collect(),
                })
                .collect(),
        })
    }
}
