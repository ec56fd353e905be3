//! Market figures as the site shows them, computed the same way wherever they are served; fee and price records
//! as the site reads them.

use serde_json::{Value, json};
use stamps_proto::fees::v1::{FeeRecord, PriceRecord};

/// A fee rate in sat/kvB as the JSON number of sat/vB it is (up to three decimals, none when whole).
pub fn fee_rate(per_kvb: u64) -> serde_json::Number {
    let (whole, thousandths) = (per_kvb / 1000, per_kvb % 1000);
    if thousandths == 0 {
        return whole.into();
    }
    let text = format!("{whole}.{thousandths:03}");
    // A number this short reads back as the decimal it was written from.
    text.trim_end_matches('0')
        .parse()
        .unwrap_or_else(|_| whole.into())
}

/// The fee record as the site reads it (the live value `mempoolFees` and `GET /api/fees`): sat/vB, `time` in
/// milliseconds.
pub fn fees_json(r: &FeeRecord) -> Value {
    json!({
        "fastestFee": fee_rate(r.fastest),
        "halfHourFee": fee_rate(r.half_hour),
        "hourFee": fee_rate(r.hour),
        "economyFee": fee_rate(r.economy),
        "minimumFee": fee_rate(r.minimum),
        "optimalFee": fee_rate(r.optimal),
        "buyFee": fee_rate(r.buy),
        "time": r.time_ms,
    })
}

/// The BTC prices as the site reads them (the live value `prices` and `GET /api/prices`): whole units of each
/// currency per BTC, `time` in milliseconds.
pub fn prices_json(r: &PriceRecord) -> Value {
    let mut out = serde_json::Map::new();
    out.insert("time".into(), json!(r.time_ms));
    for p in &r.prices {
        out.insert(p.currency.clone(), json!(p.per_btc));
    }
    Value::Object(out)
}

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

/// A non-negative decimal (`12`, `8.5`, `0.00012`; no exponent) times 10^`scale`, exactly; digits beyond `scale`
/// decimals are dropped. `None` for anything else or a value too large.
pub fn decimal(text: &str, scale: u32) -> Option<u64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty()
        || !whole.bytes().all(|b| b.is_ascii_digit())
        || !fraction.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let scale_usize = usize::try_from(scale).ok()?;
    let kept: String = fraction
        .chars()
        .chain(std::iter::repeat('0'))
        .take(scale_usize)
        .collect();
    let whole: u64 = whole.parse().ok()?;
    let fraction: u64 = if kept.is_empty() {
        0
    } else {
        kept.parse().ok()?
    };
    whole
        .checked_mul(10u64.checked_pow(scale)?)?
        .checked_add(fraction)
}

/// A BTC amount as a JSON number writes it (`0.0001`, or `1.2e-5` for small amounts) in satoshis, exactly; `None`
/// for anything else or a negative amount.
pub fn btc_to_sats(text: &str) -> Option<u64> {
    decimal(&plain_decimal(text), 8)
}

/// A decimal in scientific notation (as Python's `Decimal` writes large or small values: `5E+3`, `2.4E+3`,
/// `1E-2`) written out in plain digits (`5000`, `2400`, `0.01`), exactly. Anything else is returned as it is.
pub fn plain_decimal(text: &str) -> String {
    let Some((mantissa, exponent)) = text.split_once(['E', 'e']) else {
        return text.to_owned();
    };
    let Ok(exponent) = exponent.parse::<i32>() else {
        return text.to_owned();
    };
    let (sign, mantissa) = match mantissa.strip_prefix('-') {
        Some(m) => ("-", m),
        None => ("", mantissa.strip_prefix('+').unwrap_or(mantissa)),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if int.is_empty() && frac.is_empty()
        || !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit())
        || exponent.unsigned_abs() > 1000
    {
        return text.to_owned();
    }
    // The digits with the point after `point` of them.
    let digits = format!("{int}{frac}");
    let point = i64::try_from(int.len()).unwrap_or(0) + i64::from(exponent);
    let out = if point <= 0 {
        format!(
            "0.{}{digits}",
            "0".repeat(usize::try_from(-point).unwrap_or(0))
        )
    } else if point as usize >= digits.len() {
        format!("{digits}{}", "0".repeat(point as usize - digits.len()))
    } else {
        format!(
            "{}.{}",
            &digits[..point as usize],
            &digits[point as usize..]
        )
    };
    // Leading zeros of the integer part go (one stays before a point).
    let trimmed = out.trim_start_matches('0');
    let out = if trimmed.is_empty() || trimmed.starts_with('.') {
        format!("0{trimmed}")
    } else {
        trimmed.to_owned()
    };
    format!("{sign}{out}")
}

#[cfg(test)]
mod tests {
    use super::{btc_to_sats, fee_rate, plain_decimal, variation};

    #[test]
    fn fee_rates_read_as_decimals_of_sat_per_vbyte() {
        assert_eq!(fee_rate(12_000).to_string(), "12");
        assert_eq!(fee_rate(8_500).to_string(), "8.5");
        assert_eq!(fee_rate(1_250).to_string(), "1.25");
        assert_eq!(fee_rate(125).to_string(), "0.125");
        assert_eq!(fee_rate(0).to_string(), "0");
    }

    #[test]
    fn btc_amounts_are_read_in_satoshis_exactly() {
        assert_eq!(btc_to_sats("0.0001"), Some(10_000));
        assert_eq!(btc_to_sats("1.2e-5"), Some(1_200));
        assert_eq!(btc_to_sats("21000000"), Some(2_100_000_000_000_000));
        assert_eq!(
            btc_to_sats("0.000000001"),
            Some(0),
            "below a satoshi is dropped"
        );
        assert_eq!(btc_to_sats("-1"), None);
        assert_eq!(btc_to_sats("x"), None);
    }

    #[test]
    fn scientific_decimals_are_written_out() {
        for (text, plain) in [
            ("5E+3", "5000"),
            ("2.4E+3", "2400"),
            ("1E+2", "100"),
            ("1.25E+1", "12.5"),
            ("1E-2", "0.01"),
            ("-3.5E-1", "-0.35"),
            ("0E+2", "0"),
            ("21000000", "21000000"),
            ("0.5", "0.5"),
            ("abc", "abc"),
            ("1E+x", "1E+x"),
            ("", ""),
        ] {
            assert_eq!(plain_decimal(text), plain, "{text}");
        }
    }

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
