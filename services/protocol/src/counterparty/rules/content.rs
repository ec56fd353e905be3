//! `helpers.check_content`: the MIME allow-list of `extended_mime_types_support` and the description check.

use crate::counterparty::message::loose;

/// `EXTENDED_MIME_TYPES_VALID` (with the textual application types), sorted.
const VALID_MIME_TYPES: [&str; 137] = [
    "application/atom+xml",
    "application/ecmascript",
    "application/gzip",
    "application/javascript",
    "application/json",
    "application/ld+json",
    "application/manifest+json",
    "application/msword",
    "application/n-quads",
    "application/n-triples",
    "application/octet-stream",
    "application/oda",
    "application/ogg",
    "application/pdf",
    "application/pkcs7-mime",
    "application/postscript",
    "application/rss+xml",
    "application/sql",
    "application/trig",
    "application/vnd.apple.mpegurl",
    "application/vnd.ms-excel",
    "application/vnd.ms-powerpoint",
    "application/wasm",
    "application/x-7z-compressed",
    "application/x-bcpio",
    "application/x-bzip",
    "application/x-bzip2",
    "application/x-cpio",
    "application/x-csh",
    "application/x-dvi",
    "application/x-gtar",
    "application/x-hdf",
    "application/x-hdf5",
    "application/x-javascript",
    "application/x-latex",
    "application/x-mif",
    "application/x-netcdf",
    "application/x-pkcs12",
    "application/x-pn-realaudio",
    "application/x-python-code",
    "application/x-rar-compressed",
    "application/x-sh",
    "application/x-shar",
    "application/x-shockwave-flash",
    "application/x-sv4cpio",
    "application/x-sv4crc",
    "application/x-tar",
    "application/x-tcl",
    "application/x-tex",
    "application/x-texinfo",
    "application/x-troff",
    "application/x-troff-man",
    "application/x-troff-me",
    "application/x-troff-ms",
    "application/x-ustar",
    "application/x-wais-source",
    "application/x-yaml",
    "application/xhtml+xml",
    "application/xml",
    "application/yaml",
    "application/zip",
    "audio/3gpp",
    "audio/3gpp2",
    "audio/aac",
    "audio/basic",
    "audio/flac",
    "audio/midi",
    "audio/mp4",
    "audio/mpeg",
    "audio/ogg",
    "audio/opus",
    "audio/wav",
    "audio/webm",
    "audio/x-aiff",
    "audio/x-flac",
    "audio/x-m4a",
    "audio/x-pn-realaudio",
    "audio/x-wav",
    "font/otf",
    "font/ttf",
    "font/woff",
    "font/woff2",
    "image/apng",
    "image/avif",
    "image/bmp",
    "image/gif",
    "image/heic",
    "image/heif",
    "image/ief",
    "image/jpeg",
    "image/png",
    "image/svg+xml",
    "image/tiff",
    "image/vnd.microsoft.icon",
    "image/webp",
    "image/x-cmu-raster",
    "image/x-icon",
    "image/x-portable-anymap",
    "image/x-portable-bitmap",
    "image/x-portable-graymap",
    "image/x-portable-pixmap",
    "image/x-rgb",
    "image/x-xbitmap",
    "image/x-xpixmap",
    "image/x-xwindowdump",
    "message/rfc822",
    "model/gltf+json",
    "model/gltf-binary",
    "model/stl",
    "text/css",
    "text/csv",
    "text/html",
    "text/javascript",
    "text/markdown",
    "text/n3",
    "text/plain",
    "text/richtext",
    "text/tab-separated-values",
    "text/vtt",
    "text/x-python",
    "text/x-rst",
    "text/x-setext",
    "text/x-sgml",
    "text/x-vcard",
    "text/xml",
    "text/yaml",
    "video/3gpp",
    "video/3gpp2",
    "video/mp4",
    "video/mpeg",
    "video/ogg",
    "video/quicktime",
    "video/webm",
    "video/x-flv",
    "video/x-matroska",
    "video/x-msvideo",
    "video/x-sgi-movie",
];

/// The problems of a description under its MIME type: `"Invalid mime type: <m>"` when the type (parameters
/// stripped; `""` means `text/plain`) is not allowed, and `"Error converting description to bytes: <e>"` when
/// a binary type's description is not hex.
pub(crate) fn check_content(mime_type: &str, content: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let content_mime = if mime_type.is_empty() {
        "text/plain"
    } else {
        mime_type
    };
    let target = content_mime.split(';').next().unwrap_or_default().trim();
    if VALID_MIME_TYPES.binary_search(&target).is_err() {
        problems.push(format!("Invalid mime type: {mime_type}"));
    }
    if !loose::is_text_mime_str(content_mime, true)
        && let Err(e) = unhexlify(content)
    {
        problems.push(format!("Error converting description to bytes: {e}"));
    }
    problems
}

/// `binascii.unhexlify`'s checks, with its error texts.
fn unhexlify(content: &str) -> Result<(), &'static str> {
    if !content.is_ascii() {
        return Err("string argument should contain only ASCII characters");
    }
    if !content.len().is_multiple_of(2) {
        return Err("Odd-length string");
    }
    if !content.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err("Non-hexadecimal digit found");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allow_list_is_sorted_and_checks_content() {
        assert!(VALID_MIME_TYPES.windows(2).all(|w| w[0] < w[1]));
        assert!(check_content("text/plain", "anything").is_empty());
        assert!(check_content("", "anything").is_empty());
        assert!(check_content("image/png", "89504e47").is_empty());
        assert_eq!(
            check_content("image/png", "abc"),
            ["Error converting description to bytes: Odd-length string"]
        );
        assert_eq!(
            check_content("image/x-nope", "zz"),
            [
                "Invalid mime type: image/x-nope",
                "Error converting description to bytes: Non-hexadecimal digit found"
            ]
        );
        assert!(check_content("audio/ogg;codecs=opus", "00").is_empty());
    }
}
