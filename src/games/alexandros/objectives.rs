//! Macedonian objectives (Alexandros 15): secured by Alexander's presence (15.3–15.5), by
//! capturing cities (15.8, 15.9) or leaders (15.2, 15.6, 15.7).

use super::data::{ProvinceGroup, Side};
use super::state::{Place, State};
use crate::ruleset::Event;

/// The objective secured when Alexander enters the province of its city (15.3).
pub const GORDIAN_KNOT: &str = "Gordian Knot";
/// The objective whose city only exists from the turn after Alexander enters Egypt (15.4).
pub const ALEXANDRIA: &str = "Alexandria";

/// Marks an objective secured (once).
pub fn secure(state: &mut State, name: &str, ev: &mut Vec<Event>) {
    if state.option(super::OPT_BEGINNER) {
        return; // 15.0: the Beginners Rule ignores the objectives
    }
    if state.pack.map.objectives.contains_key(name) && state.objectives.insert(name.to_string()) {
        ev.push(Event::new(
            "Alexandros 15.1",
            format!("objective secured: {name}"),
        ));
    }
}

/// Alexandros 15.3–15.5 (ruling A-60): objectives Alexander secures by entering a province:
/// those marked on a province (Oracle of Ammon in Lybia, Alexandria in Egypt) and the Gordian
/// Knot when Gordium is not held by enemy walls.
pub fn alexander_enters(state: &mut State, province: &str, ev: &mut Vec<Event>) {
    let mut found = Vec::new();
    for (name, o) in &state.pack.map.objectives {
        if o.province.as_deref() == Some(province) {
            found.push(name.clone());
        }
        if name == GORDIAN_KNOT {
            if let Some(c) = &o.city {
                let in_prov =
                    state.pack.city(c).and_then(|x| x.province.as_deref()) == Some(province);
                let enemy_walled = state
                    .walls
                    .get(c)
                    .map(|w| w.count > 0 && w.side != Side::Macedonian)
                    .unwrap_or(false);
                if in_prov && !enemy_walled {
                    found.push(name.clone());
                }
            }
        }
    }
    for name in found {
        if name == ALEXANDRIA && state.alexandria_from.is_none() {
            state.alexandria_from = Some(state.turn + 1);
        }
        secure(state, &name, ev);
    }
}

/// Objectives secured by capturing a city (treasuries 15.8, Roxana 15.9).
pub fn city_captured(state: &mut State, city: &str, ev: &mut Vec<Event>) {
    if state.pack.city(city).map(|c| c.capital).unwrap_or(false) && state.capital_taken.is_none() {
        state.capital_taken = Some(state.turn); // 12.8
    }
    let names: Vec<String> = state
        .pack
        .map
        .objectives
        .iter()
        .filter(|(n, o)| o.city.as_deref() == Some(city) && n.as_str() != GORDIAN_KNOT)
        .map(|(n, _)| n.clone())
        .collect();
    for n in names {
        secure(state, &n, ev);
    }
}

/// Ruling A-54 (15.8): an unwalled objective city is captured when Macedonian units stand in
/// its province with no Persian garrison inside it and no Persian-side unit in the field there
/// (a Persian army in Persis keeps Persepolis until it is beaten or gone).
pub fn check_unwalled(state: &mut State, ev: &mut Vec<Event>) {
    let cities: Vec<String> = state
        .pack
        .map
        .objectives
        .iter()
        .filter(|(n, o)| n.as_str() != GORDIAN_KNOT && o.city.is_some())
        .filter(|(n, _)| !state.objectives.contains(n.as_str()))
        .filter_map(|(_, o)| o.city.clone())
        .collect();
    for c in cities {
        let walled = state.walls.get(&c).map(|w| w.count > 0).unwrap_or(false);
        let Some(p) = state.pack.city(&c).and_then(|x| x.province.clone()) else {
            continue;
        };
        let garrisoned = state
            .units
            .values()
            .any(|u| u.place == Place::City(c.clone()) && u.owner != Side::Macedonian);
        // 15.8: not while a Persian-side army still holds the field there (ruling A-54).
        let contested = !state.field_units(Side::Persian, &p).is_empty();
        if !walled
            && !garrisoned
            && !contested
            && !state.field_units(Side::Macedonian, &p).is_empty()
        {
            city_captured(state, &c, ev);
        }
    }
}

/// Alexandros 15.6: the places Bessus may be put as Great King: a province with a Persian
/// army (the main force, not the Indians or raiders, 6.3) or a Persian-controlled province,
/// or a city with a Persian garrison — each one he may enter (8.3: no Indian or barbarian
/// province).
pub fn bessus_places(state: &State) -> Vec<String> {
    let mut out = Vec::new();
    for p in state.pack.map.provinces.keys() {
        if super::movement::may_enter(state, "Bessus", p).is_err() {
            continue;
        }
        let army = !state
            .host_units(Side::Persian, p, super::state::Host::Main)
            .is_empty();
        if army || super::control::controls(state, Side::Persian, p) {
            out.push(p.clone());
        }
    }
    for c in state.pack.map.cities.keys() {
        let held = state
            .units
            .values()
            .any(|u| u.owner == Side::Persian && u.place == Place::City(c.clone()));
        let p = state.pack.city(c).and_then(|x| x.province.clone());
        let open = p
            .as_deref()
            .map(|p| super::movement::may_enter(state, "Bessus", p).is_ok())
            .unwrap_or(true);
        if held && open {
            out.push(c.clone());
        }
    }
    out
}

/// Alexandros 15.6: once Darius has left the board, Bessus becomes Great King where the
/// Persian's standing `bessus` order says (the first place allowed); with no such order, or
/// none allowed, with the largest Persian main army, else the first place allowed where no
/// Indian or raider force stands (reported as a default); nowhere if the Persian holds nothing.
pub fn place_bessus(
    state: &mut State,
    standing: &std::collections::BTreeMap<String, super::orders::Standing>,
    ev: &mut Vec<Event>,
) {
    if !state.bessus_due {
        return;
    }
    state.bessus_due = false;
    let allowed = bessus_places(state);
    let wanted = standing
        .get("persian")
        .map(|s| s.bessus.clone())
        .unwrap_or_default();
    let chosen = wanted.iter().find(|w| allowed.contains(w)).cloned();
    let (place, why) = match chosen {
        Some(p) => (Some(p), String::new()),
        None => {
            let mut best: Option<(usize, String)> = None;
            for p in &allowed {
                let n = state
                    .host_units(Side::Persian, p, super::state::Host::Main)
                    .len();
                if n > 0 && best.as_ref().map(|(b, _)| n > *b).unwrap_or(true) {
                    best = Some((n, p.clone()));
                }
            }
            // Ruling 36: with no main army anywhere, the first place where he does not stand
            // beside Indians or raiders, forces he may never join (6.3, 14.3).
            let apart = |p: &String| {
                [super::state::Host::Indian, super::state::Host::Raiders]
                    .iter()
                    .all(|h| state.host_units(Side::Persian, p, *h).is_empty())
            };
            let p = best
                .map(|(_, p)| p)
                .or_else(|| allowed.iter().find(|p| apart(p)).cloned())
                .or_else(|| allowed.first().cloned());
            let why = if wanted.is_empty() {
                " (default: the Persian gave no standing bessus order)".to_string()
            } else {
                format!(" (default: none of {} is allowed)", wanted.join(", "))
            };
            (p, why)
        }
    };
    let Some(p) = place else {
        ev.push(Event::new(
            "Alexandros 15.6",
            "Bessus has nowhere to become Great King: no Persian army, garrison or province",
        ));
        return;
    };
    let at = if state.pack.city(&p).is_some() && state.pack.province(&p).is_none() {
        Place::City(p.clone())
    } else {
        Place::Province(p.clone())
    };
    state.leaders.get_mut("Bessus").unwrap().place = at;
    ev.push(Event::new(
        "Alexandros 15.6",
        format!("Bessus becomes Great King in {p}{why}"),
    ));
}

impl State {
    /// Called when `leader` of `side` enters `province`: objectives (15) and Indian activation (3.3).
    pub fn entered(&mut self, side: Side, province: &str, leader: &str) {
        let mut ev = Vec::new();
        if side == Side::Macedonian && leader == "Alexander" {
            alexander_enters(self, province, &mut ev);
        }
        self.pending_events.extend(ev);
    }

    /// Alexandros 3.3: Indian units wake once a Macedonian unit stands in Gandara, Upper or Lower India.
    pub fn check_indians(&mut self) {
        if self.india_entered.is_none() {
            let entered = self.units.values().any(|u| {
                u.owner == Side::Macedonian
                    && self
                        .province_of(&u.place)
                        .and_then(|p| self.pack.province(&p))
                        .map(|p| p.groups.contains(&ProvinceGroup::Indian))
                        .unwrap_or(false)
            });
            if entered {
                self.india_entered = Some(self.turn); // 12.8
            }
        }
        if self.indians_active {
            return;
        }
        let woke = self.units.values().any(|u| {
            u.owner == Side::Macedonian
                && self
                    .province_of(&u.place)
                    .and_then(|p| self.pack.province(&p))
                    .map(|p| p.groups.contains(&ProvinceGroup::IndianArea))
                    .unwrap_or(false)
        });
        if woke {
            self.indians_active = true;
        }
    }

    /// Treasuries secured (15.8).
    pub fn treasuries_taken(&self) -> usize {
        self.objectives
            .iter()
            .filter(|n| {
                self.pack
                    .map
                    .objectives
                    .get(n.as_str())
                    .map(|o| o.treasury)
                    .unwrap_or(false)
            })
            .count()
    }
}
