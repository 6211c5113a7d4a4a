//! `legatus audit`: every die roll of a verified log, with its entry, purpose
//! and rule, and per-side counts of each die's faces — grouped by the side each
//! roll is for, which the ruleset names (a siege roll is the besieger's even when
//! another side's entry brought it about), else the author of the entry whose
//! orders called for it.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::protocol::dice::Roll;

/// One roll as the audit lists it.
#[derive(Debug, Clone, Serialize)]
pub struct AuditedRoll {
    /// The entry whose orders called for the roll.
    pub entry: u64,
    /// The side the roll is for: as the ruleset says, else the entry's author.
    pub side: String,
    /// Whether the ruleset named `side` (`false`: it is the entry's author).
    pub side_from_rules: bool,
    /// The author of `entry`.
    pub author: String,
    /// The entry whose reveal fixed the roll.
    pub fixed_by: u64,
    /// The roll.
    #[serde(flatten)]
    pub roll: Roll,
}

/// Faces seen per side and die: side → die → face → count.
pub type Distribution = BTreeMap<String, BTreeMap<String, BTreeMap<u32, u64>>>;

/// Every roll and the per-side distributions.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Audit {
    /// Rolls in log order.
    pub rolls: Vec<AuditedRoll>,
    /// Counts per side, die and face.
    pub distribution: Distribution,
}

impl Audit {
    /// Adds the rolls of an entry by `author`, fixed by entry `fixed_by`, each to
    /// the side it is for (the entry's author when the ruleset did not say).
    pub fn add(&mut self, entry: u64, author: &str, fixed_by: u64, rolls: &[Roll]) {
        for r in rolls {
            let side = r.side.as_deref().unwrap_or(author);
            *self
                .distribution
                .entry(side.to_string())
                .or_default()
                .entry(r.die.clone())
                .or_default()
                .entry(r.value)
                .or_default() += 1;
            self.rolls.push(AuditedRoll {
                entry,
                side: side.to_string(),
                side_from_rules: r.side.is_some(),
                author: author.to_string(),
                fixed_by,
                roll: r.clone(),
            });
        }
    }
}
