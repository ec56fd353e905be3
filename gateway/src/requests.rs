//! What every request leaves behind: its HTTP metrics, and one request event for the analytics service.
//!
//! The layer ([`record`]) notes each request once its answer's head is ready (the app it was for, its path and
//! URL, status, latency, whether the user agent is a phone's, the time, the client's address) and hands the note
//! to a bounded queue without waiting: when the queue is full the note is dropped and counted. The publisher
//! ([`RequestLog::publish_forever`]) takes notes in batches, replaces each client address by a keyed hash
//! ([`VisitorKeys`]) and publishes the batch as one `analytics.requests` message on ANALYTICS. A batch NATS does
//! not take within [`PUBLISH_TIMEOUT`] is dropped and counted too: publishing never delays or fails a request.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::extract::{ConnectInfo, Request, State};
use axum::http::header;
use axum::middleware::Next;
use axum::response::Response;
use crossbeam_queue::ArrayQueue;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::histogram::Histogram;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use stamps_platform::metrics::Registry;
use stamps_platform::nats::{Nats, Stream};
use stamps_platform::shutdown::Shutdown;
use stamps_proto::events::v1 as events;

/// How long NATS has to take a batch.
pub const PUBLISH_TIMEOUT: Duration = Duration::from_secs(2);
/// The longest path or URL an event keeps (in bytes, cut at a character boundary).
const MAX_URL: usize = 512;
/// How long a day key is kept in NATS: its day, and a day of grace for clocks and late batches.
const KEY_AGE: Duration = Duration::from_secs(2 * 24 * 3600);

/// How request events are published.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct AnalyticsConfig {
    /// Whether request events are published at all.
    pub enabled: bool,
    /// Notes waiting to be published; past it they are dropped and counted.
    pub buffer: usize,
    /// The most events in one message.
    pub batch: usize,
    /// How often the queue is drained into messages (a note waits at most about this long).
    pub flush_ms: u64,
    /// Hosts (`host[:port]`, as in the `Host` header) that serve the XCP site: their requests count for `xcp`
    /// or `xcp-wallet`, every other for `stamps` or `stamps-wallet`.
    pub xcp_hosts: Vec<String>,
}

impl Default for AnalyticsConfig {
    fn default() -> Self {
        Self {
            enabled: true,
            buffer: 65_536,
            batch: 1_000,
            flush_ms: 200,
            xcp_hosts: Vec::new(),
        }
    }
}

pub use stamps_proto::events::ORIGINS;

/// Which listener a request came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listener {
    /// The site's.
    Site,
    /// The wallet app's.
    Wallet,
}

/// One request, as noted by the layer (the client's address is still raw: it never leaves the process).
#[derive(Debug)]
struct Note {
    origin: &'static str,
    /// The request's path and query, cut to [`MAX_URL`] bytes (a copy: the request's own buffers are not held).
    target: Box<str>,
    status: u16,
    latency_us: u32,
    mobile: bool,
    time_ms: i64,
    client: IpAddr,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct AnswerLabels {
    origin: &'static str,
    /// `2xx`, `3xx`, `4xx` or `5xx`.
    class: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct OriginLabels {
    origin: &'static str,
}

/// The gateway's request metrics and the queue of request events.
#[derive(Clone)]
pub struct RequestLog(Arc<Inner>);

struct Inner {
    queue: Option<Arc<ArrayQueue<Note>>>,
    xcp_hosts: Vec<String>,
    answers: Family<AnswerLabels, Counter>,
    latency: Family<OriginLabels, Histogram>,
    published: Counter,
    dropped: Counter,
}

/// The queue's reading end, taken by the publisher.
pub struct Notes {
    queue: Arc<ArrayQueue<Note>>,
    batch: usize,
    flush: Duration,
}

impl RequestLog {
    /// The metrics (registered in `registry`) and, when events are enabled, the queue and its receiving end.
    pub fn new(config: &AnalyticsConfig, registry: &mut Registry) -> (Self, Option<Notes>) {
        let (queue, notes) = if config.enabled {
            // A lock-free ring: a request's note costs one push, and wakes nothing.
            let queue = Arc::new(ArrayQueue::new(config.buffer.max(1)));
            let notes = Notes {
                queue: queue.clone(),
                batch: config.batch.clamp(1, 10_000),
                flush: Duration::from_millis(config.flush_ms.max(1)),
            };
            (Some(queue), Some(notes))
        } else {
            (None, None)
        };
        let inner = Inner {
            queue,
            xcp_hosts: config
                .xcp_hosts
                .iter()
                .map(|h| h.trim().to_ascii_lowercase())
                .collect(),
            answers: Family::default(),
            latency: Family::new_with_constructor(stamps_platform::metrics::latency_histogram),
            published: Counter::default(),
            dropped: Counter::default(),
        };
        registry.register(
            "http_requests",
            "HTTP requests answered, by app and status class",
            inner.answers.clone(),
        );
        registry.register(
            "http_request_duration_seconds",
            "Time from a request's head to its answer's head, by app",
            inner.latency.clone(),
        );
        registry.register(
            "analytics_events_published",
            "Request events NATS took",
            inner.published.clone(),
        );
        registry.register(
            "analytics_events_dropped",
            "Request events dropped: the queue was full, or NATS did not take them in time",
            inner.dropped.clone(),
        );
        (Self(Arc::new(inner)), notes)
    }

    /// Request events dropped so far.
    pub fn dropped(&self) -> u64 {
        self.0.dropped.get()
    }

    /// Which of [`ORIGINS`] a request to `listener` with the `Host` header `host` counts for.
    fn origin(&self, listener: Listener, host: &str) -> &'static str {
        let xcp = self
            .0
            .xcp_hosts
            .iter()
            .any(|h| h.eq_ignore_ascii_case(host));
        match (listener, xcp) {
            (Listener::Site, false) => ORIGINS[0],
            (Listener::Wallet, false) => ORIGINS[1],
            (Listener::Site, true) => ORIGINS[2],
            (Listener::Wallet, true) => ORIGINS[3],
        }
    }

    fn note(&self, note: Note) {
        let Some(queue) = &self.0.queue else {
            return;
        };
        if queue.push(note).is_err() {
            self.0.dropped.inc();
        }
    }

    /// Publishes the notes until `shutdown`, then what is left. The queue is drained every `flush` (and
    /// published in messages of up to `batch`), never waited on: a request's note wakes nothing.
    pub async fn publish_forever(self, notes: Notes, nats: Nats, shutdown: Shutdown) {
        let mut keys = VisitorKeys::new(nats.clone());
        let subject = nats.subject(stamps_proto::events::subjects::REQUESTS_SERVED);
        let mut stream_ready = false;
        let mut batch: Vec<Note> = Vec::with_capacity(notes.batch);
        let mut encoder = Encoder::default();
        let mut tick = tokio::time::interval(notes.flush);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            let stopping = tokio::select! {
                _ = shutdown.cancelled() => true,
                _ = tick.tick() => false,
            };
            // What was queued before a stop is still published.
            loop {
                while batch.len() < notes.batch {
                    match notes.queue.pop() {
                        Some(note) => batch.push(note),
                        None => break,
                    }
                }
                if batch.is_empty() {
                    break;
                }
                let full = batch.len() == notes.batch;
                let count = batch.len() as u64;
                let sent = tokio::time::timeout(
                    PUBLISH_TIMEOUT,
                    self.publish(
                        &nats,
                        &subject,
                        &mut keys,
                        &mut stream_ready,
                        &mut encoder,
                        &mut batch,
                    ),
                )
                .await;
                match sent {
                    Ok(Ok(())) => {
                        self.0.published.inc_by(count);
                    }
                    Ok(Err(e)) => {
                        self.0.dropped.inc_by(count);
                        tracing::debug!(error = %e, events = count, "request events dropped");
                    }
                    Err(_) => {
                        self.0.dropped.inc_by(count);
                        tracing::debug!(
                            events = count,
                            "request events dropped: NATS did not take them in time"
                        );
                    }
                }
                batch.clear();
                if !full {
                    break;
                }
            }
            if stopping {
                return;
            }
        }
    }

    async fn publish(
        &self,
        nats: &Nats,
        subject: &str,
        keys: &mut VisitorKeys,
        stream_ready: &mut bool,
        encoder: &mut Encoder,
        batch: &mut Vec<Note>,
    ) -> Result<(), String> {
        if !*stream_ready {
            nats.ensure_stream(Stream::Analytics)
                .await
                .map_err(|e| e.to_string())?;
            *stream_ready = true;
        }
        let mut payload = Vec::with_capacity(batch.len() * 96);
        for note in batch.drain(..) {
            let visitor = keys.visitor(day_of(note.time_ms), note.client).await?;
            encoder.push(&note, &visitor, &mut payload);
        }
        nats.js
            .publish(subject.to_owned(), payload.into())
            .await
            .map_err(|e| e.to_string())?
            .await
            .map_err(|e| e.to_string())?;
        Ok(())
    }
}

/// The layer: the request's metrics and its note.
pub async fn record(
    State((log, listener)): State<(RequestLog, Listener)>,
    request: Request,
    next: Next,
) -> Response {
    let started = Instant::now();
    let time_ms = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or_default();
    let origin = log.origin(listener, host);
    let mobile = request
        .headers()
        .get(header::USER_AGENT)
        .and_then(|h| h.to_str().ok())
        .is_some_and(is_mobile);
    let client = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::from([127, 0, 0, 1]), |ConnectInfo(a)| a.ip());
    let target = clip(
        request
            .uri()
            .path_and_query()
            .map_or(request.uri().path(), |p| p.as_str()),
    )
    .into();
    let response = next.run(request).await;
    let elapsed = started.elapsed();
    let status = response.status().as_u16();
    let class = match status {
        0..=299 => "2xx",
        300..=399 => "3xx",
        400..=499 => "4xx",
        _ => "5xx",
    };
    log.0
        .answers
        .get_or_create(&AnswerLabels { origin, class })
        .inc();
    log.0
        .latency
        .get_or_create(&OriginLabels { origin })
        .observe(elapsed.as_secs_f64());
    log.note(Note {
        origin,
        target,
        status,
        latency_us: u32::try_from(elapsed.as_micros()).unwrap_or(u32::MAX),
        mobile,
        time_ms,
        client: canonical(client),
    });
    response
}

/// Writes notes into a `RequestsServed` message's bytes one by one (each as an element of its repeated field),
/// reusing one event's buffers: the message is the one `RequestsServed { requests }.encode_to_vec()` makes, without
/// an allocation per event.
#[derive(Default)]
struct Encoder(events::RequestServed);

impl Encoder {
    fn push(&mut self, note: &Note, visitor: &[u8; 16], out: &mut Vec<u8>) {
        let event = &mut self.0;
        event.origin.clear();
        event.origin.push_str(note.origin);
        let path = note
            .target
            .split_once('?')
            .map_or(&*note.target, |(p, _)| p);
        event.path.clear();
        event.path.push_str(path);
        event.url.clear();
        event.url.push_str(&note.target);
        event.status = u32::from(note.status);
        event.latency_us = note.latency_us;
        event.is_mobile = note.mobile;
        event.time_ms = note.time_ms;
        event.visitor.clear();
        event.visitor.extend_from_slice(visitor);
        // `requests` is field 1 of RequestsServed.
        prost::encoding::message::encode(1, &*event, out);
    }
}

/// `text` cut to at most [`MAX_URL`] bytes, at a character boundary.
fn clip(text: &str) -> &str {
    let mut end = text.len().min(MAX_URL);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// Whether a user agent is a phone's or a tablet's.
pub fn is_mobile(user_agent: &str) -> bool {
    [
        "Mobi",
        "Android",
        "iPhone",
        "iPad",
        "iPod",
        "Opera Mini",
        "IEMobile",
    ]
    .iter()
    .any(|marker| user_agent.contains(marker))
}

/// An IPv4 address reached over IPv6 counts as the IPv4 address.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// The UTC day (days since 1970) of a time in milliseconds.
fn day_of(time_ms: i64) -> i64 {
    time_ms.div_euclid(86_400_000)
}

/// The visitor of `client` under a day's key: the first 16 bytes of SHA-256(key ‖ address).
fn visitor(key: &[u8; 32], client: IpAddr) -> [u8; 16] {
    let mut hash = Sha256::new();
    hash.update(key);
    match client {
        IpAddr::V4(v4) => hash.update(v4.octets()),
        IpAddr::V6(v6) => hash.update(v6.octets()),
    }
    let digest = hash.finalize();
    let mut out = [0; 16];
    out.copy_from_slice(&digest[..16]);
    out
}

/// The day keys visitors are hashed with: 32 random bytes per UTC day, shared by every gateway through a
/// key-value bucket whose entries NATS forgets after [`KEY_AGE`], so that no key outlives its use and a hash
/// cannot be traced back to its address once its day is over.
struct VisitorKeys {
    nats: Nats,
    store: Option<async_nats::jetstream::kv::Store>,
    current: Option<(i64, [u8; 32])>,
    /// The day's visitors already hashed, by address (emptied with the day, and when it grows past
    /// [`VISITORS_KEPT`]).
    hashed: std::collections::HashMap<IpAddr, [u8; 16]>,
}

/// The most addresses whose visitor is kept hashed.
const VISITORS_KEPT: usize = 100_000;

impl VisitorKeys {
    fn new(nats: Nats) -> Self {
        Self {
            nats,
            store: None,
            current: None,
            hashed: std::collections::HashMap::new(),
        }
    }

    /// The visitor of `client` on `day`.
    async fn visitor(&mut self, day: i64, client: IpAddr) -> Result<[u8; 16], String> {
        if self.current.is_some_and(|(d, _)| d == day)
            && let Some(hash) = self.hashed.get(&client)
        {
            return Ok(*hash);
        }
        let key = self.key(day).await?;
        let hash = visitor(&key, client);
        if self.hashed.len() >= VISITORS_KEPT {
            self.hashed.clear();
        }
        self.hashed.insert(client, hash);
        Ok(hash)
    }

    async fn key(&mut self, day: i64) -> Result<[u8; 32], String> {
        if let Some((d, key)) = self.current
            && d == day
        {
            return Ok(key);
        }
        let store = match &self.store {
            Some(store) => store.clone(),
            None => {
                let store = keys_bucket(&self.nats).await?;
                self.store = Some(store.clone());
                store
            }
        };
        let name = format!("day-{day}");
        let key = match store.get(&name).await.map_err(|e| e.to_string())? {
            Some(bytes) => bytes,
            None => {
                let fresh: [u8; 32] = rand::random();
                match store.create(&name, fresh.to_vec().into()).await {
                    Ok(_) => fresh.to_vec().into(),
                    // Another gateway made the day's key first: that one is everyone's.
                    Err(_) => store
                        .get(&name)
                        .await
                        .map_err(|e| e.to_string())?
                        .ok_or_else(|| "the day's key vanished".to_owned())?,
                }
            }
        };
        let key: [u8; 32] = key
            .as_ref()
            .try_into()
            .map_err(|_| "a day key is not 32 bytes".to_owned())?;
        self.current = Some((day, key));
        self.hashed.clear();
        Ok(key)
    }
}

/// The bucket of day keys, created when missing.
async fn keys_bucket(nats: &Nats) -> Result<async_nats::jetstream::kv::Store, String> {
    nats.kv_bucket(stamps_platform::nats::VISITOR_KEYS_BUCKET, KEY_AGE)
        .await
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phones_and_tablets_are_mobile() {
        assert!(is_mobile(
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"
        ));
        assert!(is_mobile(
            "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36"
        ));
        assert!(!is_mobile(
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36"
        ));
        assert!(!is_mobile(""));
    }

    #[test]
    fn a_visitor_is_the_same_within_a_key_and_differs_across_keys_and_addresses() {
        let (a, b) = ([1; 32], [2; 32]);
        let ip: IpAddr = "203.0.113.7".parse().expect("ip");
        let other: IpAddr = "203.0.113.8".parse().expect("ip");
        assert_eq!(visitor(&a, ip), visitor(&a, ip));
        assert_ne!(visitor(&a, ip), visitor(&b, ip));
        assert_ne!(visitor(&a, ip), visitor(&a, other));
        // The hash holds nothing of the address's bytes in order.
        assert!(!visitor(&a, ip).windows(4).any(|w| w == [203, 0, 113, 7]));
        let mapped: IpAddr = "::ffff:203.0.113.7".parse().expect("ip");
        assert_eq!(visitor(&a, canonical(mapped)), visitor(&a, ip));
    }

    #[test]
    fn long_urls_are_cut_at_a_character_boundary() {
        let long = format!("/{}", "é".repeat(400));
        let cut = clip(&long);
        assert!(cut.len() <= MAX_URL && cut.len() > MAX_URL - 2);
        assert!(long.starts_with(cut));
        assert_eq!(clip("/api/stamps?page=2"), "/api/stamps?page=2");
    }

    #[test]
    fn the_encoder_writes_the_message_prost_would() {
        use prost::Message as _;
        let note = |uri: &str, origin, status, mobile| Note {
            origin,
            target: clip(uri).into(),
            status,
            latency_us: 1_234,
            mobile,
            time_ms: 1_795_000_000_000,
            client: IpAddr::from([127, 0, 0, 1]),
        };
        let long = format!("/s/{}?x=1", "é".repeat(400));
        let notes = [
            note("/api/stamps?page=2", ORIGINS[0], 200, true),
            note("/", ORIGINS[3], 404, false),
            note(&long, ORIGINS[2], 0, false),
        ];
        let mut encoder = Encoder::default();
        let mut bytes = Vec::new();
        for (i, n) in notes.iter().enumerate() {
            encoder.push(n, &[i as u8; 16], &mut bytes);
        }
        let decoded = events::RequestsServed::decode(bytes.as_slice()).expect("decodes");
        let expected: Vec<events::RequestServed> = notes
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let url = n.target.to_string();
                events::RequestServed {
                    origin: n.origin.to_owned(),
                    path: url.split('?').next().unwrap_or_default().to_owned(),
                    url,
                    status: u32::from(n.status),
                    latency_us: n.latency_us,
                    is_mobile: n.mobile,
                    time_ms: n.time_ms,
                    visitor: vec![i as u8; 16],
                }
            })
            .collect();
        assert_eq!(decoded.requests, expected);
        assert_eq!(decoded.requests[0].url, "/api/stamps?page=2");
        assert_eq!(decoded.requests[0].path, "/api/stamps");
        assert_eq!(
            events::RequestsServed { requests: expected }.encode_to_vec(),
            bytes
        );
    }

    #[test]
    fn days_are_utc_days() {
        assert_eq!(day_of(0), 0);
        assert_eq!(day_of(86_399_999), 0);
        assert_eq!(day_of(86_400_000), 1);
        assert_eq!(day_of(-1), -1);
    }
}
