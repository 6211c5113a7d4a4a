//! Cities with walls and garrisons, shared by The Romans and The Macedonians: a city's defence
//! (an intrinsic strength by class plus the garrison's non-cavalry SSP up to what the walls
//! hold, plus friendly squadrons in a siege: Romans [13.21], [13.22], [13.47]; Macedonians
//! [14.12], [14.32]) and one roll on an Assault/Siege table whose cells are `YES`, `NO` or `*`
//! (roll again, the city falls only on a 6: Romans [13.3] key). The numbers are the game's data.

/// A city's defence strength in SSP, part by part.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Defence {
    /// Intrinsic strength of the class (Romans [13.21]).
    pub intrinsic: u32,
    /// Garrison SSP that count: non-cavalry, up to the capacity (Romans [13.22]).
    pub garrison: u32,
    /// Naval strength of friendly squadrons in the port (sieges only, Romans [13.47]).
    pub naval: u32,
}

impl Defence {
    /// The whole defence strength in SSP.
    pub fn total(&self) -> u32 {
        self.intrinsic + self.garrison + self.naval
    }
    /// In words: `40 + 12 garrison = 52 SSP`.
    pub fn words(&self) -> String {
        let mut s = format!("{}", self.intrinsic);
        if self.garrison > 0 {
            s.push_str(&format!(" + {} garrison", self.garrison));
        }
        if self.naval > 0 {
            s.push_str(&format!(" + {} naval", self.naval));
        }
        format!("{s} = {} SSP", self.total())
    }
}

/// Romans [13.21], [13.22]: the defence of a city of intrinsic strength `intrinsic` holding at
/// most `capacity` SSP (None: unlimited) with a garrison of `(ssp, cavalry_ssp)` units, plus
/// `naval` strength of squadrons that count ([13.47]). Cavalry never count; the rest count up
/// to the capacity.
pub fn defence(
    intrinsic: u32,
    capacity: Option<u32>,
    garrison: impl IntoIterator<Item = (u32, u32)>,
    naval: u32,
) -> Defence {
    let foot: u32 = garrison
        .into_iter()
        .map(|(ssp, cav)| ssp.saturating_sub(cav))
        .sum();
    Defence {
        intrinsic,
        garrison: capacity.map_or(foot, |c| foot.min(c)),
        naval,
    }
}

/// Romans [13.24], [13.43]: an attack needs at least `over` SSP more than the defence.
pub fn strong_enough(attack: u32, defence: &Defence, over: u32) -> bool {
    attack >= defence.total() + over
}

/// What one roll on the Assault/Siege table did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SiegeRoll {
    /// The dice thrown (one, or two after a `*`).
    pub rolls: Vec<u32>,
    /// The cell first read.
    pub cell: String,
    /// The city falls.
    pub falls: bool,
}

/// Romans [13.3] key: reads `column` of the Assault/Siege table with `die` (called once, and
/// again after a `*`, when only a 6 takes the city). `cell(row, column)` reads the table.
///
/// Errors: whatever `die` returns, or `bad` of why a cell is missing or none of `YES`, `NO`,
/// `*`.
pub fn siege_roll<E>(
    cell: impl Fn(&str, &str) -> Option<String>,
    column: &str,
    mut die: impl FnMut() -> Result<u32, E>,
    bad: impl Fn(String) -> E,
) -> Result<SiegeRoll, E> {
    let first = die()?;
    let c = cell(&first.to_string(), column)
        .ok_or_else(|| bad(format!("no cell {first}/{column} in the Siege table")))?;
    match c.as_str() {
        "YES" => Ok(SiegeRoll {
            rolls: vec![first],
            cell: c,
            falls: true,
        }),
        "NO" => Ok(SiegeRoll {
            rolls: vec![first],
            cell: c,
            falls: false,
        }),
        "*" => {
            let again = die()?;
            Ok(SiegeRoll {
                rolls: vec![first, again],
                cell: c,
                falls: again == 6,
            })
        }
        other => Err(bad(format!(
            "Siege table cell {first}/{column} reads {other:?}, not YES, NO or *"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn romans_13_22_cavalry_never_count_and_capacity_caps() {
        // The 13.22 example: 43 SSP in Roma (A, unlimited), 3 of them cavalry: 75 + 40 = 115.
        let d = defence(75, None, [(21, 1), (22, 2)], 0);
        assert_eq!(d.total(), 115);
        // A D city holds 10 SSP: a 14-SSP garrison adds 10.
        assert_eq!(defence(10, Some(10), [(14, 0)], 0).total(), 20);
    }
}
