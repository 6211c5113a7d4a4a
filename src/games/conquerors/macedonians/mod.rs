//! *The Macedonians* (The Conquerors, part 2): Alexander against Darius, 334-331 B.C.
//!
//! [`data`]: the pack (`scenarios/conquerors/macedonians`, embedded) typed and checked. The rules
//! shared with The Romans (counters on the map, commander movement on hexes, zones of
//! interception, SSP losses) are in the parent `conquerors` module; what is The Macedonians' own
//! lives here, one file per rulebook section: [`setup`] (20), [`sequence`] (4.2), [`movement`]
//! (5.0–5.4, 5.6; in [`legs`]: 5.14, 9.25) with [`command`] (5.13, 5.23, 7.47, 18.1) and [`passage`] (5.25, 5.37, 5.51,
//! 17.22, 23.1), [`forced_march`] (5.8), [`interception`] (6, as far as movement needs
//! it), [`engage`] (5.22, 5.7, 10.1: a Force entering an enemy hex; 6.22–6.43: interception), [`battle`] (9, 8.5, 8.61,
//! 21.12: battles on the two Strategic CRTs), [`darius`] (8.62–8.64: Darius' assassination, the
//! chaos after it, the option that drops his rules), [`retreat`] (10), [`record`] (the combat record in the state), [`satrapies`] (15.1, 5.25), [`control`] (13.3, 5.56), [`defection`] (12.34),
//! [`supply`] (15.2, 16.1), [`attrition`] (15.3, 16.2, 17), [`garrison`] (5.54-5.56),
//! [`reinforcements`] (8.7, 19.3, 19.4), [`macedonian_reinforcements`] (19.1, 19.2),
//! [`victory`] (21: the points and the end of the game), [`view`], [`template`]. What is built and what is not:
//! `docs/coverage/macedonians.md`.

pub mod attrition;
pub mod battle;
pub mod command;
pub mod control;
pub mod darius;
pub mod data;
pub mod defection;
pub mod engage;
pub mod forced_march;
pub mod garrison;
pub mod interception;
pub mod legs;
pub mod macedonian_reinforcements;
pub mod movement;
pub mod orders;
pub mod passage;
pub mod record;
pub mod reinforcements;
pub mod retreat;
pub mod satrapies;
pub mod sequence;
pub mod setup;
pub mod state;
pub mod supply;
pub mod template;
pub mod victory;
pub mod view;

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::protocol::dice::Dice;
use crate::ruleset::{
    Context, DataOverride, Event, OptionInfo, Pending, PendingKind, RuleError, Ruleset,
    ScenarioInfo, SetupError, Submission,
};
use orders::{Orders, Standing};
use state::State;

/// The Macedonians ruleset.
pub struct Macedonians;

/// What a game's header pins: the merged Macedonians pack, and the hash of the Conquerors maps
/// it is played on (the maps are embedded; a binary with other maps refuses the game).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GameData {
    /// The Macedonians pack with any overrides merged.
    pub macedonians: data::Pack,
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
        macedonians: pack,
        maps_hash: crate::pack::data_hash(&maps),
    })
}

/// The optional rules (22–24, 5.57, 8.64, 8.7, 12.45, 9.41) and the sections each needs;
/// `legatus new` refuses by name each that is not in [`BUILT`].
const OPTIONS: [(&str, &str); 8] = [
    ("spartan-revolt", "the Spartan Revolt after each Persian Major Land Battle victory (Macedonians [22])"),
    ("thrace-invasion", "the Persian may invade Thrace (Macedonians [23.2])"),
    ("initial-aggression", "the Persian must mass at 0706 on his first Player-Turn and intercept at every chance (Macedonians [24])"),
    ("no-cilician-table", "the Cilician Gates Garrison Table is ignored (Macedonians [5.57])"),
    ("no-darius-rules", "Darius' bolt and assassination are ignored (Macedonians [8.64])"),
    ("memnon-lives", "Memnon is not removed on the Jun-Jul 333 turn (Macedonians [8.7])"),
    ("no-naval-command-check", "the Persian fleet moves without the command roll (Macedonians [12.45])"),
    ("tactical-battles", "Major Land Battles are fought on the Tactical Battle Display (Macedonians [9.41])"),
];

/// The optional rules built (ruling M-R24): the Darius rules dropped ([8.64], ruling M-R38).
const BUILT: [&str; 1] = [darius::OPTION];

impl Ruleset for Macedonians {
    type State = State;
    type Orders = Orders;
    type Standing = Standing;

    fn id(&self) -> &'static str {
        "macedonians"
    }
    fn version(&self) -> &'static str {
        "0.1"
    }
    fn title(&self) -> &'static str {
        "The Macedonians"
    }
    fn options(&self) -> Vec<OptionInfo> {
        OPTIONS
            .iter()
            .map(|(n, h)| OptionInfo {
                name: (*n).into(),
                help: if BUILT.contains(n) {
                    (*h).to_string()
                } else {
                    format!("{h}; not built yet, refused")
                },
            })
            .collect()
    }
    fn scenarios(&self) -> Vec<ScenarioInfo> {
        vec![ScenarioInfo {
            id: setup::CAMPAIGN.into(),
            title: "Alexander against Darius, 334-331 B.C. (Macedonians 20)".into(),
            sides: vec![state::PERSIAN.into(), state::MACEDONIAN.into()],
        }]
    }
    fn load_scenario(
        &self,
        scenario: &str,
        overrides: &[DataOverride],
    ) -> Result<Value, SetupError> {
        if scenario != setup::CAMPAIGN {
            return Err(SetupError(format!(
                "no scenario {scenario} (try {})",
                setup::CAMPAIGN
            )));
        }
        let d = merged_pack(overrides)?;
        serde_json::to_value(&d).map_err(|e| SetupError(e.to_string()))
    }
    fn provisional(&self, data: &Value) -> Vec<String> {
        let Ok(d) = serde_json::from_value::<GameData>(data.clone()) else {
            return Vec::new();
        };
        data::item_origins(&d.macedonians)
            .into_iter()
            .filter_map(|i| match i.origin {
                crate::pack::Origin::Provisional(p) => Some(format!("{} {}: {p}", i.file, i.key)),
                _ => None,
            })
            .collect()
    }
    fn setup(&self, scenario: &str, data: &Value, options: &[String]) -> Result<State, SetupError> {
        if let Some(o) = options.iter().find(|o| !BUILT.contains(&o.as_str())) {
            let known = OPTIONS.iter().find(|(n, _)| n == o);
            return Err(SetupError(match known {
                Some((n, h)) => format!("option {n}: {h} is not built yet"),
                None => format!("no option {o} in The Macedonians"),
            }));
        }
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
        let mut st = setup::initial_state(Arc::new(d.macedonians), Arc::new(maps), scenario)?;
        st.options = options.to_vec();
        Ok(st)
    }
    fn pending(&self, st: &State) -> Pending {
        sequence::pending(st)
    }
    fn apply(
        &self,
        st: &mut State,
        ctx: &Context<'_, Standing>,
        sub: &Submission<Orders>,
        dice: &mut Dice,
    ) -> Result<Vec<Event>, RuleError> {
        let p = sequence::pending(st);
        if p.kind != PendingKind::Orders {
            return Err(RuleError::illegal("orders", p.rule, p.prompt));
        }
        let side = p.sides[0].clone();
        let o = sub.by.get(&side).ok_or_else(|| {
            RuleError::illegal(
                "orders",
                "Macedonians [4.2]",
                format!("{} must act now", sequence::side_name(&side)),
            )
        })?;
        // Every move is checked before the first die ([5.0] procedure: in the order given).
        let mut dry = st.clone();
        let mut scratch = Vec::new();
        for (i, mv) in o.moves.iter().enumerate() {
            movement::apply_move(&mut dry, &side, i, mv, None, &mut scratch, ctx.standing)?;
        }
        let mut ev = Vec::new();
        for (i, mv) in o.moves.iter().enumerate() {
            movement::apply_move(st, &side, i, mv, Some(dice), &mut ev, ctx.standing)?;
        }
        if o.moves.is_empty() {
            ev.push(Event::new(
                "Macedonians [5.11]",
                format!("{} moves nothing", sequence::side_name(&side)),
            ));
        }
        let (turn, phase) = (st.turn_words(), st.phase.words().to_string());
        crate::ruleset::stamp_events(&mut ev, 0, &turn, &phase, None, Some(&side), false);
        let from = ev.len();
        let mut run = sequence::Run {
            dice,
            standing: ctx.standing,
        };
        sequence::end_campaign(st, &mut ev, &mut run)?;
        let (turn, phase) = (st.turn_words(), st.phase.words().to_string());
        crate::ruleset::stamp_events(&mut ev, from, &turn, &phase, None, None, false);
        Ok(ev)
    }
    fn check_standing(
        &self,
        st: &State,
        side: &str,
        standing: &Standing,
    ) -> Vec<(String, RuleError)> {
        let mut v = battle::check_standing(standing);
        v.extend(reinforcements::check(st, side, standing));
        v
    }
    fn template(&self, st: &State, side: &str) -> String {
        template::template(st, side)
    }
    fn summary(&self, st: &State) -> Vec<String> {
        let mut v = vec![format!("{}: {}", st.turn_words(), st.phase.words())];
        for s in &st.players {
            let ssp: u32 = st
                .units
                .values()
                .filter(|u| &u.side == s)
                .map(|u| u.ssp)
                .sum();
            let vp = victory::score(st, s);
            let combat = if vp.combat > 0 {
                format!(", {} VP from combat", vp.combat)
            } else {
                String::new()
            };
            v.push(format!(
                "{}: {ssp} SSP on the map, {} VP from control{combat}",
                sequence::side_name(s),
                vp.control.total
            ));
        }
        if let Some(o) = &st.result {
            v.push(format!("the game is over: {}", o.words));
        }
        if let Some(h) = &st.halt {
            v.push(format!("stopped: {} ({})", h.due, h.rule));
        }
        v
    }
    fn view(&self, st: &State, side: Option<&str>) -> crate::view::View {
        view::view(st, side)
    }
}
