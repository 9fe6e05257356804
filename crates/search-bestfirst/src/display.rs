//! `Display` for the types that print as their `name()`.

/// `Display` for a type that prints as its `name()`.
macro_rules! display_by_name {
    ($t:ty) => {
        impl ::std::fmt::Display for $t {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

pub(crate) use display_by_name;
