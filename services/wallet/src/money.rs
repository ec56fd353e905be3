//! Amounts as every builder checks them: whole satoshis never above the bitcoin that can exist, base units never
//! above Counterparty's largest quantity, and sums and shares computed so that no request can overflow them (a
//! debug build would panic, a release build wrap). Pure: the leaf the builders share.

use stamps_protocol::counterparty::rules::MAX_INT;

/// The most satoshis that can ever exist (21 million bitcoin): no amount, total or price is larger.
pub const MAX_MONEY: u64 = 2_100_000_000_000_000;

/// The largest quantity of an asset Counterparty accepts (its signed 64-bit integer), in base units.
pub const MAX_QUANTITY: u64 = MAX_INT;

/// `value` satoshis, refused above [`MAX_MONEY`] with the text to show, naming `what`.
pub fn sats(value: u64, what: &str) -> Result<u64, String> {
    if value > MAX_MONEY {
        return Err(format!(
            "{what} is above 21,000,000 BTC ({MAX_MONEY} satoshis)"
        ));
    }
    Ok(value)
}

/// `value` base units of an asset, refused above [`MAX_QUANTITY`] with the text to show, naming `what`.
pub fn quantity(value: u64, what: &str) -> Result<u64, String> {
    if value > MAX_QUANTITY {
        return Err(format!(
            "{what} is above Counterparty's largest quantity ({MAX_QUANTITY})"
        ));
    }
    Ok(value)
}

/// The sum of `values` in satoshis, refused when it is above [`MAX_MONEY`].
pub fn total(values: impl IntoIterator<Item = u64>) -> Result<u64, String> {
    values
        .into_iter()
        .try_fold(0u64, |sum, v| sum.checked_add(v))
        .filter(|sum| *sum <= MAX_MONEY)
        .ok_or_else(|| format!("The total is above 21,000,000 BTC ({MAX_MONEY} satoshis)"))
}

/// `percent` percent of `value`, rounded down, exactly (no overflow for any `value`).
pub fn percent_of(value: u64, percent: u64) -> u64 {
    let share = u128::from(value) * u128::from(percent) / 100;
    u64::try_from(share).unwrap_or(u64::MAX)
}

/// The fee of `vsize` virtual bytes at `rate` sat/kvB, rounded up (saturating: a caller checks the total).
pub fn fee(vsize: u64, rate: u64) -> u64 {
    let fee = (u128::from(vsize) * u128::from(rate)).div_ceil(1000);
    u64::try_from(fee).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_above_the_supply_are_refused_and_sums_never_overflow() {
        assert_eq!(sats(MAX_MONEY, "x"), Ok(MAX_MONEY));
        assert!(sats(MAX_MONEY + 1, "The quantity").is_err_and(|e| e.starts_with("The quantity")));
        assert!(sats(u64::MAX, "x").is_err());
        assert_eq!(total([1, 2, 3]), Ok(6));
        assert!(total([u64::MAX, 1]).is_err(), "overflow is an error");
        assert!(total([MAX_MONEY, 1]).is_err(), "above the supply");
        assert_eq!(quantity(MAX_QUANTITY, "q"), Ok(MAX_QUANTITY));
        assert!(quantity(MAX_QUANTITY + 1, "q").is_err());
        assert_eq!(
            percent_of(u64::MAX, 100),
            u64::MAX,
            "exact for the largest value"
        );
        assert_eq!(percent_of(u64::MAX, 200), u64::MAX, "saturates");
        assert_eq!(percent_of(20_000, 3), 600);
        assert_eq!(fee(141, 10_000), 1410);
        assert_eq!(fee(141, 1_500), 212, "rounded up");
    }
}
