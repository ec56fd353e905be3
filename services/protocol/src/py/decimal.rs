//! Python's `decimal.Decimal` under the default context (28 significant digits, `ROUND_HALF_EVEN`,
//! `Emax = 999999`, `Emin = -999999`): the number type the reference indexer computes SRC-20 amounts with.
//!
//! Only what the reference uses is implemented: construction from text and integers, comparison, addition
//! and subtraction (with the context's rounding), `normalize()`, `quantize(Decimal(1), ROUND_DOWN)`, `str()`
//! and `format(d, "f")`. Results, including their exponents, match CPython's, so status texts and ledger
//! strings come out byte for byte.

use std::cmp::Ordering;
use std::fmt;

use super::{PyInt, tables};

/// Significant digits of the default context.
pub const PREC: usize = 28;
const EMAX: i64 = 999_999;
const EMIN: i64 = -999_999;
const ETINY: i64 = EMIN - PREC as i64 + 1;
const ETOP: i64 = EMAX - PREC as i64 + 1;
/// Longest coefficient accepted when parsing (longer text is treated as a conversion error; the reference
/// would accept it, but no payload that passes the SRC-20 range checks needs more).
const MAX_PARSE_DIGITS: usize = 10_000;
/// Largest exponent magnitude accepted when parsing.
const MAX_PARSE_EXP: i64 = 1_000_000_000_000;

/// Why a decimal operation failed: Python raises `InvalidOperation` (or `Overflow`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DecimalError;

impl fmt::Display for DecimalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[<class 'decimal.InvalidOperation'>]")
    }
}

impl std::error::Error for DecimalError {}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Body {
    /// `coeff` holds decimal digits (0..=9), most significant first, without leading zeros (zero is `[0]`).
    Finite {
        coeff: Vec<u8>,
        exp: i64,
    },
    Infinity,
    NaN {
        signaling: bool,
        payload: Vec<u8>,
    },
}

/// A Python `Decimal`: sign, coefficient digits and exponent, or a special value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PyDecimal {
    neg: bool,
    body: Body,
}

fn strip_leading_zeros(mut d: Vec<u8>) -> Vec<u8> {
    let first = d
        .iter()
        .position(|x| *x != 0)
        .unwrap_or(d.len().saturating_sub(1));
    d.drain(..first);
    if d.is_empty() {
        d.push(0);
    }
    d
}

fn is_zero_digits(d: &[u8]) -> bool {
    d.iter().all(|x| *x == 0)
}

/// `a + b` on digit vectors.
fn add_digits(a: &[u8], b: &[u8]) -> Vec<u8> {
    let n = a.len().max(b.len()) + 1;
    let mut out = vec![0u8; n];
    let mut carry = 0u8;
    for i in 0..n {
        let x = if i < a.len() { a[a.len() - 1 - i] } else { 0 };
        let y = if i < b.len() { b[b.len() - 1 - i] } else { 0 };
        let s = x + y + carry;
        out[n - 1 - i] = s % 10;
        carry = s / 10;
    }
    strip_leading_zeros(out)
}

/// `a - b` on digit vectors, `a >= b`.
fn sub_digits(a: &[u8], b: &[u8]) -> Vec<u8> {
    let n = a.len();
    let mut out = vec![0u8; n];
    let mut borrow = 0i8;
    for i in 0..n {
        let x = a[n - 1 - i] as i8;
        let y = if i < b.len() {
            b[b.len() - 1 - i] as i8
        } else {
            0
        };
        let mut d = x - y - borrow;
        borrow = 0;
        if d < 0 {
            d += 10;
            borrow = 1;
        }
        out[n - 1 - i] = d as u8;
    }
    strip_leading_zeros(out)
}

fn cmp_digits(a: &[u8], b: &[u8]) -> Ordering {
    let a = &a[a.iter().position(|x| *x != 0).unwrap_or(a.len())..];
    let b = &b[b.iter().position(|x| *x != 0).unwrap_or(b.len())..];
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}

fn increment(d: &[u8]) -> Vec<u8> {
    add_digits(d, &[1])
}

#[derive(Clone, Copy)]
enum Rounding {
    HalfEven,
    Down,
}

/// Keeps the first `keep` digits of `coeff`, rounding the rest away. Returns the kept digits (at least `[0]`).
fn round_digits(coeff: &[u8], keep: usize, mode: Rounding) -> Vec<u8> {
    let (head, tail) = coeff.split_at(keep.min(coeff.len()));
    let mut kept = if head.is_empty() {
        vec![0]
    } else {
        head.to_vec()
    };
    let up = match mode {
        Rounding::Down => false,
        Rounding::HalfEven => match tail.first() {
            None => false,
            Some(&first) if first > 5 => true,
            Some(&first) if first < 5 => false,
            Some(_) => {
                if tail[1..].iter().any(|x| *x != 0) {
                    true
                } else {
                    head.last().is_some_and(|l| l % 2 == 1)
                }
            }
        },
    };
    if up {
        kept = increment(&kept);
    }
    strip_leading_zeros(kept)
}

impl PyDecimal {
    fn finite(neg: bool, coeff: Vec<u8>, exp: i64) -> Self {
        PyDecimal {
            neg,
            body: Body::Finite {
                coeff: strip_leading_zeros(coeff),
                exp,
            },
        }
    }

    /// `Decimal(0)`.
    pub fn zero() -> Self {
        Self::finite(false, vec![0], 0)
    }

    /// `Decimal(n)` for a Python int.
    pub fn from_int(n: &PyInt) -> Self {
        Self::finite(
            n.is_negative(),
            n.magnitude().bytes().map(|b| b - b'0').collect(),
            0,
        )
    }

    /// `Decimal(n)`.
    pub fn from_u128(n: u128) -> Self {
        Self::finite(false, n.to_string().bytes().map(|b| b - b'0').collect(), 0)
    }

    /// `Decimal(text)`, or `None` where Python raises `InvalidOperation` (conversion syntax). Surrounding
    /// whitespace and underscores are ignored and Unicode decimal digits count as digits, as in CPython.
    pub fn parse(text: &str) -> Option<Self> {
        let mut ascii = String::with_capacity(text.len());
        for c in text.chars() {
            if c == '_' {
                continue;
            }
            if let Some(d) = tables::decimal_value(c) {
                ascii.push(char::from(b'0' + d));
            } else if tables::is_space(c) {
                ascii.push(' ');
            } else if !c.is_ascii() {
                return None;
            } else {
                ascii.push(c);
            }
        }
        let s = ascii.trim_matches(' ');
        let (neg, s) = match s.as_bytes().first() {
            Some(b'-') => (true, &s[1..]),
            Some(b'+') => (false, &s[1..]),
            _ => (false, s),
        };
        let lower = s.to_ascii_lowercase();
        if lower == "inf" || lower == "infinity" {
            return Some(PyDecimal {
                neg,
                body: Body::Infinity,
            });
        }
        for (prefix, signaling) in [("snan", true), ("nan", false)] {
            if let Some(payload) = lower.strip_prefix(prefix) {
                if !payload.bytes().all(|b| b.is_ascii_digit()) || payload.len() > MAX_PARSE_DIGITS
                {
                    return None;
                }
                let digits: Vec<u8> = payload.bytes().map(|b| b - b'0').collect();
                let payload = if is_zero_digits(&digits) {
                    Vec::new()
                } else {
                    strip_leading_zeros(digits)
                };
                return Some(PyDecimal {
                    neg,
                    body: Body::NaN { signaling, payload },
                });
            }
        }
        let (mantissa, exponent) = match s.find(['e', 'E']) {
            Some(i) => (&s[..i], Some(&s[i + 1..])),
            None => (s, None),
        };
        let (int_part, frac_part) = match mantissa.split_once('.') {
            Some((i, f)) => (i, f),
            None => (mantissa, ""),
        };
        if int_part.is_empty() && frac_part.is_empty() {
            return None;
        }
        if !int_part.bytes().all(|b| b.is_ascii_digit())
            || !frac_part.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        if int_part.len() + frac_part.len() > MAX_PARSE_DIGITS {
            return None;
        }
        let mut exp: i64 = 0;
        if let Some(e) = exponent {
            let (eneg, digits) = match e.as_bytes().first() {
                Some(b'-') => (true, &e[1..]),
                Some(b'+') => (false, &e[1..]),
                _ => (false, e),
            };
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            let trimmed = digits.trim_start_matches('0');
            if trimmed.len() > 13 {
                return None;
            }
            let v: i64 = trimmed.parse().unwrap_or(0);
            if v > MAX_PARSE_EXP {
                return None;
            }
            exp = if eneg { -v } else { v };
        }
        exp -= frac_part.len() as i64;
        let coeff: Vec<u8> = int_part
            .bytes()
            .chain(frac_part.bytes())
            .map(|b| b - b'0')
            .collect();
        Some(Self::finite(neg, coeff, exp))
    }

    /// Whether this is a NaN (quiet or signaling).
    pub fn is_nan(&self) -> bool {
        matches!(self.body, Body::NaN { .. })
    }

    /// Whether this is finite.
    pub fn is_finite(&self) -> bool {
        matches!(self.body, Body::Finite { .. })
    }

    /// Whether this is (positive or negative) zero.
    pub fn is_zero(&self) -> bool {
        matches!(&self.body, Body::Finite { coeff, .. } if is_zero_digits(coeff))
    }

    /// Python truthiness: everything but zero is true (NaN included).
    pub fn is_truthy(&self) -> bool {
        !self.is_zero()
    }

    /// Whether the sign bit is set.
    pub fn is_signed(&self) -> bool {
        self.neg
    }

    /// `as_tuple().exponent` of a finite value.
    pub fn exponent(&self) -> Option<i64> {
        match &self.body {
            Body::Finite { exp, .. } => Some(*exp),
            _ => None,
        }
    }

    /// Numeric comparison; `None` when either side is NaN.
    pub fn num_cmp(&self, other: &Self) -> Option<Ordering> {
        let rank = |d: &PyDecimal| -> Option<i8> {
            match &d.body {
                Body::NaN { .. } => None,
                Body::Infinity => Some(if d.neg { -2 } else { 2 }),
                Body::Finite { coeff, .. } if is_zero_digits(coeff) => Some(0),
                Body::Finite { .. } => Some(if d.neg { -1 } else { 1 }),
            }
        };
        let (ra, rb) = (rank(self)?, rank(other)?);
        if ra != rb || ra == 0 || ra.abs() == 2 {
            return Some(ra.cmp(&rb));
        }
        let (Body::Finite { coeff: ca, exp: ea }, Body::Finite { coeff: cb, exp: eb }) =
            (&self.body, &other.body)
        else {
            return Some(Ordering::Equal);
        };
        // Compare magnitudes: adjusted exponents first, then aligned digits.
        let adj_a = ea + ca.len() as i64;
        let adj_b = eb + cb.len() as i64;
        let mag = if adj_a != adj_b {
            adj_a.cmp(&adj_b)
        } else {
            let n = ca.len().max(cb.len());
            let mut a = ca.clone();
            a.resize(n, 0);
            let mut b = cb.clone();
            b.resize(n, 0);
            a.cmp(&b)
        };
        Some(if ra < 0 { mag.reverse() } else { mag })
    }

    /// `self < other` as Python evaluates it (`False` for NaN quiet comparisons is not reachable: Python raises;
    /// callers only compare non-NaN values).
    pub fn lt(&self, other: &Self) -> bool {
        self.num_cmp(other) == Some(Ordering::Less)
    }

    /// `self > other`.
    pub fn gt(&self, other: &Self) -> bool {
        self.num_cmp(other) == Some(Ordering::Greater)
    }

    /// `self >= other`.
    pub fn ge(&self, other: &Self) -> bool {
        matches!(
            self.num_cmp(other),
            Some(Ordering::Greater | Ordering::Equal)
        )
    }

    /// `self <= other`.
    pub fn le(&self, other: &Self) -> bool {
        matches!(self.num_cmp(other), Some(Ordering::Less | Ordering::Equal))
    }

    /// The context's `_fix`: rounds to 28 digits and applies the exponent limits.
    fn fix(self) -> Result<Self, DecimalError> {
        let Body::Finite { coeff, exp } = &self.body else {
            return Ok(self);
        };
        if is_zero_digits(coeff) {
            let new_exp = (*exp).clamp(ETINY, EMAX);
            return Ok(Self::finite(self.neg, vec![0], new_exp));
        }
        let len = coeff.len() as i64;
        let mut exp_min = len + exp - PREC as i64;
        if exp_min > ETOP {
            return Err(DecimalError);
        }
        if exp_min < ETINY {
            exp_min = ETINY;
        }
        if *exp < exp_min {
            let digits = len + exp - exp_min;
            let mut rounded = if digits < 0 {
                vec![0]
            } else {
                round_digits(coeff, digits as usize, Rounding::HalfEven)
            };
            if digits < 0 {
                // Python replaces the value by 1 at exp_min - 1 and rounds it away: always to zero.
                rounded = vec![0];
            }
            if rounded.len() > PREC {
                rounded.pop();
                exp_min += 1;
                if exp_min > ETOP {
                    return Err(DecimalError);
                }
            }
            return Ok(Self::finite(self.neg, rounded, exp_min));
        }
        Ok(self)
    }

    /// `self + other` in the default context.
    pub fn add(&self, other: &Self) -> Result<Self, DecimalError> {
        match (&self.body, &other.body) {
            (
                Body::NaN {
                    signaling: true, ..
                },
                _,
            )
            | (
                _,
                Body::NaN {
                    signaling: true, ..
                },
            ) => {
                return Err(DecimalError);
            }
            (Body::NaN { payload, .. }, _) => {
                return Ok(PyDecimal {
                    neg: self.neg,
                    body: Body::NaN {
                        signaling: false,
                        payload: payload.clone(),
                    },
                });
            }
            (_, Body::NaN { payload, .. }) => {
                return Ok(PyDecimal {
                    neg: other.neg,
                    body: Body::NaN {
                        signaling: false,
                        payload: payload.clone(),
                    },
                });
            }
            (Body::Infinity, Body::Infinity) => {
                return if self.neg == other.neg {
                    Ok(self.clone())
                } else {
                    Err(DecimalError)
                };
            }
            (Body::Infinity, _) => return Ok(self.clone()),
            (_, Body::Infinity) => return Ok(other.clone()),
            _ => {}
        }
        let (
            Body::Finite {
                coeff: c1, exp: e1, ..
            },
            Body::Finite {
                coeff: c2, exp: e2, ..
            },
        ) = (&self.body, &other.body)
        else {
            return Err(DecimalError);
        };
        let exp = (*e1).min(*e2);
        let z1 = is_zero_digits(c1);
        let z2 = is_zero_digits(c2);
        if z1 && z2 {
            return Self::finite(self.neg && other.neg, vec![0], exp).fix();
        }
        if z1 {
            let exp = exp.max(e2 - PREC as i64 - 1);
            return other.rescale(exp, Rounding::HalfEven)?.fix();
        }
        if z2 {
            let exp = exp.max(e1 - PREC as i64 - 1);
            return self.rescale(exp, Rounding::HalfEven)?.fix();
        }
        // Python's `_normalize`: a far smaller operand is replaced by a sticky 1 just below the precision.
        let (mut tmp, mut oth) = if e1 < e2 {
            ((c2.clone(), *e2, other.neg), (c1.clone(), *e1, self.neg))
        } else {
            ((c1.clone(), *e1, self.neg), (c2.clone(), *e2, other.neg))
        };
        let tmp_len = tmp.0.len() as i64;
        let other_len = oth.0.len() as i64;
        let sticky_exp = tmp.1 + (-1i64).min(tmp_len - PREC as i64 - 2);
        if other_len + oth.1 - 1 < sticky_exp {
            oth.0 = vec![1];
            oth.1 = sticky_exp;
        }
        let shift = tmp.1 - oth.1;
        if shift < 0 || shift > (PREC as i64 + 64 + tmp_len + other_len) * 4 {
            return Err(DecimalError);
        }
        tmp.0.extend(std::iter::repeat_n(0, shift as usize));
        tmp.1 = oth.1;
        // Restore operand order (op1 = self, op2 = other) for the sign logic.
        let (op1, op2) = if e1 < e2 { (oth, tmp) } else { (tmp, oth) };
        let result_exp = op1.1;
        if op1.2 != op2.2 {
            match cmp_digits(&op1.0, &op2.0) {
                Ordering::Equal => Self::finite(false, vec![0], exp).fix(),
                Ordering::Greater => {
                    Self::finite(op1.2, sub_digits(&op1.0, &op2.0), result_exp).fix()
                }
                Ordering::Less => Self::finite(op2.2, sub_digits(&op2.0, &op1.0), result_exp).fix(),
            }
        } else {
            Self::finite(op1.2, add_digits(&op1.0, &op2.0), result_exp).fix()
        }
    }

    /// `-self` (exact copy with the sign flipped, as `copy_negate`).
    pub fn negated(&self) -> Self {
        PyDecimal {
            neg: !self.neg,
            body: self.body.clone(),
        }
    }

    /// `self - other` in the default context.
    pub fn sub(&self, other: &Self) -> Result<Self, DecimalError> {
        self.add(&other.negated())
    }

    fn rescale(&self, exp: i64, mode: Rounding) -> Result<Self, DecimalError> {
        let Body::Finite { coeff, exp: e } = &self.body else {
            return Ok(self.clone());
        };
        if is_zero_digits(coeff) {
            return Ok(Self::finite(self.neg, vec![0], exp));
        }
        if *e >= exp {
            let pad = e - exp;
            if pad > 1_000_000 {
                return Err(DecimalError);
            }
            let mut c = coeff.clone();
            c.extend(std::iter::repeat_n(0, pad as usize));
            return Ok(Self::finite(self.neg, c, exp));
        }
        let digits = coeff.len() as i64 + e - exp;
        let kept = if digits < 0 {
            vec![0]
        } else {
            round_digits(coeff, digits as usize, mode)
        };
        Ok(Self::finite(self.neg, kept, exp))
    }

    /// `normalize()` in the default context.
    pub fn normalize(&self) -> Result<Self, DecimalError> {
        match &self.body {
            Body::NaN {
                signaling: true, ..
            } => return Err(DecimalError),
            Body::NaN { .. } | Body::Infinity => return Ok(self.clone()),
            Body::Finite { .. } => {}
        }
        let dup = self.clone().fix()?;
        let Body::Finite { coeff, exp } = &dup.body else {
            return Ok(dup);
        };
        if is_zero_digits(coeff) {
            return Ok(Self::finite(dup.neg, vec![0], 0));
        }
        let mut end = coeff.len();
        let mut e = *exp;
        while end > 1 && coeff[end - 1] == 0 && e < EMAX {
            e += 1;
            end -= 1;
        }
        Ok(Self::finite(dup.neg, coeff[..end].to_vec(), e))
    }

    /// `quantize(Decimal("1"), rounding=ROUND_DOWN)`.
    pub fn quantize_int_down(&self) -> Result<Self, DecimalError> {
        let Body::Finite { coeff, exp } = &self.body else {
            return Err(DecimalError);
        };
        if is_zero_digits(coeff) {
            return Self::finite(self.neg, vec![0], 0).fix();
        }
        let adjusted = exp + coeff.len() as i64 - 1;
        if adjusted > EMAX || adjusted + 1 > PREC as i64 {
            return Err(DecimalError);
        }
        let ans = self.rescale(0, Rounding::Down)?;
        if let Body::Finite { coeff, .. } = &ans.body
            && coeff.len() > PREC
        {
            return Err(DecimalError);
        }
        Ok(ans)
    }

    /// The number of digits after the point (`-exponent`) and whether the value is integral, for a
    /// finite value.
    pub fn integral_digits(&self) -> Option<String> {
        let Body::Finite { coeff, exp } = &self.body else {
            return None;
        };
        let mut s = String::new();
        if self.neg && !is_zero_digits(coeff) {
            s.push('-');
        }
        if *exp >= 0 {
            if is_zero_digits(coeff) {
                s.push('0');
            } else {
                s.extend(coeff.iter().map(|d| char::from(b'0' + d)));
                s.extend(std::iter::repeat_n('0', (*exp).min(1_000_000) as usize));
            }
            return Some(s);
        }
        None
    }

    /// `format(self, "f")`: positional notation, all digits kept.
    pub fn format_f(&self) -> String {
        let sign = if self.neg { "-" } else { "" };
        match &self.body {
            Body::Infinity => format!("{sign}Infinity"),
            Body::NaN { signaling, .. } => {
                format!("{sign}{}", if *signaling { "sNaN" } else { "NaN" })
            }
            Body::Finite { coeff, exp } => {
                let digits: String = coeff.iter().map(|d| char::from(b'0' + d)).collect();
                if *exp >= 0 {
                    let zeros = if is_zero_digits(coeff) {
                        0
                    } else {
                        (*exp).min(1_000_000) as usize
                    };
                    format!("{sign}{digits}{}", "0".repeat(zeros))
                } else {
                    let point = (-*exp).min(1_000_000) as usize;
                    if point >= digits.len() {
                        format!("{sign}0.{}{digits}", "0".repeat(point - digits.len()))
                    } else {
                        let (i, f) = digits.split_at(digits.len() - point);
                        format!("{sign}{i}.{f}")
                    }
                }
            }
        }
    }
}

impl fmt::Display for PyDecimal {
    /// `str(d)`: Python's scientific string (`to-sci-string`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.neg { "-" } else { "" };
        match &self.body {
            Body::Infinity => write!(f, "{sign}Infinity"),
            Body::NaN { signaling, payload } => {
                let p: String = payload.iter().map(|d| char::from(b'0' + d)).collect();
                write!(f, "{sign}{}{p}", if *signaling { "sNaN" } else { "NaN" })
            }
            Body::Finite { coeff, exp } => {
                let digits: String = coeff.iter().map(|d| char::from(b'0' + d)).collect();
                let n = digits.len() as i64;
                let leftdigits = exp + n;
                let dotplace = if *exp <= 0 && leftdigits > -6 {
                    leftdigits
                } else {
                    1
                };
                let (intpart, fracpart) = if dotplace <= 0 {
                    (
                        "0".to_string(),
                        format!(".{}{digits}", "0".repeat((-dotplace) as usize)),
                    )
                } else if dotplace >= n {
                    (
                        format!("{digits}{}", "0".repeat((dotplace - n) as usize)),
                        String::new(),
                    )
                } else {
                    let (i, fr) = digits.split_at(dotplace as usize);
                    (i.to_string(), format!(".{fr}"))
                };
                let e = leftdigits - dotplace;
                if e == 0 {
                    write!(f, "{sign}{intpart}{fracpart}")
                } else {
                    write!(f, "{sign}{intpart}{fracpart}E{e:+}")
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> PyDecimal {
        PyDecimal::parse(s).expect("decimal")
    }

    #[test]
    fn parse_and_str() {
        assert_eq!(d("1.50").to_string(), "1.50");
        assert_eq!(d("1e5").to_string(), "1E+5");
        assert_eq!(d("0.0000001").to_string(), "1E-7");
        assert_eq!(d("0.000001").to_string(), "0.000001");
        assert_eq!(d(" 1_000 ").to_string(), "1000");
        assert_eq!(d("-0").to_string(), "-0");
        assert_eq!(d("nan").to_string(), "NaN");
        assert_eq!(d("-Infinity").to_string(), "-Infinity");
        assert_eq!(d(".5").to_string(), "0.5");
        assert_eq!(d("5.").to_string(), "5");
        assert!(PyDecimal::parse("1,000").is_none());
        assert!(PyDecimal::parse("").is_none());
        assert!(PyDecimal::parse(".").is_none());
        assert!(PyDecimal::parse("1 0").is_none());
        assert_eq!(d("\u{0661}\u{0662}").to_string(), "12");
    }

    #[test]
    fn arithmetic_rounds_to_28_digits() {
        let total = d("99999999000.000000000000000000");
        let sum = total.add(&d("1000")).expect("add");
        assert_eq!(sum.to_string(), "100000000000.0000000000000000");
        assert_eq!(
            d("1234567890123.123456789012345678")
                .sub(&d("1"))
                .expect("sub")
                .to_string(),
            "1234567890122.123456789012346"
        );
        assert_eq!(d("0").add(&d("1000")).expect("add").to_string(), "1000");
        assert_eq!(d("1.5").sub(&d("1.5")).expect("sub").to_string(), "0.0");
        assert_eq!(
            d("1E+40").add(&d("1E-40")).expect("add").to_string(),
            "1.000000000000000000000000000E+40"
        );
    }

    #[test]
    fn normalize_and_quantize() {
        assert_eq!(d("1000.000").normalize().expect("n").to_string(), "1E+3");
        assert_eq!(d("0.000").normalize().expect("n").to_string(), "0");
        assert_eq!(
            d("1.00000000000000000000000000000000000000000001")
                .normalize()
                .expect("n")
                .to_string(),
            "1"
        );
        assert_eq!(
            d("21000000.9").quantize_int_down().expect("q").to_string(),
            "21000000"
        );
        assert_eq!(
            d("1E+3").quantize_int_down().expect("q").to_string(),
            "1000"
        );
        assert!(d("1E+30").quantize_int_down().is_err());
    }

    #[test]
    fn comparisons() {
        assert!(d("1.0").num_cmp(&d("1")) == Some(Ordering::Equal));
        assert!(d("-1").lt(&d("0")));
        assert!(d("18446744073709551615").le(&d("18446744073709551615.0")));
        assert!(d("18446744073709551616").gt(&d("18446744073709551615")));
        assert!(d("NaN").num_cmp(&d("1")).is_none());
        assert_eq!(d("1E+2").format_f(), "100");
        assert_eq!(d("0.0012").format_f(), "0.0012");
    }
}
