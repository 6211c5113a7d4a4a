//! What a player sees of The Romans (`Ruleset::view`): the Game-Turn and phase, each side's
//! Forces hex by hex (commanders with their rating or `untried`, units with SSP), the cities
//! with class and control, the treasuries and the Alliance Table, on the Romans hex map (the
//! Syrian War's two maps drawn as one board, Romans [20.21]).

use std::collections::BTreeMap;

use super::sequence::{pending, side_name};
use super::state::{Phase, State};
use crate::geo::Hex;
use crate::view::{
    CityView, Control, Force, LeaderView, MapKind, MapView, PlaceView, Point, SideView, Track,
    UnitView, View,
};

/// A side's colour.
fn colour(side: &str) -> &'static str {
    match side {
        "rome" => "#b0282c",
        "macedon" => "#1f4e9c",
        "syria" => "#2e7d32",
        _ => "#7a6a4f",
    }
}

/// The phase in words.
pub fn phase_words(st: &State) -> String {
    match &st.phase {
        Phase::Campaign { side } if st.siege_phase.as_deref() == Some(side.as_str()) => {
            format!("{}'s Siege Phase", side_name(side))
        }
        Phase::Campaign { side } => format!("{}'s Campaign Phase", side_name(side)),
        Phase::Winter => format!(
            "Winter/Planning Turn {} B.C.",
            st.winter
                .as_ref()
                .map(|w| w.name.as_str())
                .unwrap_or_default()
        ),
        Phase::Over => "game over".into(),
    }
}

/// The situation for `viewer` (stacks are open: Romans [7.35] not built, ruling R-10).
pub fn view(st: &State, viewer: Option<&str>) -> View {
    let ids = st.pack.scenarios[&st.scenario].maps.clone();
    let map_id = ids[0].clone();
    // The maps as The Romans prints them (the Macedonians map's `romans` variant, [20.21]).
    let files: BTreeMap<String, crate::geo::hexmap::MapFile> = ids
        .iter()
        .filter_map(|m| Some((m.clone(), st.maps.maps.get(m)?.with_variant("romans"))))
        .collect();
    let file = files.get(&map_id);
    let w = super::fleets::waters(st);
    let spot = |p: &crate::games::conquerors::force::Position| -> String {
        super::fleets::key(p)
            .and_then(|k| w.canonical(&k))
            .map(|k| super::fleets::words(st, &k))
            .unwrap_or_else(|| p.hex.clone())
    };
    let mut sides = Vec::new();
    for side in &st.players {
        let mut forces: BTreeMap<String, Force> = BTreeMap::new();
        let mut fleets: BTreeMap<String, Force> = BTreeMap::new();
        for (id, u) in st.units.iter().filter(|(_, u)| &u.side == side) {
            let city = st.cities.get(&super::state::city_key(&u.at.map, &u.at.hex));
            let aboard = st
                .naval
                .aboard
                .get(id)
                .filter(|_| super::fleets::aboard(st, id));
            let f = match aboard {
                Some(_) => fleets.entry(spot(&u.at)).or_insert_with(|| Force {
                    place: spot(&u.at),
                    at: "fleet".into(),
                    naval: true,
                    ..Default::default()
                }),
                None => forces.entry(spot(&u.at)).or_insert_with(|| Force {
                    place: spot(&u.at),
                    at: "field".into(),
                    ..Default::default()
                }),
            };
            if let (true, Some(c)) = (u.at.inside, city) {
                f.at = format!("inside {} (units marked)", c.name);
            }
            f.units.push(UnitView {
                id: id.clone(),
                kind: u.label.clone().unwrap_or_else(|| u.kind.replace('-', " ")),
                short: short(&u.kind),
                strength: format!("{} SSP", u.ssp),
                steps: u8::try_from(u.ssp).unwrap_or(u8::MAX),
                full_steps: u8::try_from(u.full_ssp).unwrap_or(u8::MAX),
                status: [
                    (u.nation != *side).then(|| u.nation.clone()),
                    u.at.inside.then(|| "inside".to_string()),
                    aboard.map(|q| format!("aboard {q} (Romans 12.1)")),
                ]
                .into_iter()
                .flatten()
                .collect(),
            });
        }
        for (id, q) in st.squadrons.iter().filter(|(_, q)| &q.side == side) {
            let f = fleets.entry(spot(&q.at)).or_insert_with(|| Force {
                place: spot(&q.at),
                at: "fleet".into(),
                naval: true,
                ..Default::default()
            });
            let merchant = super::fleets::is_merchant(q);
            f.units.push(UnitView {
                id: id.clone(),
                kind: if merchant {
                    "Merchant fleet".into()
                } else {
                    format!("{} squadron", q.kind)
                },
                short: if merchant {
                    "MER".into()
                } else {
                    q.kind
                        .chars()
                        .next()
                        .map(|c| c.to_ascii_uppercase())
                        .unwrap_or('S')
                        .to_string()
                        + "S"
                },
                strength: if merchant {
                    format!("carries {} SSP", super::fleets::capacity(st, q))
                } else {
                    format!(
                        "{} {} (strength {})",
                        q.nation,
                        if q.half { "half" } else { "full" },
                        super::fleets::strength(st, q)
                    )
                },
                steps: if q.half { 1 } else { 2 },
                full_steps: 2,
                status: [
                    st.combat
                        .disrupted
                        .contains_key(id)
                        .then(|| "Disrupted (Romans 11.13)".to_string()),
                    st.naval
                        .at_sea
                        .contains(id)
                        .then(|| "may stay at sea (Romans 6.61, 11.17)".to_string()),
                ]
                .into_iter()
                .flatten()
                .collect(),
            });
        }
        for (id, c) in st.commanders.iter().filter(|(_, c)| &c.side == side) {
            let with_fleet = fleets.contains_key(&spot(&c.at))
                && super::fleets::commands_fleets(st, id)
                && (!super::fleets::commands_land(st, id)
                    || st.naval.aboard.contains_key(id)
                    || !forces.contains_key(&spot(&c.at)));
            let f = if with_fleet {
                fleets.get_mut(&spot(&c.at)).expect("fleet present")
            } else {
                forces.entry(spot(&c.at)).or_insert_with(|| Force {
                    place: spot(&c.at),
                    at: "field".into(),
                    ..Default::default()
                })
            };
            f.leaders.push(LeaderView {
                name: format!("{} ({id})", st.commander_name(id)),
                // An untried commander's name says so; his rating is drawn when revealed.
                rating: st.rating(id).map(|r| r.to_string()).unwrap_or_default(),
                status: [
                    st.moved.get(id).map(|_| "moved".to_string()),
                    st.encamped
                        .values()
                        .any(|x| x == id)
                        .then(|| "encamped (Romans 9.8)".to_string()),
                ]
                .into_iter()
                .flatten()
                .collect(),
            });
            if super::encampment::encamped(st, &c.at.map, &c.at.hex, side) && !c.at.inside {
                f.at = "encamped (Romans 9.8)".into();
            }
        }
        let mut all: Vec<Force> = forces.into_values().collect();
        all.extend(fleets.into_values());
        sides.push(SideView {
            id: side.clone(),
            name: side_name(side),
            colour: colour(side).into(),
            forces: all,
            off_map: vec![],
        });
    }
    let mut places: BTreeMap<String, PlaceView> = BTreeMap::new();
    // A hex as the game writes it (`CCRR` on the base map, `CCRRM` on a joined one), placed in
    // the base map's numbering (Romans [20.21]: the Syrian War's two maps are one board).
    let place = |text: &str| -> Option<PlaceView> {
        let k = super::fleets::parse_hex(st, text, &map_id).ok()?;
        let b = w.to_base(&k)?;
        let e = files
            .get(&k.map)
            .and_then(|f| f.hexes.get(&k.hex.to_string()));
        Some(PlaceView {
            id: text.to_string(),
            name: text.to_string(),
            at: Some(Point { x: b.col, y: b.row }),
            terrain: e.map(|e| e.terrain.name().to_string()).unwrap_or_default(),
            ..Default::default()
        })
    };
    for c in st.cities.values() {
        let Some(text) = Hex::parse(&c.at.hex).ok().and_then(|hex| {
            let k = crate::geo::HexKey {
                map: c.at.map.clone(),
                hex,
            };
            Some(super::fleets::words(st, &w.canonical(&k)?))
        }) else {
            continue;
        };
        if let Some(mut p) = place(&text) {
            p.name = c.name.clone();
            p.control = Some(match &c.control {
                Some(s) => Control::Side(s.clone()),
                None => Control::Neutral,
            });
            let mut marks = vec![format!("class {:?}", c.class)];
            if let Some(a) = &c.ally {
                marks.push(format!("{a} home city"));
            }
            if c.sacked {
                marks.push("SACKED (Romans 13.54)".into());
            }
            if let Some(sg) = st.sieges.get(&super::state::city_key(&c.at.map, &c.at.hex)) {
                marks.push(format!(
                    "besieged by {} (Romans 13.43)",
                    side_name(&sg.side)
                ));
            }
            let ck = super::state::city_key(&c.at.map, &c.at.hex);
            let printed = files
                .get(&c.at.map)
                .and_then(|f| f.hexes.get(&c.at.hex))
                .is_some_and(|e| e.naval_base);
            let built = st.built_bases.get(&ck);
            if printed && !c.sacked {
                marks.push("Naval Base (Romans 5.61)".into());
            }
            if let Some(b) = built.filter(|_| !c.sacked) {
                marks.push(format!(
                    "Naval Base built by {} (Romans 17.33)",
                    side_name(b)
                ));
            }
            p.cities.push(CityView {
                name: c.name.clone(),
                wall_side: c.control.clone(),
                marks,
                naval_base: built.is_some() && !c.sacked,
                ..Default::default()
            });
            places.insert(text, p);
        }
    }
    for s in &sides {
        for f in &s.forces {
            if !places.contains_key(&f.place) {
                if let Some(p) = place(&f.place) {
                    places.insert(f.place.clone(), p);
                }
            }
        }
    }
    let joined = w.seam().and_then(|s| {
        let (b, j) = (files.get(&s.base)?, files.get(&s.map)?);
        Some(crate::view::joined_layout(b, j, s.columns, s.rows))
    });
    let layout = joined.or_else(|| file.map(crate::view::hex_layout));
    let mut tracks: Vec<Track> = st
        .treasury
        .iter()
        .map(|(s, t)| Track {
            name: format!("{} treasury (talents)", side_name(s)),
            side: Some(s.clone()),
            value: t.to_string(),
            items: vec![],
        })
        .collect();
    for s in &st.players {
        let sc = super::victory::score(st, s);
        let mut items: Vec<(String, String)> = sc
            .cities
            .iter()
            .map(|(c, v)| (c.clone(), v.to_string()))
            .collect();
        if sc.battles > 0 {
            items.push(("Major Land Battles won".into(), sc.battles.to_string()));
        }
        if sc.kills > 0 {
            items.push(("commanders eliminated".into(), sc.kills.to_string()));
        }
        tracks.push(Track {
            name: format!("{} Victory Points (Romans [19])", side_name(s)),
            side: Some(s.clone()),
            value: sc.total.to_string(),
            items,
        });
    }
    tracks.push(Track {
        name: "Alliance Table".into(),
        side: None,
        value: format!("{} allies", st.allies.len()),
        items: st
            .allies
            .iter()
            .map(|(id, a)| {
                let level = match (&a.permanent, &a.active, &a.toward) {
                    (Some(p), _, _) => format!("allied to {} for the game", side_name(p)),
                    (_, Some(p), _) => format!(
                        "active ally of {} ({} toward {})",
                        side_name(p),
                        a.points,
                        side_name(p)
                    ),
                    (_, _, Some(t)) => format!("{} toward {}", a.points, side_name(t)),
                    _ => "middle column".into(),
                };
                (id.clone(), level)
            })
            .collect(),
    });
    let p = pending(st);
    View {
        title: "The Romans".into(),
        turn: st.turn_words(),
        phase: phase_words(st),
        viewer: viewer.map(str::to_string),
        sides,
        map: MapView {
            kind: layout.map(MapKind::Hex).unwrap_or_default(),
            places: places.into_values().collect(),
            ..Default::default()
        },
        tracks,
        next: vec![p.prompt],
        battle: st
            .combat
            .board
            .as_ref()
            .filter(|(at, _)| super::combat::phase_index(st) <= at + 1)
            .map(|(_, b)| b.clone()),
        outcome: st.victory.outcome.as_ref().map(|o| o.words.clone()),
        notes: {
            let mut n = vec![
                "Commander-led stacks are shown open: hidden stacks (Romans [7.35]) are not built yet (ruling R-10).".into(),
            ];
            n.extend(winter_notes(st));
            n
        },
    }
}

/// The Winter's Augury and taxes, for the situation display (Romans [18.31], [17.12]).
fn winter_notes(st: &State) -> Vec<String> {
    let Some(w) = &st.winter else {
        return Vec::new();
    };
    let mut n = Vec::new();
    if let Some(a) = &w.augury {
        n.push(format!(
            "Augury (Romans [18.32]): {} — {}",
            a.roll,
            a.data(st).summary
        ));
    }
    for (side, t) in &w.taxes {
        n.push(format!(
            "{} taxes (Romans [17.2]): die {}, {} talents in all",
            side_name(side),
            t.die,
            t.total
        ));
    }
    n
}

/// A counter's short type.
fn short(kind: &str) -> String {
    match kind {
        "legion" => "LEG".into(),
        k => k
            .split('-')
            .filter_map(|w| w.chars().next())
            .map(|c| c.to_ascii_uppercase())
            .collect(),
    }
}
