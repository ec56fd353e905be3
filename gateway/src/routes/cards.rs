//! Images of stamps whose content is JSON rather than a file, every text escaped (it comes from the chain): an
//! SRC-20 operation as a card of its JSON, an SRC-721 mint as its layers stacked (each the image of the stamp the
//! mint chose), an SRC-721 deploy as a card of its collection's name.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;

/// Side of the square images, as the reference draws them.
const SIZE: u32 = 420;

/// Escapes text for XML content and attributes.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters are not allowed in XML 1.0.
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A card: `lines` of monospace text on the site's dark background, under a `title` (both escaped here).
pub fn text_card(title: &str, lines: &[String]) -> String {
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {SIZE} {SIZE}\" width=\"{SIZE}\" height=\"{SIZE}\">\
         <title>{}</title><rect width=\"{SIZE}\" height=\"{SIZE}\" fill=\"#14141a\"/>\
         <text font-family=\"ui-monospace, Menlo, Consolas, monospace\" font-size=\"22\" fill=\"#f7931a\">",
        escape(title)
    );
    let top = (SIZE as usize).saturating_sub(lines.len() * 30) / 2 + 15;
    for (i, line) in lines.iter().take(12).enumerate() {
        // Long values are cut: the card shows what fits, the page shows the rest.
        let shown: String = line.chars().take(30).collect();
        svg.push_str(&format!(
            "<tspan x=\"40\" y=\"{}\">{}</tspan>",
            top + i * 30,
            escape(&shown)
        ));
    }
    svg.push_str("</text></svg>");
    svg
}

/// The lines of an SRC-20 operation's card: its JSON, one key per line.
pub fn src20_lines(op: &str, tick: &str, amounts: &[(&str, &str)]) -> Vec<String> {
    let mut lines = vec![
        "{".to_owned(),
        "  \"p\": \"src-20\",".to_owned(),
        format!("  \"op\": {},", serde_json::Value::from(op.to_lowercase())),
        format!("  \"tick\": {}", serde_json::Value::from(tick)),
    ];
    for (key, value) in amounts.iter().filter(|(_, v)| !v.is_empty()) {
        if let Some(last) = lines.last_mut() {
            last.push(',');
        }
        lines.push(format!("  \"{key}\": {}", serde_json::Value::from(*value)));
    }
    lines.push("}".to_owned());
    lines
}

/// An SRC-721 mint: its layers, bottom first, each an image (`mime`, bytes) drawn over the whole square.
pub fn stacked(title: &str, layers: &[(String, Vec<u8>)]) -> String {
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {SIZE} {SIZE}\" width=\"{SIZE}\" height=\"{SIZE}\" \
         preserveAspectRatio=\"xMidYMid meet\" style=\"image-rendering:pixelated\"><title>{}</title>",
        escape(title)
    );
    for (mime, bytes) in layers {
        // Only images are layers; anything else is skipped, as the reference skips invalid images.
        if !mime.starts_with("image/") || mime.contains(['"', '<', '>', '&']) {
            continue;
        }
        svg.push_str(&format!(
            "<image x=\"0\" y=\"0\" width=\"{SIZE}\" height=\"{SIZE}\" href=\"data:{mime};base64,{}\"/>",
            STANDARD.encode(bytes)
        ));
    }
    svg.push_str("</svg>");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_from_the_chain_is_escaped() {
        let card = text_card("<b>", &src20_lines("MINT", "a\"<&>", &[("amt", "1'0")]));
        assert!(!card.contains("<b>"));
        assert!(card.contains("&lt;b&gt;"));
        assert!(
            card.contains("&quot;tick&quot;: &quot;a\\&quot;&lt;&amp;&gt;&quot;"),
            "{card}"
        );
        assert!(card.contains("1&apos;0"));
        assert_eq!(escape("a\u{0}b"), "a b");
    }

    #[test]
    fn src20_cards_read_as_their_json() {
        assert_eq!(
            src20_lines(
                "DEPLOY",
                "kevin",
                &[("max", "21000"), ("lim", ""), ("amt", "5")]
            ),
            vec![
                "{",
                "  \"p\": \"src-20\",",
                "  \"op\": \"deploy\",",
                "  \"tick\": \"kevin\",",
                "  \"max\": \"21000\",",
                "  \"amt\": \"5\"",
                "}"
            ]
        );
    }

    #[test]
    fn layers_stack_images_only() {
        let svg = stacked(
            "Folk #1",
            &[
                ("image/png".into(), vec![1, 2, 3]),
                ("text/html".into(), b"<script>".to_vec()),
                ("image/gif\"".into(), vec![4]),
            ],
        );
        assert_eq!(svg.matches("<image ").count(), 1);
        assert!(svg.contains("href=\"data:image/png;base64,AQID\""));
        assert!(!svg.contains("script"));
    }
}
