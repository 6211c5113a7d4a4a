//! Counter validation: steps, reduced sides, missile strengths, leaders.

use super::super::counters::{SetupCode, Side};
use super::super::{Pack, COUNTERS_FILE};
use super::Out;

/// Alexandros 2.3 (steps, two-counter units, reduced sides), 10.13 (missile strengths),
/// 10.16/12.10 (wounded sides), 12.7 (two-step units are single-coloured), 8.3 (Home Army).
pub(super) fn check_counters(pack: &Pack, o: &mut Out) {
    let f = COUNTERS_FILE;
    for (code, u) in &pack.counters.units {
        let item = format!("units/{code}");
        if u.steps.is_empty() || u.steps.len() > 4 {
            o.add(
                f,
                &item,
                "Alexandros 2.3: a unit has one to four steps",
                format!("{} steps", u.steps.len()),
            );
        }
        if (u.steps.len() == 4) != (u.counters == 2) || u.counters == 0 || u.counters > 2 {
            o.add(
                f,
                &item,
                "Alexandros 2.3: four-step units use two counters, others one",
                format!("{} steps on {} counters", u.steps.len(), u.counters),
            );
        }
        for (i, w) in u.steps.windows(2).enumerate() {
            if w[1].attack > w[0].attack || w[1].defense > w[0].defense {
                o.add(
                    f,
                    &item,
                    "Alexandros 2.3, 12.3: a reduced side is never stronger than the side above it",
                    format!(
                        "step {} is {}-{} but step {} is {}-{}",
                        i + 2,
                        w[1].attack,
                        w[1].defense,
                        i + 1,
                        w[0].attack,
                        w[0].defense
                    ),
                );
            }
        }
        if u.kind.is_missile() && u.steps.iter().any(|s| s.attack == 0 || s.attack > 5) {
            o.add(f, &item, "Alexandros 10.13: a missile unit hits on a d6 roll at most its attack, so attack is 1-5", "missile attack outside 1-5");
        }
        if u.flip_nationality.is_some() && u.steps.len() != 1 {
            o.add(
                f,
                &item,
                "Alexandros 12.7 DN: only one-step counters are back-printed in other colours",
                "flip side on a multi-step unit",
            );
        }
        if u.side == Side::Macedonian
            && (u.kind.is_cavalry() || u.kind.is_missile())
            && !u.forced_march
        {
            o.add(
                f,
                &item,
                "Alexandros 8.4: all Macedonian cavalry and archers may force march",
                "forced_march is false",
            );
        }
        if u.home_army && (u.setup != SetupCode::M || u.side != Side::Macedonian) {
            o.add(
                f,
                &item,
                "Alexandros 8.3: the Home Army is the Macedonian units marked M",
                "home_army unit not Macedonian with set-up M",
            );
        }
        if matches!(u.setup, SetupCode::M | SetupCode::I) && u.side != Side::Macedonian {
            o.add(
                f,
                &item,
                "Alexandros 3.2: M and I units are Macedonian",
                "non-Macedonian unit with set-up M or I",
            );
        }
        if matches!(u.setup, SetupCode::D | SetupCode::A) && u.side == Side::Macedonian {
            o.add(
                f,
                &item,
                "Alexandros 3.3: D and A units are Persian or Greek Mercenary",
                "Macedonian unit with set-up D or A",
            );
        }
    }
    for (name, l) in &pack.counters.leaders {
        let item = format!("leaders/{name}");
        match (l.rating, l.wounded_rating) {
            (0, Some(_)) => o.add(
                f,
                &item,
                "Alexandros 10.16, 12.10: \"0\" leaders have no wounded side",
                "rating 0 with a wounded rating",
            ),
            (r, None) if r > 0 => o.add(
                f,
                &item,
                "Alexandros 10.16: rated leaders have a wounded side",
                "no wounded rating",
            ),
            (r, Some(w)) if w > r => o.add(
                f,
                &item,
                "Alexandros 10.16: the wounded side is never stronger",
                format!("wounded {w} above rating {r}"),
            ),
            _ => {}
        }
    }
}
