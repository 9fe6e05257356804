//! Value parsers of the command line's options, shared by every
//! subcommand's clap structs.

/// A whole number of a count option (`--b`, `--memory`, `--time-ms` …),
/// with an error that names what is allowed: clap would otherwise read
/// `-1` as an unknown flag, or say only "invalid digit".
pub fn whole<T: Whole>(s: &str) -> Result<T, String> {
    let digits = s.trim();
    if digits.starts_with('-')
        && digits.len() > 1
        && digits[1..].bytes().all(|b| b.is_ascii_digit())
    {
        return Err(format!(
            "a negative number: expected a whole number from 0 to {}",
            T::MAX
        ));
    }
    let n: u128 = digits.parse().map_err(|_| {
        format!(
            "'{s}' is not a whole number: expected digits, from 0 to {}",
            T::MAX
        )
    })?;
    T::try_from(n).map_err(|_| format!("too large: at most {}", T::MAX))
}

/// The unsigned integer types of the count options.
pub trait Whole: TryFrom<u128> + Clone + Send + Sync + 'static {
    /// The largest value, for the error message.
    const MAX: u128;
}

impl Whole for u32 {
    const MAX: u128 = u32::MAX as u128;
}

impl Whole for u64 {
    const MAX: u128 = u64::MAX as u128;
}

impl Whole for usize {
    const MAX: u128 = usize::MAX as u128;
}
