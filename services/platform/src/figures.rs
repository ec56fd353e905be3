//! Market figures as the site shows them, computed the same way wherever they are served.

/// The change from `previous` to `volume` in percent, rounded to hundredths (half away from zero) with integer
/// arithmetic; `None` when `previous` is 0 (no change can be stated).
pub fn variation(volume: u64, previous: u64) -> Option<serde_json::Number> {
    if previous == 0 {
        return None;
    }
    let hundredths = (i128::from(volume) - i128::from(previous)) * 10_000;
    let p = i128::from(previous);
    let rounded = (hundredths + hundredths.signum() * p / 2) / p;
    let text = format!(
        "{}{}.{:02}",
        if rounded < 0 { "-" } else { "" },
        rounded.abs() / 100,
        rounded.abs() % 100
    );
    text.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::variation;

    #[test]
    fn variations_in_percent() {
        let v = |a, b| variation(a, b).map(|n| n.to_string());
        assert_eq!(v(150, 100).as_deref(), Some("50.0"));
        assert_eq!(v(50, 100).as_deref(), Some("-50.0"));
        assert_eq!(v(100, 300).as_deref(), Some("-66.67"));
        assert_eq!(v(200, 300).as_deref(), Some("-33.33"));
        assert_eq!(v(1, 3).as_deref(), Some("-66.67"));
        assert_eq!(v(0, 100).as_deref(), Some("-100.0"));
        assert!(v(u64::MAX, 1).is_some());
        assert_eq!(v(100, 0), None);
    }
}
