//! A small deterministic generator (SplitMix64): the scenario's choices depend only on the seed, whatever
//! version of any random-number crate is in use.

/// SplitMix64 over a 64-bit state.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed` and a label (so that independent streams do not correlate).
    pub fn new(seed: u64, label: &str) -> Self {
        let mut state = seed ^ 0x5eed_5eed_5eed_5eed;
        for b in label.bytes() {
            state = (state ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
        Self(state)
    }

    /// A generator whose state is `state`.
    pub fn from_state(state: u64) -> Self {
        Self(state)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi.saturating_sub(lo).saturating_add(1))
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// An index into a slice of `len` elements (0 when empty).
    pub fn pick(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn deterministic_and_in_range() {
        let mut a = super::Rng::new(7, "x");
        let mut b = super::Rng::new(7, "x");
        let mut c = super::Rng::new(7, "y");
        let xs: Vec<u64> = (0..100).map(|_| a.range(3, 9)).collect();
        let ys: Vec<u64> = (0..100).map(|_| b.range(3, 9)).collect();
        assert_eq!(xs, ys);
        assert!(xs.iter().all(|x| (3..=9).contains(x)));
        assert!(xs.contains(&3) && xs.contains(&9));
        assert_ne!(a.next_u64(), c.next_u64());
    }
}
