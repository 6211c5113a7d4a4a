//! The strategic land combat procedure, shared by The Romans and The Macedonians (Romans [9.0]
//! procedure, [9.4]–[9.6], [8.31], [8.52]–[8.53], [10.22]): a battle is a series of exchanges
//! in which both players roll two dice on the Strategic CRT in their own odds column, lose at
//! the same time, and decide — defender first — whether to stay, until one side Retreats During
//! Combat or breaks its Morale Level and Flees. The CRT is the game's `pack::table` table; the
//! morale levels, the dice and the losses come from the game through [`Host`].

use crate::pack::table::{odds_column, shift, OddsColumn, RowIndex, Table};

/// How a battle came out for the game that called it (Romans [9.24], Macedonians [9.25]: the
/// mover's move goes on unless it left the field).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// How it ended.
    pub end: End,
    /// Each side still stands in the hex (did not retreat or flee).
    pub stands: [bool; 2],
}

/// A side of the battle: 0 the Aggressor (phasing or intercepting), 1 the Resister.
pub type Side = usize;

/// The Aggressor, the phasing or intercepting side (Romans [9.0]).
pub const ATTACKER: Side = 0;
/// The Resister (Romans [9.0]).
pub const DEFENDER: Side = 1;

/// A contingent of a side with its own Morale Level (Romans [9.65]: allies break apart).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contingent {
    /// Its key (a nation).
    pub key: String,
    /// Its Morale Level in percent of the side's SSP at the start of the battle.
    pub morale_percent: u32,
}

/// The column index of `own` SSP against `enemy` SSP, rounded in the enemy's favour (Romans
/// [9.0] procedure), moved `by` columns (Romans [8.31]); below the first column is the first,
/// beyond the last the last (the table key).
pub fn column<R: RowIndex>(table: &Table<R>, own: u32, enemy: u32, by: i32) -> usize {
    let n = table.columns.len();
    let base = odds_column(&table.columns, own, enemy);
    match shift(n, base, by) {
        OddsColumn::Column(i) => i,
        OddsColumn::Below => 0,
        OddsColumn::Above => n.saturating_sub(1),
    }
}

/// Romans [8.31] (ruling AMB-9): the column shift of each side: +1 for the side whose
/// commander in charge has the higher Strategic Rating, none when equal or unknown.
pub fn rating_shift(attacker: Option<u8>, defender: Option<u8>) -> [i32; 2] {
    match (attacker, defender) {
        (Some(a), Some(d)) if a > d => [1, 0],
        (Some(a), Some(d)) if d > a => [0, 1],
        (Some(_), None) => [1, 0],
        (None, Some(_)) => [0, 1],
        _ => [0, 0],
    }
}

/// A CRT cell read: SSP the roller's opponent loses and whether the roller checks for the death
/// of the opponent's commander (the trailing `x`).
pub fn read_cell(cell: &str) -> (u32, bool) {
    let x = cell.ends_with('x');
    let n = cell.trim_end_matches('x').parse().unwrap_or(0);
    (n, x)
}

/// Romans [9.67] (ruling AMB-12): losses beyond the Morale Level: `lost` SSP exceed `percent`
/// of `base` SSP, compared exactly (`lost × 100 > percent × base`).
pub fn breaks(lost: u32, base: u32, percent: u32) -> bool {
    u64::from(lost) * 100 > u64::from(percent) * u64::from(base)
}

/// What the running battle looks like to a side deciding whether to stay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Situation {
    /// Exchanges fought so far.
    pub exchanges: u32,
    /// Each side's SSP now.
    pub ssp: [u32; 2],
    /// Each side's SSP lost in the battle so far.
    pub lost: [u32; 2],
    /// Each side's column label for the next exchange (before the commander shift).
    pub columns: [String; 2],
}

/// How a battle ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    /// The side chose to Retreat During Combat (Romans [10.2]); the other wins.
    Retreated(Side),
    /// The side broke its Morale Level (or lost its last SSP, ruling AMB-62, or its commander
    /// without a successor as Aggressor, [8.53]) and Flees; the other wins.
    Fled(Side),
    /// Both broke in the same exchange (Romans [9.68]): the side named Flees (None: both, ruling
    /// AMB-13) and nobody wins.
    Draw(Option<Side>),
}

impl End {
    /// The winner, if any (Romans [9.45], [9.68], [9.69]).
    pub fn winner(&self) -> Option<Side> {
        match self {
            End::Retreated(s) | End::Fled(s) => Some(1 - s),
            End::Draw(_) => None,
        }
    }
}

/// What the game supplies to the procedure.
pub trait Host {
    /// The game's error.
    type Error;
    /// Each side's SSP now (contingents that fled no longer count).
    fn ssp(&self, side: Side) -> u32;
    /// Each side's commander in charge: his Strategic Rating, revealing an untried one
    /// (Romans [8.43]: once battle is joined); None without a commander.
    fn rating(&mut self, side: Side) -> Result<Option<u8>, Self::Error>;
    /// Two dice for `side` (the CRT roll, Romans [9.52]).
    fn two_d6(&mut self, side: Side, purpose: &str) -> Result<u32, Self::Error>;
    /// One die for `side`.
    fn d6(&mut self, side: Side, purpose: &str) -> Result<u32, Self::Error>;
    /// Takes `n` SSP from `side` (its owner's allocation, Romans [9.51], [9.66]); returns the
    /// SSP actually taken (fewer when the side has fewer).
    fn lose(&mut self, side: Side, n: u32) -> Result<u32, Self::Error>;
    /// The commander in charge of `side` is killed (Romans [8.52]); returns whether another
    /// commander in the hex takes his place ([8.53]).
    fn commander_killed(&mut self, side: Side) -> Result<bool, Self::Error>;
    /// A contingent of `side` breaks while the rest of the side stays (Romans [9.65], [9.67]):
    /// it leaves the battle (the game makes it flee).
    fn contingent_breaks(&mut self, side: Side, key: &str) -> Result<(), Self::Error>;
    /// Whether `side` Retreats During Combat now (Romans [10.22]), its owner's decision.
    fn retreats(&mut self, side: Side, now: &Situation) -> bool;
    /// A line for the report.
    fn note(&mut self, rule: &str, text: String);
    /// After an exchange's losses (`this`: each side's SSP lost in it) with both sides still
    /// in the field: a side made to Flee by a rule of the game's own (Macedonians [8.61]:
    /// Darius bolts). None by default.
    fn flees_after(&mut self, _this: [u32; 2]) -> Result<Option<Side>, Self::Error> {
        Ok(None)
    }
    /// Whether both sides breaking in one exchange is decided by the battle's total losses
    /// alone (Macedonians [9.65]) rather than that exchange's first (Romans [9.68], ruling
    /// AMB-13). False by default.
    fn draw_on_totals(&self) -> bool {
        false
    }
}

/// The sides' contingents and their SSP at the start of the battle (the morale base, Romans
/// [9.61], ruling AMB-12: each battle).
pub struct Setup {
    /// Each side's contingents.
    pub contingents: [Vec<Contingent>; 2],
    /// Each side's SSP when battle is joined.
    pub base: [u32; 2],
}

/// The most exchanges fought before the procedure gives up (a safeguard; a battle that long
/// has dice no table produces).
const MAX_EXCHANGES: u32 = 500;

/// Romans [9.4]–[9.6], [10.22]: fights a battle to its end on `crt` (2d6 rows, odds columns).
///
/// Errors: the host's errors (dice unavailable); `exhausted` if no end comes in 500 exchanges.
pub fn fight<R: RowIndex, H: Host>(
    crt: &Table<R>,
    setup: &Setup,
    host: &mut H,
    exhausted: impl Fn() -> H::Error,
) -> Result<End, H::Error> {
    fight_on([crt, crt], setup, host, exhausted)
}

/// [`fight`] with each side rolling on its own table (`crts[side]`, Macedonians [9.43]: the
/// Macedonian and the Persian Strategic CRT).
///
/// Errors: the host's errors; `exhausted` if no end comes in 500 exchanges.
pub fn fight_on<R: RowIndex, H: Host>(
    crts: [&Table<R>; 2],
    setup: &Setup,
    host: &mut H,
    exhausted: impl Fn() -> H::Error,
) -> Result<End, H::Error> {
    let mut lost = [0u32; 2];
    let mut broken: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    let mut ratings = [host.rating(ATTACKER)?, host.rating(DEFENDER)?];
    let situation = |host: &H, exchanges: u32, lost: [u32; 2]| {
        let ssp = [host.ssp(0), host.ssp(1)];
        let label = |s: Side| {
            let crt = crts[s];
            crt.columns
                .get(column(crt, ssp[s], ssp[1 - s], 0))
                .cloned()
                .unwrap_or_default()
        };
        Situation {
            exchanges,
            ssp,
            lost,
            columns: [label(0), label(1)],
        }
    };
    // [10.22]: once both reveal, the defender alone may leave before the first exchange.
    if host.retreats(DEFENDER, &situation(host, 0, lost)) {
        return Ok(End::Retreated(DEFENDER));
    }
    for n in 1..=MAX_EXCHANGES {
        let ssp = [host.ssp(0), host.ssp(1)];
        let by = rating_shift(ratings[0], ratings[1]);
        let mut inflicted = [0u32; 2];
        let mut x = [false; 2];
        let mut words = Vec::new();
        for s in [ATTACKER, DEFENDER] {
            let crt = crts[s];
            let col = column(crt, ssp[s], ssp[1 - s], by[s]);
            let label = crt.columns[col].clone();
            let base = crt.columns[column(crt, ssp[s], ssp[1 - s], 0)].clone();
            let roll = host.two_d6(s, "Strategic CRT")?;
            let cell = crt.roll(roll as u8, &label).unwrap_or("-").to_string();
            let (k, death) = read_cell(&cell);
            inflicted[1 - s] = k;
            x[s] = death;
            words.push(format!(
                "{} {} v {} at {base}{} rolls {roll}: {cell}",
                if s == ATTACKER {
                    "Aggressor"
                } else {
                    "Resister"
                },
                ssp[s],
                ssp[1 - s],
                if label != base {
                    format!(", moved to {label} by the better commander,")
                } else {
                    String::new()
                }
            ));
        }
        host.note(
            "Romans [9.42], [9.43]",
            format!("exchange {n}: {}", words.join("; ")),
        );
        // [9.42]: both lose at the same time.
        let mut this = [0u32; 2];
        for s in [ATTACKER, DEFENDER] {
            this[s] = host.lose(s, inflicted[s])?;
            lost[s] += this[s];
        }
        // [8.52]: the roller of an x checks for the death of the enemy's commander.
        let mut leaderless_aggressor = false;
        for s in [ATTACKER, DEFENDER] {
            if !x[s] || ratings[1 - s].is_none() {
                continue;
            }
            let first = host.d6(s, "commander elimination, first die")?;
            if first > 3 {
                host.note(
                    "Romans [8.52]",
                    format!("commander check: {first}, the enemy commander is safe"),
                );
                continue;
            }
            let r = ratings[1 - s].unwrap_or(0);
            let second = host.d6(1 - s, "commander elimination, second die")?;
            if second <= u32::from(r) {
                host.note("Romans [8.52]", format!("commander check: {first}, then {second} against rating {r}: not higher, he survives"));
                continue;
            }
            host.note(
                "Romans [8.52]",
                format!("commander check: {first}, then {second} against rating {r}: he is killed"),
            );
            let replaced = host.commander_killed(1 - s)?;
            if replaced {
                ratings[1 - s] = host.rating(1 - s)?;
            } else {
                ratings[1 - s] = None;
                if 1 - s == ATTACKER {
                    leaderless_aggressor = true;
                }
            }
        }
        // [9.67], [9.65]: contingents past their level break.
        let mut side_broken = [false; 2];
        for s in [ATTACKER, DEFENDER] {
            let list = &setup.contingents[s];
            let mut newly = Vec::new();
            for c in list {
                if !broken[s].contains(&c.key) && breaks(lost[s], setup.base[s], c.morale_percent) {
                    newly.push(c.key.clone());
                }
            }
            side_broken[s] = broken[s].len() + newly.len() >= list.len() || host.ssp(s) == 0;
            if !side_broken[s] {
                for k in newly {
                    host.contingent_breaks(s, &k)?;
                    broken[s].push(k);
                }
            }
        }
        match side_broken {
            [true, true] => {
                // [9.68] (ruling AMB-13): the greater loss flees; a draw.
                let flees = if this[0] != this[1] && !host.draw_on_totals() {
                    Some(if this[0] > this[1] { 0 } else { 1 })
                } else if lost[0] != lost[1] {
                    Some(if lost[0] > lost[1] { 0 } else { 1 })
                } else {
                    None
                };
                return Ok(End::Draw(flees));
            }
            [true, false] => return Ok(End::Fled(ATTACKER)),
            [false, true] => return Ok(End::Fled(DEFENDER)),
            _ => {}
        }
        if let Some(s) = host.flees_after(this)? {
            return Ok(End::Fled(s));
        }
        if leaderless_aggressor {
            host.note(
                "Romans [8.53]",
                "the Aggressor has no commander left and Flees".into(),
            );
            return Ok(End::Fled(ATTACKER));
        }
        // [9.43] D, [10.22]: the defender decides first, then the attacker.
        let now = situation(host, n, lost);
        if host.retreats(DEFENDER, &now) {
            return Ok(End::Retreated(DEFENDER));
        }
        if host.retreats(ATTACKER, &now) {
            return Ok(End::Retreated(ATTACKER));
        }
    }
    Err(exhausted())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn romans_9_62_morale_breaks_beyond_the_level() {
        // 9.67: 44% of 100 SSP flees on the 45th SSP lost, not the 44th.
        assert!(!breaks(44, 100, 44));
        assert!(breaks(45, 100, 44));
        // 9.62: 40 of 100.
        assert!(!breaks(40, 100, 40));
        assert!(breaks(41, 100, 40));
    }

    #[test]
    fn romans_8_31_better_commander_shifts_his_own_column() {
        assert_eq!(rating_shift(Some(4), Some(3)), [1, 0]);
        assert_eq!(rating_shift(Some(2), Some(3)), [0, 1]);
        assert_eq!(rating_shift(Some(3), Some(3)), [0, 0]);
    }
}
