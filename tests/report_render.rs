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
