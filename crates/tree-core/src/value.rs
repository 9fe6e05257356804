//! Minimax values with ±infinity sentinels.

use std::fmt;
use std::ops::Neg;

/// A minimax value: an `i32` from MAX's point of view, with two sentinels,
/// [`Value::INF`] and [`Value::NEG_INF`], that no terminal may take.
///
/// The range is symmetric (`-i32::MAX ..= i32::MAX`), so negation never
/// overflows and `-Value::INF == Value::NEG_INF`. Leaf values must lie strictly
/// between the sentinels; [`Value::new`] checks that.
///
/// ```
/// use tree_core::Value;
/// let v = Value::new(42).unwrap();
/// assert!(Value::NEG_INF < v && v < Value::INF);
/// assert_eq!(-Value::INF, Value::NEG_INF);
/// assert!(Value::new(i32::MAX).is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Value(i32);

impl Value {
    /// +∞: larger than every leaf value.
    pub const INF: Value = Value(i32::MAX);
    /// −∞: smaller than every leaf value.
    pub const NEG_INF: Value = Value(-i32::MAX);
    /// The largest value a leaf may take.
    pub const MAX_LEAF: i32 = i32::MAX - 1;
    /// The smallest value a leaf may take.
    pub const MIN_LEAF: i32 = -(i32::MAX - 1);

    /// A leaf value, checked to lie strictly between the sentinels.
    ///
    /// # Errors
    /// [`ValueError`] if `v` is `i32::MIN`, `-i32::MAX` or `i32::MAX`.
    pub fn new(v: impl Into<i64>) -> Result<Value, ValueError> {
        let v: i64 = v.into();
        if (i64::from(Self::MIN_LEAF)..=i64::from(Self::MAX_LEAF)).contains(&v) {
            Ok(Value(v as i32))
        } else {
            Err(ValueError { value: v })
        }
    }

    /// A leaf value from a number already known to be in range, e.g. a byte.
    pub const fn from_small(v: i16) -> Value {
        Value(v as i32)
    }

    /// A value clamped into the leaf range: for game evaluations that might
    /// touch the sentinels.
    pub fn saturating(v: i64) -> Value {
        Value(v.clamp(i64::from(Self::MIN_LEAF), i64::from(Self::MAX_LEAF)) as i32)
    }

    /// `self + d`, saturating at the sentinels: `−∞ − 1 = −∞`,
    /// `MAX_LEAF + 1 = +∞`, and `+∞ − 1 = MAX_LEAF` (the largest finite
    /// value). For windows such as `(v − 1, v)` built from any value.
    pub fn offset(self, d: i64) -> Value {
        let v = i64::from(self.0)
            .saturating_add(d)
            .clamp(-i64::from(i32::MAX), i64::from(i32::MAX));
        Value(v as i32)
    }

    /// The integer inside (the sentinels are `±i32::MAX`).
    pub const fn get(self) -> i32 {
        self.0
    }

    /// Whether this is one of the two sentinels.
    pub const fn is_infinite(self) -> bool {
        self.0 == i32::MAX || self.0 == -i32::MAX
    }
}

impl Neg for Value {
    type Output = Value;
    fn neg(self) -> Value {
        Value(-self.0)
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Value::INF => f.write_str("+inf"),
            Value::NEG_INF => f.write_str("-inf"),
            Value(v) => write!(f, "{v}"),
        }
    }
}

/// A leaf value outside the open interval (−∞, +∞) of [`Value`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueError {
    /// The rejected number.
    pub value: i64,
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "leaf value {} is out of range: leaves must lie in {}..={}",
            self.value,
            Value::MIN_LEAF,
            Value::MAX_LEAF
        )
    }
}

impl std::error::Error for ValueError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentinels_bound_every_leaf() {
        let lo = Value::new(i64::from(Value::MIN_LEAF)).unwrap();
        let hi = Value::new(i64::from(Value::MAX_LEAF)).unwrap();
        assert!(Value::NEG_INF < lo && hi < Value::INF);
        assert_eq!(-hi, lo);
        for bad in [
            i64::from(i32::MAX),
            i64::from(i32::MIN),
            -i64::from(i32::MAX),
            1 << 40,
        ] {
            let e = Value::new(bad).unwrap_err();
            assert!(e.to_string().contains(&bad.to_string()));
        }
        assert_eq!(Value::saturating(i64::MAX), hi);
        assert_eq!(Value::INF.to_string(), "+inf");
        assert_eq!(Value::INF.offset(-1), hi);
        assert_eq!(Value::NEG_INF.offset(-1), Value::NEG_INF);
        assert_eq!(hi.offset(1), Value::INF);
        assert_eq!(lo.offset(-1), Value::NEG_INF);
        assert_eq!(Value::new(3).unwrap().offset(-4).get(), -1);
    }
}
