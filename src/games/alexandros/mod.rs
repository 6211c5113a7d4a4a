//! *Alexandros: Conquest and Empire* (Alexander's conquest of the Persian Empire, 334–323 BC).
//!
//! The rulebook prints no map, no counter sheet, no turn track and few of its tables. This module
//! holds them as data: the YAML pack in `scenarios/alexandros` (embedded in the binary), typed by
//! [`data`], with every item marked as printed (`source:`, a rule section) or `provisional:`
//! (what it is based on), and player overrides that replace items by key.
//!
//! The strategic game is the [`Alexandros`] ruleset: set-up (3), the sequence of play (4) in
//! [`sequence`], control (5), supply (7), movement (8), minor combat (9), sieges (11),
//! replacements (12), reinforcements (13), random events (14), objectives (15) and victory (16).
//! Battles on the Tactical Display (10) are handed to [`tactical`] through [`battle`].

pub mod battle;
pub mod battle_report;
pub mod control;
pub mod data;
pub mod evasion;
pub mod events;
pub mod minor_combat;
pub mod move_check;
pub mod movement;
pub mod names;
pub mod objectives;
pub mod orders;
pub mod reinforcements;
pub mod replacements;
pub mod sequence;
pub mod siege;
pub mod siege_declaration;
pub mod state;
pub mod supply;
pub mod tactical;
pub mod victory;
pub mod view;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use serde_json::Value;

use crate::protocol::dice::Dice;
use crate::ruleset::{
    Context, DataOverride, Event, OptionInfo, Pending, PendingKind, RuleError, Ruleset,
    ScenarioInfo, SetupError, Submission,
};
use data::{Pack, SetupCode, Side};
use orders::{Orders, Standing};
use sequence::Phase;
use state::{parse_side, side_name, Ctl, LeaderState, Place, State, UnitState, Walls};

/// Option: Macedonian Recuperation (12.11).
pub const OPT_RECUPERATION: &str = "recuperation";
/// Option: Scorched Earth (17.1).
pub const OPT_SCORCHED: &str = "scorched-earth";
/// Option: Mutiny (17.4).
pub const OPT_MUTINY: &str = "mutiny";
/// Option: Macedonian Fury (17.2).
pub const OPT_FURY: &str = "macedonian-fury";
/// Option: Death of Alexander (17.3).
pub const OPT_DEATH: &str = "death-of-alexander";
/// Option: City Surrender (17.5).
pub const OPT_SURRENDER: &str = "city-surrender";
/// Option: the Beginners Rule (3.1; 7, 14, 15, 17): no supply or attrition, no random events,
/// no objectives, no optional rules.
pub const OPT_BEGINNER: &str = "beginner";
/// Option: play without the Random Events of section 14 (3.1).
pub const OPT_NO_EVENTS: &str = "no-random-events";

/// The options a Beginners game leaves out (17.0: the optional rules).
const NOT_FOR_BEGINNERS: [&str; 6] = [
    OPT_RECUPERATION,
    OPT_SCORCHED,
    OPT_FURY,
    OPT_DEATH,
    OPT_MUTINY,
    OPT_SURRENDER,
];

/// Alexandros 8.1–8.3: the provinces `leader` (in `p`) may move to this turn, each tried as a
/// move of the leader alone on a copy of the state, and the distinct reasons the others are
/// refused (`reason (section)`).
fn leader_destinations(
    state: &State,
    side: Side,
    leader: &str,
    p: &str,
) -> (Vec<String>, Vec<String>) {
    let mut ok = Vec::new();
    let mut why: Vec<String> = Vec::new();
    for to in state.neighbours(p) {
        let mut copy = state.clone();
        let m = orders::Move {
            leader: leader.to_string(),
            to: to.clone(),
            units: Vec::new(),
            via: None,
            drop: Vec::new(),
            pick_up: Vec::new(),
        };
        match movement::apply_move(&mut copy, side, &m, &mut Vec::new()) {
            Ok(_) => ok.push(to),
            Err(e) => {
                for e in e.each() {
                    if let RuleError::Illegal { rule, reason, .. } = e {
                        let r = format!("{reason} ({rule})");
                        if !why.contains(&r) {
                            why.push(r);
                        }
                    }
                }
            }
        }
    }
    (ok, why)
}

/// The scenario id of the campaign game.
pub const CAMPAIGN: &str = "campaign-334";

/// The Alexandros strategic game.
pub struct Alexandros;

/// Builds the merged pack: the embedded data with each override applied in order.
pub fn merged_pack(overrides: &[DataOverride]) -> Result<Pack, SetupError> {
    let mut pack = data::load_embedded().map_err(|e| SetupError(e.to_string()))?;
    for o in overrides {
        data::apply_overrides(&mut pack, &o.name, &o.text)
            .map_err(|e| SetupError(format!("{}: {e}", o.name)))?;
    }
    Ok(pack)
}

/// Alexandros 3: the initial state from a pack (before the Persian's set-up choice of 3.3).
pub fn initial_state(pack: Pack) -> Result<State, SetupError> {
    let sc = pack.scenario.clone();
    let area = |code: &str| -> Option<Place> {
        sc.setup_codes
            .get(code)
            .and_then(|a| a.provinces.first())
            .map(|p| Place::Province(p.clone()))
    };
    let placed = |key: &str| -> Option<Place> {
        sc.placements.get(key).map(|p| match &p.city {
            Some(c) => Place::City(c.clone()),
            None => Place::Province(p.province.clone()),
        })
    };
    let place_of = |code: SetupCode, key: &str| -> Place {
        match code {
            SetupCode::M => area("M").unwrap_or(Place::SetAside),
            SetupCode::I => area("I").unwrap_or(Place::SetAside),
            SetupCode::A => area("A").unwrap_or(Place::SetAside),
            // "D" waits for the Persian's choice (3.3).
            SetupCode::D => Place::SetAside,
            SetupCode::Placed => placed(key).unwrap_or(Place::SetAside),
            SetupCode::Track => Place::Track,
            SetupCode::Pool => Place::Pool,
            _ => Place::SetAside,
        }
    };
    let mut units = BTreeMap::new();
    for (code, u) in &pack.counters.units {
        let place = place_of(u.setup, code);
        let owner = match u.side {
            Side::Mercenary if matches!(place, Place::Province(_) | Place::City(_)) => {
                Side::Persian
            }
            s => s,
        };
        units.insert(
            code.clone(),
            UnitState {
                owner,
                steps: if place == Place::Pool {
                    0
                } else {
                    u.steps.len() as u8
                },
                place,
                moved: false,
            },
        );
    }
    let mut leaders = BTreeMap::new();
    for (name, l) in &pack.counters.leaders {
        let mut place = place_of(l.setup, name);
        for code in ["M", "I", "A"] {
            if sc
                .setup_codes
                .get(code)
                .map(|a| a.leaders.contains(name))
                .unwrap_or(false)
            {
                place = area(code).unwrap_or(place);
            }
        }
        leaders.insert(
            name.clone(),
            LeaderState {
                owner: if l.side == Side::Mercenary {
                    Side::Persian
                } else {
                    l.side
                },
                place,
                wounded: false,
                moved: false,
            },
        );
    }
    let mut walls = BTreeMap::new();
    for (name, c) in &pack.map.cities {
        if c.walls > 0 {
            let side = match c.wall_side {
                Some(data::map::WallSide::Macedonian) => Side::Macedonian,
                _ => Side::Persian,
            };
            walls.insert(
                name.clone(),
                Walls {
                    count: c.walls,
                    side,
                },
            );
        }
    }
    let control = pack
        .map
        .provinces
        .iter()
        .map(|(n, p)| (n.clone(), control::initial(p.start_control)))
        .collect();
    let turn = sc
        .first_turn
        .trim_start_matches('T')
        .parse::<u8>()
        .unwrap_or(1);
    let data_hash = data::data_hash(&pack);
    let mut s = State {
        pack: Arc::new(pack),
        data_hash,
        turn,
        phase: Phase::PersianSetup,
        units,
        leaders,
        control,
        depleted: BTreeSet::new(),
        walls,
        objectives: BTreeSet::new(),
        replacement_points: BTreeMap::new(),
        indians_active: false,
        spartan_revolt: false,
        alexandria_from: None,
        combat_queue: Vec::new(),
        minor: None,
        battle: None,
        sieges: BTreeMap::new(),
        siege_queue: Vec::new(),
        options: Vec::new(),
        fought: BTreeSet::new(),
        fury: BTreeSet::new(),
        surrender_tried: BTreeSet::new(),
        surrender_rolls: Vec::new(),
        besieged: BTreeSet::new(),
        scorched: BTreeSet::new(),
        frozen: BTreeSet::new(),
        scorch_orders: Vec::new(),
        capital_taken: None,
        india_entered: None,
        siege_used: BTreeSet::new(),
        evaded: BTreeSet::new(),
        outcome: None,
        bessus_due: false,
        raid_origin: BTreeMap::new(),
        pending_events: Vec::new(),
    };
    control::update(&mut s);
    Ok(s)
}

impl Ruleset for Alexandros {
    type State = State;
    type Orders = Orders;
    type Standing = Standing;

    fn id(&self) -> &'static str {
        "alexandros"
    }
    /// 0.3 (issue 11): attrition by army size and province type (7.4, 8.6), only normal and
    /// mountain borders (8.2), every problem of a move at once (8.1). 0.2: evasion before
    /// battles (9.3), sieges with several leaders and units named per siege (11.1, 11.3,
    /// 11.4), entry limits on evasion and retreat (8.3), Bessus placed by the Persian (15.6),
    /// Death of Alexander past Summer 323 (17.3). An older log is refused by name (the state
    /// and the resolution changed); see docs/protocol.md.
    fn version(&self) -> &'static str {
        "0.3"
    }
    fn title(&self) -> &'static str {
        "Alexandros: Conquest and Empire"
    }
    /// A new `standing:` block merges key by key (since version 0.2; issue 12).
    fn merges_standing(&self) -> bool {
        true
    }
    fn describe_standing(&self, state: &State, _side: &str, standing: &Standing) -> Vec<String> {
        orders::describe_standing(state, standing)
    }
    fn options(&self) -> Vec<OptionInfo> {
        vec![
            OptionInfo {
                name: OPT_BEGINNER.into(),
                help: "Beginners Rule: no supply or attrition (7, 8.6), no random events (14), no objectives (15; victory by provinces only), no optional rules (17) (Alexandros 3.1)".into(),
            },
            OptionInfo {
                name: OPT_NO_EVENTS.into(),
                help: "Play without the Random Events: no Spartan Revolt, no raids (Alexandros 3.1, 14)".into(),
            },
            OptionInfo {
                name: OPT_RECUPERATION.into(),
                help: "Macedonian Recuperation: a reduced phalanx that fought no combat this turn recovers for free (Alexandros 12.11)".into(),
            },
            OptionInfo {
                name: OPT_SCORCHED.into(),
                help: "Scorched Earth (both players agree): the Persian may deplete provinces he holds, for good (Alexandros 17.1)".into(),
            },
            OptionInfo {
                name: OPT_FURY.into(),
                help: "Macedonian Fury: once Alexander is wounded leading a siege, later sieges of that city double the defender's losses (Alexandros 17.2)".into(),
            },
            OptionInfo {
                name: OPT_DEATH.into(),
                help: "Death of Alexander: from Summer 323 a roll of 1 (1-2 if wounded) ends the game (Alexandros 17.3)".into(),
            },
            OptionInfo {
                name: OPT_MUTINY.into(),
                help: "Mutiny: on Mutiny Check turns the army may refuse to march and a general may plot (Alexandros 17.4)".into(),
            },
            OptionInfo {
                name: OPT_SURRENDER.into(),
                help: "City Surrender: the Macedonian may roll once per city on the City Surrender Table instead of a siege (Alexandros 17.5)".into(),
            },
            OptionInfo {
                name: tactical::OPT_SIMULTANEOUS.into(),
                help: "Simultaneous deployment: both sides set up on the Tactical Display at once, sealed, instead of the Persian first (Alexandros 10.3 design note)".into(),
            },
            OptionInfo {
                name: tactical::OPT_LIGHT_INFANTRY_FIRE.into(),
                help: "Light infantry defensive fire: each light infantry unit fires once per battle at strength 1 when attacked (Alexandros 10.14 optional rule)".into(),
            },
            OptionInfo {
                name: tactical::OPT_FLANK_SHIFT.into(),
                help: "Flank odds shift: a unit attacked from a second box in the same phase is attacked one odds column to the right for each such attack (Alexandros 10.15 optional rule)".into(),
            },
        ]
    }
    fn scenarios(&self) -> Vec<ScenarioInfo> {
        vec![ScenarioInfo {
            id: CAMPAIGN.into(),
            title: "The campaign, Spring 334 to Summer 323 BC".into(),
            sides: vec!["macedonian".into(), "persian".into()],
        }]
    }
    fn load_scenario(
        &self,
        scenario: &str,
        overrides: &[DataOverride],
    ) -> Result<Value, SetupError> {
        if scenario != CAMPAIGN {
            return Err(SetupError(format!(
                "no scenario {scenario} (try {CAMPAIGN})"
            )));
        }
        let pack = merged_pack(overrides)?;
        serde_json::to_value(&pack).map_err(|e| SetupError(e.to_string()))
    }
    fn provisional(&self, data: &Value) -> Vec<String> {
        match serde_json::from_value::<Pack>(data.clone()) {
            Ok(p) => data::provisional_items(&p),
            Err(_) => Vec::new(),
        }
    }
    fn setup(&self, scenario: &str, data: &Value, options: &[String]) -> Result<State, SetupError> {
        if scenario != CAMPAIGN {
            return Err(SetupError(format!("no scenario {scenario}")));
        }
        if options.iter().any(|o| o == OPT_BEGINNER) {
            if let Some(o) = options
                .iter()
                .find(|o| NOT_FOR_BEGINNERS.contains(&o.as_str()))
            {
                return Err(SetupError(format!(
                    "the Beginners Rule leaves out the optional rules (Alexandros 17.0): drop --option {o} or --option {OPT_BEGINNER}"
                )));
            }
        }
        let pack: Pack =
            serde_json::from_value(data.clone()).map_err(|e| SetupError(e.to_string()))?;
        let mut s = initial_state(pack)?;
        s.options = options.to_vec();
        Ok(s)
    }
    fn pending(&self, state: &State) -> Pending {
        sequence::pending(state)
    }
    fn apply(
        &self,
        state: &mut State,
        ctx: &Context<'_, Standing>,
        sub: &Submission<Orders>,
        dice: &mut Dice,
    ) -> Result<Vec<Event>, RuleError> {
        let mut ev = Vec::new();
        let pending = sequence::pending(state);
        if pending.kind == PendingKind::GameOver {
            return Err(RuleError::illegal(
                "orders",
                "Alexandros 16",
                "the game is over",
            ));
        }
        let side_s = pending.sides.first().cloned().unwrap_or_default();
        let side = parse_side(&side_s).unwrap_or(Side::Macedonian);
        let o = sub.by.get(&side_s).cloned().ok_or_else(|| {
            RuleError::illegal(
                "orders",
                "Alexandros 4.1",
                format!("the {side_s} must act now"),
            )
        })?;
        // Every side's orders (a sealed battle step carries both), before any other rule.
        for (who, theirs) in &sub.by {
            names::check(state, parse_side(who).unwrap_or(side), theirs)?;
        }
        let (turn0, phase0) = (view::turn_short(state), view::phase_words(state));
        let result = self.resolve(state, ctx, sub, &pending, side, &o, dice, &mut ev);
        // Events the steps did not place are the sender's, in the phase he answered.
        crate::ruleset::stamp_events(&mut ev, 0, &turn0, &phase0, None, Some(&side_s), false);
        result.map(|()| ev)
    }
    /// Alexandros 10.3 (option `simultaneous-deployment`): one side's sealed set-up on the
    /// Tactical Display checked on its own, names first, before the other's is known.
    fn check_sealed_alone(&self, state: &State, side: &str, o: &Orders) -> Result<(), RuleError> {
        let (Phase::Battle, Some(b), Some(who)) = (&state.phase, &state.battle, parse_side(side))
        else {
            return Ok(());
        };
        names::check(state, who, o)?;
        let mut battle = b.battle.clone();
        let bo = o.battle.clone().unwrap_or_default();
        battle
            .apply(&state.pack, who, &bo, None, &mut Dice::deferred())
            .map(|_| ())
    }
    fn check_standing(
        &self,
        state: &State,
        _side: &str,
        standing: &Standing,
    ) -> Vec<(String, RuleError)> {
        names::check_standing(state, standing)
    }
    fn template(&self, state: &State, side: &str) -> String {
        template(state, side)
    }
    fn summary(&self, state: &State) -> Vec<String> {
        summary(state)
    }
    fn view(&self, state: &State, side: Option<&str>) -> crate::view::View {
        view::view(state, side)
    }
}

impl Alexandros {
    /// Resolves one submission for the phase the game is in (Alexandros 4.2).
    #[allow(clippy::too_many_arguments)]
    fn resolve(
        &self,
        state: &mut State,
        ctx: &Context<'_, Standing>,
        sub: &Submission<Orders>,
        pending: &Pending,
        side: Side,
        o: &Orders,
        dice: &mut Dice,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let standing = ctx.standing;
        match state.phase.clone() {
            Phase::PersianSetup => {
                sequence::persian_setup(state, o, standing, ctx.options, dice, ev)?
            }
            Phase::MacedonianMovement | Phase::PersianMovement => {
                sequence::movement_phase(state, side, o, standing, ctx.options, dice, ev)?
            }
            Phase::Decision { side, .. } => {
                let d = o.decision.clone().ok_or_else(|| {
                    RuleError::illegal("decision", "Alexandros 9.5", "answer with `decision:`")
                })?;
                state.phase = Phase::Battle; // the combat phase resumes; continue_combat sets the next phase
                sequence::continue_combat(
                    state,
                    standing,
                    ctx.options,
                    Some((side, &d)),
                    dice,
                    ev,
                )?;
            }
            Phase::Battle => {
                // A sealed battle step (both sides at once) hands each side's orders over in turn.
                let mut b = state.battle.clone().expect("battle on");
                let pack = state.pack.clone();
                for (who, o) in &sub.by {
                    let Some(who_side) = parse_side(who) else {
                        continue;
                    };
                    if pending.kind != PendingKind::Sealed && who_side != side {
                        continue;
                    }
                    // The display consults the *other* side's plan during this side's step
                    // (its defensive fire and pursuit losses).
                    let opponent = side_name(tactical::other(who_side));
                    let plan = standing.get(opponent).and_then(|s| s.battle_plan.clone());
                    let bo = o.battle.clone().unwrap_or_default();
                    let round = tactical::view::round_words(&b.battle);
                    let n = b.battle.round();
                    let mut e = b.battle.apply(&pack, who_side, &bo, plan.as_ref(), dice)?;
                    let (turn, phase) = (
                        view::turn_short(state),
                        format!("Combat phase: battle in {}", b.province),
                    );
                    battle_report::stamp_nightfall(&b.battle, n, &turn, &phase, &mut e);
                    crate::ruleset::stamp_events(
                        &mut e,
                        0,
                        &turn,
                        &phase,
                        Some(&round),
                        Some(who),
                        false,
                    );
                    ev.append(&mut e);
                }
                state.battle = Some(b);
                sequence::continue_combat(state, standing, ctx.options, None, dice, ev)?;
            }
            Phase::Over => unreachable!(),
        }
        Ok(())
    }
}

fn template(state: &State, side_s: &str) -> String {
    let mut t = String::new();
    let Some(side) = parse_side(side_s) else {
        return "  {}\n".into();
    };
    match &state.phase {
        Phase::PersianSetup => {
            let ch = state
                .pack
                .scenario
                .setup_codes
                .get("D")
                .map(|a| a.provinces.join(", "))
                .unwrap_or_default();
            t.push_str(&format!(
                "  darius: Persis   # one of {ch} (Alexandros 3.3)\n"
            ));
        }
        Phase::MacedonianMovement | Phase::PersianMovement => {
            let due = reinforcements::due(state, side);
            if !due.is_empty() {
                let home = state
                    .pack
                    .map
                    .provinces
                    .keys()
                    .find(|p| control::controls(state, side, p))
                    .cloned()
                    .unwrap_or_default();
                t.push_str("  reinforcements:   # a province you control, not contested (Alexandros 13.1)\n");
                for d in due {
                    t.push_str(&format!("    {d}: {home}\n"));
                }
            }
            let rp = state.replacement_points.get(&side).copied().unwrap_or(0);
            if rp > 0 {
                t.push_str(&format!(
                    "  # {rp} replacement points to spend this turn (Alexandros 12.1)\n"
                ));
                // A few wrapped comment lines: the YAML reader buffers at most 96 comments
                // while looking ahead, and a long army has dozens of offers.
                let offers = replacements::offers(state, side);
                if !offers.is_empty() {
                    t.push_str("  # below full strength (steps/full, RP a step); 0 steps: eliminated, rebuilt in a province you control (12.3, 12.4):\n");
                }
                let mut line = String::new();
                for o in offers {
                    if !line.is_empty() && line.len() + o.len() > 96 {
                        t.push_str(&format!("  #   {line}\n"));
                        line.clear();
                    }
                    if !line.is_empty() {
                        line.push_str("; ");
                    }
                    line.push_str(&o);
                }
                if !line.is_empty() {
                    t.push_str(&format!("  #   {line}\n"));
                }
                t.push_str("  replacements: []   # - {unit: CODE, steps: N, province: P}\n  walls: []   # city names, 2 RP each (12.5)\n");
            }
            let leaving = reinforcements::withdrawing(state, side);
            if !leaving.is_empty() {
                t.push_str(&format!(
                    "  # withdrawn from the map as this step is applied (Alexandros 13.2): {}\n",
                    leaving.join(", ")
                ));
            }
            t.push_str("  moves:   # each leader once, one province; units must start with him (Alexandros 8.1)\n");
            for (name, l) in &state.leaders {
                if l.owner != side || leaving.contains(name) {
                    continue;
                }
                if let Place::Province(p) = &l.place {
                    let units: Vec<String> = state
                        .field_units(side, p)
                        .into_iter()
                        .filter(|u| !leaving.contains(u))
                        .collect();
                    // Only destinations the rules let the leader reach this turn: each is tried
                    // as a move of the leader alone on a copy (8.1–8.3, 3.3 Indians, 12.10 "0"
                    // leaders, 17.4 mutiny); units may still be barred (8.3, 13).
                    let (ns, why) = leader_destinations(state, side, name, p);
                    if ns.is_empty() {
                        t.push_str(&format!(
                            "    # {name} in {p} cannot move this turn: {}\n",
                            why.join("; ")
                        ));
                        continue;
                    }
                    t.push_str(&format!(
                        "    # - leader: {name}   # in {p}; to one of: {}; units here (or `units: [all]`): [{}]\n",
                        ns.join(", "),
                        units.join(", ")
                    ));
                }
            }
            t.push_str("    []\n");
            if side == Side::Persian {
                movement::raider_template(state, &mut t);
            }
            t.push_str("  sieges: {}   # CITY: LEADER, or CITY: {leaders: [LEADER, ..], units: [UNIT, ..]} (Alexandros 11.1, 11.3)\n");
            if side == Side::Persian && state.option(OPT_SCORCHED) {
                t.push_str("  scorch: []   # provinces you hold, laid waste at the next Supply Phase (Alexandros 17.1)\n");
            }
            if side == Side::Macedonian && state.option(OPT_SURRENDER) {
                t.push_str("  surrender_rolls: []   # cities to roll for instead of a siege (Alexandros 17.5)\n");
            }
        }
        Phase::Decision { prompt, side: who } => {
            t.push_str(&format!("  # {prompt}\n"));
            let m = state.minor.as_ref();
            let stage = m.map(|m| m.stage.clone());
            let prov = m.map(|m| m.province.clone()).unwrap_or_default();
            if m.is_none() && !state.siege_queue.is_empty() {
                t.push_str("  decision: {sortie: false}\n");
                return t;
            }
            match stage {
                Some(minor_combat::Stage::Evasion) => t.push_str("  decision: {evade: false}\n"),
                Some(minor_combat::Stage::Losses) => {
                    let first = state
                        .field_units(*who, &prov)
                        .into_iter()
                        .next()
                        .unwrap_or_default();
                    t.push_str(&format!("  decision: {{losses: [{first}]}}\n"));
                }
                _ => t.push_str("  decision: {retreat_to: stay}\n"),
            }
        }
        Phase::Battle => match &state.battle {
            Some(b) => t.push_str(&battle::template(b, &state.pack, side)),
            None => t.push_str("  battle: {}\n"),
        },
        Phase::Over => t.push_str("  {}\n"),
    }
    t
}

fn summary(state: &State) -> Vec<String> {
    let mut v = vec![format!(
        "turn {} ({}), phase {:?}",
        state.turn,
        state.turn_label(),
        match &state.phase {
            Phase::Decision { .. } => "decision".to_string(),
            p => format!("{p:?}"),
        }
    )];
    let count = |c: Ctl| state.control.values().filter(|x| **x == c).count();
    v.push(format!(
        "provinces: Macedonian {}, Persian {}, Independent {}; depleted: {}",
        count(Ctl::Macedonian),
        count(Ctl::Persian),
        count(Ctl::Independent),
        if state.depleted.is_empty() {
            "none".to_string()
        } else {
            state
                .depleted
                .iter()
                .cloned()
                .collect::<Vec<_>>()
                .join(", ")
        }
    ));
    for side in [Side::Macedonian, Side::Persian] {
        // Every province where the side has leaders or field units, leaderless ones included.
        let mut at: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (n, l) in &state.leaders {
            if l.owner == side {
                if let Place::Province(p) = &l.place {
                    at.entry(p.clone()).or_default().push(n.clone());
                }
            }
        }
        for p in state.pack.map.provinces.keys() {
            if !state.field_units(side, p).is_empty() {
                at.entry(p.clone()).or_default();
            }
        }
        let parts: Vec<String> = at
            .iter()
            .map(|(p, ls)| {
                let n = state.field_units(side, p).len();
                let units = crate::view::count(n, "unit");
                let ls: Vec<String> = ls
                    .iter()
                    .map(|l| match battle::zero_leader(state, side) {
                        Some(z) if &z == l => battle::zero_leader_named(l),
                        _ => l.clone(),
                    })
                    .collect();
                match ls.is_empty() {
                    true => format!("{p}: {units} without a leader"),
                    false => format!("{p}: {} with {units}", ls.join(", ")),
                }
            })
            .collect();
        v.push(format!("{}: {}", side_name(side), parts.join("; ")));
    }
    if let Some(b) = &state.battle {
        v.push(format!(
            "battle in {} — the board (Alexandros 10.4):",
            b.province
        ));
        v.extend(
            b.battle
                .board_lines(&state.pack)
                .into_iter()
                .map(|l| format!("  {l}")),
        );
    }
    v.push(format!(
        "objectives secured: {} ({} VP so far)",
        if state.objectives.is_empty() {
            "none".to_string()
        } else {
            state
                .objectives
                .iter()
                .cloned()
                .collect::<Vec<_>>()
                .join(", ")
        },
        victory::victory_points(state)
    ));
    if let Some(o) = &state.outcome {
        v.push(format!("result: {o}"));
    }
    v
}
