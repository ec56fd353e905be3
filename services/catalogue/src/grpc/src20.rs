//! The SRC-20 queries of the gRPC service, and their rows as protobuf.

use stamps_proto::catalogue::v1::{
    SearchSrc20Request, SearchSrc20Response, Src20Figures, Src20Holder, Src20Item, Src20MintPoint,
    Src20Tick, Src20TickCount, Src20TrendingResponse,
};

use crate::grpc::{CatalogueGrpc, QueryError, page, unsigned};
use crate::queries::src20::{self, Src20Query, Src20Row, TickRow};

/// Holders a tick answer lists (the chart's legend).
pub const TICK_HOLDERS: i64 = 50;
/// Points of a tick's mint history.
pub const MINT_HISTORY_POINTS: i64 = 1000;
/// How many of the latest valid mints (and transfers) trending counts over.
pub const TRENDING_WINDOW: i64 = 1000;
/// Ticks a trending list names.
pub const TRENDING_TICKS: i64 = 20;
/// Longest tick or free text accepted.
const MAX_TEXT: usize = 256;

fn item(r: Src20Row) -> Src20Item {
    let figures = match (r.max, r.lim, r.minted, r.progress) {
        (Some(max), Some(lim), Some(minted), Some(progress)) => Some(Src20Figures {
            max,
            lim,
            dec: r.dec.unwrap_or(-1),
            minted,
            mint_count: unsigned(r.mint_count.unwrap_or(0)),
            minters_count: unsigned(r.minters_count.unwrap_or(0)),
            holders_count: unsigned(r.holders_count.unwrap_or(0)),
            progress,
        }),
        _ => None,
    };
    Src20Item {
        tick: r.tick,
        op: r.op,
        amt: r.amt,
        creator: r.creator,
        destination: r.destination,
        block_index: unsigned(r.block_index),
        block_time: unsigned(r.block_time),
        has_stamp: r.stamp.is_some(),
        stamp: r.stamp.unwrap_or(0),
        cpid: r.cpid.unwrap_or_default(),
        tx_hash: r.tx_hash,
        valid: r.valid,
        status: r.status,
        has_figures: figures.is_some(),
        figures,
    }
}

fn deploy_item(t: &TickRow) -> Src20Item {
    Src20Item {
        tick: t.tick.clone(),
        op: "DEPLOY".into(),
        amt: String::new(),
        creator: t.creator.clone(),
        destination: String::new(),
        block_index: unsigned(t.block_index),
        block_time: unsigned(t.block_time),
        has_stamp: t.stamp.is_some(),
        stamp: t.stamp.unwrap_or(0),
        cpid: t.cpid.clone().unwrap_or_default(),
        tx_hash: t.tx_hash.clone(),
        valid: true,
        status: String::new(),
        has_figures: true,
        figures: Some(Src20Figures {
            max: t.max.clone(),
            lim: t.lim.clone(),
            dec: t.dec.unwrap_or(-1),
            minted: t.minted.clone(),
            mint_count: unsigned(t.mint_count),
            minters_count: unsigned(t.minters_count),
            holders_count: unsigned(t.holders_count),
            progress: t.progress.clone(),
        }),
    }
}

fn text(name: &str, value: &str) -> Result<Option<String>, QueryError> {
    let value = value.trim();
    if value.len() > MAX_TEXT {
        return Err(QueryError::InvalidArgument(format!(
            "{name} longer than {MAX_TEXT} characters"
        )));
    }
    Ok((!value.is_empty()).then(|| value.to_owned()))
}

impl CatalogueGrpc {
    pub(crate) async fn src20_search(
        &self,
        r: &SearchSrc20Request,
    ) -> Result<SearchSrc20Response, QueryError> {
        let mut q =
            Src20Query::parse(&r.types, &r.only, &r.sort).map_err(QueryError::InvalidArgument)?;
        q.text = text("q", &r.q)?;
        q.tick = text("tick", &r.tick)?.map(|t| stamps_protocol::src20::tick_text(&t));
        q.address = text("address", &r.address)?;
        let (offset, rows, limit) = page(r.offset, r.limit, 24)?;
        let (hits, total) = src20::search(&self.pool, &q, offset, rows).await?;
        Ok(SearchSrc20Response {
            hits: hits.into_iter().map(item).collect(),
            total: unsigned(total),
            offset: r.offset,
            limit,
        })
    }

    pub(crate) async fn src20_tick(&self, requested: &str) -> Result<Src20Tick, QueryError> {
        let requested = text("tick", requested)?
            .ok_or_else(|| QueryError::InvalidArgument("a tick is required".into()))?;
        let tick = stamps_protocol::src20::tick_text(&requested);
        let row = src20::tick(&self.pool, &tick)
            .await?
            .ok_or_else(|| QueryError::NotFound(format!("no SRC-20 tick {requested}")))?;
        let holders = src20::holders(&self.pool, &tick, &row.max, TICK_HOLDERS).await?;
        let history = src20::mint_history(&self.pool, &tick, &row.max, MINT_HISTORY_POINTS).await?;
        Ok(Src20Tick {
            tick: row.tick.clone(),
            deploy: Some(deploy_item(&row)),
            holders: holders
                .into_iter()
                .map(|(address, amount, percentage)| Src20Holder {
                    address,
                    amount,
                    percentage,
                })
                .collect(),
            mint_history: history
                .into_iter()
                .map(|(block, time, mints, minted)| Src20MintPoint {
                    block_index: unsigned(block),
                    block_time: unsigned(time),
                    mints: unsigned(mints),
                    minted,
                })
                .collect(),
        })
    }

    pub(crate) async fn src20_trending(&self) -> Result<Src20TrendingResponse, QueryError> {
        let counts = |rows: Vec<(String, i64)>| {
            rows.into_iter()
                .map(|(tick, count)| Src20TickCount {
                    tick,
                    count: unsigned(count),
                })
                .collect()
        };
        Ok(Src20TrendingResponse {
            mint: counts(
                src20::trending(&self.pool, "MINT", TRENDING_WINDOW, TRENDING_TICKS).await?,
            ),
            transfer: counts(
                src20::trending(&self.pool, "TRANSFER", TRENDING_WINDOW, TRENDING_TICKS).await?,
            ),
        })
    }
}
