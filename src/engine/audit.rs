//! `legatus audit`: every die roll of a verified log, with its entry, purpose
//! and rule, and per-side counts of each die's faces.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::protocol::dice::Roll;

/// One roll as the audit lists it.
#[derive(Debug, Clone, Serialize)]
pub struct AuditedRoll {
    /// The entry whose orders called for the roll.
    pub entry: u64,
    /// That entry's author (whose orders the roll resolved).
    pub side: String,
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
    /// Adds the rolls recorded for an entry by `author`, fixed by entry `fixed_by`.
    pub fn add(&mut self, entry: u64, author: &str, fixed_by: u64, rolls: &[Roll]) {
        for r in rolls {
            *self
                .distribution
                .entry(author.to_string())
                .or_default()
                .entry(r.die.clone())
                .or_default()
                .entry(r.value)
                .or_default() += 1;
            self.rolls.push(AuditedRoll {
                entry,
                side: author.to_string(),
                fixed_by,
                roll: r.clone(),
            });
        }
    }
}
