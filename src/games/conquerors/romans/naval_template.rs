//! The fleets' part of a Campaign Phase template: each fleet of the phasing player with its
//! squadrons (strength, room), the commanders who may lead it and its cargo; the friendly
//! ports it may reach this phase and the enemy fleets it may attack, each with its MP cost
//! (1 MP a hex, +2 to attack: ruling AMB-05, [11.12]), within 20 MP of a friendly Naval Base
//! ([5.62]); the land units that may embark; and the shape of a fleet move.

use std::collections::BTreeMap;

use super::fleets::{self, key, words};
use super::naval_bases;
use super::sequence::side_name;
use super::state::State;
use crate::geo::HexKey;

fn place(st: &State, k: &HexKey) -> String {
    let w = fleets::waters(st);
    match fleets::city_at(st, &w, k) {
        Some((_, c)) => format!("{} {}", words(st, k), c.name),
        None => words(st, k),
    }
}

/// The template lines for `side`'s fleets.
pub fn template(st: &State, side: &str) -> String {
    let w = fleets::waters(st);
    let mut groups: BTreeMap<HexKey, Vec<String>> = BTreeMap::new();
    for (id, q) in st.squadrons.iter().filter(|(_, q)| q.side == side) {
        if let Some(k) = key(&q.at).and_then(|k| w.canonical(&k)) {
            groups.entry(k).or_default().push(id.clone());
        }
    }
    if groups.is_empty() {
        return String::new();
    }
    let per = naval_bases::per_hex(st);
    let all = super::naval_movement::allowance(st);
    let mut out = String::from(
        "  # Fleets (Romans [5.4]-[5.6], [11], [12]): 1 MP a hex of water; no hex more than 20 MP from a\n  #   friendly Naval Base; an enemy fleet's hex is an attack, +2 MP; a fleet ends its phase in port\n  #   or takes attrition, and never in an all-sea hex (each entered costs an attrition roll).\n",
    );
    let nations_all = fleets::nations(st, &groups.values().flatten().cloned().collect::<Vec<_>>());
    let bases: Vec<String> = naval_bases::bases(st, &w, side, &nations_all)
        .iter()
        .map(|k| place(st, k))
        .collect();
    out.push_str(&format!(
        "  #   {}'s Naval Bases: {}\n",
        side_name(side),
        if bases.is_empty() {
            "none".into()
        } else {
            bases.join(", ")
        }
    ));
    for (k, ids) in &groups {
        let ships: Vec<String> = ids
            .iter()
            .map(|id| {
                let q = &st.squadrons[id];
                if fleets::is_merchant(q) {
                    format!(
                        "{id} (Merchant, room {}, moves alone)",
                        fleets::capacity(st, q)
                    )
                } else {
                    format!(
                        "{id} ({} {}, strength {}, room {})",
                        q.kind,
                        if q.half { "half" } else { "full" },
                        fleets::strength(st, q),
                        fleets::capacity(st, q)
                    )
                }
            })
            .collect();
        let leaders: Vec<String> = fleets::fleet_commanders(st, &w, k, side)
            .into_iter()
            .filter(|c| !st.moved.contains_key(c))
            .map(|c| format!("{c} ({})", st.commander_name(&c)))
            .collect();
        let cargo: Vec<String> = fleets::cargo_of(st, ids)
            .into_iter()
            .map(|(c, q)| format!("{c} on {q}"))
            .collect();
        out.push_str(&format!(
            "  #   Fleet at {}: {}\n",
            place(st, k),
            ships.join(", ")
        ));
        out.push_str(&format!(
            "  #     may lead it: {}{}\n",
            if leaders.is_empty() {
                "no commander here".into()
            } else {
                leaders.join(", ")
            },
            if cargo.is_empty() {
                String::new()
            } else {
                format!("; aboard: {}", cargo.join(", "))
            }
        ));
        let nations = fleets::nations(st, ids);
        let reach = naval_bases::reach(st, &w, side, &nations);
        let open = |x: &HexKey| {
            reach.contains_key(x) && fleets::enemy_squadrons(st, &w, x, side).is_empty()
        };
        let costs = w.reach(&[(k.clone(), 0)], per, all, &open);
        let mut ports: Vec<(u32, String)> = costs
            .iter()
            .filter(|(x, _)| *x != k && fleets::friendly_port(st, &w, x, side, &nations))
            .map(|(x, c)| (*c, format!("{} {} MP", place(st, x), c / 2)))
            .collect();
        ports.sort();
        out.push_str(&format!(
            "  #     friendly ports this phase: {}\n",
            if ports.is_empty() {
                "none".into()
            } else {
                ports
                    .into_iter()
                    .map(|p| p.1)
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        ));
        let attack = st
            .pack
            .movement
            .actions
            .get("naval-attack")
            .map(|a| a.half_mp)
            .unwrap_or(4);
        let mut targets: Vec<String> = Vec::new();
        for (x, c) in &costs {
            for n in w.neighbours(x) {
                let enemy = fleets::enemy_squadrons(st, &w, &n, side);
                if enemy.is_empty() || !reach.contains_key(&n) || c + per + attack > all {
                    continue;
                }
                let t = format!(
                    "{} ({} squadron(s)) {} MP with the attack",
                    place(st, &n),
                    enemy.len(),
                    (c + per + attack) / 2
                );
                if !targets.contains(&t) {
                    targets.push(t);
                }
            }
        }
        if !fleets::enemy_squadrons(st, &w, k, side).is_empty() {
            targets.insert(0, format!("the enemy fleet here: path [\"{}\"] first, 2 MP (Romans [11.16]: attack it or sail away)", words(st, k)));
        }
        if !targets.is_empty() {
            out.push_str(&format!(
                "  #     enemy fleets to attack: {}\n",
                targets.join("; ")
            ));
        }
        let embark: Vec<String> = st
            .units
            .iter()
            .filter(|(id, u)| {
                u.side == side
                    && fleets::same_hex(&w, &u.at, &fleets::position(k))
                    && !fleets::aboard(st, id)
            })
            .filter(|(id, _)| super::transport::embark_refusal(st, &w, k, side, id, ids).is_none())
            .map(|(id, _)| format!("{id} ({} SSP)", fleets::room(st, id)))
            .collect();
        if !embark.is_empty() {
            out.push_str(&format!("  #     may embark here: {}\n", embark.join(", ")));
        }
    }
    out.push_str(
        "  # A fleet move: {commander: ID, with: [SQUADRON, UNIT, ...], path: [\"CCRR\", ...],\n",
    );
    out.push_str("  #   pick_up: {\"CCRR\": [SQUADRON, UNIT]}, drop_off: {\"CCRR\": [UNIT]}}  (drop every squadron to land\n");
    out.push_str("  #   and march on; a hex of the other map takes its letter: \"0712M\"; a Merchant is its own commander)\n");
    out
}
