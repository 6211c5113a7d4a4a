//! Provenance of pack items: printed in the rulebook, provisional, or supplied by a player.

use serde::{Deserialize, Serialize};

/// Where an item's values come from, after falling back to its file's marking.
#[derive(
    Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Origin {
    /// Printed in the rulebook; the string names the section(s), e.g. `Alexandros 3.3`.
    Source(String),
    /// Not printed; the string says in one line what the value is based on.
    Provisional(String),
    /// Replaced by a player override; the string is the override file name.
    Player(String),
    /// Neither the item nor its file says (the pack check rejects this).
    Unmarked,
}

/// Items that carry `source:` / `provisional:` / `player:` fields.
pub trait Provenanced {
    /// `source:` of the item itself.
    fn source(&self) -> Option<&str>;
    /// `provisional:` of the item itself.
    fn provisional(&self) -> Option<&str>;
    /// Override file that supplied the item, if any.
    fn player(&self) -> Option<&str>;
    /// Mark the item as supplied by a player override file.
    fn set_player(&mut self, file: &str);

    /// Effective origin: player override first, then the item's own marking, then the file's.
    fn origin(&self, file_default: &Origin) -> Origin {
        if let Some(p) = self.player() {
            Origin::Player(p.to_string())
        } else if let Some(s) = self.source() {
            Origin::Source(s.to_string())
        } else if let Some(p) = self.provisional() {
            Origin::Provisional(p.to_string())
        } else {
            file_default.clone()
        }
    }
}

/// Implements [`Provenanced`] for structs with `source`, `provisional` and `player` fields.
macro_rules! provenanced {
    ($($t:ty),* $(,)?) => {$(
        impl $crate::games::alexandros::data::provenance::Provenanced for $t {
            fn source(&self) -> Option<&str> { self.source.as_deref() }
            fn provisional(&self) -> Option<&str> { self.provisional.as_deref() }
            fn player(&self) -> Option<&str> { self.player.as_deref() }
            fn set_player(&mut self, file: &str) { self.player = Some(file.to_string()); }
        }
    )*};
}
pub(crate) use provenanced;

/// File-level marking: exactly one of `source` and `provisional` must be set (checked by
/// [`super::check`]).
pub fn file_origin(source: &Option<String>, provisional: &Option<String>) -> Origin {
    match (source, provisional) {
        (Some(s), _) => Origin::Source(s.clone()),
        (None, Some(p)) => Origin::Provisional(p.clone()),
        (None, None) => Origin::Unmarked,
    }
}
