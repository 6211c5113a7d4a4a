//! Forum posts as they really come back (issue 13, "Forum posts in"): a paste block whose
//! whitespace a forum or a browser changed (lines joined into one — a BBCode renderer
//! showing `[code]` inline, then Chromium's copy — re-split, re-indented, header lines run
//! together), and the import instructions as a Markdown renderer, a BBCode forum and plain
//! text show them.

mod support;

use std::path::Path;

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use support::{cli, ok, Table};

fn copy_game(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for f in ["log.yaml", "state.yaml", "report.md"] {
        std::fs::copy(from.join(f), to.join(f)).unwrap();
    }
}

/// A Tally game where red has just moved, a copy of it from before (blue's), and red's post.
fn posted(t: &Table, format: &str) -> (String, String) {
    t.start("mutual");
    let blue = t.s("blue-game");
    copy_game(&t.p("game"), Path::new(&blue));
    let mut n = 0;
    t.act_in(&t.game(), &mut n).unwrap();
    (ok(&["post", &t.game(), "--format", format]), blue)
}

/// What a reader sees of a Markdown post rendered by a CommonMark renderer (typographic
/// quotes and dashes on, as many forums have): its text and code, no HTML tags.
fn markdown_seen(md: &str) -> String {
    let mut out = String::new();
    for ev in Parser::new_ext(md, Options::ENABLE_SMART_PUNCTUATION) {
        match ev {
            Event::Text(t) | Event::Code(t) => out.push_str(&t),
            Event::SoftBreak => out.push(' '),
            Event::HardBreak | Event::End(TagEnd::Paragraph) => out.push('\n'),
            Event::Start(Tag::CodeBlock(_)) | Event::End(TagEnd::CodeBlock) => out.push('\n'),
            Event::End(TagEnd::Heading(_) | TagEnd::Item) => out.push('\n'),
            // Raw HTML (and what a renderer takes for it, like `<file>`) is not shown.
            Event::Html(_) | Event::InlineHtml(_) => {}
            _ => {}
        }
    }
    out
}

/// What a reader sees of a BBCode post: the text without its tags.
fn bbcode_seen(post: &str) -> String {
    let mut out = String::new();
    let mut rest = post;
    while let Some(open) = rest.find('[') {
        out.push_str(&rest[..open]);
        match rest[open..].find(']') {
            Some(close) => rest = &rest[open + close + 1..],
            None => {
                rest = &rest[open..];
                break;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Imports `text` (saved to a file) into `game`.
fn import(t: &Table, game: &str, name: &str, text: &str) -> support::Run {
    let f = t.p(name);
    std::fs::write(&f, text).unwrap();
    cli(&["import", game, &f.display().to_string()])
}

#[test]
fn forum_block_survives_any_whitespace_change() {
    let t = Table::new();
    let (post, blue) = posted(&t, "bbcode");
    // [code] rendered inline: the reader's copy has the whole post on one line.
    let one_line = bbcode_seen(&post)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        one_line.contains("-----BEGIN LEGATUS ENTRIES----- Game: "),
        "{one_line}"
    );
    // Joined with spaces, then re-split every 17 characters, anywhere (inside words and
    // numbers too).
    let chars: Vec<char> = post
        .chars()
        .map(|c| if c == '\n' { ' ' } else { c })
        .collect();
    let resplit: String = chars
        .chunks(17)
        .map(|c| c.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("\n");
    // Re-indented, and the header lines run together.
    let reindented: String = post
        .lines()
        .enumerate()
        .map(|(i, l)| format!("{}{l}\n", " ".repeat(i % 5)))
        .collect();
    let headers_joined = post
        .replace("\nEntries:", " Entries:")
        .replace("\nLength:", " Length:")
        .replace("\nChecksum:", " Checksum:");
    for (name, text) in [
        ("one-line.txt", &one_line),
        ("resplit.txt", &resplit),
        ("reindented.txt", &reindented),
        ("headers.txt", &headers_joined),
    ] {
        let r = import(&t, &t.s("check-game"), name, text);
        // Read against a game that does not exist: only whether the block reads matters here.
        assert!(!r.err.contains("paste block"), "{name}: {}", r.err);
        let copy = t.s(&format!("copy-{name}"));
        copy_game(Path::new(&blue), Path::new(&copy));
        let r = import(&t, &copy, name, text);
        assert_eq!(r.code, 0, "{name}: {}\n{}", r.out, r.err);
        assert!(r.out.contains("Imported entries"), "{name}: {}", r.out);
    }
    // The checksum still means something: one changed character in the joined block is refused.
    let start = one_line.find("Checksum:").unwrap() + 100;
    let mut damaged: Vec<char> = one_line.chars().collect();
    damaged[start] = if damaged[start] == 'A' { 'B' } else { 'A' };
    let damaged: String = damaged.into_iter().collect();
    let r = import(&t, &blue, "damaged.txt", &damaged);
    assert_eq!(r.code, 2, "{}", r.err);
    assert!(r.err.contains("paste block 1"), "{}", r.err);
}

#[test]
fn forum_import_instructions_survive_markdown_bbcode_and_text() {
    let t = Table::new();
    let (md, blue) = posted(&t, "markdown");
    let seen = markdown_seen(&md);
    assert!(seen.contains("legatus import GAME-FOLDER FILE"), "{seen}");
    assert!(seen.contains("your game folder for GAME-FOLDER"), "{seen}");
    // What the reader copies from the rendered page imports.
    let r = import(&t, &blue, "seen.txt", &seen);
    assert_eq!(r.code, 0, "{}\n{}", r.out, r.err);

    let bb = ok(&["post", &t.game(), "--format", "bbcode"]);
    assert!(
        bbcode_seen(&bb).contains("legatus import GAME-FOLDER FILE"),
        "{bb}"
    );
    let text = ok(&["post", &t.game(), "--format", "text"]);
    assert!(text.contains("legatus import GAME-FOLDER FILE"), "{text}");

    // The whole log: `--new` survives typographic dashes.
    let all = markdown_seen(&ok(&[
        "post",
        &t.game(),
        "--format",
        "markdown",
        "--from",
        "1",
    ]));
    assert!(
        all.contains("legatus import --new NEW-FOLDER FILE"),
        "{all}"
    );
}
