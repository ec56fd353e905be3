//! Latency classes: a request's latency is kept as its class, four classes per power of two of microseconds
//! (each at most 25% wide), so that percentiles over any range come from summed class counts. Pure.

/// The class of a latency in microseconds: 0..=3 for 0..=3 µs, then four per power of two.
pub fn class(us: u32) -> i16 {
    if us < 4 {
        return us as i16;
    }
    let exponent = 31 - us.leading_zeros(); // at least 2
    let quarter = (us >> (exponent - 2)) & 3;
    (4 * exponent + quarter - 4) as i16
}

/// The first latency above class `class` (its exclusive upper bound), in microseconds.
pub fn upper_bound(class: i16) -> u32 {
    let class = u32::try_from(class.max(0)).unwrap_or(0);
    if class < 4 {
        return class + 1;
    }
    let exponent = (class + 4) / 4;
    let quarter = (class + 4) % 4;
    let bound = u64::from(5 + quarter) << (exponent - 2);
    u32::try_from(bound).unwrap_or(u32::MAX)
}

/// Percentiles (per mille: 500, 900, 990) of a histogram given as `(class, count)` pairs in any order: each the
/// upper bound of the class holding that rank; 0 for an empty histogram.
pub fn percentiles<const N: usize>(histogram: &[(i16, u64)], per_mille: [u64; N]) -> [u32; N] {
    let mut sorted: Vec<(i16, u64)> = histogram.to_vec();
    sorted.sort_unstable();
    let total: u64 = sorted.iter().map(|(_, n)| n).sum();
    let mut out = [0; N];
    if total == 0 {
        return out;
    }
    for (slot, p) in out.iter_mut().zip(per_mille) {
        // The rank of the percentile: the smallest r with r / total >= p / 1000.
        let rank = (total * p).div_ceil(1000).max(1);
        let mut seen = 0;
        for (class, n) in &sorted {
            seen += n;
            if seen >= rank {
                *slot = upper_bound(*class);
                break;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_latency_falls_below_its_class_bound_and_at_or_above_the_previous_one() {
        let mut samples: Vec<u32> = (0..5000).collect();
        samples.extend([
            65_535,
            65_536,
            1_000_000,
            u32::MAX / 2,
            u32::MAX - 1,
            u32::MAX,
        ]);
        for us in samples {
            let c = class(us);
            assert!(
                u64::from(us) < u64::from(upper_bound(c)) || upper_bound(c) == u32::MAX,
                "{us} in {c}"
            );
            if c > 0 {
                assert!(us >= upper_bound(c - 1), "{us} above class {}", c - 1);
            }
        }
        // Classes are at most a quarter of their lower bound wide.
        assert_eq!(class(1000), class(1023));
        assert_ne!(class(1000), class(1024));
        assert_eq!(upper_bound(class(1000)), 1024);
    }

    #[test]
    fn percentiles_are_the_bounds_of_the_ranks_classes() {
        // 90 requests at 100 µs, 9 at 1000 µs, 1 at 10,000 µs.
        let h = [(class(100), 90), (class(1000), 9), (class(10_000), 1)];
        let [p50, p90, p99] = percentiles(&h, [500, 900, 990]);
        assert_eq!(p50, upper_bound(class(100)));
        assert_eq!(p90, upper_bound(class(100)));
        assert_eq!(p99, upper_bound(class(1000)));
        let [p100] = percentiles(&h, [1000]);
        assert_eq!(p100, upper_bound(class(10_000)));
        assert_eq!(percentiles::<3>(&[], [500, 900, 990]), [0, 0, 0]);
    }
}
