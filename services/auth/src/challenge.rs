//! Challenges: the text a visitor signs to prove they hold an address. It names the site's domain, the address, a
//! random nonce (128 bits, stored and consumed by its first successful use), when it was issued and when it
//! expires. It is ASCII, so that every wallet signs the same bytes.

use rand::RngCore;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

/// What a challenge is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// Signing in with the address.
    SignIn,
    /// Adding the address to the signed-in user.
    Link,
}

impl Purpose {
    /// Its stored code.
    pub fn code(self) -> i16 {
        match self {
            Purpose::SignIn => 1,
            Purpose::Link => 2,
        }
    }
}

/// Longest domain named in a message; anything else (or any other character than a host's) is replaced by
/// [`FALLBACK_DOMAIN`].
const MAX_DOMAIN: usize = 253;
/// The name used when the browser's is unusable.
pub const FALLBACK_DOMAIN: &str = "stamps";
/// Longest message accepted back (an issued one is about 250 bytes).
pub const MAX_MESSAGE: usize = 1024;

const NONCE_LINE: &str = "\nNonce: ";

/// A fresh nonce: 128 random bits, as 32 lowercase hex digits.
pub fn nonce() -> String {
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The domain as the message names it: a host (and port) as browsers send it, else [`FALLBACK_DOMAIN`].
pub fn domain(host: &str) -> &str {
    let ok = !host.is_empty()
        && host.len() <= MAX_DOMAIN
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':' | b'[' | b']'));
    if ok { host } else { FALLBACK_DOMAIN }
}

fn rfc3339(ms: i64) -> String {
    OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .ok()
        .and_then(|t| t.format(&Rfc3339).ok())
        .unwrap_or_else(|| ms.to_string())
}

/// The text to sign.
pub fn message(
    purpose: Purpose,
    domain: &str,
    address: &str,
    nonce: &str,
    issued_ms: i64,
    expires_ms: i64,
) -> String {
    let asks = match purpose {
        Purpose::SignIn => "wants you to sign in with your Bitcoin account:",
        Purpose::Link => "wants you to link this Bitcoin address to your account:",
    };
    format!(
        "{domain} {asks}\n{address}\n{NONCE_LINE}{nonce}\nIssued At: {}\nExpiration Time: {}",
        rfc3339(issued_ms),
        rfc3339(expires_ms)
    )
}

/// The nonce a message names, if it names one.
pub fn nonce_of(message: &str) -> Option<&str> {
    let start = message.find(NONCE_LINE)? + NONCE_LINE.len();
    let rest = &message[start..];
    let nonce = rest.split('\n').next()?;
    (nonce.len() == 32 && nonce.bytes().all(|b| b.is_ascii_hexdigit())).then_some(nonce)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_names_its_nonce_and_times() {
        let n = nonce();
        assert_eq!(n.len(), 32);
        assert_ne!(n, nonce(), "nonces are random");
        let text = message(Purpose::SignIn, "example.com", "bc1qaddr", &n, 0, 600_000);
        assert_eq!(
            text,
            format!(
                "example.com wants you to sign in with your Bitcoin account:\nbc1qaddr\n\nNonce: {n}\n\
                 Issued At: 1970-01-01T00:00:00Z\nExpiration Time: 1970-01-01T00:10:00Z"
            )
        );
        assert!(text.is_ascii());
        assert_eq!(nonce_of(&text), Some(n.as_str()));
        assert!(message(Purpose::Link, "x", "a", &n, 0, 1).contains("link this Bitcoin address"));
    }

    #[test]
    fn a_text_without_a_well_formed_nonce_names_none() {
        assert_eq!(nonce_of("hello"), None);
        assert_eq!(nonce_of("a\nNonce: xyz\n"), None);
        assert_eq!(nonce_of(&format!("a\nNonce: {}", "g".repeat(32))), None);
    }

    #[test]
    fn only_a_host_is_named() {
        assert_eq!(domain("127.0.0.1:8080"), "127.0.0.1:8080");
        assert_eq!(domain("stamps.example"), "stamps.example");
        assert_eq!(domain("evil\nNonce: 00"), FALLBACK_DOMAIN);
        assert_eq!(domain(""), FALLBACK_DOMAIN);
        assert_eq!(domain(&"a".repeat(300)), FALLBACK_DOMAIN);
    }
}
