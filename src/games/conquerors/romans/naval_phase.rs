//! Romans [11.16], [13.47], [5.24]: the phasing player's fleets checked over the whole
//! Campaign Phase, before any die: a fleet that began the phase in a hex with an enemy fleet
//! has moved away or attacked it (a fleet defending a besieged port of its own need not); no
//! fleet ends the phase in an all-sea hex (unless the rules let it stay there).

use std::collections::BTreeSet;

use super::fleets::{self, key, words};
use super::naval_bases;
use super::orders::Move;
use super::state::State;
use crate::geo::HexKey;
use crate::ruleset::RuleError;

/// Romans [11.16], [13.47], [5.24]: checks the phase's moves as a whole: a fleet that began
/// the phase in a hex with an enemy fleet has moved away or attacked it (a fleet defending a
/// besieged port friendly to it need not, [13.47]); no fleet ends the phase in an all-sea hex.
/// `before` is the state at the start of the phase, `after` after the moves were checked.
///
/// Errors: [`RuleError::Illegal`] naming `moves`.
pub fn check_phase(
    before: &State,
    after: &State,
    side: &str,
    moves: &[Move],
) -> Result<(), RuleError> {
    let w = fleets::waters(before);
    let mut shared: BTreeSet<HexKey> = BTreeSet::new();
    for q in before.squadrons.values().filter(|q| q.side == side) {
        let Some(k) = key(&q.at).and_then(|k| w.canonical(&k)) else {
            continue;
        };
        if !fleets::enemy_squadrons(before, &w, &k, side).is_empty() {
            shared.insert(k);
        }
    }
    for k in shared {
        let besieged_own = fleets::city_at(before, &w, &k).is_some_and(|(ck, c)| {
            c.control.as_deref() == Some(side)
                && before
                    .sieges
                    .get(&ck)
                    .is_some_and(|s| before.hostile(&s.side, side))
        });
        if besieged_own {
            continue;
        }
        let attacked = moves.iter().any(|m| {
            m.path
                .first()
                .and_then(|h| fleets::parse_hex(before, h, &k.map).ok())
                .and_then(|x| w.canonical(&x))
                == Some(k.clone())
                && before
                    .commanders
                    .get(&m.commander)
                    .and_then(|c| key(&c.at))
                    .and_then(|x| w.canonical(&x))
                    == Some(k.clone())
        });
        let stays = fleets::squadrons_at(after, &w, &k, Some(side))
            .iter()
            .any(|q| {
                before.squadrons.get(q).is_some_and(|b| {
                    b.side == side && key(&b.at).and_then(|x| w.canonical(&x)) == Some(k.clone())
                })
            })
            && !fleets::enemy_squadrons(after, &w, &k, side).is_empty();
        if stays && !attacked {
            return Err(RuleError::illegal(
                "moves",
                "Romans [11.16]",
                format!("{}'s fleet began the phase at {} with an enemy fleet: it must move away at once or attack it (a move whose path begins with {})", super::sequence::side_name(side), words(before, &k), words(before, &k)),
            ));
        }
    }
    for (id, q) in after.squadrons.iter().filter(|(_, q)| q.side == side) {
        let Some(k) = key(&q.at) else { continue };
        let own =
            naval_bases::own_base(after, &w, &k, &std::iter::once(q.nation.clone()).collect());
        if w.all_sea(&k)
            && !own
            && !after.naval.at_sea.contains(id)
            && !after.naval.unchecked.contains(id)
        {
            return Err(RuleError::illegal(
                "moves",
                "Romans [5.24]",
                format!("{id} would end the Campaign Phase in the all-sea hex {}: a fleet never ends a Game-Turn there", words(before, &k)),
            ));
        }
    }
    Ok(())
}
