//! The `orders:` part of an order file for the phasing player: each commander who may move,
//! where he stands, what is with him, and the moves this engine accepts for him with every
//! unit of his hex, each with its cost in MP — every one checked by the same rules as an order
//! ([`super::movement::plan`]); a move it would refuse is not listed.

use std::collections::BTreeSet;

use super::data::model::Arm;
use super::movement::{plan, Seen, SIEGE_TRAIN};
use super::orders::Move;
use super::sequence::side_name;
use super::state::State;
use crate::games::conquerors::movement::{mp, Occupancy};
use crate::geo::{Board, Convention, Hex, HexMap, Hexside, HexsideFeature, Terrain};

/// The map with every hex a Force may not pass through hidden: enemy-occupied hexes and enemy
/// Walled Cities.
struct Open<'a> {
    map: &'a HexMap,
    seen: &'a Seen<'a>,
}

impl Board for Open<'_> {
    fn convention(&self) -> Convention {
        self.map.convention()
    }
    fn terrain(&self, h: Hex) -> Option<Terrain> {
        if self.seen.enemy_outside(h) || self.seen.closed_city(h).is_some() {
            return None;
        }
        self.map.terrain(h)
    }
    fn features(&self, side: &Hexside) -> Vec<HexsideFeature> {
        self.map.features(side)
    }
    fn roads(&self, from: Hex, to: Hex) -> Vec<String> {
        self.map.roads(from, to)
    }
}

/// The units that may move with `cid` from his hex.
fn movable(st: &State, cid: &str, side: &str) -> Vec<String> {
    let Some(c) = st.commanders.get(cid) else {
        return Vec::new();
    };
    let hex = c.at.hex.clone();
    let mut v: Vec<String> = st
        .units_at(&hex)
        .filter(|(id, u)| {
            u.side == side
                && !st.aboard.contains_key(*id)
                && !st.committed.contains_key(*id)
                && st.unit_type(id).is_some_and(|t| t.arm != Arm::Garrison)
        })
        .map(|(id, _)| id.clone())
        .collect();
    if st.siege_train_at(&hex)
        && side == super::state::MACEDONIAN
        && !st.committed.contains_key(SIEGE_TRAIN)
    {
        v.push(SIEGE_TRAIN.into());
    }
    v
}

/// The legal moves of `cid` with `with` to each neighbour and each city within reach, cheapest
/// path first found: (destination words, MP words, path).
fn legal_moves(
    st: &State,
    side: &str,
    cid: &str,
    with: &[String],
) -> Vec<(String, String, Vec<String>)> {
    let Some(c) = st.commanders.get(cid) else {
        return Vec::new();
    };
    let Ok(start) = Hex::parse(&c.at.hex) else {
        return Vec::new();
    };
    let map = st.map();
    let map: &HexMap = &map;
    let Some(costs) = st.maps.costs("macedonians") else {
        return Vec::new();
    };
    let seen = Seen {
        st,
        side,
        highway: true,
    };
    let open = Open { map, seen: &seen };
    let tree = costs.reach(&open, start, 2 * costs.allowance);
    let mut targets: BTreeSet<Hex> = start
        .neighbours(map.convention)
        .into_iter()
        .filter(|h| map.hex(*h).is_some())
        .collect();
    targets.extend(st.cities.values().filter_map(|x| Hex::parse(&x.hex).ok()));
    targets.remove(&start);
    let mut out = Vec::new();
    for to in targets.into_iter().filter(|h| tree.contains_key(h)) {
        let mut path = vec![to];
        while let Some((_, Some(prev))) = tree.get(path.last().expect("non-empty")) {
            if *prev == start {
                break;
            }
            path.push(*prev);
        }
        path.reverse();
        let path: Vec<String> = path.iter().map(|h| h.to_string()).collect();
        let mv = Move {
            commander: cid.to_string(),
            with: with.to_vec(),
            path: path.clone(),
            ..Default::default()
        };
        if let Ok(p) = plan(st, side, 0, &mv) {
            let name = st
                .city_at(to)
                .map(|(n, _)| format!(" {n}"))
                .unwrap_or_default();
            out.push((format!("{to}{name}"), mp(p.spent, costs.per_mp), path));
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// The template for `side` in the current phase.
pub fn template(st: &State, side: &str) -> String {
    let p = super::sequence::pending(st);
    if !p.sides.iter().any(|s| s == side) {
        return format!(
            "  # nothing for {} to order now: {}\n",
            side_name(side),
            p.prompt
        );
    }
    let mut out = String::new();
    out.push_str("  # Macedonians [5.0]: each commander moves once, 30 MP (15 if he begins a Winter Game-Turn\n");
    out.push_str("  # north of the Winter Line); list his path hex by hex. Listed below: the moves this engine\n");
    out.push_str("  # accepts for each commander with every unit of his hex, and their cost, one line a stack.\n");
    let ids: Vec<String> = st
        .commanders
        .iter()
        .filter(|(k, c)| c.side == side && !st.moved.contains_key(*k))
        .map(|(k, _)| k.clone())
        .collect();
    let mut listed: std::collections::BTreeMap<String, String> = Default::default();
    for cid in ids {
        let c = &st.commanders[&cid];
        if let Some(first) = listed.get(&c.at.hex) {
            out.push_str(&format!(
                "  # {cid}: {} at {}, rating {}: the same stack and moves as {first}\n",
                st.commander_name(&cid),
                c.at.hex,
                st.rating(&cid).unwrap_or(0)
            ));
            continue;
        }
        let with = movable(st, &cid, side);
        if !with.is_empty() {
            listed.insert(c.at.hex.clone(), cid.clone());
        }
        let ssp: u32 = with
            .iter()
            .filter_map(|u| st.units.get(u))
            .map(|u| u.ssp)
            .sum();
        let city = Hex::parse(&c.at.hex)
            .ok()
            .and_then(|h| st.city_at(h))
            .map(|(n, _)| format!(" {n}"))
            .unwrap_or_default();
        out.push_str(&format!(
            "  # {cid}: {} at {}{city}, rating {}; with him: {}\n",
            st.commander_name(&cid),
            c.at.hex,
            st.rating(&cid).unwrap_or(0),
            if with.is_empty() {
                "nothing".to_string()
            } else {
                format!("{} ({ssp} SSP)", with.join(", "))
            }
        ));
        let moves = legal_moves(st, side, &cid, &with);
        if moves.is_empty() {
            out.push_str("  #   no move this engine accepts with that Force\n");
        }
        // One line a stack: an order file holds fewer than a hundred comment lines in a row.
        let listed: Vec<String> = moves
            .iter()
            .map(|(to, cost, path)| {
                let quoted: Vec<String> = path.iter().map(|h| format!("\"{h}\"")).collect();
                format!("to {to}: {cost}, path: [{}]", quoted.join(", "))
            })
            .collect();
        if !listed.is_empty() {
            out.push_str(&format!("  #   {}\n", listed.join("; ")));
        }
    }
    out.push_str("  # A move: {commander: ID, with: [UNIT, ...], path: [\"CCRR\", ...],\n");
    out.push_str(
        "  #   pick_up: {\"CCRR\": [UNIT]}, drop_off: {\"CCRR\": [UNIT]}, inside: false,\n",
    );
    out.push_str(
        "  #   royal_road: true, forced_march: {extra_mp: N, losses_from: [UNIT]}}   (5.4, 5.8)\n",
    );
    out.push_str("  moves: []\n");
    out
}
