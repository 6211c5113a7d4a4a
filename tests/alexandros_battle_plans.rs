//! The bundled battle plans (the historical fixture's standing `battle_plan:` of each side,
//! and the template's default plan) fought against each other over many dice streams in the
//! demo's kinds of battle: how often a battle ends in a decision (10.19: commander lost,
//! elimination, Breakthrough) rather than at nightfall. `docs/battle-plans.md` records the
//! figures; `cargo test --test alexandros_battle_plans -- --ignored --nocapture` prints them.

mod tactical_common;

use legatus::games::alexandros::battle::default_plan;
use legatus::games::alexandros::data::counters::{SetupCode, Side};
use legatus::games::alexandros::data::Pack;
use legatus::games::alexandros::tactical::plan::orders_for;
use legatus::games::alexandros::tactical::{Battle, BattlePlan, BattleSetup, Force};
use legatus::protocol::dice::Dice;
use tactical_common::*;

#[derive(serde::Deserialize)]
struct File {
    standing: Standing,
}
#[derive(serde::Deserialize)]
struct Standing {
    battle_plan: BattlePlan,
}

fn plan_of(yaml: &str) -> BattlePlan {
    serde_saphyr::from_str::<File>(yaml)
        .expect("standing orders parse")
        .standing
        .battle_plan
}

/// The fixture's plans (as the demo plays them).
fn bundled() -> (BattlePlan, BattlePlan) {
    (
        plan_of(include_str!(
            "../fixtures/alexandros/historical/macedonian-standing.yaml"
        )),
        plan_of(include_str!(
            "../fixtures/alexandros/historical/persian-standing.yaml"
        )),
    )
}

fn codes(pack: &Pack, code: SetupCode) -> (Vec<String>, Vec<String>) {
    let units = pack
        .counters
        .item
        .units
        .iter()
        .filter(|(_, u)| u.item.setup == code)
        .map(|(c, _)| c.clone())
        .collect();
    let leaders = pack
        .counters
        .item
        .leaders
        .iter()
        .filter(|(_, l)| l.item.setup == code)
        .map(|(c, _)| c.clone())
        .collect();
    (units, leaders)
}

fn force_of(pack: &Pack, side: Side, units: &[String], leaders: &[String]) -> Force {
    let u: Vec<&str> = units.iter().map(String::as_str).collect();
    let l: Vec<&str> = leaders.iter().map(String::as_str).collect();
    force(pack, side, &u, &l)
}

/// The demo's kinds of battle: Granicus (the "I" army against Memnon's "A" army), Issus and
/// Gaugamela (the "I" army against Darius' "D" army), and Hellas (Antipater's "M" army
/// against Agis and the Spartan revolt, 14.2).
fn battles(pack: &Pack) -> Vec<(&'static str, BattleSetup)> {
    let (i_units, i_leaders) = codes(pack, SetupCode::I);
    let (a_units, a_leaders) = codes(pack, SetupCode::A);
    let (d_units, d_leaders) = codes(pack, SetupCode::D);
    let (m_units, m_leaders) = codes(pack, SetupCode::M);
    let (r_units, r_leaders) = codes(pack, SetupCode::Revolt);
    let mac = |u: &[String], l: &[String]| force_of(pack, Side::Macedonian, u, l);
    let per = |u: &[String], l: &[String]| force_of(pack, Side::Persian, u, l);
    let mut v = vec![
        (
            "Granicus",
            BattleSetup {
                province: "Ionia".into(),
                macedonian: mac(&i_units, &i_leaders),
                persian: per(&a_units, &a_leaders),
                first_battle: true,
            },
        ),
        (
            "Issus",
            BattleSetup {
                province: "Cilicia".into(),
                macedonian: mac(&i_units, &i_leaders),
                persian: per(&d_units, &d_leaders),
                first_battle: false,
            },
        ),
    ];
    if r_units.len() >= 3 && m_units.len() >= 3 {
        v.push((
            "Hellas",
            BattleSetup {
                province: "Hellas".into(),
                macedonian: mac(&m_units, &m_leaders),
                persian: per(&r_units, &r_leaders),
                first_battle: false,
            },
        ));
    }
    v.retain(|(_, s)| {
        s.macedonian.units.len() >= 3 && s.persian.units.len() >= 3 && !s.persian.leaders.is_empty()
    });
    v
}

/// One battle fought by two plans; set-ups by the display's default where a plan has none.
/// Returns how it ended: `nightfall`, or the decision and the winner.
fn fight_one(
    pack: &Pack,
    setup: BattleSetup,
    mac: &BattlePlan,
    per: &BattlePlan,
    s: u32,
) -> String {
    let mut b = Battle::new(pack, setup, &[]);
    let mut dice = Dice::from_seed(seed(s));
    let mut guard = 0;
    while let Some((side, step, _, _)) = b.pending() {
        guard += 1;
        assert!(guard < 100, "battle does not end");
        let (mine, theirs) = if side == Side::Macedonian {
            (mac, per)
        } else {
            (per, mac)
        };
        // As the demo does: a step the plan does not cover gets the template's default
        // orders (`battle::template`), a set-up the display's default.
        let o = orders_for(&b, pack, side, mine)
            .or_else(|| orders_for(&b, pack, side, &default_plan()))
            .unwrap_or_else(|| b.default_setup(pack, side));
        b.apply(pack, side, &o, Some(theirs), &mut dice)
            .unwrap_or_else(|e| panic!("{step}: {e} (seed {s})"));
    }
    let r = b.result().expect("over");
    match (r.nightfall, r.winner) {
        (true, _) => "nightfall".into(),
        (_, Some(Side::Macedonian)) => "macedonian".into(),
        (_, Some(_)) => "persian".into(),
        _ => "none".into(),
    }
}

/// Decisions out of `n` battles per kind of battle, for a pair of plans.
fn tally(pack: &Pack, mac: &BattlePlan, per: &BattlePlan, n: u32) -> Vec<(String, u32, u32, u32)> {
    battles(pack)
        .into_iter()
        .map(|(name, setup)| {
            let (mut m, mut p, mut night) = (0, 0, 0);
            for s in 0..n {
                match fight_one(pack, setup.clone(), mac, per, s).as_str() {
                    "nightfall" => night += 1,
                    "macedonian" => m += 1,
                    _ => p += 1,
                }
            }
            (name.to_string(), m, p, night)
        })
        .collect()
}

fn show(label: &str, t: &[(String, u32, u32, u32)]) {
    for (name, m, p, night) in t {
        let n = m + p + night;
        println!(
            "{label:<28} {name:<9} decided {:>3}/{n} (Macedonian {m}, Persian {p}), nightfall {night}",
            m + p
        );
    }
}

/// The fixture's plans before issue 11 (copies kept for this comparison).
fn before() -> (BattlePlan, BattlePlan) {
    (
        plan_of(include_str!("tactical_common/plan-before-macedonian.yaml")),
        plan_of(include_str!("tactical_common/plan-before-persian.yaml")),
    )
}

/// The figures of `docs/battle-plans.md`: 100 dice streams per kind of battle.
#[test]
#[ignore = "prints the figures of docs/battle-plans.md (a few seconds in release)"]
fn battle_plans_decisions_measured() {
    let p = pack();
    let (mac0, per0) = before();
    show("fixture plans before", &tally(&p, &mac0, &per0, 100));
    let (mac, per) = bundled();
    show("fixture plans", &tally(&p, &mac, &per, 100));
    show(
        "template default plans",
        &tally(&p, &default_plan(), &default_plan(), 100),
    );
}

/// The bundled plans decide most battles (Alexandros 10.19): in 20 dice streams per kind of
/// battle, more than half end in a decision, none by a plan that fails to give orders.
#[test]
fn alexandros_10_19_bundled_plans_fight_to_a_decision() {
    let p = pack();
    let (mac, per) = bundled();
    let t = tally(&p, &mac, &per, 20);
    show("fixture plans", &t);
    let (decided, all): (u32, u32) = t
        .iter()
        .fold((0, 0), |(d, a), (_, m, p, n)| (d + m + p, a + m + p + n));
    assert!(decided * 2 > all, "{decided} of {all} decided");
}
