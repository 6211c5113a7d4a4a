//! *The Romans* (The Conquerors, part 1): Rome against Macedon (20.1) and Syria (20.2).
//!
//! [`data`]: the pack (`scenarios/conquerors/romans`, embedded) typed and checked. The rules
//! shared with The Macedonians (counters on the map, commander movement on hexes) are in the
//! parent `conquerors` module; what is The Romans' own lives here, one file per rulebook
//! section: [`setup`] (20.1), [`sequence`] (4.1), [`movement`] (5.0–5.2), [`forced_march`]
//! (5.8), [`view`]. What is built and what is not: `docs/coverage/romans.md`.

pub mod data;
pub mod forced_march;
pub mod movement;
pub mod orders;
pub mod sequence;
pub mod setup;
pub mod state;
pub mod view;

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
}

/// The embedded pack with each override applied in order.
///
/// Errors: [`SetupError`] naming the override file and every violation.
pub fn merged_pack(overrides: &[DataOverride]) -> Result<GameData, SetupError> {
    let maps =
        crate::games::conquerors::data::load_embedded().map_err(|e| SetupError(e.to_string()))?;
    let mut pack = data::load_embedded().map_err(|e| SetupError(e.to_string()))?;
    for o in overrides {
        data::apply_overrides(&mut pack, &maps, &o.name, &o.text)
            .map_err(|e| SetupError(format!("{}: {e}", o.name)))?;
    }
    Ok(GameData {
        romans: pack,
        maps_hash: crate::pack::data_hash(&maps),
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
        "0.1"
    }
    fn title(&self) -> &'static str {
        "The Romans"
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
    fn options(&self) -> Vec<crate::ruleset::OptionInfo> {
        vec![crate::ruleset::OptionInfo {
            name: setup::MACEDON_PLAYS.into(),
            help: "Syrian War only: Macedon is a third player, moving third (Romans [20.29]); add a --player macedon=...".into(),
        }]
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
        data::item_origins(&d.romans)
            .into_iter()
            .filter_map(|i| match i.origin {
                crate::pack::Origin::Provisional(p) => Some(format!("{} {}: {p}", i.file, i.key)),
                _ => None,
            })
            .collect()
    }
    fn setup(&self, scenario: &str, data: &Value, options: &[String]) -> Result<State, SetupError> {
        let d: GameData =
            serde_json::from_value(data.clone()).map_err(|e| SetupError(e.to_string()))?;
        let maps = crate::games::conquerors::data::load_embedded()
            .map_err(|e| SetupError(e.to_string()))?;
        let here = crate::pack::data_hash(&maps);
        if here != d.maps_hash {
            return Err(SetupError(format!(
                "the game is played on Conquerors maps {} and this legatus has {here}",
                d.maps_hash
            )));
        }
        let mut st = setup::initial_state(Arc::new(d.romans), Arc::new(maps), scenario, options)?;
        st.options = options.to_vec();
        Ok(st)
    }
    fn pending(&self, state: &State) -> Pending {
        sequence::pending(state)
    }
    fn apply(
        &self,
        st: &mut State,
        _ctx: &Context<'_, Standing>,
        sub: &Submission<Orders>,
        dice: &mut Dice,
    ) -> Result<Vec<Event>, RuleError> {
        let p = sequence::pending(st);
        if p.kind == PendingKind::GameOver {
            return Err(RuleError::illegal("orders", p.rule, p.prompt));
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
        // Every move is checked before the first die ([5.0] procedure: in the order given).
        let mut dry = st.clone();
        let mut scratch = Vec::new();
        for (i, mv) in o.moves.iter().enumerate() {
            movement::apply_move(&mut dry, &side, i, mv, None, &mut scratch)?;
        }
        let mut ev = Vec::new();
        for (i, mv) in o.moves.iter().enumerate() {
            movement::apply_move(st, &side, i, mv, Some(dice), &mut ev)?;
        }
        if o.moves.is_empty() {
            ev.push(Event::new(
                "Romans [5.0]",
                format!("{} moves nothing", sequence::side_name(&side)),
            ));
        }
        let (turn, phase) = (st.turn_words(), view::phase_words(st));
        crate::ruleset::stamp_events(&mut ev, 0, &turn, &phase, None, Some(&side), false);
        sequence::end_campaign(st, &side);
        Ok(ev)
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
    let mut out = String::new();
    let Phase::Campaign { side: phasing } = &st.phase else {
        return "  # nothing to order: the game cannot go on\n".into();
    };
    if phasing != side {
        return format!(
            "  # it is {}'s Campaign Phase\n",
            sequence::side_name(phasing)
        );
    }
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
    out.push_str("  #   forced_march: {extra_hexes: N, losses_from: [UNIT]}}\n");
    out.push_str("  moves: []\n");
    out
}
