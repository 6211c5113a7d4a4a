//! Where the survivors of a lost battle go (Alexandros 10.20; digest ).

use super::super::data::map::BorderType;
use super::super::data::Pack;

/// How a province stands for the retreating side (Alexandros 10.20).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Standing {
    /// Controlled by the retreating side: first choice.
    Friendly,
    /// Contested: second choice.
    Contested,
    /// Enemy-controlled (or Independent, digest A-40): last choice.
    Enemy,
}

/// Alexandros 10.20: the provinces adjacent to `from` the survivors may retreat into, grouped
/// by preference — friendly, then contested, then enemy — each group in name order (the owner
/// picks within the first non-empty group). Only adjacent provinces are reached (8.2), Mountain
/// borders not in Winter (8.2); `allowed` drops provinces the units may not enter (Home Army,
/// Indians…, digest A-40). Empty when no province is legal (the units are then eliminated,
/// A-40; decided by the strategic game).
pub fn retreat_choices(
    pack: &Pack,
    from: &str,
    winter: bool,
    standing: impl Fn(&str) -> Standing,
    allowed: impl Fn(&str) -> bool,
) -> Vec<Vec<String>> {
    let mut tiers: Vec<Vec<String>> = vec![Vec::new(), Vec::new(), Vec::new()];
    let Some(p) = pack.province(from) else {
        return Vec::new();
    };
    for (name, border) in &p.borders {
        let open = match border {
            BorderType::Normal => true,
            BorderType::Mountain => !winter,
        };
        if !open || !allowed(name) || pack.province(name).is_none() {
            continue;
        }
        let i = match standing(name) {
            Standing::Friendly => 0,
            Standing::Contested => 1,
            Standing::Enemy => 2,
        };
        tiers[i].push(name.clone());
    }
    tiers.into_iter().filter(|t| !t.is_empty()).collect()
}
