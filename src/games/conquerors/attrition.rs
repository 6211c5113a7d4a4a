//! Land attrition and SSP losses, shared by The Romans and The Macedonians: a Land Attrition
//! Table cell is a number of SSP or a percentage of the Force, fractions rounded up (Romans
//! [15.3]); losses are taken unit by unit in the owner's order, then in the order of the ids
//! (reported as a default). Commanders never suffer attrition (Romans [8.56]): they are not
//! land units and never appear here.

use std::collections::BTreeMap;

use super::force::LandUnit;

/// Romans [15.3]: SSP lost for a table cell (`"2"`, `"10%"`) by a Force of `force_ssp`,
/// percentages rounded up. None for a cell that is neither.
pub fn land_loss(cell: &str, force_ssp: u32) -> Option<u32> {
    if let Some(p) = cell.strip_suffix('%') {
        let p: u32 = p.trim().parse().ok()?;
        return Some((force_ssp * p).div_ceil(100));
    }
    cell.trim().parse().ok()
}

/// What [`remove_ssp`] took.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Taken {
    /// `id -n` or `id -n (eliminated)`, in order.
    pub lines: Vec<String>,
    /// Units eliminated, with their counters as they were.
    pub eliminated: Vec<(String, LandUnit)>,
    /// Some SSP fell on units the owner did not name.
    pub defaulted: bool,
    /// SSP that could not be taken (the pool ran out).
    pub short: u32,
}

impl Taken {
    /// `(a -1, b -2 (eliminated))`, with the default noted; empty when nothing was taken.
    pub fn words(&self) -> String {
        let mut s = String::new();
        if !self.lines.is_empty() {
            s.push_str(&format!(" ({})", self.lines.join(", ")));
        }
        if self.defaulted {
            s.push_str(
                "; units the owner did not name took losses in the order of their ids (default)",
            );
        }
        if self.short > 0 {
            s.push_str(&format!("; {} SSP could not be taken", self.short));
        }
        s
    }
}

/// Removes `n` SSP from the units `pool`: first those `named` (in that order, if in the pool),
/// then the rest of the pool in its order. A unit at 0 SSP is eliminated (taken out of
/// `units`).
pub fn remove_ssp(
    units: &mut BTreeMap<String, LandUnit>,
    named: &[String],
    pool: &[String],
    n: u32,
) -> Taken {
    let mut t = Taken::default();
    let mut left = n;
    let order: Vec<(bool, &String)> = named
        .iter()
        .filter(|id| pool.contains(id))
        .map(|id| (true, id))
        .chain(
            pool.iter()
                .filter(|id| !named.contains(id))
                .map(|id| (false, id)),
        )
        .collect();
    for (by_owner, id) in order {
        if left == 0 {
            break;
        }
        let Some(u) = units.get_mut(id) else { continue };
        let x = u.ssp.min(left);
        if x == 0 {
            continue;
        }
        if !by_owner {
            t.defaulted = true;
        }
        left -= x;
        u.ssp -= x;
        if u.ssp == 0 {
            let gone = units.remove(id).expect("unit present");
            t.lines.push(format!("{id} -{x} (eliminated)"));
            t.eliminated.push((id.clone(), gone));
        } else {
            t.lines.push(format!("{id} -{x}"));
        }
    }
    t.short = left;
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn romans_15_3_percentages_round_up() {
        assert_eq!(land_loss("10%", 46), Some(5));
        assert_eq!(land_loss("33%", 22), Some(8));
        assert_eq!(land_loss("2", 46), Some(2));
        assert_eq!(land_loss("x", 46), None);
    }
}
