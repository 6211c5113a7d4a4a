//! Tactical [6.0]: stacking, per side and per box, at all times. The Macedonians: five SSP
//! ([6.11]), a phalanx of four SSP or more alone ([6.13]); The Romans: two SSP, three for a box
//! of legionary infantry ([6.2] A–C). Commanders stack free ([6.12]); cavalry never ends a
//! Movement Phase with infantry-type units ([6.14]); elephants stack only with elephants
//! ([6.14], [13.27]); the Reserve Area has no limit ([10.11]).

use super::data::Class;
use super::display::BoxId;
use super::{Battle, Game};

/// Whether `side` may have `ids` (the units already there minus `leaving`, plus `adding`) in
/// `b`; `end_of_move` applies [6.14]'s cavalry rule. Err: why not, with the rule.
pub fn fits(
    bt: &Battle,
    side: usize,
    b: &BoxId,
    adding: &[String],
    leaving: &[String],
    end_of_move: bool,
) -> Result<(), (String, String)> {
    if b.is_reserve() {
        return Ok(());
    }
    let mut ids: Vec<String> = bt
        .in_box(side, b)
        .into_iter()
        .filter(|u| !leaving.contains(u) && !adding.contains(u))
        .collect();
    ids.extend(adding.iter().cloned());
    let units: Vec<&super::Unit> = ids.iter().filter_map(|u| bt.units.get(u)).collect();
    let ssp: u32 = units.iter().map(|u| u.ssp).sum();
    let limit = match bt.game {
        Game::Macedonians => 5,
        Game::Romans if units.iter().all(|u| u.class == Class::Legionary) => 3,
        Game::Romans => 2,
    };
    let rule6 = if bt.game == Game::Romans {
        "Tactical 6.2"
    } else {
        "Tactical 6.11"
    };
    if ssp > limit {
        return Err((
            rule6.into(),
            format!(
                "{ssp} SSP of one side in {}: the limit is {limit}",
                bt.place_words(b)
            ),
        ));
    }
    if units.len() > 1 {
        if bt.game == Game::Macedonians
            && units
                .iter()
                .any(|u| u.class == Class::Phalanx && u.ssp >= 4)
        {
            return Err((
                "Tactical 6.13".into(),
                "a phalanx of 4 SSP or more never stacks with another unit".into(),
            ));
        }
        let eleph = units.iter().filter(|u| u.class == Class::Elephant).count();
        if eleph > 0 && eleph < units.len() {
            return Err((
                "Tactical 6.14, 13.27".into(),
                "elephants stack only with elephants".into(),
            ));
        }
        if end_of_move
            && units.iter().any(|u| u.class == Class::Cavalry)
            && units.iter().any(|u| u.class.infantry_type())
        {
            return Err((
                "Tactical 6.14".into(),
                "cavalry may not end a Movement Phase with infantry-type units".into(),
            ));
        }
    }
    Ok(())
}
