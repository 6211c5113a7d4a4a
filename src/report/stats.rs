//! Audit statistics for dice: Pearson's chi-square goodness-of-fit test against a
//! fair die, computed exactly (integer fractions, no floating point).

use std::fmt;

/// Critical values of the chi-square distribution, in thousandths, for
/// df = 1..=9 at the 5% and 1% upper-tail significance levels.
///
/// Source: NIST/SEMATECH e-Handbook of Statistical Methods, section 1.3.6.7.4,
/// "Critical Values of the Chi-Square Distribution" (upper-tail table, columns
/// 0.05 and 0.01), rounded there to three decimals.
pub const CRITICAL_5_PERCENT_MILLI: [u64; 9] = [
    3_841, 5_991, 7_815, 9_488, 11_070, 12_592, 14_067, 15_507, 16_919,
];
/// See [`CRITICAL_5_PERCENT_MILLI`].
pub const CRITICAL_1_PERCENT_MILLI: [u64; 9] = [
    6_635, 9_210, 11_345, 13_277, 15_086, 16_812, 18_475, 20_090, 21_666,
];

/// Fewest rolls per face for the test to mean anything (the usual rule of thumb:
/// every expected count at least 5).
pub const MIN_EXPECTED_PER_FACE: u64 = 5;

/// What the statistic says, in plain words (see [`Verdict::words`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Below the 5% critical value.
    Fair,
    /// At or above the 5% but below the 1% critical value.
    Unusual,
    /// At or above the 1% critical value.
    VeryUnusual,
    /// Fewer than [`MIN_EXPECTED_PER_FACE`] rolls per face on average.
    TooFewRolls,
    /// The die has fewer than 2 or more than 10 faces (no table value here), or the
    /// counts are too large to compute exactly.
    NotTested,
}

impl Verdict {
    /// The verdict in plain words, for a report.
    pub fn words(self) -> &'static str {
        match self {
            Verdict::Fair => "consistent with a fair die",
            Verdict::Unusual => "unusual: would happen by chance about 1 time in 20",
            Verdict::VeryUnusual => "very unusual: would happen by chance about 1 time in 100",
            Verdict::TooFewRolls => "too few rolls to judge (fewer than 5 per face)",
            Verdict::NotTested => "not tested (no table value for this die)",
        }
    }
}

/// Result of [`chi_square`]. The statistic is the exact fraction
/// `numerator / denominator` (denominator = number of rolls, > 0 unless no rolls).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChiSquare {
    pub numerator: u128,
    pub denominator: u128,
    /// Degrees of freedom: faces − 1.
    pub degrees_of_freedom: u32,
    /// Total number of rolls.
    pub rolls: u64,
    pub verdict: Verdict,
}

impl ChiSquare {
    /// The statistic rounded half-up to 2 decimals, e.g. `"3.40"` (`"0.00"` for no rolls).
    pub fn statistic_2dp(&self) -> String {
        if self.denominator == 0 {
            return "0.00".to_string();
        }
        let hundredths = (self.numerator * 200 + self.denominator) / (2 * self.denominator);
        format!("{}.{:02}", hundredths / 100, hundredths % 100)
    }
}

impl fmt::Display for ChiSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "chi-square {} ({} degrees of freedom, {} rolls) — {}",
            self.statistic_2dp(),
            self.degrees_of_freedom,
            self.rolls,
            self.verdict.words()
        )
    }
}

/// Pearson's chi-square statistic of `counts` (how often each face came up) against a
/// fair die with `counts.len()` faces: `Σ (O − E)² / E` with `E = n / k`, computed
/// exactly as `(k · Σ O² − n²) / n`.
///
/// The verdict uses the table for df = 1..=9 (dice of 2 to 10 faces); other sizes get
/// [`Verdict::NotTested`], as do totals too large for exact 128-bit arithmetic.
pub fn chi_square(counts: &[u64]) -> ChiSquare {
    let k = counts.len() as u128;
    let df = counts.len().saturating_sub(1) as u32;
    let n: u128 = counts.iter().map(|&c| c as u128).sum();
    let rolls = u64::try_from(n).unwrap_or(u64::MAX);
    let exact = || -> Option<(u128, u128)> {
        let mut sum_sq: u128 = 0;
        for &c in counts {
            sum_sq = sum_sq.checked_add((c as u128).checked_mul(c as u128)?)?;
        }
        let num = k.checked_mul(sum_sq)?.checked_sub(n.checked_mul(n)?)?;
        // Headroom for the comparisons below (× 1000) and rounding (× 200).
        num.checked_mul(1000)?;
        n.checked_mul(22_000)?;
        Some((num, n))
    };
    let Some((numerator, denominator)) = (if n == 0 { Some((0, 0)) } else { exact() }) else {
        return ChiSquare {
            numerator: 0,
            denominator: 0,
            degrees_of_freedom: df,
            rolls,
            verdict: Verdict::NotTested,
        };
    };
    let verdict = if !(1..=9).contains(&df) {
        Verdict::NotTested
    } else if n < MIN_EXPECTED_PER_FACE as u128 * k {
        Verdict::TooFewRolls
    } else {
        let i = (df - 1) as usize;
        // statistic >= crit/1000  ⇔  numerator · 1000 >= crit · denominator
        let at_least = |crit: u64| numerator * 1000 >= crit as u128 * denominator;
        if at_least(CRITICAL_1_PERCENT_MILLI[i]) {
            Verdict::VeryUnusual
        } else if at_least(CRITICAL_5_PERCENT_MILLI[i]) {
            Verdict::Unusual
        } else {
            Verdict::Fair
        }
    };
    ChiSquare {
        numerator,
        denominator,
        degrees_of_freedom: df,
        rolls,
        verdict,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perfectly_even_d6() {
        let c = chi_square(&[10, 10, 10, 10, 10, 10]);
        assert_eq!((c.numerator, c.denominator), (0, 60));
        assert_eq!(c.statistic_2dp(), "0.00");
        assert_eq!(c.degrees_of_freedom, 5);
        assert_eq!(c.verdict, Verdict::Fair);
    }

    #[test]
    fn known_d6_values() {
        // 60 rolls of a d6, E = 10; O = 5,8,9,8,10,20 → (O−E)² = 25,4,1,4,0,100
        // → 134/10 = 13.4 (df 5: above 11.070, below 15.086).
        let c = chi_square(&[5, 8, 9, 8, 10, 20]);
        assert_eq!(c.statistic_2dp(), "13.40");
        assert_eq!(c.verdict, Verdict::Unusual);
        assert_eq!(
            c.to_string(),
            "chi-square 13.40 (5 degrees of freedom, 60 rolls) — \
             unusual: would happen by chance about 1 time in 20"
        );
        // 60 rolls, one face 25 times: (O−E)² = 225+25+25+25+25+25 = 350 → 35.00.
        let c = chi_square(&[25, 5, 5, 5, 5, 15]);
        assert_eq!(c.statistic_2dp(), "35.00");
        assert_eq!(c.verdict, Verdict::VeryUnusual);
    }

    #[test]
    fn coin_and_rounding() {
        // 100 flips, 60 heads: (10² + 10²)/50 = 4.00 ≥ 3.841 → unusual.
        let c = chi_square(&[60, 40]);
        assert_eq!(c.statistic_2dp(), "4.00");
        assert_eq!(c.verdict, Verdict::Unusual);
        // d3, 7,7,8 = 22 rolls: (k·ΣO² − n²)/n = (3·162 − 484)/22 = 2/22 ≈ 0.0909.
        let c = chi_square(&[7, 7, 8]);
        assert_eq!((c.numerator, c.denominator), (2, 22));
        assert_eq!(c.statistic_2dp(), "0.09");
        assert_eq!(c.verdict, Verdict::Fair);
    }

    #[test]
    fn small_deviation_is_fair() {
        // 51 vs 49 over 100 flips → 0.04, well under 3.841.
        assert_eq!(chi_square(&[51, 49]).verdict, Verdict::Fair);
    }

    #[test]
    fn edge_cases() {
        assert_eq!(chi_square(&[]).verdict, Verdict::NotTested);
        assert_eq!(chi_square(&[3]).verdict, Verdict::NotTested);
        assert_eq!(
            chi_square(&[1, 2, 3, 4, 5, 6]).verdict,
            Verdict::TooFewRolls
        );
        assert_eq!(chi_square(&[0; 6]).statistic_2dp(), "0.00");
        assert_eq!(chi_square(&[10; 12]).verdict, Verdict::NotTested);
        assert_eq!(
            chi_square(&[u64::MAX, u64::MAX]).verdict,
            Verdict::NotTested
        );
    }
}
