//! Province control (Alexandros 5). Control is kept as the province's loyalty in
//! [`State::control`]; "contested" is computed from the units present (5.5).

use super::data::{Control, Side};
use super::state::{Ctl, State};

/// Sides with at least one combat unit in the province, field or city garrison (5.5, 11.2).
/// Leaders and the Siege Train do not count (rulings ).
pub fn presence(state: &State, province: &str) -> (bool, bool) {
    let mut mac = false;
    let mut per = false;
    for (code, u) in &state.units {
        if state.province_ref(&u.place) != Some(province) || state.is_siege_train(code) {
            continue;
        }
        match u.owner {
            Side::Macedonian => mac = true,
            _ => per = true,
        }
    }
    (mac, per)
}

/// Alexandros 5.5: both sides have a combat unit in the province. Macedonia is never
/// contested (5.3 design note).
pub fn is_contested(state: &State, province: &str) -> bool {
    if province == "Macedonia" {
        return false;
    }
    let (m, p) = presence(state, province);
    m && p
}

/// Alexandros 5: the province's control for `side` purposes: loyalty, ignoring contesting.
pub fn loyalty(state: &State, province: &str) -> Ctl {
    state
        .control
        .get(province)
        .copied()
        .unwrap_or(Ctl::Independent)
}

/// Alexandros 5.4, 12.4, 13.1: `side` controls the province and it is not contested.
pub fn controls(state: &State, side: Side, province: &str) -> bool {
    !is_contested(state, province) && loyalty(state, province) == ctl_of(side)
}

/// Alexandros 9.2, 9.5, 10.20: friendly-controlled or contested (a valid evasion or retreat
/// destination). Independent provinces are neither (ruling A-17).
pub fn friendly_or_contested(state: &State, side: Side, province: &str) -> bool {
    is_contested(state, province) || loyalty(state, province) == ctl_of(side)
}

/// The control value of a side.
pub fn ctl_of(side: Side) -> Ctl {
    match side {
        Side::Macedonian => Ctl::Macedonian,
        _ => Ctl::Persian,
    }
}

/// Start-of-game control from the map (5.2–5.4).
pub fn initial(c: Control) -> Ctl {
    match c {
        Control::Macedonian => Ctl::Macedonian,
        Control::Persian => Ctl::Persian,
        Control::Independent => Ctl::Independent,
    }
}

/// Alexandros 5.2–5.4: updates every province's loyalty from the units present. Macedonia is
/// always Macedonian; Hellas and Thrace are Macedonian unless only Persian-side units are
/// there; elsewhere units of one side alone take control, which lasts until the other side is
/// alone there. In an Independent province Persian-side units alone leave it Independent
/// (ruling A-12).
pub fn update(state: &mut State) {
    let names: Vec<String> = state.pack.map.provinces.keys().cloned().collect();
    for p in names {
        let (m, per) = presence(state, &p);
        let start = state
            .pack
            .province(&p)
            .map(|x| x.start_control)
            .unwrap_or(Control::Persian);
        let new = if p == "Macedonia" {
            Ctl::Macedonian
        } else if p == "Hellas" || p == "Thrace" {
            if per && !m {
                Ctl::Persian
            } else {
                Ctl::Macedonian
            }
        } else if m && !per {
            Ctl::Macedonian
        } else if per && !m {
            if start == Control::Independent {
                Ctl::Independent
            } else {
                Ctl::Persian
            }
        } else {
            loyalty(state, &p)
        };
        state.control.insert(p, new);
    }
}

/// Alexandros 5.6: `side` may use the sea zone when it controls or contests a province on its coast.
pub fn may_use_sea_zone(state: &State, side: Side, zone: &str) -> bool {
    let Some(z) = state.pack.map.sea_zones.get(zone) else {
        return false;
    };
    z.coast
        .iter()
        .any(|p| state.pack.province(p).is_some() && friendly_or_contested(state, side, p))
}
