//! The tables (tables.yaml): completeness, printed cells, and the constraints the reconstructed
//! cells must obey (PROVENANCE.md, Tables).

use super::{load, row, strs, table};

#[test]
fn romans_9_9_strategic_crt_printed_rows_as_printed() {
    let t = table("strategic-crt");
    assert_eq!(row(&t, "2"), ["1", "2x", "-", "-", "-", "1", "1", "2"]);
    assert_eq!(row(&t, "3"), ["1", "1", "1x", "2", "2", "2", "-", "2"]);
    assert_eq!(row(&t, "4")[..4], ["-", "-", "1", "-"]);
    // 8.52: a 9 at 2-1 carries a loss and the commander check.
    let nine = &row(&t, "9")[4];
    assert!(nine.ends_with('x') && nine.len() > 1, "9 at 2-1 is {nine}");
}

#[test]
fn romans_9_9_strategic_crt_expected_losses_rise_with_odds() {
    let t = table("strategic-crt");
    let value = |c: &str| match c.trim_end_matches('x') {
        "-" => 0,
        n => n.parse::<i64>().unwrap(),
    };
    // Expected loss inflicted per exchange, in 36ths (2d6 frequencies).
    let mean = |col: usize| -> i64 {
        (2..=12)
            .map(|r: i64| (6 - (r - 7).abs()) * value(&row(&t, &r.to_string())[col]))
            .sum()
    };
    let means: Vec<i64> = (0..8).map(mean).collect();
    assert!(
        means.windows(2).all(|w| w[0] < w[1]),
        "8.31: a column to the right must be better: {means:?}"
    );
}

#[test]
fn romans_11_5_naval_crt_printed_cells_and_monotone() {
    let t = table("naval-crt");
    assert_eq!(
        row(&t, "1"),
        ["Ae/-", "A4/-", "A4/-", "A3/-", "A2/D2", "A1/D2"]
    );
    assert_eq!(
        row(&t, "2"),
        ["Ae/-", "A4/-", "A3/D1", "A2/D1", "A1/D3", "A1/D3"]
    );
    assert_eq!(row(&t, "0")[2..], ["Ae/D1", "A5/D1", "A4/D1", "A2/D1"]);
    assert_eq!(row(&t, "3")[..2], ["A5/D1", "A4/D1"]);
    assert_eq!(
        row(&t, "5")[2],
        "A2/D4",
        "11.22: a 5 at 1-1 costs A2 and D4"
    );
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
    // From row 1 down (row 0 is printed irregular), attacker losses never rise and defender
    // losses never fall, down a column and across a row.
    for r in 1..=7 {
        let cells: Vec<(i64, i64)> = row(&t, &r.to_string()).iter().map(|c| split(c)).collect();
        for w in cells.windows(2) {
            assert!(
                w[1].0 <= w[0].0 && w[1].1 >= w[0].1,
                "row {r} across: {cells:?}"
            );
        }
        if r > 1 {
            let above: Vec<(i64, i64)> = row(&t, &(r - 1).to_string())
                .iter()
                .map(|c| split(c))
                .collect();
            for (a, b) in above.iter().zip(&cells) {
                assert!(
                    b.0 <= a.0 && b.1 >= a.1,
                    "row {r} down: {above:?} -> {cells:?}"
                );
            }
        }
    }
}

#[test]
fn romans_5_86_forced_march_printed_rows_and_ratings_never_hurt() {
    let t = table("forced-march-attrition");
    assert_eq!(row(&t, "1"), ["0"; 8]);
    assert_eq!(row(&t, "2"), ["1", "0", "1", "0", "1", "0", "0", "1"]);
    assert_eq!(row(&t, "3")[..3], ["1", "1", "1"]);
    let cols = strs(&t["columns"]);
    let fm = load("tables.yaml")["forced-march-columns"].clone();
    let key = |c: &str| {
        let k = &fm["column_key"][c];
        (
            k["rating"].as_i64().unwrap(),
            k["extra_hexes"].as_i64().unwrap(),
        )
    };
    for r in 1..=6 {
        let cells: Vec<i64> = row(&t, &r.to_string())
            .iter()
            .map(|c| c.parse().unwrap())
            .collect();
        for (i, a) in cols.iter().enumerate() {
            for (j, b) in cols.iter().enumerate() {
                let ((ra, ha), (rb, hb)) = (key(a), key(b));
                if ha == hb && rb > ra {
                    assert!(
                        cells[j] <= cells[i],
                        "row {r}: a better rating lost more ({a} vs {b})"
                    );
                }
                if ra == rb && hb > ha {
                    assert!(
                        cells[j] >= cells[i],
                        "row {r}: more hexes lost less ({a} vs {b})"
                    );
                }
            }
            if r > 1 {
                let above: i64 = row(&t, &(r - 1).to_string())[i].parse().unwrap();
                assert!(cells[i] >= above, "row {r} {a}: losses fell with the roll");
            }
        }
    }
    // 5.85: rating 1 may not force march; the corrected header gives the limits 1, 2, 2, 3.
    assert_eq!(fm["max_extra_hexes"]["1"], 0);
    assert_eq!(fm["max_extra_hexes"]["5"], 3);
}

#[test]
fn romans_13_3_siege_printed_rows_and_high_rolls_favour_the_attacker() {
    let t = table("siege");
    assert_eq!(row(&t, "1"), ["NO"; 4]);
    assert_eq!(row(&t, "2"), ["NO", "NO", "NO", "*"]);
    assert_eq!(row(&t, "3")[..2], ["NO", "NO"]);
    let rank = |c: &str| ["NO", "*", "YES"].iter().position(|x| *x == c).unwrap();
    for r in 2..=6 {
        let (above, now) = (row(&t, &(r - 1).to_string()), row(&t, &r.to_string()));
        for i in 0..4 {
            assert!(rank(&now[i]) >= rank(&above[i]), "siege row {r} column {i}");
            if i > 0 {
                assert!(
                    rank(&now[i]) >= rank(&now[i - 1]),
                    "siege row {r}: a weaker class held better"
                );
            }
        }
    }
    assert!(
        !row(&t, "6")[0].eq("YES"),
        "19.15: Roma (A) never falls outright"
    );
    let p = table("plunder");
    assert_eq!(row(&p, "1"), ["2", "1", "1", "0"]);
    assert_eq!(row(&p, "2"), ["3", "2", "1", "1"]);
    assert_eq!(row(&p, "3")[..2], ["5", "3"]);
}

#[test]
fn romans_16_27_revolt_printed_rows_and_low_rolls_favour_the_revolt() {
    let t = table("revolt");
    assert_eq!(row(&t, "1"), ["NO", "YES", "YES", "YES", "YES", "YES"]);
    assert_eq!(row(&t, "3"), ["NO", "NO", "YES", "YES", "YES", "YES"]);
    assert_eq!(row(&t, "4")[..3], ["NO", "NO", "NO"]);
    for r in 2..=7 {
        let (above, now) = (row(&t, &(r - 1).to_string()), row(&t, &r.to_string()));
        for i in 0..6 {
            assert!(
                !(now[i] == "YES" && above[i] == "NO"),
                "revolt row {r}: a higher roll did better"
            );
            assert!(
                i == 0 || !(now[i] == "NO" && now[i - 1] == "YES"),
                "revolt row {r}: better odds did worse"
            );
        }
    }
}

#[test]
fn romans_18_32_augury_printed_events_and_reconstructed_praetor() {
    let t = table("augury");
    let events = load("tables.yaml")["augury-events"].clone();
    for r in 2..=12 {
        let id = &row(&t, &r.to_string())[0];
        assert!(events.get(id).is_some(), "augury {r}: no event {id}");
    }
    // Errata 18.32: items 2, 10 and 11 bring a newly chosen (extra) praetor.
    for r in ["2", "10", "11"] {
        let id = &row(&t, r)[0];
        assert_eq!(events[id]["extra_praetor"], true, "augury {r}");
    }
}
