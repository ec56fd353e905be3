//! The catalogue's gRPC service: checks each request, runs its query from [`crate::queries`] (or its command
//! from [`crate::commands`]) and converts rows to proto messages. Proto <-> row conversions live in this folder
//! only: stamps, search and collections of users here; one module per screen for the rest.

mod activity;
mod assets;
mod collections;
mod detail;
mod mint;
mod sale;
mod src20;

use stamps_platform::outbox::Relay;
use stamps_proto::catalogue::v1::catalogue_service_server::CatalogueService;
use stamps_proto::catalogue::v1::{
    ActivityRequest, ActivityResponse, AddressesRequest, AutocompleteRequest, AutocompleteResponse,
    Collection, CollectionCard, CollectionLayers, CollectionListRequest, CollectionPeopleResponse,
    CreateCollectionRequest, CurationDocument, GetCollectionRequest, GetCurationRequest,
    GetHomeRequest, GetProfileRequest, GetSrc20TickRequest, GetStampRequest, Home, LaunchpadInfo,
    LeaderboardRequest, LeaderboardResponse, Profile, SearchAssetsRequest, SearchAssetsResponse,
    SearchCollectionsRequest, SearchCollectionsResponse, SearchFairmintersRequest,
    SearchFairmintersResponse, SearchSrc20Request, SearchSrc20Response, SearchStampsRequest,
    SearchStampsResponse, Src20BalancesResponse, Src20Tick, Src20TrendingRequest,
    Src20TrendingResponse, Src721Detail, Stamp, StampDetail, UpdateCollectionRequest,
    XcpLeaderboardResponse,
};
use stamps_proto::catalogue::v1::{
    FairmintTerms, LaunchpadTerms, MintTermsRequest, SendTerms, Src20Terms,
};
use stamps_proto::catalogue::v1::{
    HeldOutpointsRequest, HeldOutpointsResponse, SaleDispensersRequest, SaleDispensersResponse,
    SaleListingsRequest, SaleListingsResponse, SeenTransactionsRequest, SeenTransactionsResponse,
};

use crate::commands::{self, CollectionInput, CollectionRow, CommandError};
use crate::live::Changes;
use tonic::{Request, Response, Status};

use crate::queries::collections::People;
use crate::queries::finder::{self, SearchTerm, StampQuery};
use crate::queries::{self, StampRow, autocomplete};

/// The largest page a search returns.
pub const MAX_LIMIT: u32 = 100;

/// Why a query failed.
#[derive(Debug, thiserror::Error)]
pub enum QueryError {
    /// The request is malformed.
    #[error("{0}")]
    InvalidArgument(String),
    /// Nothing matches.
    #[error("{0}")]
    NotFound(String),
    /// The database failed.
    #[error("database: {0}")]
    Sqlx(#[from] sqlx::Error),
}

/// The one place query errors become gRPC statuses; internals are logged, not sent.
pub(crate) fn status(e: QueryError) -> Status {
    match e {
        QueryError::InvalidArgument(m) => Status::invalid_argument(m),
        QueryError::NotFound(m) => Status::not_found(m),
        QueryError::Sqlx(e) => {
            tracing::error!(error = %e, "catalogue query failed");
            Status::internal("catalogue query failed")
        }
    }
}

/// The one place command errors become gRPC statuses.
fn command_status(e: CommandError) -> Status {
    match e {
        CommandError::Invalid(m) => Status::invalid_argument(m),
        CommandError::NameTaken => Status::already_exists(commands::NAME_TAKEN),
        e @ CommandError::StampTaken(_) => Status::failed_precondition(e.to_string()),
        e @ CommandError::NotFound(_) => Status::not_found(e.to_string()),
        e @ CommandError::NotOwner => Status::permission_denied(e.to_string()),
        CommandError::Sqlx(e) => {
            tracing::error!(error = %e, "catalogue command failed");
            Status::internal("catalogue command failed")
        }
    }
}

fn collection_to_proto(r: CollectionRow) -> Collection {
    Collection {
        collection_id: r.collection_id,
        name: r.name,
        user_id: r.user_id,
        twitter: r.twitter,
        website: r.website,
        description: r.description,
        stamp_ids: r.stamp_ids,
        version: u64::try_from(r.version).unwrap_or(0),
    }
}

/// Checks a cpid's shape: 1–250 characters of letters, digits and `.-_@!` (asset names and long names).
pub fn validate_cpid(cpid: &str) -> Result<(), QueryError> {
    let ok = !cpid.is_empty()
        && cpid.len() <= 250
        && cpid
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_' | b'@' | b'!'));
    if ok {
        Ok(())
    } else {
        Err(QueryError::InvalidArgument(format!(
            "invalid cpid {cpid:?}"
        )))
    }
}

/// Reads SRC-721 traits: a JSON list (at most 10) of lists (at most 100) of cpids; empty text is none.
pub(crate) fn traits(text: &str) -> Result<Vec<Vec<String>>, QueryError> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let bad = |why: &str| QueryError::InvalidArgument(format!("src721cpids: {why}"));
    let groups: Vec<Vec<String>> = serde_json::from_str(text)
        .map_err(|_| bad("a JSON list of lists of cpids, as [[\"A1\", \"A2\"], [\"A3\"]]"))?;
    if groups.len() > 10 || groups.iter().any(|g| g.len() > 100) {
        return Err(bad("at most 10 lists of at most 100 cpids"));
    }
    for cpid in groups.iter().flatten() {
        validate_cpid(cpid)?;
    }
    Ok(groups.into_iter().filter(|g| !g.is_empty()).collect())
}

/// A stamp row as protobuf.
pub(crate) fn stamp_to_proto(r: StampRow) -> Stamp {
    Stamp {
        stamp: r.stamp,
        cpid: r.cpid,
        block_index: r.block_index.max(0) as u64,
        block_time: r.block_time.max(0) as u64,
        tx_hash: r.tx_hash,
        creator: r.creator,
        supply: r.supply,
        divisible: r.divisible,
        locked: r.locked,
        keyburn: r.keyburn,
        ident: r.ident,
        is_cursed: r.is_cursed,
        mimetype: r.mimetype,
        file_sha256: r.file_sha256,
        file_size: r.file_size.max(0) as u64,
        stamp_hash: r.stamp_hash,
        asset_longname: r.asset_longname,
        encoding: r.encoding,
        file_suffix: r.file_suffix,
        has_floor_price: r.floor_price.is_some(),
        floor_price: r.floor_price.map_or(0, |p| u64::try_from(p).unwrap_or(0)),
        on_sale: r.on_sale.unwrap_or_default(),
        has_last_sale_price: r.last_sale_price.is_some(),
        last_sale_price: r
            .last_sale_price
            .map_or(0, |p| u64::try_from(p).unwrap_or(0)),
        total_volume: u64::try_from(r.total_volume).unwrap_or(0),
        dividend_count: u64::try_from(r.dividend_count).unwrap_or(0),
        destroyed: r.destroyed,
        has_rarity_rank: r.rarity_rank.is_some(),
        rarity_rank: r.rarity_rank.map_or(0, unsigned),
    }
}

/// Checks a list of addresses: at most [`queries::profile::MAX_ADDRESSES`], each 1 to 100 characters.
pub(crate) fn addresses(name: &str, list: &[String]) -> Result<Vec<String>, QueryError> {
    if list.len() > queries::profile::MAX_ADDRESSES {
        return Err(QueryError::InvalidArgument(format!(
            "{name}: at most {} addresses",
            queries::profile::MAX_ADDRESSES
        )));
    }
    list.iter()
        .map(|a| {
            let a = a.trim();
            if a.is_empty() || a.len() > 100 {
                Err(QueryError::InvalidArgument(format!(
                    "{name}: {a:?} is not an address"
                )))
            } else {
                Ok(a.to_owned())
            }
        })
        .collect()
}

/// A count or height from Postgres as an unsigned field (a negative one, which the tables never hold, is 0).
pub(crate) fn unsigned(v: i64) -> u64 {
    u64::try_from(v).unwrap_or(0)
}

/// Checks and reads a page request: a limit of 0 takes `default`, one above [`MAX_LIMIT`] is refused.
pub(crate) fn page(offset: u64, limit: u32, default: u32) -> Result<(i64, i64, u32), QueryError> {
    if limit > MAX_LIMIT {
        return Err(QueryError::InvalidArgument(format!(
            "limit {limit} is above {MAX_LIMIT}"
        )));
    }
    let limit = if limit == 0 { default } else { limit };
    let offset = i64::try_from(offset)
        .map_err(|_| QueryError::InvalidArgument("offset too large".into()))?;
    Ok((offset, i64::from(limit), limit))
}

/// The gRPC service over the catalogue's pool.
#[derive(Clone)]
pub struct CatalogueGrpc {
    pub(crate) pool: sqlx::PgPool,
    relay: Relay,
    changes: Changes,
}

impl CatalogueGrpc {
    /// A service over `pool`, waking `relay` after a command commits its event and signalling `changes`.
    pub fn new(pool: sqlx::PgPool, relay: Relay, changes: Changes) -> Self {
        Self {
            pool,
            relay,
            changes,
        }
    }

    async fn get_stamp(&self, cpid: &str) -> Result<Stamp, QueryError> {
        validate_cpid(cpid)?;
        queries::stamp(&self.pool, cpid)
            .await?
            .map(stamp_to_proto)
            .ok_or_else(|| QueryError::NotFound(format!("no stamp {cpid}")))
    }

    async fn autocomplete(&self, text: &str) -> Result<AutocompleteResponse, QueryError> {
        use stamps_proto::catalogue::v1::{CollectionHit, StampHit, UserHit};
        let text = text.trim();
        if text.chars().count() > 100 {
            return Err(QueryError::InvalidArgument(
                "text longer than 100 characters".into(),
            ));
        }
        if text.is_empty() {
            return Ok(AutocompleteResponse::default());
        }
        let tick = stamps_protocol::src20::tick_text(text);
        let pool = &self.pool;
        let (stamps, ticks, collections, users) = tokio::try_join!(
            autocomplete::stamps(pool, text),
            autocomplete::ticks(pool, &tick),
            autocomplete::collections(pool, text),
            autocomplete::users(pool, text),
        )?;
        Ok(AutocompleteResponse {
            stamps: stamps
                .into_iter()
                .map(|(stamp, cpid, asset_longname)| StampHit {
                    stamp,
                    cpid,
                    asset_longname,
                })
                .collect(),
            src20_ticks: ticks,
            collections: collections
                .into_iter()
                .map(|(collection_id, name, stamp_ids)| CollectionHit {
                    collection_id,
                    name,
                    stamp_ids,
                })
                .collect(),
            users: users
                .into_iter()
                .map(|(user_id, display_name)| UserHit {
                    user_id,
                    display_name,
                })
                .collect(),
        })
    }

    async fn search(&self, r: &SearchStampsRequest) -> Result<SearchStampsResponse, QueryError> {
        if r.q.len() > 256 {
            return Err(QueryError::InvalidArgument(
                "query longer than 256 characters".into(),
            ));
        }
        let (offset, rows, limit) = page(r.offset, r.limit, 24)?;
        let mut query = StampQuery::parse(SearchTerm::parse(&r.q), &r.types, &r.only, &r.sort)
            .map_err(QueryError::InvalidArgument)?;
        query.holders = addresses("holders", &r.holders)?;
        query.creators = addresses("creators", &r.creators)?;
        query.owners = addresses("owners", &r.owners)?;
        let collection = r.collection.trim();
        if collection.len() > 256 {
            return Err(QueryError::InvalidArgument(
                "collection longer than 256 characters".into(),
            ));
        }
        query.collection = Some(collection.to_owned()).filter(|c| !c.is_empty());
        if r.cpids.len() > 100 {
            return Err(QueryError::InvalidArgument("cpids: at most 100".into()));
        }
        for cpid in &r.cpids {
            validate_cpid(cpid)?;
        }
        query.cpids = r.cpids.clone();
        query.traits = traits(&r.src721cpids)?;
        let wishlist = r.wishlist.trim();
        if wishlist.len() > 100 {
            return Err(QueryError::InvalidArgument(
                "wishlist: a user id or display name of at most 100 characters".into(),
            ));
        }
        query.wishlist = Some(wishlist.to_owned()).filter(|w| !w.is_empty());
        query
            .set_rarity(&r.rarity)
            .map_err(QueryError::InvalidArgument)?;
        let (hits, total) = finder::search(&self.pool, &query, offset, rows).await?;
        Ok(SearchStampsResponse {
            hits: hits.into_iter().map(stamp_to_proto).collect(),
            total: total.max(0) as u64,
            offset: r.offset,
            limit,
        })
    }
}

#[tonic::async_trait]
impl CatalogueService for CatalogueGrpc {
    async fn get_stamp(
        &self,
        request: Request<GetStampRequest>,
    ) -> Result<Response<Stamp>, Status> {
        self.get_stamp(&request.get_ref().cpid)
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn get_stamp_detail(
        &self,
        request: Request<GetStampRequest>,
    ) -> Result<Response<StampDetail>, Status> {
        self.stamp_detail(&request.get_ref().cpid)
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn autocomplete(
        &self,
        request: Request<AutocompleteRequest>,
    ) -> Result<Response<AutocompleteResponse>, Status> {
        self.autocomplete(&request.get_ref().text)
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn search_fairminters(
        &self,
        request: Request<SearchFairmintersRequest>,
    ) -> Result<Response<SearchFairmintersResponse>, Status> {
        CatalogueGrpc::search_fairminters(self, request.get_ref())
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn leaderboard(
        &self,
        request: Request<LeaderboardRequest>,
    ) -> Result<Response<LeaderboardResponse>, Status> {
        CatalogueGrpc::leaderboard(self, request.get_ref())
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn get_home(&self, _request: Request<GetHomeRequest>) -> Result<Response<Home>, Status> {
        self.home().await.map(Response::new).map_err(status)
    }

    async fn get_profile(
        &self,
        request: Request<GetProfileRequest>,
    ) -> Result<Response<Profile>, Status> {
        self.profile(&request.get_ref().id)
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn search_stamps(
        &self,
        request: Request<SearchStampsRequest>,
    ) -> Result<Response<SearchStampsResponse>, Status> {
        self.search(request.get_ref())
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn search_src20(
        &self,
        request: Request<SearchSrc20Request>,
    ) -> Result<Response<SearchSrc20Response>, Status> {
        self.src20_search(request.get_ref())
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn get_src20_tick(
        &self,
        request: Request<GetSrc20TickRequest>,
    ) -> Result<Response<Src20Tick>, Status> {
        self.src20_tick(&request.get_ref().tick)
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn src20_trending(
        &self,
        _request: Request<Src20TrendingRequest>,
    ) -> Result<Response<Src20TrendingResponse>, Status> {
        self.src20_trending()
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn search_collections(
        &self,
        request: Request<SearchCollectionsRequest>,
    ) -> Result<Response<SearchCollectionsResponse>, Status> {
        CatalogueGrpc::search_collections(self, request.get_ref())
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn get_collection(
        &self,
        request: Request<GetCollectionRequest>,
    ) -> Result<Response<CollectionCard>, Status> {
        self.collection_with(request.get_ref())
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn collection_collectors(
        &self,
        request: Request<CollectionListRequest>,
    ) -> Result<Response<CollectionPeopleResponse>, Status> {
        self.collection_people(request.get_ref(), People::Collectors)
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn collection_burned(
        &self,
        request: Request<CollectionListRequest>,
    ) -> Result<Response<CollectionPeopleResponse>, Status> {
        self.collection_people(request.get_ref(), People::Burned)
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn activity(
        &self,
        request: Request<ActivityRequest>,
    ) -> Result<Response<ActivityResponse>, Status> {
        self.activity(request.get_ref())
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn get_curation(
        &self,
        request: Request<GetCurationRequest>,
    ) -> Result<Response<CurationDocument>, Status> {
        let kind = request.get_ref().kind.as_str();
        if !crate::curation::KINDS.contains(&kind) {
            return Err(Status::invalid_argument(format!(
                "unknown curation kind {kind:?} ({})",
                crate::curation::KINDS.join(", ")
            )));
        }
        match crate::curation::document(&self.pool, kind).await {
            Ok(Some((version, document))) => Ok(Response::new(CurationDocument {
                kind: kind.to_owned(),
                version: unsigned(version),
                document: document.to_string(),
            })),
            Ok(None) => Err(Status::not_found(format!("no {kind} was curated"))),
            Err(e) => Err(status(QueryError::Sqlx(e))),
        }
    }

    async fn get_asset_detail(
        &self,
        request: Request<GetStampRequest>,
    ) -> Result<Response<StampDetail>, Status> {
        self.asset_detail(&request.get_ref().cpid)
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn search_assets(
        &self,
        request: Request<SearchAssetsRequest>,
    ) -> Result<Response<SearchAssetsResponse>, Status> {
        self.search_assets(request.get_ref())
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn xcp_leaderboard(
        &self,
        request: Request<LeaderboardRequest>,
    ) -> Result<Response<XcpLeaderboardResponse>, Status> {
        self.xcp_leaderboard(request.get_ref())
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn src20_balances(
        &self,
        request: Request<AddressesRequest>,
    ) -> Result<Response<Src20BalancesResponse>, Status> {
        self.src20_balances(request.get_ref())
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn sale_dispensers(
        &self,
        request: Request<SaleDispensersRequest>,
    ) -> Result<Response<SaleDispensersResponse>, Status> {
        self.sale_dispensers(request.get_ref())
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn sale_listings(
        &self,
        request: Request<SaleListingsRequest>,
    ) -> Result<Response<SaleListingsResponse>, Status> {
        self.sale_listings(request.get_ref())
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn send_terms(
        &self,
        request: Request<MintTermsRequest>,
    ) -> Result<Response<SendTerms>, Status> {
        self.send_terms(request.get_ref())
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn fairmint_terms(
        &self,
        request: Request<MintTermsRequest>,
    ) -> Result<Response<FairmintTerms>, Status> {
        self.fairmint_terms(request.get_ref())
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn src20_terms(
        &self,
        request: Request<MintTermsRequest>,
    ) -> Result<Response<Src20Terms>, Status> {
        self.src20_terms(request.get_ref())
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn launchpad_terms(
        &self,
        request: Request<MintTermsRequest>,
    ) -> Result<Response<LaunchpadTerms>, Status> {
        self.launchpad_terms(request.get_ref())
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn held_outpoints(
        &self,
        request: Request<HeldOutpointsRequest>,
    ) -> Result<Response<HeldOutpointsResponse>, Status> {
        self.held_outpoints(request.get_ref())
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn seen_transactions(
        &self,
        request: Request<SeenTransactionsRequest>,
    ) -> Result<Response<SeenTransactionsResponse>, Status> {
        self.seen_transactions(request.get_ref())
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn get_launchpad(
        &self,
        request: Request<GetCollectionRequest>,
    ) -> Result<Response<LaunchpadInfo>, Status> {
        self.launchpad(&request.get_ref().collection_id)
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn get_collection_layers(
        &self,
        request: Request<GetCollectionRequest>,
    ) -> Result<Response<CollectionLayers>, Status> {
        self.collection_layers(request.get_ref().collection_id.trim())
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn get_src721(
        &self,
        request: Request<GetStampRequest>,
    ) -> Result<Response<Src721Detail>, Status> {
        self.src721(&request.get_ref().cpid)
            .await
            .map(Response::new)
            .map_err(status)
    }

    async fn create_collection(
        &self,
        request: Request<CreateCollectionRequest>,
    ) -> Result<Response<Collection>, Status> {
        let r = request.into_inner();
        let input = CollectionInput {
            user_id: r.user_id,
            name: r.name,
            stamp_ids: r.stamp_ids,
            twitter: r.twitter,
            website: r.website,
            description: r.description,
        };
        let row = commands::create(&self.pool, &input)
            .await
            .map_err(command_status)?;
        self.relay.notify();
        self.changes.changed();
        Ok(Response::new(collection_to_proto(row)))
    }

    async fn update_collection(
        &self,
        request: Request<UpdateCollectionRequest>,
    ) -> Result<Response<Collection>, Status> {
        let r = request.into_inner();
        let input = CollectionInput {
            user_id: r.user_id,
            name: String::new(),
            stamp_ids: r.stamp_ids,
            twitter: r.twitter,
            website: r.website,
            description: r.description,
        };
        let row = commands::update(&self.pool, &r.collection_id, &input)
            .await
            .map_err(command_status)?;
        self.relay.notify();
        self.changes.changed();
        Ok(Response::new(collection_to_proto(row)))
    }
}
