//! Counters, turns and the two scenarios: references resolve, set-up strengths, counter mix, the
//! Turn Record Track.

use serde_json::Value;

use super::{load, strs};

#[test]
fn romans_20_13_20_24_twenty_six_game_turns_and_march_is_turn_three() {
    let t = load("turns.yaml");
    for (id, s) in t["scenarios"].as_object().unwrap() {
        let track = s["track"].as_array().unwrap();
        let turns: Vec<&Value> = track.iter().filter(|e| e.get("turn").is_some()).collect();
        assert_eq!(turns.len(), 26, "{id}");
        assert_eq!(
            track.len() - turns.len(),
            3,
            "{id}: a Winter after each October but the last"
        );
        assert_eq!(turns[0]["month"], "september");
        assert_eq!(turns[2]["turn"], "3");
        assert_eq!(
            turns[2]["month"], "march",
            "20.14: March of the second year is turn three"
        );
        assert_eq!(turns[25]["month"], "october");
    }
}

/// The set-ups' SSP: units × their type's SSP, legions 22 (odd) / 24 (even) (3.4, 3.21).
fn ssp(c: &Value, placement: &Value) -> i64 {
    let units: i64 = placement
        .get("units")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|u| {
            u["count"].as_i64().unwrap()
                * c["unit-types"][u["type"].as_str().unwrap()]["ssp"]
                    .as_i64()
                    .unwrap()
        })
        .sum();
    let numerals = strs(&c["legion"]["numerals"]);
    let legions: i64 = placement
        .get("legions")
        .map(strs)
        .unwrap_or_default()
        .iter()
        .map(|l| {
            let n = numerals.iter().position(|x| x == l).unwrap() + 1;
            c["legion"]["ssp"][if n % 2 == 0 { "even" } else { "odd" }]
                .as_i64()
                .unwrap()
        })
        .sum();
    units + legions
}

/// SSP of each placement of a set-up list.
fn strengths(c: &Value, placements: &Value) -> Vec<i64> {
    placements
        .as_array()
        .unwrap()
        .iter()
        .map(|p| ssp(c, p))
        .collect()
}

#[test]
fn romans_20_11_20_22_setup_strengths() {
    let c = load("counters.yaml");
    let two = load("scenario-second-macedonian-war.yaml");
    let mac = strengths(&c, &two["setup"]["macedon"]);
    assert_eq!(mac, [26, 14, 6, 8, 21, 6], "20.11, follow-up 20.11");
    let rome = strengths(&c, &two["setup"]["rome"]);
    assert_eq!(rome, [46, 22, 0, 24, 22, 0, 2, 8]);
    let syr = load("scenario-syrian-war.yaml");
    let syria = strengths(&c, &syr["setup"]["syria"]);
    assert_eq!(syria, [32, 16, 48, 0, 0, 10], "20.22");
    // Follow-up: the third-player Macedon brings about half the 20.1 army (81 SSP).
    let third = strengths(&c, &syr["setup"]["macedon"]["placements"]);
    assert_eq!(third.iter().sum::<i64>(), 40);
    assert_eq!(mac.iter().sum::<i64>(), 81);
}

#[test]
fn romans_17_3_counter_mix_holds_every_setup() {
    let c = load("counters.yaml");
    let mix = &c["counter-mix"];
    let two = load("scenario-second-macedonian-war.yaml");
    let syr = load("scenario-syrian-war.yaml");
    let sides = [
        ("macedon", two["setup"]["macedon"].clone()),
        ("syria", syr["setup"]["syria"].clone()),
        ("macedon", syr["setup"]["macedon"]["placements"].clone()),
        ("rome", two["setup"]["rome"].clone()),
        ("rome", syr["setup"]["rome"].clone()),
    ];
    for (nation, placements) in sides {
        let mut count = std::collections::BTreeMap::<String, i64>::new();
        for p in placements.as_array().unwrap() {
            for u in p
                .get("units")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                *count
                    .entry(u["type"].as_str().unwrap().to_string())
                    .or_default() += u["count"].as_i64().unwrap();
            }
            for key in ["squadrons", "half_squadrons"] {
                for (k, n) in p.get(key).and_then(Value::as_object).into_iter().flatten() {
                    *count.entry(format!("squadron-{k}")).or_default() += n.as_i64().unwrap();
                }
            }
        }
        for (kind, n) in count {
            let limit = match kind.strip_prefix("squadron-") {
                Some(k) => &mix[nation]["squadrons"][k],
                None => &mix[nation]["land"][&kind],
            };
            let limit = limit
                .as_i64()
                .unwrap_or_else(|| panic!("{nation}: no counter mix for {kind}"));
            assert!(
                n <= limit,
                "{nation}: {n} {kind} set up, counter mix {limit}"
            );
        }
    }
}
