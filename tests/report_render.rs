//! Snapshots of the three report renderings (review `tests/snapshots/*.snap` by eye).

use legatus::report::stats::chi_square;
use legatus::report::{render, Block, Format};

fn sample() -> Vec<Block> {
    let audit = chi_square(&[5, 8, 9, 8, 10, 20]);
    vec![
        Block::Heading("Turn 12 — Carthage".into()),
        Block::Paragraph("Hannibal crosses the Alps. Rome to move.".into()),
        Block::List(vec![
            "Legio II retreats to Ariminum".into(),
            "Numidian cavalry: 2 steps lost".into(),
        ]),
        Block::Table {
            header: vec!["Unit".into(), "From".into(), "To".into()],
            rows: vec![
                vec!["Legio II".into(), "hex-0412".into(), "hex-0311".into()],
                vec!["Numidians | light".into(), "hex-0510".into()],
            ],
        },
        Block::Preformatted("  d6: 3 5 6 1\n  d6: 2 2 4 6".into()),
        Block::Quote("Your move.\n\nVale.".into()),
        Block::Heading("Dice audit".into()),
        Block::Paragraph(audit.to_string()),
    ]
}

#[test]
fn text() {
    insta::assert_snapshot!(render(&sample(), Format::Text));
}

#[test]
fn markdown() {
    insta::assert_snapshot!(render(&sample(), Format::Markdown));
}

#[test]
fn bbcode() {
    insta::assert_snapshot!(render(&sample(), Format::BBCode));
}

#[test]
fn empty_document_and_fences() {
    for f in [Format::Text, Format::Markdown, Format::BBCode] {
        assert_eq!(render(&[], f), "");
    }
    let md = render(&[Block::Preformatted("a ``` b".into())], Format::Markdown);
    assert_eq!(md, "````\na ``` b\n````\n");
}

/// A battle box's unit list, as long as the Persian Right's at Issus.
fn wide_table() -> Block {
    let units: Vec<String> = (1..=14)
        .map(|i| format!("persian-infantry-{i:02} RI 3-2 [2nd line]"))
        .collect();
    Block::Table {
        header: vec!["Box".into(), "Units".into(), "Leaders".into()],
        rows: vec![
            vec![
                "Persian Right".into(),
                units.join(", "),
                "Pharnabazus, Arsites, Spithridates, Mithrines, Arsames, Rheomithres, Niphates, Petenes".into(),
            ],
            vec!["Persian Reserve".into(), "greek-mercenaries-4 HI 5-5".into(), String::new()],
        ],
    }
}

#[test]
fn text_and_bbcode_tables_fit_a_hundred_columns_long_cells_wrap_after_commas() {
    for format in [Format::Text, Format::BBCode] {
        let out = render(&[wide_table()], format);
        for line in out.lines() {
            assert!(
                line.chars().count() <= 100,
                "{format:?} line too wide:\n{out}"
            );
        }
        // Every unit is there once, whole (no unit's name is split over two lines).
        for i in 1..=14 {
            let unit = format!("persian-infantry-{i:02} RI 3-2 [2nd line]");
            assert_eq!(out.matches(&unit).count(), 1, "{unit}:\n{out}");
        }
        assert!(out.contains("Petenes"), "{out}");
        // The next row starts on a line of its own, its box in the first column.
        assert!(
            out.lines().any(|l| l.starts_with("Persian Reserve")),
            "{out}"
        );
    }
    insta::assert_snapshot!(render(&[wide_table()], Format::Text));
}

#[test]
fn markdown_tables_keep_each_row_on_one_line() {
    let md = render(&[wide_table()], Format::Markdown);
    assert_eq!(md.lines().count(), 4, "{md}");
}
