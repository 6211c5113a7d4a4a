//! Nearest valid names for a misspelt one, shared by the engine (sides) and every game
//! (provinces, cities, hexes, units, leaders): "Phyrgia" → "did you mean Phrygia?".
//!
//! Distance is the Damerau–Levenshtein distance of the lower-cased names (a swapped
//! pair of letters counts once), from the `strsim` crate.

/// The candidates nearest to `name`: those at the smallest distance, if that distance
/// is at most a third of the longer name (at least 1, so one slip is always caught),
/// at most `MAX_SUGGESTIONS` of them, in the order given. A candidate that differs
/// only in case is at distance 0 and always offered.
pub fn nearest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let lower = name.to_lowercase();
    let scored: Vec<(usize, &str)> = candidates
        .into_iter()
        .filter(|c| *c != name)
        .filter_map(|c| {
            let d = strsim::damerau_levenshtein(&lower, &c.to_lowercase());
            let limit = (lower.chars().count().max(c.chars().count()) / 3).max(1);
            (d <= limit).then_some((d, c))
        })
        .collect();
    let Some(best) = scored.iter().map(|s| s.0).min() else {
        return Vec::new();
    };
    scored
        .into_iter()
        .filter(|s| s.0 == best)
        .map(|s| s.1)
        .take(MAX_SUGGESTIONS)
        .collect()
}

/// At most this many names are suggested.
pub const MAX_SUGGESTIONS: usize = 3;

/// `" (did you mean Phrygia?)"`, `" (did you mean A or B?)"`, or `""` when no name is near.
pub fn did_you_mean<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    let near = nearest(name, candidates);
    match near.as_slice() {
        [] => String::new(),
        [one] => format!(" (did you mean {one}?)"),
        [rest @ .., last] => format!(" (did you mean {} or {last}?)", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typos_from_players_find_their_names() {
        let names = [
            "Phrygia",
            "Lydia",
            "Parmenio",
            "thessalians",
            "Halicarnassus",
        ];
        assert_eq!(nearest("Phyrgia", names), ["Phrygia"]);
        assert_eq!(nearest("Parmenion", names), ["Parmenio"]);
        assert_eq!(nearest("thesalians", names), ["thessalians"]);
        assert_eq!(nearest("Halicarnasus", names), ["Halicarnassus"]);
        assert_eq!(nearest("phrygia", names), ["Phrygia"]);
        assert!(nearest("Narnia", names).is_empty());
        assert_eq!(did_you_mean("Lyida", names), " (did you mean Lydia?)");
    }
}
