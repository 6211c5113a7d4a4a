//! Romans [9.8] (optional, option `roman-encampment`): Roman Encampments. A Roman Force of at
//! least legion size whose march in a Campaign Phase was held to 10 MP may pitch camp at its end
//! (the order `encamp:` names its commander). Until Rome's next Campaign Phase the camp stands:
//! attacked there, the Force may not Retreat Before or During Combat, its SSP count double for
//! the odds (and for the Overrun test, [5.71]), and the battle is fought on the Strategic CRT,
//! never on the Tactical display. Readings: docs/romans-rulings.md R-144.

use super::sequence::side_name;
use super::state::{city_key, State};
use crate::ruleset::{Event, RuleError};

/// The option of `legatus new` that offers the rule.
pub const OPTION: &str = "roman-encampment";

/// The only side that may pitch camp ([9.8]: a Roman rule).
const ROME: &str = "rome";

/// The most MP a Force may have marched in the phase and still pitch camp ([9.8]), in MP.
const MOST_MP: u32 = 10;

fn chosen(st: &State) -> bool {
    st.options.iter().any(|o| o == OPTION)
}

/// The smallest Force that may pitch camp, in SSP: a full legion of the counter mix (the
/// smaller of the odd and even legions, 22 SSP in the data), ruling R-144.
fn legion_size(st: &State) -> u32 {
    let l = &st.pack.counters.legion.item.ssp;
    l.odd.min(l.even)
}

/// The Roman land units of commander `cid`'s Force: those in his hex, outside its city and
/// ashore.
fn force_of(st: &State, cid: &str) -> Vec<String> {
    let Some(c) = st.commanders.get(cid) else {
        return Vec::new();
    };
    st.units_at(&c.at.map, &c.at.hex)
        .filter(|(k, u)| u.side == ROME && !u.at.inside && super::transport::ashore(st, k))
        .map(|(k, _)| k.clone())
        .collect()
}

/// Whether Rome's Force in `hex` of `map` stands in a camp pitched in its last Campaign Phase
/// ([9.8]): the camp's commander is still there, outside the city. Only Rome is ever
/// encamped.
pub fn encamped(st: &State, map: &str, hex: &str, side: &str) -> bool {
    if side != ROME {
        return false;
    }
    st.encamped.get(&city_key(map, hex)).is_some_and(|cid| {
        st.commanders
            .get(cid)
            .is_some_and(|c| c.at.map == map && c.at.hex == hex && !c.at.inside)
    })
}

/// [9.8]: the camps pitched in Rome's last Campaign Phase are struck when her next one begins
/// (a camp is pitched for one Campaign Phase and must be pitched again after the next march).
pub fn strike(st: &mut State, side: &str) {
    if side == ROME {
        st.encamped.clear();
    }
}

/// [9.8]: the camps `side` orders at the end of the moves of its Campaign Phase, each checked:
/// the option chosen, Rome's own commander, outside a city and ashore, no Forced March, no more
/// than 10 MP marched by him or by whoever moved a unit of his Force this phase, and a Force of
/// at least legion size.
///
/// Errors: [`RuleError::Illegal`] at `encamp[k]` naming [9.8] and why.
pub fn pitch(
    st: &mut State,
    side: &str,
    camps: &[String],
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    for (k, cid) in camps.iter().enumerate() {
        let refuse = |why: String| RuleError::illegal(format!("encamp[{k}]"), "Romans [9.8]", why);
        if !chosen(st) {
            return Err(refuse(format!(
                "Roman Encampments are an optional rule: the game was not set up with `--option {OPTION}`"
            )));
        }
        if side != ROME {
            return Err(refuse(format!(
                "only the Roman Player pitches camp, not {}",
                side_name(side)
            )));
        }
        let Some(c) = st.commanders.get(cid) else {
            let own = st
                .commanders
                .iter()
                .filter(|(_, c)| c.side == ROME)
                .map(|(k, _)| k.as_str());
            return Err(refuse(format!(
                "no commander `{cid}`{}",
                crate::names::did_you_mean(cid, own)
            )));
        };
        if c.side != ROME {
            return Err(refuse(format!("{cid} is not a Roman commander")));
        }
        if c.at.inside || !super::transport::ashore(st, cid) {
            return Err(refuse(format!(
                "{cid} is not in the open field at {} (inside a city or aboard a fleet)",
                c.at.hex
            )));
        }
        let (map, hex) = c.at.hex_only();
        let units = force_of(st, cid);
        // Whoever moved the Force this phase: the commander himself and the movers of its units.
        let mut movers: Vec<&str> = vec![cid.as_str()];
        movers.extend(
            units
                .iter()
                .filter_map(|u| st.committed.get(u))
                .map(String::as_str),
        );
        for m in movers {
            if let Some(done) = st.moved.get(m) {
                if done.forced > 0 {
                    return Err(refuse(format!(
                        "the Force at {hex} made a Forced March this phase ({m}): a camp needs a march held to {MOST_MP} MP"
                    )));
                }
                // `spent` is in half MP.
                if done.spent > 2 * MOST_MP {
                    return Err(refuse(format!(
                        "the Force at {hex} was moved {} MP this phase by {m}: a camp needs a march held to {MOST_MP} MP",
                        done.spent.div_ceil(2)
                    )));
                }
            }
        }
        let ssp: u32 = units.iter().map(|u| st.units[u].ssp).sum();
        let need = legion_size(st);
        if ssp < need {
            return Err(refuse(format!(
                "the Force of {cid} at {hex} is {ssp} SSP: a camp needs a Force of legion size, {need} SSP or more"
            )));
        }
        st.encamped.insert(city_key(&map, &hex), cid.clone());
        ev.push(Event::new(
            "Romans [9.8]",
            format!(
                "the Roman Force of {} ({cid}) at {hex} ({ssp} SSP) pitches camp: until Rome's next Campaign Phase it may not retreat if attacked, and its SSP count double",
                st.commander_name(cid)
            ),
        ));
    }
    Ok(())
}

/// [9.8]: an encamped Force's SSP for the odds of a battle or an Overrun: doubled.
pub fn odds_ssp(encamped: bool, ssp: u32) -> u32 {
    if encamped {
        ssp * 2
    } else {
        ssp
    }
}

/// [9.8]: an encamped Force may not retreat; reported when its owner's order asked it to.
pub fn no_retreat(hex: &str, what: &str) -> Event {
    Event::new(
        "Romans [9.8]",
        format!("the Roman Force encamped at {hex} may not {what}: it stands and fights"),
    )
}

/// The template's lines for [9.8]: the Roman commanders whose Force is of legion size now (the
/// march they make this phase must then stay within 10 MP), when the option was chosen.
pub fn template(st: &State, side: &str) -> String {
    if !chosen(st) || side != ROME {
        return String::new();
    }
    let need = legion_size(st);
    let able: Vec<String> = st
        .commanders
        .iter()
        .filter(|(id, c)| c.side == ROME && !c.at.inside && super::transport::ashore(st, id))
        .filter_map(|(id, c)| {
            let ssp: u32 = force_of(st, id).iter().map(|u| st.units[u].ssp).sum();
            (ssp >= need).then(|| format!("{id} ({ssp} SSP at {})", c.at.hex))
        })
        .collect();
    let mut out = format!(
        "  # Romans [9.8]: pitch camp after a march of {MOST_MP} MP or less, no Forced March, with a Force of {need} SSP or more: [COMMANDER, ...]\n"
    );
    if able.is_empty() {
        out.push_str("  #   no Roman Force is of legion size now\n");
    } else {
        out.push_str(&format!("  #   of legion size now: {}\n", able.join(", ")));
    }
    out.push_str("  encamp: []\n");
    out
}
