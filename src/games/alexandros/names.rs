//! Names in Alexandros orders: every province and city an order names must be on the map
//! (Alexandros 2), every unit and leader on the counter sheet (Alexandros 6), every box of
//! a battle order on the Tactical Display (Alexandros 10.4). A name that is not is refused
//! before any other rule, with the nearest names that are — so a typo reads "no province
//! Phyrgia on the map (did you mean Phrygia?)", not a rule refusal.
//!
//! The same names are checked in standing orders (their losses, retreats, sea supply, battle
//! plan…) when an order file is signed: every unknown name at once, each at its own place.

use super::data::board::BOX_NAMES;
use super::data::Side;
use super::movement::{apply_move, ALL_UNITS};
use super::orders::{Move, Orders, Standing};
use super::state::State;
use super::tactical::{BattleOrders, BattlePlan};
use crate::names::did_you_mean;
use crate::ruleset::RuleError;

/// What kind of name an order field holds.
#[derive(Clone, Copy)]
enum Kind {
    Province,
    City,
    Unit,
    Leader,
    /// A unit code or a leader name (reinforcements, 13.1).
    Counter,
}

/// The unknown names found so far, each with the JSON pointer of its value.
struct Found<'a> {
    state: &'a State,
    out: Vec<(String, RuleError)>,
}

impl<'a> Found<'a> {
    fn new(state: &'a State) -> Self {
        Found {
            state,
            out: Vec::new(),
        }
    }

    /// Checks one name at `path`; `order` and `rule` (a section number) say where it was named.
    fn name(&mut self, path: String, kind: Kind, name: &str, order: &str, rule: &str) {
        let pack = &self.state.pack;
        let provinces = || pack.map.provinces.keys().map(String::as_str);
        let cities = || pack.map.cities.keys().map(String::as_str);
        let units = || pack.counters.units.keys().map(String::as_str);
        let leaders = || pack.counters.leaders.keys().map(String::as_str);
        let (found, what, near) = match kind {
            Kind::Province => (
                pack.map.provinces.contains_key(name),
                "province",
                did_you_mean(name, provinces()),
            ),
            Kind::City => (
                pack.map.cities.contains_key(name),
                "city",
                did_you_mean(name, cities()),
            ),
            Kind::Unit => (
                pack.counters.units.contains_key(name),
                "unit",
                did_you_mean(name, units()),
            ),
            Kind::Leader => (
                pack.counters.leaders.contains_key(name),
                "leader",
                did_you_mean(name, leaders()),
            ),
            Kind::Counter => (
                pack.counters.units.contains_key(name) || pack.counters.leaders.contains_key(name),
                "unit or leader",
                did_you_mean(name, units().chain(leaders())),
            ),
        };
        if found {
            return;
        }
        let place = match kind {
            Kind::Province | Kind::City => "on the map",
            _ => "on the counter sheet",
        };
        self.refuse(path, order, rule, format!("no {what} {name} {place}{near}"));
    }

    /// A province, or one of the `words` the field also takes (`stay`, `any`).
    fn province_or(&mut self, path: String, name: &str, words: &[&str], order: &str, rule: &str) {
        if !words.contains(&name) {
            self.name(path, Kind::Province, name, order, rule);
        }
    }

    /// A place of the Tactical Display: `Center` (own box) or `enemy Center` (Alexandros 10.4).
    fn place(&mut self, path: String, text: &str, order: &str, rule: &str) {
        let t = text.trim();
        let (enemy, name) = match t.strip_prefix("enemy ") {
            Some(rest) => ("enemy ", rest.trim()),
            None => ("", t),
        };
        if self.state.pack.board.get(name).is_some() {
            return;
        }
        // `enemy` misspelt, or a box name with its own prefix (`enemyCenter`): the nearest
        // of every way the field may be written.
        let written: Vec<String> = BOX_NAMES
            .iter()
            .flat_map(|b| [b.to_string(), format!("enemy {b}")])
            .collect();
        let near = if enemy.is_empty() {
            did_you_mean(t, written.iter().map(String::as_str))
        } else {
            let boxes: Vec<String> = BOX_NAMES.iter().map(|b| format!("{enemy}{b}")).collect();
            did_you_mean(t, boxes.iter().map(String::as_str))
        };
        self.refuse(
            path,
            order,
            rule,
            format!(
                "`{t}` is not a box of the Tactical Display{near}; the boxes are {}, each written as it is for your own display or after `enemy ` for the opponent's",
                BOX_NAMES.join(", ")
            ),
        );
    }

    /// `first` or `second` line of a battle-line box (Alexandros 10.6).
    fn line(&mut self, path: String, text: &str, order: &str) {
        const LINES: [&str; 2] = ["first", "second"];
        if !LINES.contains(&text) {
            let near = did_you_mean(text, LINES);
            self.refuse(
                path,
                order,
                "10.6",
                format!("line `{text}` is neither `first` nor `second`{near}"),
            );
        }
    }

    fn refuse(&mut self, path: String, order: &str, rule: &str, why: String) {
        self.out.push((
            path,
            RuleError::illegal(order, format!("Alexandros {rule}"), why),
        ));
    }

    fn units<'s>(
        &mut self,
        path: &str,
        units: impl IntoIterator<Item = &'s String>,
        order: &str,
        rule: &str,
    ) {
        for (i, u) in units.into_iter().enumerate() {
            self.name(format!("{path}/{i}"), Kind::Unit, u, order, rule);
        }
    }

    /// The names of one side's battle orders at `at` (Alexandros 10).
    fn battle(&mut self, at: &str, b: &BattleOrders) {
        for (i, pair) in b.pairs.iter().enumerate() {
            let order = format!("pairs [{}]", pair.join(", "));
            self.units(&format!("{at}/pairs/{i}"), pair, &order, "10.7");
        }
        for (i, p) in b.placements.iter().enumerate() {
            let at = format!("{at}/placements/{i}");
            let order = format!("placement {} in {}", p.unit, p.into);
            self.name(format!("{at}/unit"), Kind::Unit, &p.unit, &order, "10.3");
            self.place(format!("{at}/box"), &p.into, &order, "10.3");
            if let Some(l) = &p.line {
                self.line(format!("{at}/line"), l, &order);
            }
            if let Some(l) = &p.leader {
                self.name(format!("{at}/leader"), Kind::Leader, l, &order, "10.3");
            }
        }
        self.units(&format!("{at}/rally"), &b.rally, "rally", "10.18");
        for (i, c) in b.lines.iter().enumerate() {
            let at = format!("{at}/lines/{i}");
            let order = format!("line change {} to {}", c.unit, c.to);
            self.name(format!("{at}/unit"), Kind::Unit, &c.unit, &order, "10.6");
            self.line(format!("{at}/to"), &c.to, &order);
        }
        let moves = b
            .advances
            .iter()
            .enumerate()
            .map(|(i, a)| (format!("{at}/advances/{i}"), a, "advance", "10.9"));
        let tactical = b
            .tactical_move
            .iter()
            .map(|a| (format!("{at}/move"), a, "move", "10.8"));
        for (at, a, what, rule) in moves.chain(tactical).collect::<Vec<_>>() {
            let order = format!("{what} to {}", a.to);
            self.units(&format!("{at}/units"), &a.units, &order, rule);
            self.place(format!("{at}/to"), &a.to, &order, rule);
        }
        for (i, a) in b.attacks.iter().enumerate() {
            let at = format!("{at}/attacks/{i}");
            let order = format!("attack from {}", a.from);
            self.place(format!("{at}/from"), &a.from, &order, "10.10");
            if let Some(into) = &a.into {
                self.place(format!("{at}/into"), into, &order, "10.10");
            }
            for (j, d) in a.duels.iter().enumerate() {
                let order = format!("duel {} against {}", d.attacker, d.defender);
                let at = format!("{at}/duels/{j}");
                self.name(
                    format!("{at}/attacker"),
                    Kind::Unit,
                    &d.attacker,
                    &order,
                    "10.10",
                );
                self.name(
                    format!("{at}/defender"),
                    Kind::Unit,
                    &d.defender,
                    &order,
                    "10.10",
                );
            }
        }
        self.units(
            &format!("{at}/pursuit_losses"),
            &b.pursuit_losses,
            "pursuit_losses",
            "10.20",
        );
        for (i, r) in b.rally_into.iter().enumerate() {
            self.place(format!("{at}/rally_into/{i}"), r, "rally_into", "10.18");
        }
    }

    /// The names of a battle plan at `at` (standing orders for a battle, Alexandros 10).
    fn plan(&mut self, at: &str, p: &BattlePlan) {
        if let Some(s) = &p.setup {
            self.battle(&format!("{at}/setup"), s);
        }
        for (list, rules, rule) in [("advance", &p.advance, "10.9"), ("move", &p.moves, "10.8")] {
            for (i, m) in rules.iter().enumerate() {
                let at = format!("{at}/{list}/{i}");
                let order = format!("{list} from {} to {}", m.from, m.to);
                self.place(format!("{at}/from"), &m.from, &order, rule);
                self.place(format!("{at}/to"), &m.to, &order, rule);
            }
        }
        for (i, a) in p.attack_from.iter().enumerate() {
            let at = format!("{at}/attack_from/{i}");
            let order = format!("attack from {}", a.from);
            self.place(format!("{at}/box"), &a.from, &order, "10.10");
            if let Some(into) = &a.into {
                self.place(format!("{at}/into"), into, &order, "10.10");
            }
        }
        self.units(
            &format!("{at}/pursuit_losses"),
            &p.pursuit_losses,
            "pursuit_losses",
            "10.20",
        );
        for (i, r) in p.rally_into.iter().enumerate() {
            self.place(format!("{at}/rally_into/{i}"), r, "rally_into", "10.18");
        }
    }
}

/// Alexandros 2, 6, 10.4: every name in `o` is a province, city, unit, leader or box of the
/// game, as its field requires. Errors: every unknown name of the first order that has one,
/// each with the nearest known ones — and, for a move, what the rules of movement say of the
/// rest of it (a border it cannot cross, 8.1–8.3), so that one run lists all that is wrong
/// with it ([`RuleError::Several`] when more than one).
pub fn check(state: &State, side: Side, o: &Orders) -> Result<(), RuleError> {
    use Kind::*;
    let mut f = Found::new(state);
    if let Some(p) = &o.darius {
        f.name(
            "/darius".into(),
            Province,
            p,
            &format!("darius: {p}"),
            "3.3",
        );
    }
    for (who, to) in &o.reinforcements {
        let order = format!("reinforcements {who}: {to}");
        let at = format!("/reinforcements/{who}");
        f.name(at.clone(), Counter, who, &order, "13.1");
        f.name(at, Province, to, &order, "13.1");
    }
    for (i, r) in o.replacements.iter().enumerate() {
        let order = format!("replacements {}", r.unit);
        f.name(
            format!("/replacements/{i}/unit"),
            Unit,
            &r.unit,
            &order,
            "12.3",
        );
        if let Some(p) = &r.province {
            f.name(
                format!("/replacements/{i}/province"),
                Province,
                p,
                &order,
                "12.4",
            );
        }
    }
    for (i, c) in o.walls.iter().enumerate() {
        f.name(
            format!("/walls/{i}"),
            City,
            c,
            &format!("walls {c}"),
            "12.5",
        );
    }
    for (i, u) in o.leave_city.iter().enumerate() {
        f.name(
            format!("/leave_city/{i}"),
            Unit,
            u,
            &format!("leave_city {u}"),
            "11.2",
        );
    }
    for (i, m) in o.moves.iter().enumerate() {
        let order = format!("move {} to {}", m.leader, m.to);
        let at = format!("/moves/{i}");
        f.name(format!("{at}/leader"), Leader, &m.leader, &order, "8.1");
        f.name(format!("{at}/to"), Province, &m.to, &order, "8.1");
        if let Some(v) = &m.via {
            f.name(format!("{at}/via"), Province, v, &order, "8.4");
        }
        let all = m.units.len() == 1 && m.units[0] == ALL_UNITS;
        if !all {
            f.units(&format!("{at}/units"), &m.units, &order, "8.1");
        }
        f.units(&format!("{at}/drop"), &m.drop, &order, "8.4");
        f.units(&format!("{at}/pick_up"), &m.pick_up, &order, "8.4");
    }
    for (i, p) in o.scorch.iter().enumerate() {
        f.name(
            format!("/scorch/{i}"),
            Province,
            p,
            &format!("scorch {p}"),
            "17.1",
        );
    }
    for (i, r) in o.raiders.iter().enumerate() {
        let order = format!("raiders to {}", r.to);
        f.units(&format!("/raiders/{i}/units"), &r.units, &order, "14.3");
        f.name(format!("/raiders/{i}/to"), Province, &r.to, &order, "14.3");
    }
    for (u, c) in &o.garrison {
        let order = format!("garrison {u}: {c}");
        f.name(format!("/garrison/{u}"), Unit, u, &order, "11.2");
        f.name(format!("/garrison/{u}"), City, c, &order, "11.2");
    }
    for (c, so) in &o.sieges {
        let order = format!("sieges {c}");
        f.name(format!("/sieges/{c}"), City, c, &order, "11.1");
        for l in so.leaders() {
            f.name(format!("/sieges/{c}"), Leader, &l, &order, "11.1");
        }
        for u in so.units() {
            f.name(format!("/sieges/{c}"), Unit, &u, &order, "11.1");
        }
    }
    for (i, c) in o.surrender_rolls.iter().enumerate() {
        let order = format!("surrender_rolls {c}");
        f.name(format!("/surrender_rolls/{i}"), City, c, &order, "17.5");
    }
    if let Some(d) = &o.decision {
        f.units("/decision/losses", &d.losses, "decision losses", "9.5");
        if let Some(p) = &d.retreat_to {
            let order = "decision retreat_to";
            f.province_or("/decision/retreat_to".into(), p, &["stay"], order, "9.5");
        }
    }
    if let Some(b) = &o.battle {
        f.battle("/battle", b);
    }
    let mut out = f.out;
    if let Some(rest) = out.first().and_then(|(p, _)| p.strip_prefix("/moves/")) {
        let i: usize = rest
            .split('/')
            .next()
            .and_then(|x| x.parse().ok())
            .unwrap_or(0);
        for e in move_rest(state, side, &o.moves[i], &out, i) {
            out.push((format!("/moves/{i}"), e));
        }
    }
    first_order(out)
}

/// Alexandros 8.1: when the leader and provinces of move `i` are known, what movement says
/// of it with its unknown units left out (every refusal, tried on a copy of the state).
fn move_rest(
    state: &State,
    side: Side,
    m: &Move,
    found: &[(String, RuleError)],
    i: usize,
) -> Vec<RuleError> {
    let at = format!("/moves/{i}/");
    let bad: Vec<&str> = found
        .iter()
        .filter_map(|(p, _)| p.strip_prefix(&at))
        .collect();
    if bad
        .iter()
        .any(|p| p.starts_with("leader") || p.starts_with("to") || p.starts_with("via"))
    {
        return Vec::new();
    }
    let unit_ok = |u: &String| state.pack.counters.units.contains_key(u);
    let all = m.units.len() == 1 && m.units[0] == ALL_UNITS;
    let known_only = Move {
        units: m
            .units
            .iter()
            .filter(|u| all || unit_ok(u))
            .cloned()
            .collect(),
        drop: m.drop.iter().filter(|u| unit_ok(u)).cloned().collect(),
        pick_up: m.pick_up.iter().filter(|u| unit_ok(u)).cloned().collect(),
        ..m.clone()
    };
    let mut copy = state.clone();
    match apply_move(&mut copy, side, &known_only, &mut Vec::new()) {
        Err(e) => e
            .each()
            .into_iter()
            .filter(|e| matches!(e, RuleError::Illegal { .. }))
            .cloned()
            .collect(),
        Ok(_) => Vec::new(),
    }
}

/// The order of a name's path: its list entry (`/moves/1` of `/moves/1/to`), else its map
/// entry.
fn order_of(path: &str) -> &str {
    let segs: Vec<(usize, &str)> = path
        .match_indices('/')
        .map(|(i, _)| (i, &path[i + 1..]))
        .collect();
    for (k, (_, seg)) in segs.iter().enumerate() {
        let seg = seg.split('/').next().unwrap_or("");
        if seg.parse::<usize>().is_ok() {
            return match segs.get(k + 1) {
                Some((end, _)) => &path[..*end],
                None => path,
            };
        }
    }
    match segs.len() {
        0..=2 => path,
        _ => &path[..segs[2].0],
    }
}

/// The refusals of the first order with an unknown name: its own refusal, or
/// [`RuleError::Several`] with one per name (the engine lists each at its own place).
fn first_order(found: Vec<(String, RuleError)>) -> Result<(), RuleError> {
    let Some((path, _)) = found.first().cloned() else {
        return Ok(());
    };
    let mut v: Vec<RuleError> = found
        .into_iter()
        .filter(|(p, _)| order_of(p) == order_of(&path))
        .map(|(_, e)| e)
        .collect();
    match v.len() {
        1 => Err(v.remove(0)),
        _ => Err(RuleError::Several(v)),
    }
}

/// Alexandros 2, 6, 10.4 for standing orders: every unknown province, city, unit, leader
/// or box in `s`, each with the JSON pointer of its value inside `standing:` and the
/// nearest known names. Empty when every name is known.
pub fn check_standing(state: &State, s: &Standing) -> Vec<(String, RuleError)> {
    let mut f = Found::new(state);
    if let Some(losses) = &s.losses {
        f.units("/losses", losses, "standing losses", "9.5");
    }
    for (from, to) in s.retreat_to.iter().flatten() {
        let order = format!("standing retreat_to {from}: {to}");
        let at = format!("/retreat_to/{from}");
        f.name(at.clone(), Kind::Province, from, &order, "9.5");
        f.province_or(at, to, &["stay"], &order, "9.5");
    }
    for (army, by) in &s.sea_supply {
        let order = format!("standing sea_supply {army}: {by}");
        let at = format!("/sea_supply/{army}");
        f.name(at.clone(), Kind::Province, army, &order, "7.5");
        f.name(at, Kind::Province, by, &order, "7.5");
    }
    if let Some(p) = &s.battle_plan {
        f.plan("/battle_plan", p);
    }
    f.out
}
