//! The typed table model every game reads its charts with: rows indexed by a die roll (1d6,
//! 2d6, d10 read 0–9, two d10 read 00–99) or by a key the game defines (a city, a band of
//! victory points…), columns by label (odds `3:1` / `3-1`, terrain…), text cells; odds columns
//! and column shifts.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::check::Findings;

/// The dice a table is read with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Dice {
    /// One six-sided die: rows `1`…`6`.
    D6,
    /// Two six-sided dice summed: rows `2`…`12`.
    TwoD6,
    /// One ten-sided die read 0–9: rows `0`…`9`.
    D10,
    /// Two ten-sided dice read as tens and units, 00–99: rows `00`…`99`.
    D100,
}

impl Dice {
    /// Lowest and highest roll.
    pub fn range(self) -> (u32, u32) {
        match self {
            Dice::D6 => (1, 6),
            Dice::TwoD6 => (2, 12),
            Dice::D10 => (0, 9),
            Dice::D100 => (0, 99),
        }
    }
    /// The row key of a roll (`7`, or `07` for two d10); `None` outside the dice's range.
    pub fn key(self, roll: u32) -> Option<String> {
        let (lo, hi) = self.range();
        if roll < lo || roll > hi {
            return None;
        }
        Some(match self {
            Dice::D100 => format!("{roll:02}"),
            _ => roll.to_string(),
        })
    }
    /// Every row key, lowest roll first.
    pub fn keys(self) -> Vec<String> {
        let (lo, hi) = self.range();
        (lo..=hi).filter_map(|r| self.key(r)).collect()
    }
    /// How the dice are written in rule citations (`1d6`, `2d6`, `d10 (0-9)`, `two d10 (00-99)`).
    pub fn name(self) -> &'static str {
        match self {
            Dice::D6 => "1d6",
            Dice::TwoD6 => "2d6",
            Dice::D10 => "d10 (0-9)",
            Dice::D100 => "two d10 (00-99)",
        }
    }
}

/// What a game's tables are indexed by: each game has its own kinds (Alexandros: `die`, `city`,
/// `victory-points`, `unit-type`); the model needs to know only which are die rolls.
pub trait RowIndex {
    /// The dice this row kind is read with, if it is a die roll.
    fn dice(&self) -> Option<Dice>;
}

/// One table. Key: the table's name in kebab-case (`minor-combat-results`…). Its provenance is
/// carried by the [`super::Item`] holding it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Table<R> {
    /// Title as the rulebook names it.
    pub title: String,
    /// What the rows are indexed by.
    pub rows_by: R,
    /// Column labels, in order (odds `"1:1"`, province types, `Rout`/`Loss`…).
    pub columns: Vec<String>,
    /// Allowed cell values; empty = any text (then the game checks the cells).
    #[serde(default)]
    pub results: Vec<String>,
    /// Row key → one cell per column.
    pub rows: BTreeMap<String, Vec<String>>,
    /// Result when the odds exceed the last column (Alexandros 9.4: above 4:1 the defender is
    /// eliminated).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub above_last_column: Option<String>,
    /// Rows printed in the rulebook inside an otherwise provisional table: row → section.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sourced_rows: BTreeMap<String, String>,
    /// Cells printed in a row the rulebook prints only in part: `row/column` → section.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sourced_cells: BTreeMap<String, String>,
    /// How to read the table (paraphrase of the rule, with sections).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// Where odds or a shifted column fall on a table's odds columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OddsColumn {
    /// Below the first column.
    Below,
    /// This column (index into `columns`).
    Column(usize),
    /// Beyond the last column (which has no `+`).
    Above,
}

/// Reads an odds label: `3:1`, `1-2`, `4-1+` (the `+`: this column and everything above).
/// Returns (attack part, defence part, open-ended).
pub fn odds_label(label: &str) -> Option<(u32, u32, bool)> {
    let l = label.trim();
    let (l, open) = match l.strip_suffix('+') {
        Some(x) => (x, true),
        None => (l, false),
    };
    let (a, d) = l.split_once(':').or_else(|| l.split_once('-'))?;
    let (a, d) = (a.trim().parse().ok()?, d.trim().parse().ok()?);
    (a > 0 && d > 0).then_some((a, d, open))
}

/// The odds column for `attack` against `defence` strength: the highest column whose ratio the
/// odds reach, i.e. odds rounded in the defender's favour (31 against 8 is 3:1). Odds below the
/// first column are [`OddsColumn::Below`]; above a last column without `+` by a full step
/// (5:1 when the last is 4:1; 2:1 when it is 1:1) [`OddsColumn::Above`]. No defence is Above.
/// Labels that are not odds are skipped. Integer arithmetic only.
pub fn odds_column(columns: &[String], attack: u32, defence: u32) -> OddsColumn {
    let parsed: Vec<(usize, (u32, u32, bool))> = columns
        .iter()
        .enumerate()
        .filter_map(|(i, c)| odds_label(c).map(|o| (i, o)))
        .collect();
    let Some(&(last_i, (la, ld, open))) = parsed.last() else {
        return OddsColumn::Below;
    };
    let (attack, defence) = (u64::from(attack), u64::from(defence));
    if defence == 0 {
        return if open {
            OddsColumn::Column(last_i)
        } else {
            OddsColumn::Above
        };
    }
    // The next step beyond the last column: (a+1):1, or 1:(d-1) for a 1:d column.
    let (na, nd) = if ld == 1 || la != 1 {
        (u64::from(la) + 1, u64::from(ld))
    } else {
        (1, u64::from(ld) - 1)
    };
    if !open && attack * nd >= na * defence {
        return OddsColumn::Above;
    }
    let mut found = OddsColumn::Below;
    for (i, (a, d, _)) in parsed {
        if attack * u64::from(d) >= u64::from(a) * defence {
            found = OddsColumn::Column(i);
        }
    }
    found
}

/// A column shifted by `by` columns (positive: right), clamped to nothing: off either end is
/// [`OddsColumn::Below`] / [`OddsColumn::Above`], for the rule to decide.
pub fn shift(columns: usize, from: OddsColumn, by: i32) -> OddsColumn {
    let start: i64 = match from {
        OddsColumn::Below => -1,
        OddsColumn::Column(i) => i as i64,
        OddsColumn::Above => columns as i64,
    };
    let to = start + i64::from(by);
    if to < 0 {
        OddsColumn::Below
    } else if to >= columns as i64 {
        OddsColumn::Above
    } else {
        OddsColumn::Column(to as usize)
    }
}

impl<R: RowIndex> Table<R> {
    /// The cell at a row key and column label.
    pub fn cell(&self, row: &str, column: &str) -> Option<&str> {
        let c = self.columns.iter().position(|x| x == column)?;
        self.rows.get(row)?.get(c).map(String::as_str)
    }

    /// The cell for a roll of the table's dice (1–6 for 1d6; 0–99 for two d10) and a column
    /// label (a table not read with dice: the row named by the number). `None` if the roll is
    /// out of the dice's range or the row is absent.
    pub fn roll(&self, roll: u8, column: &str) -> Option<&str> {
        let key = match self.rows_by.dice() {
            Some(d) => d.key(u32::from(roll))?,
            None => roll.to_string(),
        };
        self.cell(&key, column)
    }

    /// The odds column of this table for `attack` against `defence` (see [`odds_column`]).
    pub fn odds(&self, attack: u32, defence: u32) -> OddsColumn {
        odds_column(&self.columns, attack, defence)
    }

    /// For a table read with `base` dice plus modifiers (a Naval CRT read 0–7, a Siege CRT
    /// read 2–14): whether its rows are whole numbers, contiguous, covering every unmodified
    /// roll. Errors: why not, in words.
    pub fn contiguous_rows(&self, base: Dice) -> Result<(), String> {
        let keys: BTreeSet<i64> = self.rows.keys().filter_map(|k| k.parse().ok()).collect();
        let (lo, hi) = base.range();
        let covered = match (keys.first(), keys.last()) {
            (Some(&a), Some(&b)) => {
                a <= i64::from(lo) && b >= i64::from(hi) && (a..=b).all(|r| keys.contains(&r))
            }
            _ => false,
        };
        if covered && keys.len() == self.rows.len() {
            Ok(())
        } else {
            Err(format!(
                "rows {:?} are not contiguous numbers covering {lo}-{hi}",
                self.rows.keys().collect::<Vec<_>>()
            ))
        }
    }

    /// Schema and completeness: columns non-empty and distinct, a cell for every column in
    /// every row, cells among `results` when given, and for a die-indexed table a row for every
    /// die value and no other row. `dice_rule` cites the game's rule for its dice.
    pub fn check(&self, o: &mut Findings, file: &str, item: &str, dice_rule: &str) {
        let cols: BTreeSet<&String> = self.columns.iter().collect();
        if self.columns.is_empty() || cols.len() != self.columns.len() {
            o.add(
                file,
                item,
                "tables schema: columns are non-empty and distinct",
                "empty or repeated column",
            );
        }
        for (r, cells) in &self.rows {
            if cells.len() != self.columns.len() {
                o.add(
                    file,
                    item,
                    "tables schema: every row has a cell for every column",
                    format!(
                        "row `{r}` has {} cells for {} columns",
                        cells.len(),
                        self.columns.len()
                    ),
                );
            }
            if !self.results.is_empty() {
                for c in cells {
                    if !self.results.contains(c) {
                        o.add(
                            file,
                            item,
                            "tables schema: cells use the table's result codes",
                            format!("row `{r}`: `{c}` is not one of {:?}", self.results),
                        );
                    }
                }
            }
        }
        if let Some(dice) = self.rows_by.dice() {
            let keys = dice.keys();
            let (lo, hi) = dice.range();
            for k in &keys {
                if !self.rows.contains_key(k) {
                    o.add(
                        file,
                        item,
                        &format!("{dice_rule}: tables are read with {}, every die value {lo}-{hi} has a row", dice.name()),
                        format!("no row for die value {k}"),
                    );
                }
            }
            for r in self.rows.keys() {
                if !keys.contains(r) {
                    o.add(
                        file,
                        item,
                        &format!("{dice_rule}: tables are read with {}", dice.name()),
                        format!("row `{r}` is not a die value"),
                    );
                }
            }
        }
    }
}

/// Reads a die-range cell: `"1-5"` → `Some((1, 5))`, `"1"` → `Some((1, 1))`, `"N"` or blank →
/// `None` (never).
pub fn die_range(cell: &str) -> Option<(u8, u8)> {
    let cell = cell.trim();
    if let Some((a, b)) = cell.split_once('-') {
        Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
    } else {
        let v: u8 = cell.parse().ok()?;
        Some((v, v))
    }
}

/// Reads a band of values: `"11-15"` → `(11, Some(15))`, `"26+"` → `(26, None)`.
pub fn band(key: &str) -> Option<(u32, Option<u32>)> {
    if let Some(lo) = key.strip_suffix('+') {
        return Some((lo.trim().parse().ok()?, None));
    }
    let (a, b) = key.split_once('-')?;
    Some((a.trim().parse().ok()?, Some(b.trim().parse().ok()?)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cols(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn dice_keys_cover_every_roll() {
        assert_eq!(Dice::D6.keys(), cols(&["1", "2", "3", "4", "5", "6"]));
        assert_eq!(Dice::TwoD6.keys().len(), 11);
        assert_eq!(Dice::D10.keys().first().map(String::as_str), Some("0"));
        let d100 = Dice::D100.keys();
        assert_eq!(
            (d100.len(), d100[7].as_str(), d100[99].as_str()),
            (100, "07", "99")
        );
        assert_eq!(Dice::D6.key(7), None);
    }

    #[test]
    fn alexandros_9_4_odds_round_down() {
        let c = cols(&["1:1", "2:1", "3:1", "4:1"]);
        assert_eq!(odds_column(&c, 31, 8), OddsColumn::Column(2));
        assert_eq!(odds_column(&c, 7, 8), OddsColumn::Below);
        assert_eq!(odds_column(&c, 49, 10), OddsColumn::Column(3));
        assert_eq!(odds_column(&c, 50, 10), OddsColumn::Above);
        assert_eq!(odds_column(&c, 1, 0), OddsColumn::Above);
    }

    #[test]
    fn romans_revolt_table_odds_with_open_last_column() {
        // Romans [16.27] Revolt Table columns 1-3 … 4-1+.
        let c = cols(&["1-3", "1-2", "1-1", "2-1", "3-1", "4-1+"]);
        assert_eq!(odds_column(&c, 2, 5), OddsColumn::Column(0));
        assert_eq!(odds_column(&c, 1, 4), OddsColumn::Below);
        assert_eq!(odds_column(&c, 9, 6), OddsColumn::Column(2));
        assert_eq!(odds_column(&c, 90, 6), OddsColumn::Column(5));
        assert_eq!(odds_column(&c, 9, 0), OddsColumn::Column(5));
    }

    #[test]
    fn column_shifts_leave_the_table_at_either_end() {
        assert_eq!(shift(6, OddsColumn::Column(2), 2), OddsColumn::Column(4));
        assert_eq!(shift(6, OddsColumn::Column(4), 2), OddsColumn::Above);
        assert_eq!(shift(6, OddsColumn::Column(1), -2), OddsColumn::Below);
        assert_eq!(shift(6, OddsColumn::Below, 1), OddsColumn::Column(0));
    }

    #[test]
    fn bands_and_die_ranges_read() {
        assert_eq!(band("11-15"), Some((11, Some(15))));
        assert_eq!(band("26+"), Some((26, None)));
        assert_eq!(die_range("1-5"), Some((1, 5)));
        assert_eq!(die_range("N"), None);
    }
}
