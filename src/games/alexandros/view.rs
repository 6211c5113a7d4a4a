//! What an Alexandros player sees (ARCHITECTURE `Ruleset::view`): the situation as the
//! game-agnostic [`View`] every renderer draws — forces by province and city garrison (6.2),
//! control and depletion (5, 7.2), walls and sieges (6.4, 11), the victory points with each
//! objective and province named (15, 16.3), replacement points (12.1) and a battle on the
//! Tactical Display as its board (10.4). Map positions come from the render asset
//! `assets/maps/alexandros.yaml` (real longitudes and latitudes), never from the data pack.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

use super::control;
use super::data::{BorderType, ProvinceType, Side, UnitType};
use super::sequence::Phase;
use super::state::{side_name, Ctl, Host, Place, State};
use super::victory;
use crate::view::{
    count, CityView, Control, Force, GeoLabel, GeoLine, LeaderView, MapKind, MapView, PlaceView,
    Point, SideView, Track, UnitView, View,
};

/// Colour of the Macedonian side on maps and tables.
pub const MACEDONIAN_COLOUR: &str = "#2f5fb3";
/// Colour of the Persian side.
pub const PERSIAN_COLOUR: &str = "#b5452b";

#[derive(Deserialize)]
struct Positions {
    provinces: BTreeMap<String, [f64; 2]>,
    cities: BTreeMap<String, [f64; 2]>,
}

fn positions() -> &'static Positions {
    static P: OnceLock<Positions> = OnceLock::new();
    P.get_or_init(|| {
        serde_saphyr::from_str(include_str!("../../../assets/maps/alexandros.yaml"))
            .expect("assets/maps/alexandros.yaml is valid")
    })
}

fn point(p: &[f64; 2]) -> Point {
    Point {
        x: (p[0] * 100.0).round() as i32,
        y: (p[1] * 100.0).round() as i32,
    }
}

/// `Spring 334 BC (turn 1 of 46)`.
pub fn turn_words(state: &State) -> String {
    let t = state.turn_data();
    format!(
        "{:?} {} BC (turn {} of {})",
        t.season,
        t.year,
        state.turn,
        state.last_turn()
    )
}

/// `Spring 334`: the turn as events name it.
pub fn turn_short(state: &State) -> String {
    let t = state.turn_data();
    format!("{:?} {}", t.season, t.year)
}

/// The phase in words (Alexandros 4.2).
pub fn phase_words(state: &State) -> String {
    match &state.phase {
        Phase::PersianSetup => "Persian set-up (3.3)".into(),
        Phase::MacedonianMovement => "Macedonian movement phase (4.2 II)".into(),
        Phase::PersianMovement => "Persian movement phase (4.2 III)".into(),
        Phase::Decision { .. } if state.minor.is_none() && !state.siege_queue.is_empty() => {
            "Siege phase (11)".into()
        }
        Phase::Decision { .. } => "Combat phase: minor combat (9)".into(),
        Phase::Battle => "Combat phase: battle on the Tactical Display (10)".into(),
        Phase::Over => "game over".into(),
    }
}

/// Unit type in words and as a counter abbreviation.
pub fn kind_words(k: UnitType) -> (&'static str, &'static str) {
    match k {
        UnitType::HeavyInfantry => ("heavy infantry", "HI"),
        UnitType::RegularInfantry => ("regular infantry", "RI"),
        UnitType::LightInfantry => ("light infantry", "LI"),
        UnitType::HeavyCavalry => ("heavy cavalry", "HC"),
        UnitType::LightCavalry => ("light cavalry", "LC"),
        UnitType::Archer => ("archers", "Ar"),
        UnitType::HorseArcher => ("horse archers", "HA"),
        UnitType::Elephant => ("elephants", "El"),
        UnitType::SiegeTrain => ("siege train", "ST"),
    }
}

/// One unit as the view shows it: type, strengths at its step, steps left of full.
pub fn unit_view(state: &State, code: &str) -> UnitView {
    let u = state.pack.unit(code).expect("unit in pack");
    let (kind, short) = kind_words(u.kind);
    let st = state.strength(code);
    let mut status = Vec::new();
    if state.units[code].moved {
        status.push("moved".into());
    }
    if state.evaded.contains(code) {
        status.push("evaded".into());
    }
    if state.frozen.contains(code) {
        status.push("refuses to march (17.4)".into());
    }
    UnitView {
        id: code.to_string(),
        kind: kind.into(),
        short: short.into(),
        strength: format!("{}-{}", st.attack, st.defense),
        steps: state.units[code].steps,
        full_steps: state.full_steps(code),
        status,
    }
}

/// A unit that has lost `lost` steps in the battle in progress: at the step it now
/// fights at (its losses are written to the map when the battle ends, 10.19).
fn in_battle_view(state: &State, code: &str, lost: u8) -> UnitView {
    let mut v = unit_view(state, code);
    v.steps = v.steps.saturating_sub(lost).max(1);
    if let Some(st) = state.pack.unit(code).and_then(|u| {
        u.steps
            .get(usize::from(v.full_steps.saturating_sub(v.steps)))
    }) {
        v.strength = format!("{}-{}", st.attack, st.defense);
    }
    v.status.push(format!(
        "{} lost in the battle",
        crate::view::count(usize::from(lost), "step")
    ));
    v
}

/// Cavalry first, then infantry, missile troops, elephants (the order players list an army in).
fn kind_rank(state: &State, code: &str) -> u8 {
    match state.pack.unit(code).map(|u| u.kind) {
        Some(UnitType::HeavyCavalry) => 0,
        Some(UnitType::LightCavalry) => 1,
        Some(UnitType::HorseArcher) => 2,
        Some(UnitType::HeavyInfantry) => 3,
        Some(UnitType::RegularInfantry) => 4,
        Some(UnitType::LightInfantry) => 5,
        Some(UnitType::Archer) => 6,
        Some(UnitType::Elephant) => 7,
        _ => 8,
    }
}

fn leader_view(state: &State, name: &str) -> LeaderView {
    let l = &state.leaders[name];
    let mut status = Vec::new();
    if l.wounded {
        status.push("wounded".to_string());
    }
    if let Place::City(c) = &l.place {
        if under_siege(state, c) {
            status.push(format!("besieged in {c}"));
        } else {
            status.push(format!("in {c}"));
        }
    }
    if state.frozen.contains(name) {
        status.push("refuses to march (17.4)".into());
    }
    LeaderView {
        name: name.to_string(),
        rating: state.rating(name).to_string(),
        status,
    }
}

/// A siege of `city` is declared or being resolved this turn (11.1).
fn under_siege(state: &State, city: &str) -> bool {
    state.sieges.values().flatten().any(|d| d.city == city)
        || state.siege_queue.iter().any(|q| q.city == city)
}

fn host_words(h: Host) -> &'static str {
    match h {
        Host::Main => "field",
        Host::Indian => "field (Indian force, 6.3)",
        Host::Raiders => "field (raiders, 14.3)",
    }
}

fn forces(state: &State, side: Side) -> Vec<Force> {
    let mut out = Vec::new();
    for p in state.pack.map.provinces.keys() {
        for host in [Host::Main, Host::Indian, Host::Raiders] {
            let leaders = state.host_leaders(side, p, host);
            let mut units = state.host_units(side, p, host);
            // While a battle is on here, its losses so far show at once (10.12): the
            // destroyed are gone and the others are at the step they fight at.
            let battle = state
                .battle
                .as_ref()
                .filter(|b| &b.province == p && b.host == host)
                .map(|b| &b.battle);
            if let Some(b) = battle {
                units.retain(|u| !b.eliminated.contains(u));
            }
            units.sort_by_key(|u| (kind_rank(state, u), u.clone()));
            // The Siege Train marches with the army though it is not a combat unit.
            let train = host == Host::Main
                && state.units.iter().any(|(c, u)| {
                    u.owner == side
                        && state.is_siege_train(c)
                        && matches!(&u.place, Place::Province(q) if q == p)
                });
            if leaders.is_empty() && units.is_empty() && !train {
                continue;
            }
            let mut status = Vec::new();
            if train {
                status.push("with the Siege Train (11.3)".to_string());
            }
            if let Some(sieges) = state.sieges.get(&side) {
                for d in sieges {
                    if leaders.contains(&d.leader) {
                        status.push(format!("besieging {} under {} (11.1)", d.city, d.leader));
                    }
                }
            }
            if control::is_contested(state, p) {
                status.push("in a contested province (5.4)".into());
            }
            out.push(Force {
                place: p.clone(),
                at: host_words(host).into(),
                leaders: leaders.iter().map(|l| leader_view(state, l)).collect(),
                units: units
                    .iter()
                    .map(|u| match battle.and_then(|b| b.steps_lost.get(u)) {
                        Some(&lost) => in_battle_view(state, u, lost),
                        None => unit_view(state, u),
                    })
                    .collect(),
                status,
                naval: false,
            });
        }
    }
    for (city, c) in &state.pack.map.cities {
        let units: Vec<String> = state
            .units
            .iter()
            .filter(|(_, u)| u.owner == side && u.place == Place::City(city.clone()))
            .map(|(k, _)| k.clone())
            .collect();
        let leaders: Vec<String> = state
            .leaders
            .iter()
            .filter(|(_, l)| l.owner == side && l.place == Place::City(city.clone()))
            .map(|(k, _)| k.clone())
            .collect();
        if units.is_empty() && leaders.is_empty() {
            continue;
        }
        let place = c
            .province
            .clone()
            .or_else(|| c.between.first().cloned())
            .unwrap_or_else(|| city.clone());
        let mut status = Vec::new();
        if under_siege(state, city) {
            status.push("besieged (11)".to_string());
        }
        out.push(Force {
            place,
            at: format!("garrison of {city} (6.2)"),
            leaders: leaders.iter().map(|l| leader_view(state, l)).collect(),
            units: units.iter().map(|u| unit_view(state, u)).collect(),
            status,
            naval: false,
        });
    }
    out
}

fn off_map(state: &State, side: Side) -> Vec<(String, u32)> {
    let mut m: BTreeMap<&str, u32> = BTreeMap::new();
    for (code, u) in &state.units {
        let native = state.pack.unit(code).map(|x| x.side);
        if u.owner != side && native != Some(side) {
            continue;
        }
        let key = match u.place {
            Place::Pool => "units in the replacement pool / dead pile (12.4)",
            Place::Track => "units due on the Turn Record Track (13.1)",
            Place::SetAside => "units set aside",
            Place::Removed => "units withdrawn (13.2)",
            _ => continue,
        };
        *m.entry(key).or_default() += 1;
    }
    for l in state.leaders.values() {
        if l.owner != side {
            continue;
        }
        let key = match l.place {
            Place::Track => "leaders due on the Turn Record Track (13.1)",
            Place::Removed => "leaders killed or withdrawn (10.16, 13.2)",
            Place::Captured => "leaders captured (15.6)",
            Place::SetAside => "leaders set aside",
            _ => continue,
        };
        *m.entry(key).or_default() += 1;
    }
    m.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}

fn side_view(state: &State, side: Side) -> SideView {
    let (name, colour) = match side {
        Side::Macedonian => ("Macedonian", MACEDONIAN_COLOUR),
        _ => ("Persian", PERSIAN_COLOUR),
    };
    SideView {
        id: side_name(side).into(),
        name: name.into(),
        colour: colour.into(),
        forces: forces(state, side),
        off_map: off_map(state, side),
    }
}

fn city_view(state: &State, name: &str) -> Option<CityView> {
    let c = state.pack.map.cities.get(name)?;
    if c.founded_later
        && state
            .alexandria_from
            .map(|t| state.turn < t)
            .unwrap_or(true)
    {
        return None;
    }
    let w = state.walls.get(name);
    let mut marks = Vec::new();
    if c.capital {
        marks.push("Persian capital (12.8)".to_string());
    }
    for (o, obj) in &state.pack.map.objectives {
        if obj.city.as_deref() == Some(name) {
            let done = if state.objectives.contains(o) {
                "secured"
            } else {
                "not secured"
            };
            marks.push(format!("objective {o}: {done}"));
        }
    }
    let garrison = state
        .units
        .iter()
        .filter(|(_, u)| u.place == Place::City(name.to_string()))
        .map(|(k, _)| k.clone())
        .collect();
    let mut siege = None;
    for (side, decl) in &state.sieges {
        if let Some(d) = decl.iter().find(|d| d.city == name) {
            siege = Some(format!(
                "the {} besieges it under {}",
                side_name(*side),
                d.leader
            ));
        }
    }
    if let Some(q) = state.siege_queue.iter().find(|q| q.city == name) {
        siege = Some(format!(
            "the {} besieges it under {} (11)",
            side_name(q.side),
            q.leader
        ));
    }
    Some(CityView {
        name: name.to_string(),
        at: positions().cities.get(name).map(point),
        walls: w.map(|w| w.count).unwrap_or(0),
        wall_side: w.map(|w| side_name(w.side).to_string()),
        garrison,
        siege,
        marks,
        naval_base: false,
    })
}

fn terrain(k: ProvinceType) -> &'static str {
    match k {
        ProvinceType::Rich => "rich",
        ProvinceType::Fertile => "fertile",
        ProvinceType::Mountain => "mountain",
        ProvinceType::DesertWilderness => "desert/wilderness",
    }
}

fn map_view(state: &State) -> MapView {
    let pos = positions();
    let mut places = Vec::new();
    let mut borders = Vec::new();
    for (name, p) in &state.pack.map.provinces {
        let control = match control::loyalty(state, name) {
            Ctl::Macedonian => Control::Side("macedonian".into()),
            Ctl::Persian => Control::Side("persian".into()),
            Ctl::Independent => Control::Neutral,
        };
        let mut cities: Vec<CityView> = state
            .pack
            .map
            .cities
            .iter()
            .filter(|(_, c)| {
                c.province.as_deref() == Some(name.as_str())
                    || (c.province.is_none() && c.between.first() == Some(name))
            })
            .filter_map(|(c, _)| city_view(state, c))
            .collect();
        cities.sort_by(|a, b| a.name.cmp(&b.name));
        places.push(PlaceView {
            id: name.clone(),
            name: name.clone(),
            at: pos.provinces.get(name).map(point),
            control: Some(control),
            contested: control::is_contested(state, name),
            depleted: state.depleted.contains(name),
            terrain: terrain(p.kind).into(),
            cities,
        });
        // 8.2: provinces that are not adjacent get a closed line where the picture's cells
        // happen to touch (Aria–Gandara), so no player reads the picture as a border.
        for other in state.pack.map.provinces.keys() {
            if name < other && !p.borders.contains_key(other) {
                borders.push(crate::view::BorderView {
                    a: name.clone(),
                    b: other.clone(),
                    kind: "not-adjacent".into(),
                });
            }
        }
        for (other, kind) in &p.borders {
            if name < other && *kind != BorderType::Normal {
                borders.push(crate::view::BorderView {
                    a: name.clone(),
                    b: other.clone(),
                    kind: match kind {
                        BorderType::Mountain => "mountain",
                        BorderType::Normal => "normal",
                    }
                    .into(),
                });
            }
        }
    }
    let (geography, geography_labels, geography_source) = geography();
    MapView {
        kind: MapKind::Provinces,
        places,
        borders,
        geography,
        geography_labels,
        geography_source,
    }
}

fn tracks(state: &State) -> Vec<Track> {
    let held = victory::provinces_held(state);
    let mut items: Vec<(String, String)> = state
        .objectives
        .iter()
        .map(|o| (format!("objective secured: {o} (15)"), "1".to_string()))
        .collect();
    items.push((
        format!(
            "{} held, not contested (16.3): {}",
            count(held.len(), "province"),
            held.join(", ")
        ),
        held.len().to_string(),
    ));
    let vp = victory::victory_points(state);
    let mut out = vec![Track {
        name: "Macedonian victory points (16.3)".into(),
        side: Some("macedonian".into()),
        value: format!(
            "{vp} — {} on the Victory Schedule",
            victory::schedule(state, vp).replace('-', " ")
        ),
        items,
    }];
    let open: Vec<String> = state
        .pack
        .map
        .objectives
        .keys()
        .filter(|o| !state.objectives.contains(*o))
        .cloned()
        .collect();
    out.push(Track {
        name: "Objectives not yet secured (15)".into(),
        side: Some("macedonian".into()),
        value: open.len().to_string(),
        items: open.into_iter().map(|o| (o, String::new())).collect(),
    });
    for side in [Side::Macedonian, Side::Persian] {
        let rp = state.replacement_points.get(&side).copied().unwrap_or(0);
        out.push(Track {
            name: format!(
                "{} replacement points this turn (12.1)",
                if side == Side::Macedonian {
                    "Macedonian"
                } else {
                    "Persian"
                }
            ),
            side: Some(side_name(side).into()),
            value: rp.to_string(),
            items: Vec::new(),
        });
    }
    out
}

/// Alexandros: the situation for `viewer` (every counter is open information in Alexandros,
/// so every reader sees the same).
pub fn view(state: &State, viewer: Option<&str>) -> View {
    let mut notes = Vec::new();
    if state.indians_active {
        notes.push("the Indian units are active (3.3)".into());
    }
    if state.spartan_revolt {
        notes.push("the Spartans have revolted (14.2)".into());
    }
    if !state.options.is_empty() {
        notes.push(format!("optional rules: {}", state.options.join(", ")));
    }
    let p = super::sequence::pending(state);
    let next = if p.sides.is_empty() {
        vec![p.prompt.clone()]
    } else {
        vec![format!(
            "{}: {} ({})",
            p.sides.join(" and "),
            p.prompt,
            p.rule
        )]
    };
    View {
        title: "Alexandros: Conquest and Empire".into(),
        turn: turn_words(state),
        phase: phase_words(state),
        viewer: viewer.map(str::to_string),
        sides: vec![
            side_view(state, Side::Macedonian),
            side_view(state, Side::Persian),
        ],
        map: map_view(state),
        tracks: tracks(state),
        next,
        battle: state
            .battle
            .as_ref()
            .map(|b| super::tactical::view::board(&b.battle, &state.pack)),
        outcome: state.outcome.clone(),
        notes,
    }
}

#[derive(Deserialize)]
struct GeoFile {
    land: Vec<Vec<Vec<[f64; 2]>>>,
    lakes: Vec<Vec<Vec<[f64; 2]>>>,
    rivers: Vec<GeoRiver>,
    #[serde(default)]
    river_labels: Vec<GeoRiverLabel>,
}

#[derive(Deserialize)]
struct GeoRiver {
    rank: u8,
    points: Vec<[f64; 2]>,
}

#[derive(Deserialize)]
struct GeoRiverLabel {
    name: String,
    lon: f64,
    lat: f64,
}

/// Real coastlines, lakes and rivers behind the provinces: `assets/geography/alexandros.json`
/// (GSHHG and WDBII, LGPL-3.0-or-later; sources and processing in its README), read once.
fn geography() -> (Vec<GeoLine>, Vec<GeoLabel>, Option<String>) {
    static G: OnceLock<(Vec<GeoLine>, Vec<GeoLabel>)> = OnceLock::new();
    let (lines, labels) = G.get_or_init(|| {
        let f: GeoFile =
            serde_json::from_str(include_str!("../../../assets/geography/alexandros.json"))
                .expect("assets/geography/alexandros.json is valid");
        let poly = |kind: &str, rings: &Vec<Vec<[f64; 2]>>| GeoLine {
            kind: kind.into(),
            closed: true,
            rings: rings
                .iter()
                .map(|r| r.iter().map(point).collect())
                .collect(),
        };
        let mut lines: Vec<GeoLine> = f.land.iter().map(|p| poly("land", p)).collect();
        lines.extend(f.lakes.iter().map(|p| poly("lake", p)));
        lines.extend(f.rivers.iter().filter(|r| r.rank <= 2).map(|r| GeoLine {
            kind: format!("river-{}", r.rank),
            closed: false,
            rings: vec![r.points.iter().map(point).collect()],
        }));
        let labels = f
            .river_labels
            .iter()
            .map(|l| GeoLabel {
                name: l.name.clone(),
                at: point(&[l.lon, l.lat]),
            })
            .collect();
        (lines, labels)
    });
    (
        lines.clone(),
        labels.clone(),
        Some("coasts and rivers: GSHHG 2.3.6, WDBII (LGPL-3.0-or-later)".into()),
    )
}
