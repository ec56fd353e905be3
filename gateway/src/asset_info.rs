//! Enhanced asset information: an asset whose description is the URL of a JSON document has a picture (the
//! document's `image`). Browsers may connect only to the site (its policy), so the gateway reads the document
//! and the picture for them: bounded in time and size, following few redirects, never reaching a private,
//! loopback or link-local address unless the configuration allows it (the devnet serves its documents on the
//! loopback address), and keeping what it read (and what failed, for a while) in memory.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use bytes::Bytes;
use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use serde::{Deserialize, Serialize};

/// How the gateway reads enhanced asset information.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct AssetInfoConfig {
    /// Whether documents and pictures may be read from private, loopback and link-local addresses.
    pub allow_private: bool,
    /// Time each read (document or picture) may take, in milliseconds.
    pub timeout_ms: u64,
}

impl Default for AssetInfoConfig {
    fn default() -> Self {
        Self {
            allow_private: false,
            timeout_ms: 5000,
        }
    }
}

/// Largest document read.
const MAX_DOCUMENT: usize = 64 * 1024;
/// Largest picture read.
const MAX_PICTURE: usize = 2 * 1024 * 1024;
/// Redirects followed.
const MAX_REDIRECTS: usize = 3;
/// Pictures kept in memory.
const KEPT: usize = 512;
/// How long a failed read is remembered before it is tried again.
const RETRY_AFTER: Duration = Duration::from_secs(600);

/// A picture: its MIME type (sniffed from its bytes) and the bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    /// `image/png`, `image/jpeg`, `image/gif` or `image/webp`.
    pub mime: &'static str,
    /// The file.
    pub bytes: Bytes,
}

/// Why a picture could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InfoError {
    /// A URL that is not http(s), or whose host is not allowed.
    #[error("refused URL: {0}")]
    Refused(String),
    /// The document or the picture could not be read in time and size.
    #[error("unreadable: {0}")]
    Unreadable(String),
    /// The document names no picture, or the picture is of no image type.
    #[error("no picture: {0}")]
    NoPicture(String),
}

/// A read picture, or why it failed, and when.
type Kept = (Instant, Result<Picture, InfoError>);

/// Reads and keeps the pictures of enhanced asset information.
#[derive(Clone)]
pub struct AssetPictures {
    client: reqwest::Client,
    allow_private: bool,
    kept: Arc<quick_cache::sync::Cache<String, Kept>>,
}

impl AssetPictures {
    /// A reader following `config`.
    pub fn new(config: &AssetInfoConfig) -> Result<Self, String> {
        let allow_private = config.allow_private;
        let client = reqwest::Client::builder()
            // Straight to the host: a proxy would resolve names past the resolver below.
            .no_proxy()
            .timeout(Duration::from_millis(config.timeout_ms))
            .connect_timeout(Duration::from_millis(config.timeout_ms))
            .user_agent("stamps-gateway (enhanced asset information)")
            .dns_resolver(Arc::new(PublicResolver { allow_private }))
            .redirect(reqwest::redirect::Policy::custom(move |attempt| {
                if attempt.previous().len() >= MAX_REDIRECTS {
                    attempt.error("too many redirects")
                } else if let Err(e) = check_url(attempt.url(), allow_private) {
                    attempt.error(e.to_string())
                } else {
                    attempt.follow()
                }
            }))
            .build()
            .map_err(|e| e.to_string())?;
        Ok(Self {
            client,
            allow_private,
            kept: Arc::new(quick_cache::sync::Cache::new(KEPT)),
        })
    }

    /// The picture of the document at `document_url`, read or kept.
    pub async fn picture(&self, document_url: &str) -> Result<Picture, InfoError> {
        if let Some((at, kept)) = self.kept.get(document_url)
            && (kept.is_ok() || at.elapsed() < RETRY_AFTER)
        {
            return kept;
        }
        let read = self.read(document_url).await;
        self.kept
            .insert(document_url.to_owned(), (Instant::now(), read.clone()));
        read
    }

    async fn read(&self, document_url: &str) -> Result<Picture, InfoError> {
        let document = self.get(document_url, MAX_DOCUMENT).await?;
        let document: serde_json::Value = serde_json::from_slice(&document)
            .map_err(|e| InfoError::NoPicture(format!("the document is not JSON: {e}")))?;
        let image = document
            .get("image")
            .and_then(serde_json::Value::as_str)
            .filter(|i| !i.is_empty() && i.len() <= 1000)
            .ok_or_else(|| InfoError::NoPicture("the document names no image".into()))?;
        // A relative image is relative to the document.
        let image = reqwest::Url::parse(document_url)
            .and_then(|base| base.join(image))
            .map_err(|e| InfoError::Refused(e.to_string()))?;
        let bytes = self.get(image.as_str(), MAX_PICTURE).await?;
        let mime = sniff(&bytes).ok_or_else(|| {
            InfoError::NoPicture("the image is not PNG, JPEG, GIF or WEBP".into())
        })?;
        Ok(Picture { mime, bytes })
    }

    /// The body at `url`, at most `max` bytes.
    async fn get(&self, url: &str, max: usize) -> Result<Bytes, InfoError> {
        let url = reqwest::Url::parse(url).map_err(|e| InfoError::Refused(e.to_string()))?;
        check_url(&url, self.allow_private)?;
        let mut response = self
            .client
            .get(url)
            .send()
            .await
            .map_err(|e| InfoError::Unreadable(e.to_string()))?;
        if !response.status().is_success() {
            return Err(InfoError::Unreadable(format!(
                "answered {}",
                response.status()
            )));
        }
        if response.content_length().is_some_and(|n| n > max as u64) {
            return Err(InfoError::Unreadable(format!("larger than {max} bytes")));
        }
        let mut body = Vec::new();
        while let Some(chunk) = response
            .chunk()
            .await
            .map_err(|e| InfoError::Unreadable(e.to_string()))?
        {
            if body.len() + chunk.len() > max {
                return Err(InfoError::Unreadable(format!("larger than {max} bytes")));
            }
            body.extend_from_slice(&chunk);
        }
        Ok(body.into())
    }
}

/// An http(s) URL whose host, when it is an address, is one that may be reached.
fn check_url(url: &reqwest::Url, allow_private: bool) -> Result<(), InfoError> {
    if !matches!(url.scheme(), "http" | "https") {
        return Err(InfoError::Refused(format!(
            "{} is not http(s)",
            url.scheme()
        )));
    }
    let host = url
        .host_str()
        .ok_or_else(|| InfoError::Refused("no host".into()))?;
    // An address host (IPv6 in brackets) is reached without resolving: it is checked here.
    let literal = host
        .trim_start_matches('[')
        .trim_end_matches(']')
        .parse::<IpAddr>()
        .ok();
    match literal {
        Some(ip) if !allow_private && !is_public(ip) => {
            Err(InfoError::Refused(format!("{ip} is not a public address")))
        }
        _ => Ok(()),
    }
}

/// Whether `ip` is a public unicast address.
fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, ..] = v4.octets();
            !(v4.is_private()
                || v4.is_loopback()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.is_multicast()
                || v4.is_documentation()
                || a == 0
                || (a == 100 && (64..128).contains(&b)))
        }
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return is_public(IpAddr::V4(v4));
            }
            let first = v6.segments()[0];
            !(v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                || (first & 0xfe00) == 0xfc00
                || (first & 0xffc0) == 0xfe80)
        }
    }
}

/// Resolves names to their public addresses only (unless private ones are allowed), so that a name cannot
/// lead the gateway inside its own network.
struct PublicResolver {
    allow_private: bool,
}

impl Resolve for PublicResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let allow_private = self.allow_private;
        Box::pin(async move {
            let found = tokio::net::lookup_host((name.as_str(), 0)).await?;
            let addrs: Vec<SocketAddr> = found
                .filter(|a| allow_private || is_public(a.ip()))
                .collect();
            if addrs.is_empty() {
                return Err(format!("{} has no public address", name.as_str()).into());
            }
            Ok(Box::new(addrs.into_iter()) as Addrs)
        })
    }
}

/// The image type of `bytes`, by their signature.
fn sniff(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if bytes.starts_with(&[0xff, 0xd8, 0xff]) {
        Some("image/jpeg")
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some("image/gif")
    } else if bytes.len() > 12 && bytes.starts_with(b"RIFF") && &bytes[8..12] == b"WEBP" {
        Some("image/webp")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_public_addresses_unless_allowed() {
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.9",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "::1",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
        ] {
            let ip: IpAddr = private.parse().expect("ip");
            assert!(!is_public(ip), "{private}");
        }
        for public in ["1.1.1.1", "8.8.8.8", "2606:4700::1111"] {
            assert!(is_public(public.parse().expect("ip")), "{public}");
        }
        let url = |u: &str| reqwest::Url::parse(u).expect("url");
        assert!(check_url(&url("http://169.254.169.254/latest/meta-data"), false).is_err());
        assert!(check_url(&url("http://[::1]:8080/a.json"), false).is_err());
        assert!(check_url(&url("http://127.0.0.1:8080/a.json"), true).is_ok());
        assert!(check_url(&url("https://example.com/a.json"), false).is_ok());
        assert!(check_url(&url("file:///etc/passwd"), true).is_err());
        assert!(check_url(&url("ftp://example.com/a.json"), true).is_err());
    }

    #[test]
    fn pictures_are_known_image_types() {
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n...."), Some("image/png"));
        assert_eq!(sniff(&[0xff, 0xd8, 0xff, 0xe0]), Some("image/jpeg"));
        assert_eq!(sniff(b"GIF89a..."), Some("image/gif"));
        assert_eq!(sniff(b"RIFF\0\0\0\0WEBPVP8 "), Some("image/webp"));
        assert_eq!(sniff(b"<svg xmlns='http://www.w3.org/2000/svg'/>"), None);
        assert_eq!(sniff(b""), None);
    }
}
