//! Base conversion of big-endian byte strings, for base-62 stamp hashes and base-68 subasset names.

/// The digits of the big-endian unsigned integer `bytes` in `base` (2..=256), most significant first.
/// Zero has no digits.
pub(crate) fn digits(bytes: &[u8], base: u32) -> Vec<u32> {
    let mut num: Vec<u8> = bytes.iter().copied().skip_while(|b| *b == 0).collect();
    let mut out = Vec::new();
    while !num.is_empty() {
        let mut rem: u32 = 0;
        let mut next = Vec::with_capacity(num.len());
        for b in &num {
            let cur = rem * 256 + u32::from(*b);
            let q = cur / base;
            rem = cur % base;
            if !(next.is_empty() && q == 0) {
                next.push(q as u8);
            }
        }
        out.push(rem);
        num = next;
    }
    out.reverse();
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn converts() {
        assert_eq!(super::digits(&[0x01, 0x00], 10), vec![2, 5, 6]);
        assert_eq!(super::digits(&[0, 0], 62), Vec::<u32>::new());
        assert_eq!(super::digits(&[61], 62), vec![61]);
        assert_eq!(super::digits(&[62], 62), vec![1, 0]);
    }
}
