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
