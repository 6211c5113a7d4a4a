//! The names in The Romans' standing orders (`orders::Standing`), checked when an order file
//! is made into an entry: each commander, unit, hex, zone and odds column must be one the game
//! knows, and each refusal names the rule and the nearest names (Romans [6.2], [10], [9.51];
//! the naval orders: [6.6], [11.13], errata 11.2).

use super::state::State;
use crate::geo::Hex;
use crate::ruleset::RuleError;

use super::orders::Standing;

fn nearest(id: &str, among: impl Iterator<Item = String>) -> String {
    let among: Vec<String> = among.collect();
    crate::names::did_you_mean(id, among.iter().map(String::as_str))
}

/// Every name of `standing` that `side`'s game does not know, with its JSON pointer.
pub fn check(st: &State, side: &str, standing: &Standing) -> Vec<(String, RuleError)> {
    let mut out = Vec::new();
    let own = || {
        st.commanders
            .iter()
            .filter(|(_, c)| c.side == side)
            .map(|(k, _)| k.clone())
    };
    let commander = |key: &str, section: &str, rule: &str, out: &mut Vec<(String, RuleError)>| {
        if key == "any" || st.commanders.get(key).is_some_and(|c| c.side == side) {
            return;
        }
        out.push((
            format!("/{section}/{key}"),
            RuleError::illegal(
                format!("standing.{section}"),
                rule,
                format!(
                    "no commander of yours `{key}` (name a commander or `any`){}",
                    nearest(key, own())
                ),
            ),
        ));
    };
    let radius = st.pack.movement.zones.land.radius;
    for (k, i) in &standing.intercept {
        commander(k, "intercept", "Romans [6.2]", &mut out);
        let zones = i.given().map(|i| i.zones.as_slice()).unwrap_or_default();
        for (n, z) in zones.iter().enumerate() {
            if *z == 0 || *z > radius {
                out.push((
                    format!("/intercept/{k}/zones/{n}"),
                    RuleError::illegal(
                        "standing.intercept",
                        "Romans [6.14]",
                        format!("zone {z}: the zones run from 1 (adjacent) to {radius}"),
                    ),
                ));
            }
        }
    }
    for k in standing.when_attacked.keys() {
        commander(k, "when_attacked", "Romans [10.1]", &mut out);
    }
    let columns = st
        .pack
        .table("strategic-crt")
        .map(|t| t.columns.clone())
        .unwrap_or_default();
    for (k, p) in &standing.retreat_during_combat {
        commander(k, "retreat_during_combat", "Romans [10.2]", &mut out);
        if let Some(at) = p.given().and_then(|p| p.at_odds.as_ref()) {
            if !columns.contains(at) {
                out.push((
                    format!("/retreat_during_combat/{k}/at_odds"),
                    RuleError::illegal(
                        "standing.retreat_during_combat",
                        "Romans [9.9]",
                        format!(
                            "no odds column `{at}` on the Strategic CRT ({}){}",
                            columns.join(", "),
                            nearest(at, columns.iter().cloned())
                        ),
                    ),
                ));
            }
        }
    }
    let map = st.map("romans");
    let waters = super::fleets::waters(st);
    for (k, path) in &standing.retreat_path {
        commander(k, "retreat_path", "Romans [10.13]", &mut out);
        let path = path.given().map(Vec::as_slice).unwrap_or_default();
        for (n, h) in path.iter().enumerate() {
            let known = Hex::parse(h)
                .ok()
                .is_some_and(|x| map.as_ref().is_some_and(|m| m.hex(x).is_some()))
                || super::fleets::parse_hex(st, h, "romans")
                    .ok()
                    .is_some_and(|k| waters.entry(&k).is_some());
            if !known {
                out.push((
                    format!("/retreat_path/{k}/{n}"),
                    RuleError::illegal(
                        "standing.retreat_path",
                        "Romans [10.15]",
                        format!("`{h}` is not a hex of the map (CCRR, quoted)"),
                    ),
                ));
            }
        }
    }
    let naval = st.pack.movement.zones.naval.radius;
    for (k, i) in &standing.naval_intercept {
        commander(k, "naval_intercept", "Romans [6.6]", &mut out);
        for (n, z) in i.zones.iter().enumerate() {
            if *z == 0 || *z > naval {
                out.push((
                    format!("/naval_intercept/{k}/zones/{n}"),
                    RuleError::illegal(
                        "standing.naval_intercept",
                        "Romans [6.62]",
                        format!("zone {z}: naval zones run from 1 (adjacent) to {naval}"),
                    ),
                ));
            }
        }
    }
    let own_ships = || {
        st.squadrons
            .iter()
            .filter(|(_, q)| q.side == side)
            .map(|(k, _)| k.clone())
    };
    for k in standing.fleet_when_attacked.keys() {
        let merchant = st
            .squadrons
            .get(k)
            .is_some_and(|q| q.side == side && q.kind == "merchant");
        if !merchant {
            commander(k, "fleet_when_attacked", "Romans [11.13]", &mut out);
        }
    }
    for (n, q) in standing.naval_loss_order().iter().enumerate() {
        if st.squadrons.get(q).is_none_or(|x| x.side != side) {
            out.push((
                format!("/naval_losses/{n}"),
                RuleError::illegal(
                    "standing.naval_losses",
                    "Romans [11.2]",
                    format!("no squadron of yours `{q}`{}", nearest(q, own_ships())),
                ),
            ));
        }
    }
    for (n, u) in standing.loss_order().iter().enumerate() {
        if st.units.get(u).is_none_or(|x| x.side != side) {
            let mine = st
                .units
                .iter()
                .filter(|(_, x)| x.side == side)
                .map(|(k, _)| k.clone());
            out.push((
                format!("/losses/{n}"),
                RuleError::illegal(
                    "standing.losses",
                    "Romans [9.51]",
                    format!("no unit of yours `{u}`{}", nearest(u, mine)),
                ),
            ));
        }
    }
    out.extend(super::tactical_orders::check_plan(st, side, standing));
    out
}
