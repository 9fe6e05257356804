//! `Display` by name, for the enums the workspace names on command lines.

/// Implements [`Display`](core::fmt::Display) for each of the named types
/// as its `name()`: the one spelling of an algorithm, a colour or a
/// message kind that command lines, reports and errors all use.
///
/// ```
/// #[derive(Clone, Copy)]
/// enum Side {
///     Max,
///     Min,
/// }
///
/// impl Side {
///     const fn name(self) -> &'static str {
///         match self {
///             Side::Max => "max",
///             Side::Min => "min",
///         }
///     }
/// }
///
/// tree_core::display_by_name!(Side);
/// assert_eq!(format!("{} {}", Side::Max, Side::Min), "max min");
/// ```
#[macro_export]
macro_rules! display_by_name {
    ($($t:ty),+ $(,)?) => {
        $(
            impl ::core::fmt::Display for $t {
                fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                    f.write_str(self.name())
                }
            }
        )+
    };
}

/// Implements [`FromStr`](core::str::FromStr) for a named type with an
/// `ALL` list and a `name()`: the name [`display_by_name!`] writes, ASCII
/// case-insensitively (with `exact`, to the letter); any other string is
/// the error `$unknown`, built from the string given (named `$s`).
///
/// ```
/// #[derive(Debug, Clone, Copy, PartialEq)]
/// enum Side {
///     Max,
///     Min,
/// }
///
/// impl Side {
///     const ALL: [Side; 2] = [Side::Max, Side::Min];
///     const fn name(self) -> &'static str {
///         match self {
///             Side::Max => "max",
///             Side::Min => "min",
///         }
///     }
/// }
///
/// tree_core::from_str_by_name!(Side, String, |s| format!("no side {s}"));
/// assert_eq!("MAX".parse(), Ok(Side::Max));
/// assert_eq!("mid".parse::<Side>(), Err("no side mid".to_string()));
/// ```
#[macro_export]
macro_rules! from_str_by_name {
    (exact $t:ty, $err:ty, |$s:ident| $unknown:expr) => {
        $crate::from_str_by_name!(@impl $t, $err, |$s| $unknown, |a: $t, s: &str| a.name() == s);
    };
    ($t:ty, $err:ty, |$s:ident| $unknown:expr) => {
        $crate::from_str_by_name!(@impl $t, $err, |$s| $unknown, |a: $t, s: &str| {
            a.name().eq_ignore_ascii_case(s)
        });
    };
    (@impl $t:ty, $err:ty, |$s:ident| $unknown:expr, $same:expr) => {
        impl ::core::str::FromStr for $t {
            type Err = $err;

            fn from_str($s: &str) -> ::core::result::Result<$t, $err> {
                let same = $same;
                <$t>::ALL
                    .iter()
                    .copied()
                    .find(|&a| same(a, $s))
                    .ok_or_else(|| $unknown)
            }
        }
    };
}
