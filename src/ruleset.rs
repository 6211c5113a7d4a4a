//! The seam between the protocol and the games: the [`Ruleset`] trait, its
//! type-erased form used by the engine, and the registry of games.
//!
//! A ruleset is a pure, deterministic state machine: given a state and one
//! submission (orders, a decision, or a set of sealed orders) it validates,
//! resolves (drawing dice only from the [`Dice`] it is handed) and returns
//! events. It knows nothing of signatures, logs or email.

use std::collections::BTreeMap;
use std::sync::Arc;

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::protocol::dice::{Dice, DiceUnavailable};

/// What kind of entry a pending step expects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PendingKind {
    /// Orders for a phase, from the one side named.
    Orders,
    /// A decision in the middle of resolution (a suspension), from the side named.
    Decision,
    /// Sealed simultaneous orders from every side named: commit, then reveal.
    Sealed,
    /// The game is over; nothing more is expected.
    GameOver,
}

/// Who must act next and what is expected (ARCHITECTURE: `pending`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Pending {
    /// Step identifier the order file must name, e.g. `spring-334/macedonian-movement`.
    pub step: String,
    /// What kind of entry.
    pub kind: PendingKind,
    /// The sides that must act (one for orders and decisions).
    pub sides: Vec<String>,
    /// Plain words for `legatus status`.
    pub prompt: String,
    /// The rule section that creates this step.
    pub rule: String,
}

/// Something that happened, for the report. `rule` cites the section applied.
///
/// The context fields place it in the game for the narrative (turn, phase, battle round and
/// half-round) and name the side whose orders — or standing orders, or battle plan — caused
/// it. A ruleset fills them in as it resolves; events are rebuilt on every replay and never
/// hashed, so they may grow without touching any log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Event {
    /// Rule section, e.g. `Alexandros 9.4`.
    pub rule: String,
    /// One sentence for people.
    pub text: String,
    /// The turn in words (`Spring 334`), when the ruleset says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<String>,
    /// The phase in words (`Combat phase`, `Persian movement`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase: Option<String>,
    /// Within the phase: a battle round and half-round, a minor combat, a siege.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<String>,
    /// The side whose orders caused it (None: the rules alone, e.g. a random event).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
    /// Caused by that side's standing orders or battle plan, not orders sent for this step.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub standing: bool,
}

impl Event {
    /// An event citing `rule`.
    pub fn new(rule: impl Into<String>, text: impl Into<String>) -> Self {
        Event {
            rule: rule.into(),
            text: text.into(),
            turn: None,
            phase: None,
            round: None,
            by: None,
            standing: false,
        }
    }

    /// This event, caused by `side`'s standing orders (or battle plan).
    pub fn by_standing(mut self, side: impl Into<String>) -> Self {
        self.by = Some(side.into());
        self.standing = true;
        self
    }
}

/// Fills in the context of the events from `from` on that have none yet: the turn, phase and
/// round they happened in and the side that caused them (`standing`: by its standing orders).
/// Rulesets call it as resolution moves from one phase or round to the next.
pub fn stamp_events(
    events: &mut [Event],
    from: usize,
    turn: &str,
    phase: &str,
    round: Option<&str>,
    by: Option<&str>,
    standing: bool,
) {
    for e in events.iter_mut().skip(from) {
        if e.phase.is_some() {
            continue;
        }
        e.turn.get_or_insert_with(|| turn.to_string());
        e.phase = Some(phase.to_string());
        if e.round.is_none() {
            e.round = round.map(str::to_string);
        }
        if e.by.is_none() {
            e.by = by.map(str::to_string);
            e.standing = standing && by.is_some();
        }
    }
}

/// Why a submission was refused by the rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// An order breaks a rule: which order, which section, why.
    #[error("order {order} refused ({rule}): {reason}")]
    Illegal {
        order: String,
        rule: String,
        reason: String,
    },
    /// Several refusals of one order at once — each name it misspells, each rule it breaks —
    /// every one an [`RuleError::Illegal`]; the engine lists each at its own place.
    #[error("{}", several(.0))]
    Several(Vec<RuleError>),
    /// The dice are not fixed yet (engine-internal: propagate with `?`).
    #[error(transparent)]
    Dice(#[from] DiceUnavailable),
}

fn several(v: &[RuleError]) -> String {
    v.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

impl RuleError {
    /// The refusals this error holds: itself, or each of [`RuleError::Several`].
    pub fn each(&self) -> Vec<&RuleError> {
        match self {
            RuleError::Several(v) => v.iter().flat_map(RuleError::each).collect(),
            e => vec![e],
        }
    }

    /// Shorthand for [`RuleError::Illegal`].
    pub fn illegal(
        order: impl Into<String>,
        rule: impl Into<String>,
        reason: impl Into<String>,
    ) -> Self {
        RuleError::Illegal {
            order: order.into(),
            rule: rule.into(),
            reason: reason.into(),
        }
    }
}

/// Why a game could not be set up (bad scenario, data, or options).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SetupError(pub String);

/// A scenario a ruleset offers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ScenarioInfo {
    /// Identifier used with `legatus new --scenario`.
    pub id: String,
    /// Title for people.
    pub title: String,
    /// The sides, in set-up order.
    pub sides: Vec<String>,
}

/// An optional rule a ruleset offers (`legatus new --option NAME`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OptionInfo {
    /// Name used with `--option`.
    pub name: String,
    /// What it does, with its rule section.
    pub help: String,
}

/// A player's data override file (`legatus new --data FILE`).
#[derive(Debug, Clone)]
pub struct DataOverride {
    /// The file's name (no folder: it is recorded in the header), for provenance and messages.
    pub name: String,
    /// YAML text.
    pub text: String,
}

/// One submission to resolve: orders or a decision from one side, or the
/// revealed sealed orders of every side.
#[derive(Debug, Clone)]
pub struct Submission<O> {
    /// The entry kind that carried it.
    pub kind: PendingKind,
    /// The step it answers.
    pub step: String,
    /// The orders by side (one side unless sealed).
    pub by: BTreeMap<String, O>,
}

/// What a ruleset may read besides its state.
pub struct Context<'a, S> {
    /// Each side's latest standing orders (PROTOCOL "Decisions in the middle of resolution").
    pub standing: &'a BTreeMap<String, S>,
    /// The optional rules chosen at `new`.
    pub options: &'a [String],
    /// Sequence number of the entry being resolved.
    pub seq: u64,
}

/// A game system. See ARCHITECTURE "The seam between protocol and rules".
pub trait Ruleset: Send + Sync + 'static {
    /// The whole game state; serialised canonically for the state hash.
    type State: Serialize + DeserializeOwned + Clone + Send + 'static;
    /// Orders and decisions (the `orders:` of an order file).
    type Orders: Serialize + DeserializeOwned + JsonSchema + Clone + 'static;
    /// Standing orders (the `standing:` of an order file).
    type Standing: Serialize + DeserializeOwned + JsonSchema + Clone + 'static;

    /// Identifier, e.g. `alexandros`.
    fn id(&self) -> &'static str;
    /// Version recorded in the header; logs replay only with the same version.
    fn version(&self) -> &'static str;
    /// Title for people.
    fn title(&self) -> &'static str;
    /// The scenarios offered.
    fn scenarios(&self) -> Vec<ScenarioInfo>;
    /// The sides that play `scenario` with these options (an option may add a player, as
    /// Macedon in The Romans' Syrian War, 20.29); by default the scenario's own sides.
    fn sides(&self, scenario: &str, _options: &[String]) -> Vec<String> {
        self.scenarios()
            .into_iter()
            .find(|s| s.id == scenario)
            .map(|s| s.sides)
            .unwrap_or_default()
    }
    /// The optional rules offered.
    fn options(&self) -> Vec<OptionInfo> {
        Vec::new()
    }
    /// The scenario's data with any player overrides merged, as a JSON value
    /// (embedded in the header and pinned by its hash).
    fn load_scenario(
        &self,
        scenario: &str,
        overrides: &[DataOverride],
    ) -> Result<Value, SetupError>;
    /// The provisional data items the game still uses (for reports).
    fn provisional(&self, _data: &Value) -> Vec<String> {
        Vec::new()
    }
    /// The initial state.
    fn setup(
        &self,
        scenario: &str,
        data: &Value,
        options: &[String],
    ) -> Result<Self::State, SetupError>;
    /// Who must act next.
    fn pending(&self, state: &Self::State) -> Pending;
    /// Validates and resolves one submission, mutating `state`. On error the
    /// engine discards `state`. Must validate before drawing the first die.
    fn apply(
        &self,
        state: &mut Self::State,
        ctx: &Context<'_, Self::Standing>,
        submission: &Submission<Self::Orders>,
        dice: &mut Dice,
    ) -> Result<Vec<Event>, RuleError>;
    /// Checks the names in standing orders `standing` that `side` sends (units, places…),
    /// before they are signed: every name the game does not know, each with the JSON
    /// pointer of its value inside `standing:` (`/losses/2`) and a refusal that names the
    /// rule and the nearest known names. Called when an order file is made into an entry,
    /// never when a log is replayed (a signed entry stays valid). Default: nothing to say.
    fn check_standing(
        &self,
        _state: &Self::State,
        _side: &str,
        _standing: &Self::Standing,
    ) -> Vec<(String, RuleError)> {
        Vec::new()
    }
    /// Checks `side`'s sealed orders on their own, before the other sides' are known, so
    /// that `apply` refuses them before they are committed: a commitment cannot be changed,
    /// and sealed orders the rules refuse once every side has revealed would leave the round
    /// unable to end (PROTOCOL §7). Must not draw dice. Errors: what the rules refuse in
    /// these orders whatever the others send. Default: nothing can be told alone.
    fn check_sealed_alone(
        &self,
        _state: &Self::State,
        _side: &str,
        _orders: &Self::Orders,
    ) -> Result<(), RuleError> {
        Ok(())
    }
    /// The `orders:` part of an order file for `side` at the pending step,
    /// with the legal choices as comments (YAML text, indented by two spaces).
    fn template(&self, state: &Self::State, side: &str) -> String;
    /// Lines describing the state for the report.
    fn summary(&self, state: &Self::State) -> Vec<String>;
    /// Whether a new `standing:` block merges with the side's earlier one key by key (a key
    /// given replaces that key, `key: ~` removes it, a key left out stays: see
    /// `engine::standing`) instead of replacing it whole. The default, `false`, keeps the
    /// meaning of logs written before merging existed (PROTOCOL §12); a game opts in.
    fn merges_standing(&self) -> bool {
        false
    }
    /// What `side`'s standing orders `standing` will do in the coming steps, in plain words,
    /// one line a rule they set (with its rule number), and what they leave to be asked. Empty
    /// (the default): the engine lists the keys and their values.
    fn describe_standing(
        &self,
        _state: &Self::State,
        _side: &str,
        _standing: &Self::Standing,
    ) -> Vec<String> {
        Vec::new()
    }
    /// What a player sees: the situation, for every renderer (ARCHITECTURE: `view`). `side`
    /// is the reader (None: an open view). A game that draws nothing yet shows its title,
    /// the pending step and its summary lines.
    fn view(&self, state: &Self::State, side: Option<&str>) -> crate::view::View {
        crate::view::View {
            title: self.title().to_string(),
            viewer: side.map(str::to_string),
            notes: self.summary(state),
            ..Default::default()
        }
    }
}

/// An order file after parsing: the envelope the engine checks and the
/// ruleset's parts as canonical JSON values.
#[derive(Debug, Clone)]
pub struct ParsedOrders {
    /// Game id the file is for.
    pub game: String,
    /// Sequence number of the entry it follows.
    pub after: u64,
    /// Hash of that entry.
    pub after_hash: String,
    /// The side writing.
    pub side: String,
    /// The step it answers.
    pub step: String,
    /// `orders:` (absent for a bare standing-orders update).
    pub orders: Option<Value>,
    /// `standing:`.
    pub standing: Option<Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OrderFile<O, S> {
    game: String,
    after: u64,
    after_hash: String,
    side: String,
    step: String,
    #[serde(default = "Option::default")]
    orders: Option<O>,
    #[serde(default = "Option::default")]
    standing: Option<S>,
}

/// Why an order file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum OrderFileError {
    /// Not valid YAML, or not the shape the ruleset's orders take (has a location).
    #[error(transparent)]
    Yaml(#[from] serde_saphyr::Error),
    /// A value the protocol cannot carry (a floating-point number).
    #[error(transparent)]
    Canonical(#[from] crate::protocol::canonical::CanonicalError),
}

/// The object-safe form of a [`Ruleset`], used by the engine and the registry.
pub trait DynRuleset: Send + Sync {
    /// See [`Ruleset::id`].
    fn id(&self) -> &'static str;
    /// See [`Ruleset::version`].
    fn version(&self) -> &'static str;
    /// See [`Ruleset::title`].
    fn title(&self) -> &'static str;
    /// See [`Ruleset::scenarios`].
    fn scenarios(&self) -> Vec<ScenarioInfo>;
    /// See [`Ruleset::sides`].
    fn sides(&self, scenario: &str, options: &[String]) -> Vec<String>;
    /// See [`Ruleset::options`].
    fn options(&self) -> Vec<OptionInfo>;
    /// See [`Ruleset::load_scenario`].
    fn load_scenario(
        &self,
        scenario: &str,
        overrides: &[DataOverride],
    ) -> Result<Value, SetupError>;
    /// See [`Ruleset::provisional`].
    fn provisional(&self, data: &Value) -> Vec<String>;
    /// See [`Ruleset::setup`].
    fn setup(
        &self,
        scenario: &str,
        data: &Value,
        options: &[String],
    ) -> Result<Box<dyn GameState>, SetupError>;
    /// See [`Ruleset::merges_standing`].
    fn merges_standing(&self) -> bool;
    /// Parses an order file (YAML text). Errors carry line and column. For a ruleset that
    /// merges standing orders, a top-level `standing:` key written as `~` (or as an empty
    /// `[]`/`{}` the game's types leave out) is kept as null: it removes that key.
    fn parse_order_file(&self, text: &str) -> Result<ParsedOrders, OrderFileError>;
    /// JSON Schema of the order files.
    fn order_schema(&self) -> schemars::Schema;
}

/// A running game's ruleset state, type-erased.
pub trait GameState: Send {
    /// A copy (the engine applies to copies so a refused entry changes nothing).
    fn clone_box(&self) -> Box<dyn GameState>;
    /// See [`Ruleset::pending`].
    fn pending(&self) -> Pending;
    /// See [`Ruleset::apply`]; orders and standing orders arrive as JSON values.
    fn apply(
        &mut self,
        standing: &BTreeMap<String, Value>,
        options: &[String],
        seq: u64,
        submission: &Submission<Value>,
        dice: &mut Dice,
    ) -> Result<Vec<Event>, RuleError>;
    /// See [`Ruleset::check_standing`]; standing orders that do not even have their shape
    /// give one refusal at the empty path.
    fn check_standing(&self, side: &str, standing: &Value) -> Vec<(String, RuleError)>;
    /// See [`Ruleset::check_sealed_alone`]; orders that do not have their shape are refused.
    fn check_sealed_alone(&self, side: &str, orders: &Value) -> Result<(), RuleError>;
    /// The state as a JSON value (hashed canonically; written to `state.yaml`).
    fn to_value(&self) -> Value;
    /// See [`Ruleset::template`].
    fn template(&self, side: &str) -> String;
    /// See [`Ruleset::summary`].
    fn summary(&self) -> Vec<String>;
    /// See [`Ruleset::view`].
    fn view(&self, side: Option<&str>) -> crate::view::View;
    /// See [`Ruleset::merges_standing`].
    fn merges_standing(&self) -> bool;
    /// See [`Ruleset::describe_standing`]; empty when `standing` does not read as the game's
    /// standing orders.
    fn describe_standing(&self, side: &str, standing: &Value) -> Vec<String>;
}

struct Typed<R: Ruleset> {
    rules: Arc<R>,
    state: R::State,
}

fn from_value<T: DeserializeOwned>(what: &str, v: &Value) -> Result<T, RuleError> {
    serde_json::from_value(v.clone())
        .map_err(|e| RuleError::illegal(what, "order file schema", e.to_string()))
}

impl<R: Ruleset> GameState for Typed<R> {
    fn clone_box(&self) -> Box<dyn GameState> {
        Box::new(Typed {
            rules: self.rules.clone(),
            state: self.state.clone(),
        })
    }
    fn pending(&self) -> Pending {
        self.rules.pending(&self.state)
    }
    fn apply(
        &mut self,
        standing: &BTreeMap<String, Value>,
        options: &[String],
        seq: u64,
        submission: &Submission<Value>,
        dice: &mut Dice,
    ) -> Result<Vec<Event>, RuleError> {
        let mut typed_standing = BTreeMap::new();
        for (side, v) in standing {
            typed_standing.insert(
                side.clone(),
                from_value::<R::Standing>(&format!("standing orders of {side}"), v)?,
            );
        }
        let mut by = BTreeMap::new();
        for (side, v) in &submission.by {
            by.insert(
                side.clone(),
                from_value::<R::Orders>(&format!("orders of {side}"), v)?,
            );
        }
        let sub = Submission {
            kind: submission.kind,
            step: submission.step.clone(),
            by,
        };
        let ctx = Context {
            standing: &typed_standing,
            options,
            seq,
        };
        self.rules.apply(&mut self.state, &ctx, &sub, dice)
    }
    fn check_standing(&self, side: &str, standing: &Value) -> Vec<(String, RuleError)> {
        // A key written as null removes a standing order (merging rulesets): no name to check.
        let mut given = standing.clone();
        if let Value::Object(m) = &mut given {
            m.retain(|_, v| !v.is_null());
        }
        match from_value::<R::Standing>(&format!("standing orders of {side}"), &given) {
            Ok(s) => self.rules.check_standing(&self.state, side, &s),
            Err(e) => vec![(String::new(), e)],
        }
    }
    fn check_sealed_alone(&self, side: &str, orders: &Value) -> Result<(), RuleError> {
        let o = from_value::<R::Orders>(&format!("orders of {side}"), orders)?;
        self.rules.check_sealed_alone(&self.state, side, &o)
    }
    fn to_value(&self) -> Value {
        crate::protocol::canonical::to_value(&self.state)
            .expect("ruleset state serialises without floats")
    }
    fn template(&self, side: &str) -> String {
        self.rules.template(&self.state, side)
    }
    fn summary(&self) -> Vec<String> {
        self.rules.summary(&self.state)
    }
    fn view(&self, side: Option<&str>) -> crate::view::View {
        self.rules.view(&self.state, side)
    }
    fn merges_standing(&self) -> bool {
        self.rules.merges_standing()
    }
    fn describe_standing(&self, side: &str, standing: &Value) -> Vec<String> {
        match serde_json::from_value::<R::Standing>(standing.clone()) {
            Ok(s) => self.rules.describe_standing(&self.state, side, &s),
            Err(_) => Vec::new(),
        }
    }
}

/// Wraps a typed ruleset for the registry.
pub struct Erased<R: Ruleset>(pub Arc<R>);

impl<R: Ruleset> DynRuleset for Erased<R> {
    fn id(&self) -> &'static str {
        self.0.id()
    }
    fn version(&self) -> &'static str {
        self.0.version()
    }
    fn title(&self) -> &'static str {
        self.0.title()
    }
    fn scenarios(&self) -> Vec<ScenarioInfo> {
        self.0.scenarios()
    }
    fn sides(&self, scenario: &str, options: &[String]) -> Vec<String> {
        self.0.sides(scenario, options)
    }
    fn options(&self) -> Vec<OptionInfo> {
        self.0.options()
    }
    fn load_scenario(
        &self,
        scenario: &str,
        overrides: &[DataOverride],
    ) -> Result<Value, SetupError> {
        self.0.load_scenario(scenario, overrides)
    }
    fn provisional(&self, data: &Value) -> Vec<String> {
        self.0.provisional(data)
    }
    fn setup(
        &self,
        scenario: &str,
        data: &Value,
        options: &[String],
    ) -> Result<Box<dyn GameState>, SetupError> {
        let state = self.0.setup(scenario, data, options)?;
        Ok(Box::new(Typed {
            rules: self.0.clone(),
            state,
        }))
    }
    fn merges_standing(&self) -> bool {
        self.0.merges_standing()
    }
    fn parse_order_file(&self, text: &str) -> Result<ParsedOrders, OrderFileError> {
        let f: OrderFile<R::Orders, R::Standing> =
            serde_saphyr::from_str_with_options(text, crate::protocol::log::yaml_options())?;
        let mut standing = f
            .standing
            .map(|s| crate::protocol::canonical::to_value(&s))
            .transpose()?;
        if self.0.merges_standing() {
            if let Some(Value::Object(m)) = &mut standing {
                for k in cleared_standing_keys(text) {
                    m.entry(k).or_insert(Value::Null);
                }
            }
        }
        Ok(ParsedOrders {
            game: f.game,
            after: f.after,
            after_hash: f.after_hash,
            side: f.side,
            step: f.step,
            orders: f
                .orders
                .map(|o| crate::protocol::canonical::to_value(&o))
                .transpose()?,
            standing,
        })
    }
    fn order_schema(&self) -> schemars::Schema {
        schemars::schema_for!(OrderFileSchema<R::Orders, R::Standing>)
    }
}

/// The top-level keys of an order file's `standing:` written as null (`~`, `null`, nothing) or
/// as an empty list or map: the keys a merging ruleset removes (`engine::standing`). Read
/// apart from the typed parse, which cannot tell a key written `~` from one left out.
fn cleared_standing_keys(text: &str) -> Vec<String> {
    #[derive(Deserialize)]
    struct Raw {
        #[serde(default)]
        standing: Option<BTreeMap<String, Value>>,
    }
    let Ok(raw) =
        serde_saphyr::from_str_with_options::<Raw>(text, crate::protocol::log::yaml_options())
    else {
        return Vec::new();
    };
    raw.standing
        .unwrap_or_default()
        .into_iter()
        .filter(|(_, v)| match v {
            Value::Null => true,
            Value::Array(a) => a.is_empty(),
            Value::Object(o) => o.is_empty(),
            _ => false,
        })
        .map(|(k, _)| k)
        .collect()
}

/// Schema shape of an order file (mirrors the private parsing struct).
#[derive(JsonSchema)]
#[allow(dead_code)]
struct OrderFileSchema<O, S> {
    /// Game id (32 hex digits) from the log header.
    game: String,
    /// Sequence number of the entry these orders follow.
    after: u64,
    /// Hash of that entry (hex).
    after_hash: String,
    /// The side writing.
    side: String,
    /// The pending step these orders answer (see `legatus status`).
    step: String,
    /// Orders or decision for the step.
    orders: Option<O>,
    /// Standing orders, kept until replaced (by a ruleset that merges them: key by key; a key
    /// given as `~` is removed).
    standing: Option<S>,
}

/// The games `legatus` knows, by id.
#[derive(Clone, Default)]
pub struct Registry {
    rulesets: BTreeMap<String, Arc<dyn DynRuleset>>,
}

impl Registry {
    /// An empty registry (tests add their own rulesets).
    pub fn new() -> Self {
        Registry::default()
    }

    /// The games built into this binary: one set per thread, shared by every registry made
    /// here (so a game a command replayed is known again by the next one, `GameDir::load`).
    pub fn builtin() -> Self {
        thread_local! {
            static BUILTIN: Registry = crate::games::register_builtin(Registry::new());
        }
        BUILTIN.with(Registry::clone)
    }

    /// Adds a ruleset (replacing one with the same id).
    pub fn register<R: Ruleset>(mut self, rules: R) -> Self {
        self.rulesets
            .insert(rules.id().to_string(), Arc::new(Erased(Arc::new(rules))));
        self
    }

    /// The ruleset with this id.
    pub fn get(&self, id: &str) -> Option<Arc<dyn DynRuleset>> {
        self.rulesets.get(id).cloned()
    }

    /// All rulesets, by id.
    pub fn all(&self) -> impl Iterator<Item = &Arc<dyn DynRuleset>> {
        self.rulesets.values()
    }
}
