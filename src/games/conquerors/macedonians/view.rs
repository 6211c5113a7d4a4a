//! What a player sees of The Macedonians (`Ruleset::view`): the Game-Turn and phase, each side's
//! Forces hex by hex (commanders with their Strategic Rating, units with SSP, squadrons, the
//! Siege Train) and in the Susa Box, the cities with control, walls and Naval Bases, the
//! satrapies with their controller and points, the Cilician Gates, the Victory Points the
//! control is worth, each side's Victory Points in all and the Adjusted Macedonian VP with the
//! Level of Victory it gives (21.2), on the Macedonians hex map; the result once the game is over.

use std::collections::BTreeMap;

use super::data::model::CityKind;
use super::movement::SIEGE_TRAIN;
use super::sequence::{pending, side_name};
use super::state::{State, MACEDONIAN, SUSA_BOX};
use crate::geo::Hex;
use crate::view::{
    CityView, Control, Force, LeaderView, MapKind, MapView, PlaceView, Point, SideView, Track,
    UnitView, View,
};

fn colour(side: &str) -> &'static str {
    match side {
        MACEDONIAN => "#1f4e9c",
        _ => "#b07d1c",
    }
}

/// A counter's short type (`PH`, `HC`).
fn short(kind: &str) -> String {
    kind.split('-')
        .filter_map(|w| w.chars().next())
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// An empty Force at `hex` (the Susa Box included).
fn force_at(hex: &str) -> Force {
    Force {
        place: hex.to_string(),
        at: if hex == SUSA_BOX {
            "Susa Box".into()
        } else {
            "field".into()
        },
        ..Default::default()
    }
}

/// The forces of `side`, hex by hex (and the Susa Box).
fn forces(st: &State, side: &str) -> Vec<Force> {
    let mut out: BTreeMap<String, Force> = BTreeMap::new();
    for (id, u) in st.units.iter().filter(|(_, u)| u.side == side) {
        let f = out
            .entry(u.at.hex.clone())
            .or_insert_with(|| force_at(&u.at.hex));
        let mut status = Vec::new();
        if u.at.inside {
            status.push("inside".to_string());
        }
        if let Some(q) = st.aboard.get(id) {
            status.push(format!("aboard {q}"));
        }
        if st.committed.contains_key(id) {
            status.push("moved".into());
        }
        f.units.push(UnitView {
            id: id.clone(),
            kind: st
                .unit_type(id)
                .map(|t| t.name.clone())
                .unwrap_or_else(|| u.kind.clone()),
            short: short(&u.kind),
            strength: format!("{} SSP", u.ssp),
            steps: u8::try_from(u.ssp).unwrap_or(u8::MAX),
            full_steps: u8::try_from(u.full_ssp).unwrap_or(u8::MAX),
            status,
        });
        if let Some(l) = &u.label {
            f.units.last_mut().expect("pushed").kind = l.clone();
        }
    }
    for (id, q) in st.squadrons.iter().filter(|(_, q)| q.side == side) {
        let f = out
            .entry(q.at.hex.clone())
            .or_insert_with(|| force_at(&q.at.hex));
        let strength = st
            .pack
            .counters
            .squadrons
            .get(id)
            .map(|c| c.strength)
            .unwrap_or(2);
        f.units.push(UnitView {
            id: id.clone(),
            kind: format!("{} squadron", q.nation),
            short: "SQ".into(),
            strength: if q.half {
                "1 (half)".into()
            } else {
                format!("{strength}")
            },
            steps: if q.half { 1 } else { 2 },
            full_steps: 2,
            status: vec![],
        });
    }
    if let (MACEDONIAN, Some(p)) = (side, &st.siege_train) {
        let f = out.entry(p.hex.clone()).or_insert_with(|| force_at(&p.hex));
        f.units.push(UnitView {
            id: SIEGE_TRAIN.into(),
            kind: "Siege Train".into(),
            short: "ST".into(),
            strength: format!("{} siege points", st.pack.counters.siege_train.siege_points),
            steps: 1,
            full_steps: 1,
            status: vec![],
        });
    }
    for (id, c) in st.commanders.iter().filter(|(_, c)| c.side == side) {
        let f = out
            .entry(c.at.hex.clone())
            .or_insert_with(|| force_at(&c.at.hex));
        f.leaders.push(LeaderView {
            name: format!("{} ({id})", st.commander_name(id)),
            rating: st.rating(id).map(|r| r.to_string()).unwrap_or_default(),
            status: st
                .moved
                .get(id)
                .map(|_| vec!["moved".to_string()])
                .unwrap_or_default(),
        });
    }
    out.into_values().collect()
}

/// The cities, the Gates and every hex a force stands in, as places.
fn places(st: &State, sides: &[SideView]) -> Vec<PlaceView> {
    let file = st.maps.maps.get(st.map_id());
    let place = |hex: &str| -> Option<PlaceView> {
        let h = Hex::parse(hex).ok()?;
        Some(PlaceView {
            id: hex.to_string(),
            name: hex.to_string(),
            at: Some(Point { x: h.col, y: h.row }),
            terrain: file
                .and_then(|f| f.hexes.get(hex))
                .map(|e| e.terrain.name().to_string())
                .unwrap_or_default(),
            ..Default::default()
        })
    };
    let mut out: BTreeMap<String, PlaceView> = BTreeMap::new();
    for (name, c) in &st.cities {
        let Some(mut p) = place(&c.hex) else { continue };
        let role = st.pack.places.cities.get(name);
        p.name = name.clone();
        p.control = Some(Control::Side(c.control.clone()));
        let mut marks = Vec::new();
        if let Some(r) = role {
            if r.kind == CityKind::Walled {
                marks.push(format!(
                    "Walled City, Fortification {}",
                    r.fortification.unwrap_or(0)
                ));
            } else {
                marks.push(if r.port {
                    "Major Port".into()
                } else {
                    "Major City".to_string()
                });
            }
            if r.naval_base {
                marks.push("Naval Base".into());
            }
        }
        if let Some((sid, _)) = st
            .pack
            .places
            .satrapies
            .iter()
            .find(|(_, s)| s.capital.as_deref() == Some(name))
        {
            marks.push(format!("capital of {}", super::satrapies::name(st, sid)));
        }
        p.cities.push(CityView {
            name: name.clone(),
            wall_side: Some(c.control.clone()),
            walls: u8::from(role.is_some_and(|r| r.kind == CityKind::Walled)),
            marks,
            ..Default::default()
        });
        out.insert(c.hex.clone(), p);
    }
    let gates = &st.pack.places.cilician_gates.hex;
    if let Some(mut p) = place(gates) {
        p.name = "Cilician Gates".into();
        p.control = Some(Control::Side(st.gates.clone()));
        out.insert(gates.clone(), p);
    }
    for f in sides.iter().flat_map(|s| &s.forces) {
        if f.place == SUSA_BOX {
            out.entry(f.place.clone()).or_insert_with(|| PlaceView {
                id: SUSA_BOX.into(),
                name: "Susa Box".into(),
                ..Default::default()
            });
        } else if !out.contains_key(&f.place) {
            if let Some(p) = place(&f.place) {
                out.insert(f.place.clone(), p);
            }
        }
    }
    out.into_values().collect()
}

/// The situation for `viewer` (stacks are open: hidden Army boxes, 7.43, are not built, ruling
/// M-R9).
pub fn view(st: &State, viewer: Option<&str>) -> View {
    let sides: Vec<SideView> = st
        .players
        .iter()
        .map(|s| SideView {
            id: s.clone(),
            name: side_name(s),
            colour: colour(s).into(),
            forces: forces(st, s),
            off_map: vec![(
                "Replacement Pool".into(),
                if s == MACEDONIAN {
                    st.pool.len() as u32
                } else {
                    0
                },
            )]
            .into_iter()
            .filter(|(_, n)| *n > 0)
            .collect(),
        })
        .collect();
    let places = places(st, &sides);
    let layout = st
        .maps
        .maps
        .get(st.map_id())
        .map(|f| crate::view::hex_layout(&f.with_variant("macedonians")));
    let mut tracks = vec![Track {
        name: "Satrapies (Macedonians [15.1]): controller, Supply Points".into(),
        side: None,
        value: format!(
            "{} held by the Macedonian",
            st.satrapies_of(MACEDONIAN).len()
        ),
        items: st
            .pack
            .places
            .satrapies
            .iter()
            .map(|(id, s)| {
                let cap = s.capital.as_deref().unwrap_or("no capital");
                (
                    format!("{} ({cap})", s.name),
                    format!("{}, {}", side_name(st.satrapy_controller(id)), s.supply),
                )
            })
            .collect(),
    }];
    for side in &st.players {
        let v = super::victory::standing(st, side);
        tracks.push(Track {
            name: format!(
                "{} Victory Points from control (Macedonians [21.11])",
                side_name(side)
            ),
            side: Some(side.clone()),
            value: v.total.to_string(),
            items: v
                .satrapies
                .iter()
                .chain(&v.cities)
                .map(|(n, p)| (n.clone(), p.to_string()))
                .collect(),
        });
    }
    tracks.extend(vp_tracks(st));
    let mut notes = vec![
        "Commander-led stacks and Army boxes are shown open: hidden stacks (Macedonians [7.43]) wait for the fog-of-war work (ruling M-R9).".to_string(),
        format!("The Cilician Gates (2912) are held by {}.", side_name(&st.gates)),
    ];
    if let Some(h) = &st.halt {
        notes.push(format!(
            "The game stops here: {} ({}) is not built yet.",
            h.due, h.rule
        ));
    }
    View {
        title: "The Macedonians".into(),
        turn: st.turn_words(),
        phase: st.phase.words().into(),
        viewer: viewer.map(str::to_string),
        sides,
        map: MapView {
            kind: layout.map(MapKind::Hex).unwrap_or_default(),
            places,
            ..Default::default()
        },
        tracks,
        next: vec![pending(st).prompt],
        battle: None,
        outcome: st.result.as_ref().map(|o| o.words.clone()),
        notes,
    }
}

/// Macedonians [21.1], [21.2]: each side's Victory Points by source, then the Adjusted
/// Macedonian VP and the Level of Victory it gives — as it stands, or as the game ended.
fn vp_tracks(st: &State) -> Vec<Track> {
    let mut out: Vec<Track> = st
        .players
        .iter()
        .map(|side| {
            let v = super::victory::score(st, side);
            Track {
                name: format!("{} Victory Points (Macedonians [21.1])", side_name(side)),
                side: Some(side.clone()),
                value: v.total.to_string(),
                items: vec![
                    ("control (21.11)".into(), v.control.total.to_string()),
                    (
                        "Major Land Battles and commanders (21.12, 21.13)".into(),
                        v.combat.to_string(),
                    ),
                ],
            }
        })
        .collect();
    let o = st
        .result
        .clone()
        .unwrap_or_else(|| super::victory::final_outcome(st));
    let when = if st.result.is_some() {
        "the result"
    } else {
        "were the game to end now"
    };
    out.push(Track {
        name: "Adjusted Macedonian VP (Macedonians [21.2])".into(),
        side: None,
        value: o.adjusted.to_string(),
        items: vec![(when.into(), o.level)],
    });
    out
}
