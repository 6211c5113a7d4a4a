//! Romans [13.56]: parlay. Just before an assault or a siege roll the attacker may offer terms
//! the engine enforces (garrison freed, no sack, tribute, payment: ruling AMB-65, R-50); the
//! city's owner accepts them through his standing `surrender` orders, and the city surrenders.

use std::collections::BTreeMap;

use super::cities::{take_city, Fall};
use super::orders::{Standing, Terms};
use super::sequence::side_name;
use super::state::State;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// Romans [13.56]: `side` offers `terms` for the city `key` just before an assault or a siege
/// roll. Its owner accepts when his standing orders accept terms at least this good for it and
/// he can pay the tribute. Returns whether the city surrendered (it is then taken, the
/// talents change hands). A city nobody holds cannot parlay.
///
/// Errors: [`RuleError::Illegal`] under `at` when nobody holds the city or the attacker cannot
/// pay what he offers.
#[allow(clippy::too_many_arguments)]
pub fn parlay(
    st: &mut State,
    side: &str,
    at: &str,
    key: &str,
    terms: &Terms,
    fall: &Fall,
    standing: &BTreeMap<String, Standing>,
    dice: Option<&mut Dice>,
    ev: &mut Vec<Event>,
) -> Result<bool, RuleError> {
    let c =
        st.cities.get(key).cloned().ok_or_else(|| {
            RuleError::illegal(at, "Romans [13.56]", "no city there to parlay with")
        })?;
    let Some(owner) = c.control.clone() else {
        return Err(RuleError::illegal(
            at,
            "Romans [13.56]",
            format!(
                "{} is held by no player: there is nobody to parlay with",
                c.name
            ),
        ));
    };
    if st.talents(side) < terms.payment {
        return Err(RuleError::illegal(
            at,
            "Romans [13.56]",
            format!(
                "the parlay offers {} talents and {} has {}",
                terms.payment,
                side_name(side),
                st.talents(side)
            ),
        ));
    }
    let accepted = standing.get(&owner).and_then(|s| {
        s.surrender
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(&c.name) || **k == c.at.hex)
            .map(|(_, a)| a.clone())
    });
    let offer = format!(
        "garrison {}, {}, tribute {}, payment {}",
        if terms.garrison_free {
            "free"
        } else {
            "at the captor's disposal"
        },
        if terms.no_sack {
            "no sack"
        } else {
            "sack allowed"
        },
        terms.tribute,
        terms.payment
    );
    let ok = match &accepted {
        None => {
            ev.push(Event::new(
                "Romans [13.56]",
                format!(
                    "{} offers {} terms for {} ({offer}); {} has no standing surrender order for it and refuses (default)",
                    side_name(side),
                    side_name(&owner),
                    c.name,
                    side_name(&owner)
                ),
            ));
            return Ok(false);
        }
        Some(a) => {
            (!a.garrison_free || terms.garrison_free)
                && (!a.no_sack || terms.no_sack)
                && terms.tribute <= a.max_tribute
                && terms.payment >= a.min_payment
                && st.talents(&owner) >= terms.tribute
        }
    };
    ev.push(Event::new(
        "Romans [13.56]",
        format!(
            "{} offers {} terms for {} ({offer}): {}",
            side_name(side),
            side_name(&owner),
            c.name,
            if ok {
                "accepted by standing order; the city surrenders"
            } else {
                "refused by standing order"
            }
        ),
    ));
    if !ok {
        return Ok(false);
    }
    st.spend(&owner, terms.tribute, "Romans [13.56]", "the tribute")?;
    st.earn(side, terms.tribute);
    st.spend(side, terms.payment, "Romans [13.56]", "the payment")?;
    st.earn(&owner, terms.payment);
    let mut f = fall.clone();
    f.terms = Some(terms.clone());
    f.attackers.clear();
    take_city(st, side, key, &f, standing, dice, ev)?;
    Ok(true)
}
