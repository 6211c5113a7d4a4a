//! The tables (tables.yaml): the cells our text prints are as printed, and the reconstructed
//! cells obey the constraints the text states (PROVENANCE.md, Tables).

use super::{row, table};

fn loss(c: &str) -> i64 {
    match c.trim_end_matches('x') {
        "-" => 0,
        n => n.parse().unwrap_or_else(|_| panic!("cell {c}")),
    }
}

/// Expected loss per exchange in 36ths (2d6 frequencies) of each column.
fn means(name: &str) -> Vec<i64> {
    let t = table(name);
    (0..t.columns.len())
        .map(|c| {
            (2..=12)
                .map(|r: i64| (6 - (r - 7).abs()) * loss(&row(&t, &r.to_string())[c]))
                .sum()
        })
        .collect()
}

#[test]
fn macedonians_5_8_forced_march_printed_rows_and_progression() {
    let t = table("forced-march-attrition");
    assert_eq!(t.columns, ["+1", "+2", "+3", "+4", "+5"]);
    assert_eq!(row(&t, "1"), ["-", "-", "-", "-", "-"]);
    assert_eq!(row(&t, "2"), ["-", "-", "-", "-", "1"]);
    assert_eq!(row(&t, "3"), ["-", "-", "-", "1", "1"]);
    assert_eq!(row(&t, "4"), ["-", "-", "1", "1", "2"]);
    assert_eq!(row(&t, "5")[0], "-");
    // Every cell depends on the die plus the extra MP alone, as every printed cell does, and
    // losses never fall as either rises.
    let mut by_sum = std::collections::BTreeMap::new();
    for d in 1..=6 {
        for (c, cell) in row(&t, &d.to_string()).iter().enumerate() {
            let v = loss(cell);
            let prev = by_sum.insert(d + c + 1, v);
            assert!(
                prev.is_none_or(|p| p == v),
                "die {d} +{}: {v} vs {prev:?}",
                c + 1
            );
        }
    }
    let vals: Vec<i64> = by_sum.values().copied().collect();
    assert!(vals.windows(2).all(|w| w[0] <= w[1]), "{vals:?}");
}

#[test]
fn macedonians_9_81_macedonian_crt_printed_rows_as_printed() {
    let t = table("macedonian-crt");
    assert_eq!(
        t.columns,
        ["1-4", "1-3", "1-2", "1-1", "3-2", "2-1", "3-1+"]
    );
    assert_eq!(row(&t, "2"), ["-", "1", "2x", "-", "1", "3", "1"]);
    assert_eq!(row(&t, "3"), ["1", "1", "2", "2", "2", "2", "5"]);
    assert_eq!(row(&t, "4"), ["-", "2", "-", "1x", "2", "3", "2"]);
    assert_eq!(t.rows.len(), 11);
}

#[test]
fn macedonians_9_82_persian_crt_printed_cells_and_the_9_43_example() {
    let t = table("persian-crt");
    assert_eq!(
        t.columns,
        ["1-3", "1-2", "1-1", "3-2", "2-1", "3-1", "4-1", "5-1+"]
    );
    assert_eq!(row(&t, "2"), ["1", "1x", "-", "-", "-", "1", "1", "2"]);
    assert_eq!(row(&t, "3"), ["1", "1", "1x", "2", "2", "2", "3", "2"]);
    assert_eq!(row(&t, "4")[..4], ["-", "-", "1", "-"]);
    // 9.43: a Persian 9 at 2-1 costs the Macedonian 1 SSP; 8.52: and it carries the x.
    assert_eq!(t.roll(9, "2-1"), Some("1x"));
}

#[test]
fn macedonians_9_8_reconstructed_rows_rise_with_roll_and_odds() {
    for name in ["macedonian-crt", "persian-crt"] {
        let t = table(name);
        for r in 5..=12 {
            let cells: Vec<i64> = row(&t, &r.to_string()).iter().map(|c| loss(c)).collect();
            assert!(
                cells.windows(2).all(|w| w[0] <= w[1]),
                "{name} row {r}: {cells:?}"
            );
            assert!(
                row(&t, "12").iter().all(|c| c.ends_with('x')),
                "{name}: x on 12"
            );
            if r > 5 {
                let below: Vec<i64> = row(&t, &(r - 1).to_string())
                    .iter()
                    .map(|c| loss(c))
                    .collect();
                assert!(
                    below.iter().zip(&cells).all(|(a, b)| a <= b),
                    "{name} rows {} and {r}",
                    r - 1
                );
            }
        }
        let m = means(name);
        assert!(
            m.windows(2).all(|w| w[0] < w[1]),
            "9.71: a column to the right is better: {name} {m:?}"
        );
    }
}

#[test]
fn macedonians_9_62_persian_crt_inflicts_less_than_the_macedonian_at_like_odds() {
    let mac = means("macedonian-crt");
    let per = means("persian-crt");
    // Columns both tables have: 1-3, 1-2, 1-1, 3-2, 2-1 (Macedonian index 1..=5, Persian 0..=4).
    for i in 0..5 {
        assert!(
            per[i] * 2 <= mac[i + 1],
            "column {i}: Persian {} vs Macedonian {}",
            per[i],
            mac[i + 1]
        );
    }
}

#[test]
fn macedonians_11_5_naval_crt_printed_cells_and_the_14_64_example() {
    let t = table("naval-crt");
    assert_eq!(t.columns, ["1-3", "1-2", "1-1", "2-1", "3-1", "4-1+"]);
    assert_eq!(
        row(&t, "0"),
        ["Ae/-", "Ae/-", "Ae/D1", "A5/D1", "A4/D1", "A2/D1"]
    );
    assert_eq!(
        row(&t, "1"),
        ["Ae/-", "A4/-", "A4/-", "A3/-", "A2/D2", "A1/D2"]
    );
    assert_eq!(
        row(&t, "2"),
        ["Ae/-", "A4/-", "A3/D1", "A2/D1", "A1/D3", "A1/D3"]
    );
    assert_eq!(row(&t, "3")[..2], ["A5/D1", "A4/D1"]);
    // 11.22: a 5 at 1-1 costs the attacker 2 steps and the defender 4.
    assert_eq!(t.roll(5, "1-1"), Some("A2/D4"));
    let steps = |s: &str| match s {
        "-" => 0,
        "e" => 99,
        n => n.parse::<i64>().unwrap(),
    };
    let split = |c: &str| {
        let (a, d) = c.split_once('/').unwrap();
        (
            steps(a.trim_start_matches('A')),
            steps(d.trim_start_matches('D')),
        )
    };
    // 14.64: at 1-1 the breakout fails on 0-3 (the attacker loses as much or more) and succeeds
    // on anything higher (14.63: more inflicted than suffered).
    for r in 0..=7u8 {
        let (a, d) = split(t.roll(r, "1-1").unwrap());
        if r <= 3 {
            assert!(a >= d, "row {r}: A{a} D{d}");
        } else {
            assert!(a < d, "row {r}: A{a} D{d}");
        }
    }
    // Rows 3-7: attacker losses never rise and defender losses never fall with the odds.
    for r in 3..=7 {
        let cells: Vec<(i64, i64)> = row(&t, &r.to_string()).iter().map(|c| split(c)).collect();
        assert!(
            cells
                .windows(2)
                .all(|w| w[0].0 >= w[1].0 && w[0].1 <= w[1].1),
            "row {r}: {cells:?}"
        );
    }
}

#[test]
fn macedonians_13_5_surrender_table_printed_rows_and_order() {
    let t = table("city-surrender");
    let printed = [
        ("Ancyra", "2205", "4"),
        ("Aradus", "3123", "3"),
        ("Byblus", "3124", "3"),
        ("Canopus", "1533", "5"),
        ("Celaenae", "1611", "3"),
        ("Chalcedon", "1202", "2"),
        ("Chios", "0310", "4"),
        ("Cyzicus", "0904", "3"),
    ];
    for (city, hex, needed) in printed {
        assert_eq!(row(&t, city), [hex, needed], "{city}");
        assert!(t.sourced_rows.contains_key(city), "{city} printed");
    }
    assert_eq!(row(&t, "Damascus")[0], "3327");
    // 13.41: Sidon is the one Walled City that may surrender; the others never do (14.11).
    assert!(t.rows.contains_key("Sidon"));
    for walled in ["Miletus", "Halicarnassus", "Tyre", "Gaza"] {
        assert!(!t.rows.contains_key(walled), "{walled}");
    }
    // The printed order is alphabetical: no city the printed rows skip (Arbela, Babylon,
    // Cnossus) is on the table.
    for skipped in ["Arbela", "Babylon", "Cnossus"] {
        assert!(!t.rows.contains_key(skipped), "{skipped}");
    }
    for (city, cells) in &t.rows {
        let n = &cells[1];
        assert!(
            n == "*" || n == "**" || (1..=6).contains(&n.parse::<u8>().unwrap_or(0)),
            "{city}: {n}"
        );
    }
    assert_eq!(row(&t, "Rhodes")[1], "*");
    assert_eq!(row(&t, "Salamis")[1], "**");
}

#[test]
fn macedonians_14_7_siege_crt_printed_rows_and_thresholds_follow_fortification() {
    let t = table("siege");
    assert_eq!(
        t.columns,
        [
            "Miletus",
            "Halicarnassus",
            "Tyre",
            "Sidon",
            "Gaza",
            "Major City"
        ]
    );
    for r in 2..=4u8 {
        assert!(t.rows[&r.to_string()].iter().all(|c| c == "NO"), "row {r}");
    }
    for c in ["Miletus", "Halicarnassus", "Tyre"] {
        assert_eq!(t.roll(5, c), Some("NO"), "5 at {c}");
    }
    // Each column falls from a threshold, rising with the Fortification Strength (14.16).
    let from = |c: &str| (2..=14u8).find(|r| t.roll(*r, c) == Some("YES")).unwrap();
    for c in &t.columns {
        let f = from(c);
        assert!(
            (f..=14).all(|r| t.roll(r, c) == Some("YES")),
            "{c} not a threshold"
        );
    }
    assert!(from("Major City") < from("Miletus"));
    assert_eq!(from("Miletus"), from("Sidon"), "both Fortification 20");
    assert!(from("Miletus") < from("Halicarnassus"));
    assert!(from("Halicarnassus") < from("Gaza"));
    assert!(from("Gaza") < from("Tyre"));
    assert_eq!(t.rows.len(), 13, "rows 2-14 (+2, 14.38)");
}

#[test]
fn macedonians_tables_printed_in_full_are_as_printed() {
    let land = table("land-interception");
    assert_eq!(row(&land, "1"), ["yes", "yes", "yes", "auto"]);
    assert_eq!(row(&land, "4"), ["no", "no", "yes", "auto"]);
    assert_eq!(row(&land, "5"), ["no", "no", "no", "auto"]);
    let naval = table("naval-interception");
    assert_eq!(row(&naval, "3"), ["yes", "yes"]);
    assert_eq!(row(&naval, "5"), ["no", "yes"]);
    assert_eq!(row(&naval, "6"), ["no", "no"]);
    let gates = table("cilician-gates-garrison");
    let col: Vec<String> = (1..=7)
        .map(|r| row(&gates, &r.to_string())[0].clone())
        .collect();
    assert_eq!(
        col,
        [
            "no-restriction",
            "no-restriction",
            "max-30",
            "max-20",
            "max-10",
            "max-10",
            "unguarded"
        ]
    );
    let land = table("land-attrition");
    let col: Vec<String> = (1..=8)
        .map(|r| row(&land, &r.to_string())[0].clone())
        .collect();
    assert_eq!(col, ["0", "1", "2", "10%", "20%", "25%", "33%", "50%"]);
    let naval = table("naval-attrition");
    let col: Vec<String> = (1..=8)
        .map(|r| row(&naval, &r.to_string())[0].clone())
        .collect();
    assert_eq!(col, ["0", "1", "1", "2", "3", "3", "50%", "100%"]);
    let sparta = table("spartan-revolt");
    assert_eq!(sparta.rows.len(), 8);
    assert_eq!(row(&sparta, "3"), ["no-effect"]);
    assert_eq!(row(&sparta, "8"), ["alexander-home"]);
}
