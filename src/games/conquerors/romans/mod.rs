//! *The Romans* (The Conquerors, part 1): Rome against Macedon (20.1) and Syria (20.2).
//!
//! [`data`]: the pack (`scenarios/conquerors/romans`, embedded) typed and checked. The rules
//! shared with The Macedonians (counters on the map, commander movement on hexes) are in the
//! parent `conquerors` module; what is The Romans' own lives here, one file per rulebook
//! section: [`setup`] (20.1), [`sequence`] (4.1), [`campaign`] (a Campaign Phase resolved),
//! [`pause`] (decisions inside it taken in person), [`movement`] (5.0–5.2), [`forced_march`]
//! (5.8), [`interception`] (6), [`engage`] (entering an enemy hex: 5.7, 10.1), [`combat`] (9),
//! [`encampment`] (9.8, optional),
//! the naval rules — [`fleets`] (their records), [`naval_movement`] and [`naval_engage`] (5.2–5.4,
//! 11.1), [`naval_bases`] (5.6, 17.15, 17.33), [`naval_interception`] (6.6), [`naval_combat`]
//! (11), [`transport`] (12), [`naval_decisions`] (their standing orders), [`naval_template`],
//! [`reinforcements`] (20.14) —,
//! [`casualties`] (9.51, 9.66, 8.5), [`retreat`] (10), [`siege`], [`siege_phase`], [`cities`] and
//! [`parlay`] (13), [`supply`] (14), [`attrition`] (15), [`treasury`] (17.5), [`replacements`]
//! (8.6), [`diplomacy`] (16), [`winter`] (4.2) with [`economy`] and [`raising`] (17), [`senate`]
//! and [`augury`] (18), [`victory`] (19), [`view`]. What is built and what is not:
//! `docs/coverage/romans.md`.

pub mod allied_leash;
pub mod ally_sides;
pub mod attrition;
pub mod augury;
pub mod campaign;
pub mod casualties;
pub mod cities;
pub mod combat;
pub mod data;
pub mod diplomacy;
pub mod economy;
pub mod encampment;
pub mod engage;
pub mod fleets;
pub mod forced_march;
pub mod interception;
pub mod landing;
pub mod macedon_side;
pub mod movement;
pub mod mutiny;
pub mod naval_bases;
pub mod naval_combat;
pub mod naval_decisions;
pub mod naval_engage;
pub mod naval_interception;
pub mod naval_movement;
pub mod naval_phase;
pub mod naval_template;
pub mod naval_voyage;
pub mod orders;
pub mod parlay;
pub mod pause;
pub mod pause_losses;
pub mod persian_ways;
pub mod raising;
pub mod refits;
pub mod reinforcements;
pub mod replacements;
pub mod retreat;
pub mod sacked_allies;
pub mod senate;
pub mod sequence;
pub mod setup;
pub mod siege;
pub mod siege_phase;
pub mod standing;
pub mod state;
pub mod supply;
pub mod supply_charges;
pub mod tactical;
pub mod tactical_orders;
pub mod transport;
pub mod treasury;
pub mod variable_morale;
pub mod victory;
pub mod view;
pub mod winter;
pub mod winter_orders;
pub mod winter_template;

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::protocol::dice::Dice;
use crate::ruleset::{
    Context, DataOverride, Event, Pending, PendingKind, RuleError, Ruleset, ScenarioInfo,
    SetupError, Submission,
};
use orders::{Orders, Standing};
use state::{Phase, State};

/// The Romans ruleset.
pub struct Romans;

/// What a game's header pins: the merged Romans pack, and the hash of the Conquerors maps it is
/// played on (the maps are embedded; a binary with other maps refuses the game).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GameData {
    /// The Romans pack with any overrides merged.
    pub romans: data::Pack,
    /// `data_hash` of the Conquerors pack (maps and movement costs).
    pub maps_hash: String,
    /// The Tactical Battle System pack (Tactical [1]–[13]); absent in games made before it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tactical: Option<crate::games::conquerors::tactical::data::Pack>,
}

/// The embedded pack with each override applied in order.
///
/// Errors: [`SetupError`] naming the override file and every violation.
pub fn merged_pack(overrides: &[DataOverride]) -> Result<GameData, SetupError> {
    let maps =
        crate::games::conquerors::data::load_embedded().map_err(|e| SetupError(e.to_string()))?;
    let mut pack = data::load_embedded().map_err(|e| SetupError(e.to_string()))?;
    let mut tactical = crate::games::conquerors::tactical::data::load_embedded()
        .map_err(|e| SetupError(e.to_string()))?;
    for o in overrides {
        data::apply_overrides(&mut pack, &mut tactical, &maps, &o.name, &o.text)
            .map_err(|e| SetupError(format!("{}: {e}", o.name)))?;
    }
    Ok(GameData {
        romans: pack,
        maps_hash: crate::pack::data_hash(&maps),
        tactical: Some(tactical),
    })
}

impl Ruleset for Romans {
    type State = State;
    type Orders = Orders;
    type Standing = Standing;

    fn id(&self) -> &'static str {
        "romans"
    }
    fn version(&self) -> &'static str {
        "0.2"
    }
    fn title(&self) -> &'static str {
        "The Romans"
    }
    fn options(&self) -> Vec<crate::ruleset::OptionInfo> {
        vec![
            crate::ruleset::OptionInfo {
                name: diplomacy::OPTION.into(),
                help: "each Game-Turn opens with the sealed Mutual Diplomacy Phase: graft, ambassadors, activation and revolts (Romans errata 4.1, [16])".into(),
            },
            crate::ruleset::OptionInfo {
                name: senate::HISTORICAL.into(),
                help: "consuls appointed in historical order, known at once, instead of drawn blind (Romans [8.4], optional)".into(),
            },
            crate::ruleset::OptionInfo {
                name: tactical::OPTION.into(),
                help: "Major Land Battles are fought on the Tactical Battle Display, unless a player's battle plan asks for the Strategic CRT (Romans [9.4], Tactical [2.1])".into(),
            },
            crate::ruleset::OptionInfo {
                name: format!("{}=errata-e", naval_combat::OPTION),
                help: "Naval CRT as errata 11.2 reads it: one added to each loss, no-losses stay none (the default is the follow-up 11.5's: no-losses become 1; digest AMB-02)".into(),
            },
            crate::ruleset::OptionInfo {
                name: format!("{}=none", naval_combat::OPTION),
                help: "Naval CRT as printed: losses in steps, no loss points (Romans [11.22]; neither errata)".into(),
            },
            crate::ruleset::OptionInfo {
                name: cities::ALLY_CITY_OPTION.into(),
                help: "sacking a city of one's own active ally moves the Alliance level 5 toward the opponent, as the follow-up 13.54 reads (the default is errata 13.2's table; digest AMB-01)".into(),
            },
            crate::ruleset::OptionInfo {
                name: variable_morale::OPTION.into(),
                help: "each side's Morale Level moves 1-6 points up or down, drawn once battle is joined on the Strategic CRT (Romans [9.7], optional)".into(),
            },
            crate::ruleset::OptionInfo {
                name: encampment::OPTION.into(),
                help: "a Roman Force of legion size that marches no more than 10 MP may pitch camp: attacked there it may not retreat, its SSP count double and the Strategic CRT is used (Romans [9.8], optional)".into(),
            },
            crate::ruleset::OptionInfo {
                name: reinforcements::RANDOM.into(),
                help: "Second Macedonian War: the Rhodian and Pergamene fleets arrive by die roll, not on March 199 (Romans [20.14], optional)".into(),
            },
            crate::ruleset::OptionInfo {
                name: setup::MACEDON_PLAYS.into(),
                help: "Syrian War only: Macedon is a third player, moving third (Romans [20.29]); add a --player macedon=...".into(),
            },
        ]
    }
    fn scenarios(&self) -> Vec<ScenarioInfo> {
        vec![
            ScenarioInfo {
                id: setup::SECOND_MACEDONIAN_WAR.into(),
                title: "The Second Macedonian War, 200-197 B.C. (Romans 20.1)".into(),
                sides: vec!["rome".into(), "macedon".into()],
            },
            ScenarioInfo {
                id: setup::SYRIAN_WAR.into(),
                title: "The Syrian War, 192-189 B.C. (Romans 20.2)".into(),
                sides: vec!["rome".into(), "syria".into()],
            },
        ]
    }
    fn sides(&self, scenario: &str, options: &[String]) -> Vec<String> {
        let mut v: Vec<String> = self
            .scenarios()
            .into_iter()
            .find(|s| s.id == scenario)
            .map(|s| s.sides)
            .unwrap_or_default();
        if scenario == setup::SYRIAN_WAR && options.iter().any(|o| o == setup::MACEDON_PLAYS) {
            v.push("macedon".into());
        }
        v
    }
    fn load_scenario(
        &self,
        scenario: &str,
        overrides: &[DataOverride],
    ) -> Result<Value, SetupError> {
        if scenario != setup::SECOND_MACEDONIAN_WAR && scenario != setup::SYRIAN_WAR {
            return Err(SetupError(format!(
                "no scenario {scenario} (try {} or {})",
                setup::SECOND_MACEDONIAN_WAR,
                setup::SYRIAN_WAR
            )));
        }
        let d = merged_pack(overrides)?;
        serde_json::to_value(&d).map_err(|e| SetupError(e.to_string()))
    }
    fn provisional(&self, data: &Value) -> Vec<String> {
        let Ok(d) = serde_json::from_value::<GameData>(data.clone()) else {
            return Vec::new();
        };
        let tactical = d
            .tactical
            .as_ref()
            .map(crate::games::conquerors::tactical::data::item_origins)
            .unwrap_or_default()
            .into_iter()
            .map(|mut i| {
                i.file = format!("tactical/{}", i.file);
                i
            });
        data::item_origins(&d.romans)
            .into_iter()
            .chain(tactical)
            .filter_map(|i| match i.origin {
                crate::pack::Origin::Provisional(p) => Some(format!("{} {}: {p}", i.file, i.key)),
                _ => None,
            })
            .collect()
    }
    fn setup(&self, scenario: &str, data: &Value, options: &[String]) -> Result<State, SetupError> {
        let d: GameData =
            serde_json::from_value(data.clone()).map_err(|e| SetupError(e.to_string()))?;
        let maps = crate::games::conquerors::data::embedded_shared()
            .map_err(|e| SetupError(e.to_string()))?;
        let here = crate::games::conquerors::data::embedded_hash()
            .map_err(|e| SetupError(e.to_string()))?;
        if here != d.maps_hash {
            return Err(SetupError(format!(
                "the game is played on Conquerors maps {} and this legatus has {here}",
                d.maps_hash
            )));
        }
        let mut st = setup::initial_state(Arc::new(d.romans), maps, scenario, options)?;
        st.options = options.to_vec();
        if let Some(t) = d.tactical {
            st.tactical = Arc::new(t);
        }
        // [8.4] (optional): the first year's consuls are history's.
        let year = st
            .track()
            .first()
            .and_then(|t| t.consular_year.clone())
            .unwrap_or_default();
        let mut ev = Vec::new();
        senate::historical(&mut st, "field-consul", &year, true, &mut ev);
        senate::historical(&mut st, "consul-for-rome", &year, false, &mut ev);
        Ok(st)
    }
    fn pending(&self, state: &State) -> Pending {
        sequence::pending(state)
    }
    fn apply(
        &self,
        st: &mut State,
        ctx: &Context<'_, Standing>,
        sub: &Submission<Orders>,
        dice: &mut Dice,
    ) -> Result<Vec<Event>, RuleError> {
        let p = sequence::pending(st);
        if p.kind == PendingKind::GameOver {
            return Err(RuleError::illegal("orders", p.rule, p.prompt));
        }
        // [20.29]: a third-player Macedon's `side:` only in his first Campaign Phase orders.
        macedon_side::check_placed(st, sub)?;
        // A Campaign Phase stopped for a decision asked in person resumes (`pause.rs`).
        if st.paused.is_some() {
            return pause::resume(st, sub, dice);
        }
        let campaign = !diplomacy::due(st)
            && matches!(&st.phase, Phase::Campaign { side } if st.siege_phase.as_deref() != Some(side.as_str()));
        if !campaign && sub.by.values().any(|o| !o.naval_bases.is_empty()) {
            return Err(RuleError::illegal(
                "naval_bases",
                "Romans [17.33]",
                "Naval Bases are built with a Campaign Phase's orders, or in the Winter under `winter: naval_bases`",
            ));
        }
        if !campaign && sub.by.values().any(|o| !o.encamp.is_empty()) {
            return Err(RuleError::illegal(
                "encamp",
                "Romans [9.8]",
                "a camp is pitched at the end of a Campaign Phase's march, with that phase's orders",
            ));
        }
        if diplomacy::due(st) {
            let mut ev = diplomacy::apply(st, sub, dice)?;
            // [5.64]: an ally's ports that changed sides may leave fleets beyond reach.
            naval_bases::beyond_reach(st, &mut ev);
            let turn = st.turn_words();
            crate::ruleset::stamp_events(
                &mut ev,
                0,
                &turn,
                "Mutual Diplomacy Phase",
                None,
                None,
                false,
            );
            return Ok(ev);
        }
        if st.phase == Phase::Winter {
            let mut ev = winter::apply(st, sub, dice)?;
            // [20.14]: the March Game-Turn's reinforcements.
            if matches!(st.phase, Phase::Campaign { .. }) {
                reinforcements::arrive(st, dice, &mut ev)?;
            }
            mutiny::at_phase_start(st, dice, &mut ev)?;
            let (turn, phase) = (st.turn_words(), "Winter/Planning Turn".to_string());
            crate::ruleset::stamp_events(&mut ev, 0, &turn, &phase, None, None, false);
            return Ok(ev);
        }
        let Phase::Campaign { side } = st.phase.clone() else {
            return Err(RuleError::illegal(
                "orders",
                "Romans [4.1]",
                "no Campaign Phase is on",
            ));
        };
        let o = sub.by.get(&side).ok_or_else(|| {
            RuleError::illegal(
                "orders",
                "Romans [4.1]",
                format!("{} must act now", sequence::side_name(&side)),
            )
        })?;
        // [4.1]: the Siege Phase comes first when the player has a siege under way.
        if st.siege_phase.as_deref() == Some(side.as_str()) {
            let mut ev = siege_phase::apply_siege_phase(st, &side, o, ctx.standing, dice)?;
            st.siege_phase = None;
            let (turn, phase) = (
                st.turn_words(),
                format!("{}'s Siege Phase", sequence::side_name(&side)),
            );
            crate::ruleset::stamp_events(&mut ev, 0, &turn, &phase, None, Some(&side), false);
            return Ok(ev);
        }
        if !o.sieges.is_empty() {
            return Err(RuleError::illegal(
                "sieges",
                "Romans [4.1]",
                "sieges are rolled in the Siege Phase, and none is on",
            ));
        }
        if st.paused.is_none() && sub.by.values().any(|o| o.decision.is_some()) {
            return Err(RuleError::illegal(
                "decision",
                "Romans [4.1]",
                "no decision is waited for: `decision:` answers a paused phase only",
            ));
        }
        pause::resolve(st, &side, o, ctx.standing, dice, Vec::new(), Vec::new(), 0)
    }
    fn check_sealed_alone(&self, st: &State, side: &str, o: &Orders) -> Result<(), RuleError> {
        if diplomacy::due(st) {
            // Errata 4.1: a side's diplomacy is checked before any draw; the others' are skipped.
            let sub = Submission {
                kind: PendingKind::Sealed,
                step: diplomacy::pending(st).step,
                by: std::collections::BTreeMap::from([(side.to_string(), o.clone())]),
            };
            return diplomacy::apply(&mut st.clone(), &sub, &mut Dice::deferred()).map(|_| ());
        }
        if st.phase == Phase::Winter {
            return winter::check_alone(st, side, o);
        }
        Ok(())
    }
    fn check_standing(
        &self,
        st: &State,
        side: &str,
        standing: &Standing,
    ) -> Vec<(String, RuleError)> {
        standing::check(st, side, standing)
    }
    fn template(&self, st: &State, side: &str) -> String {
        template(st, side)
    }
    fn summary(&self, st: &State) -> Vec<String> {
        let mut v = vec![format!("{}: {}", st.turn_words(), view::phase_words(st))];
        for (s, t) in &st.treasury {
            v.push(format!("{} treasury: {t} talents", sequence::side_name(s)));
        }
        for s in &st.players {
            v.push(format!(
                "{}: {} VP",
                sequence::side_name(s),
                victory::score(st, s).total
            ));
        }
        for s in &st.players {
            let ssp: u32 = st
                .units
                .values()
                .filter(|u| &u.side == s)
                .map(|u| u.ssp)
                .sum();
            v.push(format!("{}: {ssp} SSP on the map", sequence::side_name(s)));
        }
        v
    }
    fn view(&self, st: &State, side: Option<&str>) -> crate::view::View {
        view::view(st, side)
    }
}

/// The `orders:` part for `side`: each commander who may move, where he stands and what is
/// with him, and the shape of a move.
fn template(st: &State, side: &str) -> String {
    if let Some(t) = pause::template(st, side) {
        return t;
    }
    if diplomacy::due(st) {
        return diplomacy::template(st, side);
    }
    if st.phase == Phase::Winter {
        return winter_template::template(st, side);
    }
    let mut out = String::new();
    let Phase::Campaign { side: phasing } = &st.phase else {
        return "  # nothing to order: the game cannot go on\n".into();
    };
    if phasing != side {
        return format!(
            "  # it is {}'s Campaign Phase\n{STANDING_HELP}{}",
            sequence::side_name(phasing),
            tactical_orders::template(st, side)
        );
    }
    if st.siege_phase.as_deref() == Some(side) {
        out.push_str("  # Romans [13.43]: the Siege Phase: each siege is rolled once unless `roll: false`.\n");
        for (k, sg) in st.sieges.iter().filter(|(_, sg)| sg.side == side) {
            if let Some(c) = st.cities.get(k) {
                out.push_str(&format!(
                    "  #   {} ({}, class {:?}), laid from {}\n",
                    c.name, c.at.hex, c.class, sg.from
                ));
            }
        }
        out.push_str("  # A siege: {city: NAME, roll: true, losses_from: [UNIT], on_capture: {sack: false, garrison: kill}}\n");
        out.push_str("  sieges: []\n");
        return out;
    }
    out.push_str(&macedon_side::template(st, side));
    out.push_str("  # Romans [5.0]: each commander moves once, 20 MP; list his path hex by hex.\n");
    out.push_str("  # Commanders and what stands with them:\n");
    for (id, c) in st.commanders.iter().filter(|(_, c)| c.side == side) {
        let here: Vec<String> = st
            .units_at(&c.at.map, &c.at.hex)
            .filter(|(_, u)| u.side == side)
            .map(|(k, u)| {
                format!(
                    "{k} ({} SSP{})",
                    u.ssp,
                    if u.at.inside { ", inside" } else { "" }
                )
            })
            .collect();
        let city = st
            .city_at(
                &c.at.map,
                crate::geo::Hex::parse(&c.at.hex).unwrap_or(crate::geo::Hex { col: 0, row: 0 }),
            )
            .map(|x| format!(" {}", x.name))
            .unwrap_or_default();
        out.push_str(&format!(
            "  #   {id}: {} at {}{city}, rating {}; with him: {}\n",
            st.commander_name(id),
            c.at.hex,
            st.rating(id)
                .map(|r| r.to_string())
                .unwrap_or_else(|| "untried".into()),
            if here.is_empty() {
                "nothing".into()
            } else {
                here.join(", ")
            }
        ));
    }
    out.push_str("  # A move: {commander: ID, with: [UNIT, ...], path: [\"CCRR\", ...],\n");
    out.push_str(
        "  #   pick_up: {\"CCRR\": [UNIT]}, drop_off: {\"CCRR\": [UNIT]}, inside: false,\n",
    );
    out.push_str("  #   forced_march: {extra_hexes: N, losses_from: [UNIT]},\n");
    out.push_str(
        "  #   assault: {tries: N, on_capture: {sack: false, garrison: kill}} | besiege: {}}\n",
    );
    out.push_str("  moves: []\n");
    // The fleets after `moves:`, and a key after them: YAML readers buffer a limited run of
    // comments while they look ahead.
    out.push_str(&naval_template::template(st, side));
    out.push_str("  # Romans [17.33]: Naval Bases built now, 5 talents each, before the moves: [PORT, ...]\n");
    out.push_str("  naval_bases: []\n");
    out.push_str(&encampment::template(st, side));
    out.push_str(STANDING_HELP);
    out.push_str(&tactical_orders::template(st, side));
    out
}

/// The standing orders a player may send with any order file (docs/romans-orders.md).
const STANDING_HELP: &str =
    "  # Standing orders (a `standing:` block beside `orders:`), for the enemy's Campaign Phase:
  #   intercept: {COMMANDER: {zones: [1, 2, 3, 4]}}       Romans [6.2]; `any` for every Force
  #   when_attacked: {COMMANDER: stand | retreat | into_city}   [10.1], [5.72], [7.34]
  #   retreat_during_combat: {COMMANDER: {at_once: true, after_losses: N, at_odds: \"1-2\"}}  [10.2]
  #   retreat_path: {COMMANDER: [\"CCRR\", ...]}             [10.13], [10.31]
  #   losses: [UNIT, ...]                                   [9.51], cargo lost [12.15]
  #   naval_intercept: {COMMANDER: {zones: [1, 2]}}         [6.6]; `any` for every fleet
  #   fleet_when_attacked: {COMMANDER: stand | retreat}     [11.13]; a Merchant's id, or `any`
  #   naval_losses: [SQUADRON, ...]                         errata 11.2, [15.4]
  #   `ask` for an intercept, when_attacked, retreat_during_combat, retreat_path, or as losses or
  #   naval_losses: the game waits for you there
";
