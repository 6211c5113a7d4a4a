//! Shared helpers for the Alexandros tactical tests: the real pack, Granicus armies (the "I"
//! and "A" set-up codes), set-up orders, plans and a driver fighting whole battles.
#![allow(dead_code)]

use legatus::games::alexandros::data::{self, counters::Side, Pack};
use legatus::games::alexandros::tactical::plan::{orders_for, AttackRule, MoveRule, Units, When};
use legatus::games::alexandros::tactical::{
    Battle, BattleOrders, BattlePlan, BattleSetup, Force, Placement,
};
use legatus::protocol::dice::{Dice, Roll};
use legatus::ruleset::Event;

pub fn pack() -> Pack {
    data::load_embedded().unwrap_or_else(|e| panic!("{e}"))
}

pub fn seed(i: u32) -> [u8; 32] {
    let mut s = [0u8; 32];
    s[..4].copy_from_slice(&i.to_le_bytes());
    s
}

/// Full-strength units of a set-up code's counters (Siege Train left out, digest A-43).
pub fn force(pack: &Pack, side: Side, codes: &[&str], leaders: &[&str]) -> Force {
    Force {
        side,
        units: codes
            .iter()
            .map(|c| {
                let u = pack.unit(c).unwrap_or_else(|| panic!("no unit {c}"));
                (c.to_string(), u.steps.len() as u8)
            })
            .collect(),
        leaders: leaders.iter().map(|l| (l.to_string(), false)).collect(),
    }
}

pub const MAC_I: [&str; 18] = [
    "hetairoi",
    "phalanx-1",
    "phalanx-2",
    "thessalians",
    "phalanx-3",
    "phalanx-4",
    "hypaspistoi",
    "phalanx-5",
    "phalanx-6",
    "greek-allied-infantry-1",
    "greek-allied-infantry-2",
    "archers",
    "greek-allied-infantry-3",
    "prodromoi",
    "greek-allied-cavalry",
    "thracian-light-infantry",
    "illyrian-light-infantry",
    "agrianians",
];
pub const MAC_BOXES: [&str; 18] = [
    "Center", "Right", "Left", "Reserve", "Center", "Center", "Center", "Left", "Right", "Left",
    "Right", "Center", "Center", "Reserve", "Reserve", "Reserve", "Reserve", "Reserve",
];
pub const PER_A: [&str; 6] = [
    "greek-mercenaries-1",
    "persian-cavalry-01",
    "persian-cavalry-02",
    "persian-cavalry-03",
    "greek-mercenaries-2",
    "persian-cavalry-04",
];
pub const PER_BOXES: [&str; 6] = ["Center", "Right", "Left", "Reserve", "Center", "Center"];

pub fn granicus(pack: &Pack) -> BattleSetup {
    BattleSetup {
        province: "Ionia".into(),
        macedonian: force(pack, Side::Macedonian, &MAC_I, &["Alexander", "Parmenio"]),
        persian: force(pack, Side::Persian, &PER_A, &["Memnon"]),
        first_battle: true,
    }
}

/// Set-up orders: units in order with boxes; `leaders[i]` goes with unit i.
pub fn placements(units: &[&str], boxes: &[&str], leaders: &[(usize, &str)]) -> BattleOrders {
    BattleOrders {
        placements: units
            .iter()
            .zip(boxes)
            .enumerate()
            .map(|(i, (u, b))| Placement {
                unit: u.to_string(),
                into: b.to_string(),
                line: None,
                leader: leaders
                    .iter()
                    .find(|(j, _)| *j == i)
                    .map(|(_, l)| l.to_string()),
            })
            .collect(),
        ..BattleOrders::default()
    }
}

pub fn granicus_persian_setup() -> BattleOrders {
    placements(&PER_A, &PER_BOXES, &[(0, "Memnon")])
}

pub fn granicus_macedonian_setup() -> BattleOrders {
    placements(&MAC_I, &MAC_BOXES, &[(0, "Alexander"), (1, "Parmenio")])
}

/// A Granicus battle after both set-ups: round 1, Macedonian to act.
pub fn granicus_battle(pack: &Pack) -> Battle {
    let mut b = Battle::new(pack, granicus(pack), &[]);
    let mut d = Dice::deferred();
    b.apply(pack, Side::Persian, &granicus_persian_setup(), None, &mut d)
        .expect("persian set-up");
    b.apply(
        pack,
        Side::Macedonian,
        &granicus_macedonian_setup(),
        None,
        &mut d,
    )
    .expect("macedonian set-up");
    b
}

pub fn attack(from: &str, into: Option<&str>, when: When) -> AttackRule {
    AttackRule {
        from: from.into(),
        into: into.map(String::from),
        when,
    }
}

pub fn mv(from: &str, to: &str, units: Units, when: When) -> MoveRule {
    MoveRule {
        from: from.into(),
        to: to.into(),
        units,
        count: None,
        when,
    }
}

/// An aggressive plan: attack from every box, advance into every empty enemy box.
pub fn aggressive(setup: BattleOrders) -> BattlePlan {
    BattlePlan {
        setup: Some(setup),
        attack_from: vec![
            attack("Center", None, When::Always),
            attack("Left", None, When::Always),
            attack("Right", None, When::Always),
            attack("LeftOutflank", None, When::Always),
            attack("RightOutflank", None, When::Always),
            attack("Reserve", Some("Center"), When::Always),
            attack("enemy Center", Some("enemy Reserve"), When::Always),
            attack("enemy Left", Some("enemy Reserve"), When::Always),
            attack("enemy Right", Some("enemy Reserve"), When::Always),
            attack("enemy Reserve", Some("enemy Center"), When::Always),
        ]
        .into_iter()
        .chain(every_attack())
        .collect(),
        advance: vec![
            mv("Center", "enemy Center", Units::Any, When::Always),
            mv("Left", "enemy Right", Units::Any, When::Always),
            mv("Right", "enemy Left", Units::Any, When::Always),
            mv("enemy Center", "enemy Reserve", Units::Any, When::Always),
            mv("enemy Left", "enemy Reserve", Units::Any, When::Always),
            mv("enemy Right", "enemy Reserve", Units::Any, When::Always),
            mv("Reserve", "Center", Units::Any, When::Always),
        ],
        moves: vec![mv(
            "Reserve",
            "LeftOutflank",
            Units::Cavalry,
            When::TargetEmpty,
        )],
        ..BattlePlan::default()
    }
}

const LABELS: [&str; 12] = [
    "Center",
    "Left",
    "Right",
    "Reserve",
    "LeftOutflank",
    "RightOutflank",
    "enemy Center",
    "enemy Left",
    "enemy Right",
    "enemy Reserve",
    "enemy LeftOutflank",
    "enemy RightOutflank",
];

/// Every box against every box: the plan keeps those that are legal when it is consulted.
pub fn every_attack() -> Vec<AttackRule> {
    let mut v = Vec::new();
    for f in LABELS {
        for t in LABELS {
            v.push(attack(f, Some(t), When::Always));
        }
    }
    v
}

pub struct Fought {
    pub battle: Battle,
    pub events: Vec<Event>,
    pub rolls: Vec<Roll>,
    pub orders: Vec<(Side, BattleOrders)>,
}

/// Fights a whole battle from plans with one dice stream.
pub fn fight(
    pack: &Pack,
    setup: BattleSetup,
    options: &[String],
    mac: &BattlePlan,
    per: &BattlePlan,
    s: u32,
) -> Fought {
    let mut b = Battle::new(pack, setup, options);
    let mut dice = Dice::from_seed(seed(s));
    let mut events = Vec::new();
    let mut orders = Vec::new();
    let mut guard = 0;
    while let Some((side, step, _, _)) = b.pending() {
        guard += 1;
        assert!(guard < 100, "battle does not end");
        let (mine, theirs) = if side == Side::Macedonian {
            (mac, per)
        } else {
            (per, mac)
        };
        let o = orders_for(&b, pack, side, mine)
            .unwrap_or_else(|| panic!("plan does not cover {step} (seed {s})"));
        let ev = b
            .apply(pack, side, &o, Some(theirs), &mut dice)
            .unwrap_or_else(|e| panic!("{step}: {e} (seed {s})"));
        events.extend(ev);
        orders.push((side, o));
    }
    Fought {
        battle: b,
        events,
        rolls: dice.into_rolls(),
        orders,
    }
}

/// The first seed below `limit` whose battle satisfies `want`.
pub fn find(
    limit: u32,
    mut f: impl FnMut(u32) -> Fought,
    want: impl Fn(&Fought) -> bool,
) -> (u32, Fought) {
    for s in 0..limit {
        let x = f(s);
        if want(&x) {
            return (s, x);
        }
    }
    panic!("no seed below {limit} gives the wanted battle");
}

pub fn has_event(f: &Fought, needle: &str) -> bool {
    f.events.iter().any(|e| e.text.contains(needle))
}
