//! Macedonians [9]: land combat on the two Strategic CRTs through the shared procedure
//! (`conquerors::combat::fight_on`): each side rolls two dice on its own table ([9.42]–[9.44],
//! [9.81], [9.82]) at its own odds, the better commander moving his column ([9.71]); losses in
//! the owner's order ([9.5]); commanders killed ([8.52], [8.53]) with their Victory Points
//! ([21.13]); Darius' bolt ([8.61]); the Morale Levels, 50% and 35% of the SSP when battle is
//! joined ([9.61]–[9.64]), a draw when both break ([9.65]); the Cilician Gates' defender
//! doubled with 25% more morale on his undoubled SSP ([5.52], [5.53]); Retreat During Combat
//! and its die ([10.22], [10.23]); Flight and Pursuit ([10.31], [10.32]); Disruption
//! ([10.14]); Major Land Battle or Skirmish ([9.3], [9.4]) and the battle's Victory Points
//! ([21.12]); after a Major Land Battle the Persian lost under Darius, the attempt on his life
//! ([8.62], `darius.rs`).

use std::collections::BTreeMap;

use super::orders::Standing;
pub use super::record::{disrupt, end_of_phase, kill_commander, BattleRecord, CombatState};
use super::retreat::{self, Kind};
use super::sequence::side_name;
use super::state::{State, MACEDONIAN, PERSIAN};
use crate::games::conquerors::combat::{self as proc, Contingent, End, Host, Situation};
use crate::games::conquerors::decisions::standing_for;
use crate::geo::Hex;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// The commander in charge among `ids` ([8.2], [8.61]): Darius or Alexander when there, else
/// the best Strategic Rating, then the first id (ruling M-R26: the owner's nomination is not
/// asked; the best commander leads).
pub fn in_charge(st: &State, ids: &[String]) -> Option<String> {
    let mut v: Vec<&String> = ids
        .iter()
        .filter(|c| st.commanders.contains_key(*c))
        .collect();
    v.sort_by_key(|id| {
        let always = st.commander_data(id).is_some_and(|d| d.in_charge.is_some());
        (
            !always,
            std::cmp::Reverse(st.rating(id).unwrap_or(0)),
            (*id).clone(),
        )
    });
    v.first().map(|s| (*s).clone())
}

/// Takes `n` SSP from `live` units of `side` in the owner's standing `losses` order ([9.5],
/// [9.12]); units left with none are eliminated ([19.42]). Returns the SSP taken.
pub fn take_losses(
    st: &mut State,
    side: &str,
    live: &[String],
    order: &[String],
    n: u32,
    (rule, why): (&str, &str),
    ev: &mut Vec<Event>,
) -> u32 {
    let before: BTreeMap<String, _> = live
        .iter()
        .filter_map(|u| st.units.get(u).map(|x| (u.clone(), x.clone())))
        .collect();
    let start = BTreeMap::from([(side.to_string(), before.values().map(|u| u.ssp).sum())]);
    let (k, words, defaulted) = crate::games::conquerors::losses::take_default(
        &mut st.units,
        live,
        order,
        (&start, &mut BTreeMap::new()),
        n,
        |u| &u.side,
    );
    for (id, u) in before {
        if !st.units.contains_key(&id) {
            st.eliminated.insert(id, u);
        }
    }
    if k > 0 {
        ev.push(Event::new(
            rule,
            format!(
                "{} loses {k} SSP {why} ({}){}",
                side_name(side),
                words.join(", "),
                if defaulted || order.is_empty() {
                    "; units not in the standing `losses` lose in the order of their ids (default)"
                } else {
                    ""
                }
            ),
        ));
    }
    k
}

/// One battle to fight.
#[derive(Debug, Clone)]
pub struct Battle {
    /// The hex.
    pub hex: Hex,
    /// Attacker (0: the phasing side, or the interceptor, [9.0]) and defender (1) sides.
    pub sides: [String; 2],
    /// Each side's land units in the battle.
    pub units: [Vec<String>; 2],
    /// Each side's commanders in the hex.
    pub commanders: [Vec<String>; 2],
}

impl Battle {
    fn live(&self, st: &State, s: usize) -> Vec<String> {
        let v = self.units[s].iter();
        v.filter(|u| st.units.contains_key(*u)).cloned().collect()
    }
    fn cmds(&self, st: &State, s: usize) -> Vec<String> {
        let v = self.commanders[s].iter();
        v.filter(|c| st.commanders.contains_key(*c))
            .cloned()
            .collect()
    }
    fn ssp(&self, st: &State, s: usize) -> u32 {
        let live = self.live(st, s);
        live.iter().map(|u| st.units[u].ssp).sum()
    }
    /// [5.52]: the defender of the Cilician Gates.
    fn gates(&self, st: &State) -> bool {
        self.hex.to_string() == st.pack.places.cilician_gates.hex
    }
}

pub use crate::games::conquerors::combat::Outcome;

struct MacHost<'a> {
    st: &'a mut State,
    b: Battle,
    standing: [Option<&'a Standing>; 2],
    dice: &'a mut Dice,
    ev: &'a mut Vec<Event>,
    /// The side's default of [10.22] (fight on) has been reported in this battle.
    told: [bool; 2],
}

impl MacHost<'_> {
    fn chief(&self, s: usize) -> Option<String> {
        in_charge(self.st, &self.b.cmds(self.st, s))
    }
    fn order(&self, s: usize) -> Vec<String> {
        self.standing[s]
            .map(|x| x.losses.clone())
            .unwrap_or_default()
    }
}

/// Macedonians [10.13], [10.31]: the standing `retreat_path` of `side` for the Force of `chief`.
pub fn wanted_path(standing: Option<&Standing>, chief: Option<&str>) -> Vec<String> {
    standing
        .and_then(|x| standing_for(&x.retreat_path, chief))
        .cloned()
        .unwrap_or_default()
}

impl Host for MacHost<'_> {
    type Error = RuleError;
    fn ssp(&self, s: usize) -> u32 {
        let n = self.b.ssp(self.st, s);
        let times = self
            .st
            .pack
            .number("combat", "gates-strength-times")
            .unwrap_or(2);
        if s == proc::DEFENDER && self.b.gates(self.st) {
            n * times
        } else {
            n
        }
    }
    fn rating(&mut self, s: usize) -> Result<Option<u8>, RuleError> {
        Ok(self.chief(s).and_then(|c| self.st.rating(&c)))
    }
    fn two_d6(&mut self, s: usize, purpose: &str) -> Result<u32, RuleError> {
        let side = self.b.sides[s].clone();
        Ok(self
            .dice
            .roll_for(&side)
            .two_d6(purpose, "Macedonians [9.42]")?)
    }
    fn d6(&mut self, s: usize, purpose: &str) -> Result<u32, RuleError> {
        let side = self.b.sides[s].clone();
        Ok(self
            .dice
            .roll_for(&side)
            .d6(purpose, "Macedonians [8.52]")?)
    }
    fn lose(&mut self, s: usize, n: u32) -> Result<u32, RuleError> {
        let (live, order, side) = (
            self.b.live(self.st, s),
            self.order(s),
            self.b.sides[s].clone(),
        );
        let why = ("Macedonians [9.5]", "on the Strategic CRT");
        Ok(take_losses(self.st, &side, &live, &order, n, why, self.ev))
    }
    fn commander_killed(&mut self, s: usize) -> Result<bool, RuleError> {
        if let Some(c) = self.chief(s) {
            kill_commander(self.st, &c, self.ev);
        }
        Ok(self.chief(s).is_some())
    }
    fn contingent_breaks(&mut self, _s: usize, _key: &str) -> Result<(), RuleError> {
        // One Morale Level a side ([9.6]): a side's only contingent breaking ends the battle.
        Ok(())
    }
    fn retreats(&mut self, s: usize, now: &Situation) -> bool {
        let chief = self.chief(s);
        let Some(c) = chief.as_deref() else {
            return false;
        };
        let said =
            self.standing[s].and_then(|x| standing_for(&x.retreat_during_combat, chief.as_deref()));
        let Some(p) = said.and_then(|a| a.given()) else {
            if said.is_none() && !self.told[s] {
                self.told[s] = true;
                self.ev.push(
                    Event::new(
                        "Macedonians [10.22]",
                        format!(
                            "{} said nothing of Retreat During Combat: it fights on until its Morale Level breaks (default)",
                            side_name(&self.b.sides[s])
                        ),
                    )
                    .by_standing(self.b.sides[s].clone()),
                );
            }
            return false;
        };
        let crt = if self.b.sides[s] == MACEDONIAN {
            "macedonian-crt"
        } else {
            "persian-crt"
        };
        let cols = self.st.pack.table(crt).map(|t| t.columns.clone());
        if !p.leaves(now, s, cols.as_deref()) {
            return false;
        }
        let used = self.st.combat.retreat_spent.get(c).copied().unwrap_or(0);
        let wanted = wanted_path(self.standing[s], chief.as_deref());
        let side = self.b.sides[s].clone();
        let possible = retreat::plan(
            self.st,
            &side,
            self.b.hex,
            Kind::DuringCombat,
            used,
            &wanted,
        )
        .is_some();
        if !possible {
            self.ev.push(Event::new(
                "Macedonians [10.15]",
                format!(
                    "{} would Retreat During Combat but has no hex to retreat into, and fights on",
                    side_name(&side)
                ),
            ));
        }
        possible
    }
    fn note(&mut self, rule: &str, text: String) {
        // The shared procedure cites The Romans' sections; The Macedonians' say the same.
        let rule = rule
            .replace("Romans [9.42], [9.43]", "Macedonians [9.42]–[9.45]")
            .replace("Romans [8.52]", "Macedonians [8.52]")
            .replace("Romans [8.53]", "Macedonians [8.53]");
        self.ev.push(Event::new(rule, text));
    }
    fn flees_after(&mut self, this: [u32; 2]) -> Result<Option<usize>, RuleError> {
        // [8.61]: Darius commanding, the Persians lost more in the exchange: a 6 and they flee.
        let Some(p) = self.b.sides.iter().position(|s| s == PERSIAN) else {
            return Ok(None);
        };
        if self.chief(p).as_deref() != Some("darius")
            || this[p] <= this[1 - p]
            || !super::darius::rules_on(self.st)
        {
            return Ok(None);
        }
        let bolt = self.st.pack.number("combat", "darius-bolt").unwrap_or(6);
        let roll = self
            .dice
            .roll_for(PERSIAN)
            .d6("Darius' bolt", "Macedonians [8.61]")?;
        let flees = roll >= bolt;
        self.ev.push(Event::new(
            "Macedonians [8.61]",
            format!(
                "the Persians lost more ({} against {}) under Darius: he rolls {roll}{}",
                this[p],
                this[1 - p],
                if flees {
                    ", Darius bolts and the Persian army Flees"
                } else {
                    ", and holds"
                }
            ),
        ));
        Ok(flees.then_some(p))
    }
    fn draw_on_totals(&self) -> bool {
        true
    }
}

/// [9.61]–[9.63], [5.53]: the Morale Level of `side` in percent.
fn morale(st: &State, side: &str, gates: bool) -> u32 {
    let base = if side == MACEDONIAN {
        st.pack.number("combat", "morale-macedonian").unwrap_or(50)
    } else {
        st.pack.number("combat", "morale-persian").unwrap_or(35)
    };
    base + if gates {
        st.pack.number("combat", "gates-morale-bonus").unwrap_or(25)
    } else {
        0
    }
}

/// [9.4]–[9.6], [10.2], [10.3], [21.12]: fights battle `b` and carries out its end.
///
/// Errors: [`RuleError`] when dice are not available yet.
pub fn fight(
    st: &mut State,
    b: Battle,
    standing: &BTreeMap<String, Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<Outcome, RuleError> {
    let crt_of = |s: &str| {
        if s == MACEDONIAN {
            "macedonian-crt"
        } else {
            "persian-crt"
        }
    };
    let tables = [
        st.pack.table(crt_of(&b.sides[0])).cloned(),
        st.pack.table(crt_of(&b.sides[1])).cloned(),
    ];
    let [Some(a), Some(d)] = tables else {
        return Err(RuleError::illegal(
            "battle",
            "Macedonians [9.8]",
            "no Strategic CRT in the pack",
        ));
    };
    let base = [b.ssp(st, 0), b.ssp(st, 1)];
    let most = st.pack.number("combat", "skirmish-at-most").unwrap_or(10);
    let major = base[0] > most && base[1] > most;
    let gates = b.gates(st);
    ev.push(Event::new(
        if major { "Macedonians [9.4]" } else { "Macedonians [9.3]" },
        format!(
            "{} at {}: {} ({} SSP) against {} ({} SSP{}); both Forces are revealed (Macedonians [10.22])",
            if major { "Major Land Battle" } else { "Skirmish" },
            b.hex,
            side_name(&b.sides[0]),
            base[0],
            side_name(&b.sides[1]),
            base[1],
            if gates { ", doubled in the Cilician Gates, Macedonians [5.52]" } else { "" }
        ),
    ));
    // [8.2], ruling M-R26: the account names who commands each side.
    for s in 0..2 {
        let lead = match in_charge(st, &b.cmds(st, s)) {
            Some(id) => format!(
                "{} (Strategic Rating {})",
                st.commander_name(&id),
                st.rating(&id).unwrap_or(0)
            ),
            None => "no commander".to_string(),
        };
        ev.push(Event::new(
            "Macedonians [8.2]",
            format!("{} is commanded by {lead}", side_name(&b.sides[s])),
        ));
    }
    let contingents: [Vec<Contingent>; 2] = [0, 1].map(|s| {
        vec![Contingent {
            key: b.sides[s].clone(),
            morale_percent: morale(st, &b.sides[s], gates && s == 1),
        }]
    });
    for s in 0..2 {
        let pct = contingents[s][0].morale_percent;
        ev.push(Event::new(
            if gates && s == 1 {
                "Macedonians [9.6], [5.53]"
            } else {
                "Macedonians [9.6]"
            },
            format!(
                "{} Morale Level: {pct}% of {} SSP (it Flees on losing more than {}·{pct}/100)",
                side_name(&b.sides[s]),
                base[s],
                base[s]
            ),
        ));
    }
    // [8.62]: whether Darius commands the Persian side as battle is joined.
    let darius_led = b
        .sides
        .iter()
        .position(|s| s == PERSIAN)
        .is_some_and(|p| in_charge(st, &b.cmds(st, p)).as_deref() == Some("darius"));
    let std_of = |s: usize| standing.get(&b.sides[s]);
    let mut host = MacHost {
        st,
        b: b.clone(),
        standing: [std_of(0), std_of(1)],
        dice,
        ev,
        told: [false, false],
    };
    let setup = proc::Setup { contingents, base };
    let end = proc::fight_on([&a, &d], &setup, &mut host, || {
        RuleError::illegal("battle", "Macedonians [9.44]", "no end after 500 exchanges")
    })?;
    let MacHost { st, dice, ev, .. } = host;
    let mut stands = [true, true];
    match &end {
        End::Retreated(s) => {
            stands[*s] = false;
            leave(st, &b, *s, Kind::DuringCombat, std_of(*s), dice, ev, false)?;
        }
        End::Fled(s) => {
            stands[*s] = false;
            leave(st, &b, *s, Kind::Flight, std_of(*s), dice, ev, true)?;
        }
        End::Draw(who) => {
            let list: Vec<usize> = who.map(|s| vec![s]).unwrap_or(vec![0, 1]);
            for s in list {
                stands[s] = false;
                // Ruling M-R28 (A-9d): a draw has no victor, so no Pursuit.
                leave(st, &b, s, Kind::Flight, std_of(s), dice, ev, false)?;
            }
        }
    }
    let winner = end.winner().map(|w| b.sides[w].clone());
    ev.push(Event::new(
        "Macedonians [9.47], [9.65], [9.66]",
        match &winner {
            Some(w) if major => {
                let key = if w == PERSIAN { "battle-persian" } else { "battle-macedonian" };
                let vp = st.pack.number("victory", key).unwrap_or(0);
                *st.combat.vp.entry(w.clone()).or_default() += vp;
                format!("{} wins the Major Land Battle: {vp} VP (Macedonians [21.12])", side_name(w))
            }
            Some(w) => format!("{} wins the Skirmish (no Victory Points, Macedonians [9.3])", side_name(w)),
            None => "both Morale Levels broke in the same exchange: a draw, nobody wins (Macedonians [9.65])".into(),
        },
    ));
    let persian_lost = major && winner.as_deref() == Some(MACEDONIAN);
    st.combat.battles.push(BattleRecord {
        turn: st.turn_number(),
        hex: b.hex.to_string(),
        kind: if major { "major" } else { "skirmish" }.into(),
        attacker: b.sides[0].clone(),
        winner,
    });
    if persian_lost && darius_led {
        super::darius::after_lost_battle(st, standing.get(PERSIAN), dice, ev)?;
    }
    Ok(Outcome { end, stands })
}

/// [10.22]–[10.24], [10.31]–[10.34]: side `s` of battle `b` leaves the field: a Retreat During
/// Combat and its die, or a Flight and (`pursued`: a victor's) Pursuit.
#[allow(clippy::too_many_arguments)]
fn leave(
    st: &mut State,
    b: &Battle,
    s: usize,
    kind: Kind,
    standing: Option<&Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
    pursued: bool,
) -> Result<(), RuleError> {
    let side = b.sides[s].clone();
    let (units, cmds) = (b.live(st, s), b.cmds(st, s));
    let order = standing.map(|x| x.losses.clone()).unwrap_or_default();
    if pursued {
        // [10.32]: the other side pursues, two SSP a pip.
        let times = st.pack.number("combat", "pursuit-times").unwrap_or(2);
        let roll = dice
            .roll_for(&b.sides[1 - s])
            .d6("Pursuit", "Macedonians [10.32]")?;
        let why = format!(
            "to Pursuit ({} rolls {roll}, ×{times})",
            side_name(&b.sides[1 - s])
        );
        take_losses(
            st,
            &side,
            &units,
            &order,
            roll * times,
            ("Macedonians [10.32]", &why),
            ev,
        );
    }
    let units = b.live(st, s);
    let moved = retreat::go(st, &side, b.hex, (&units, &cmds), kind, standing, ev);
    if moved.is_none() {
        return Ok(());
    }
    if kind == Kind::DuringCombat {
        let roll = dice
            .roll_for(&side)
            .d6("Retreat During Combat losses", "Macedonians [10.23]")?;
        let units = b.live(st, s);
        let why = format!("after its Retreat During Combat (rolls {roll})");
        take_losses(
            st,
            &side,
            &units,
            &order,
            roll,
            ("Macedonians [10.23]", &why),
            ev,
        );
    }
    Ok(())
}

/// Macedonians [6.22], [10.11], [10.22]: what of a side's standing orders this engine cannot
/// carry out yet, each with its field and section: deciding in person (`ask`: the pause of
/// `conquerors::pause` is not wired into The Macedonians yet). Interception orders themselves
/// are carried out (`engage`).
pub fn check_standing(s: &Standing) -> Vec<(String, RuleError)> {
    let mut out = Vec::new();
    let not_yet = |field: &str, k: &str, rule: &str, what: &str| {
        (
            format!("/{field}/{k}"),
            RuleError::illegal(
                format!("standing.{field}.{k}"),
                rule,
                format!("{what} is not built yet for The Macedonians"),
            ),
        )
    };
    for (k, a) in &s.intercept {
        if a.asks() {
            out.push(not_yet(
                "intercept",
                k,
                "Macedonians [6.22]",
                "deciding in person (`ask`)",
            ));
        }
    }
    for (k, a) in &s.when_attacked {
        if a.asks() {
            out.push(not_yet(
                "when_attacked",
                k,
                "Macedonians [10.11]",
                "deciding in person (`ask`)",
            ));
        }
    }
    for (k, a) in &s.retreat_during_combat {
        if a.asks() {
            out.push(not_yet(
                "retreat_during_combat",
                k,
                "Macedonians [10.22]",
                "deciding in person (`ask`)",
            ));
        }
    }
    out
}
