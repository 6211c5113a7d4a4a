//! Reports: a tiny, game-agnostic document model and its renderings as plain text,
//! Markdown and forum BBCode.
//!
//! A report is a slice of [`Block`]s; [`render`] turns it into one string. Output is
//! deterministic (no clocks, no hash-map order) and always ends with one newline.

pub mod stats;

/// One piece of a report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    /// A section title (one level only).
    Heading(String),
    /// Running text, passed through unchanged (no wrapping, no escaping).
    Paragraph(String),
    /// A bulleted list, one item per string.
    List(Vec<String>),
    /// A table; rows shorter than the header are padded with empty cells.
    Table {
        header: Vec<String>,
        rows: Vec<Vec<String>>,
    },
    /// Text whose spacing and line breaks must be kept (maps, dice logs).
    Preformatted(String),
    /// Quoted text (e.g. an opponent's message).
    Quote(String),
    /// A list readers open when they want it (a battle's long event list): BBCode
    /// `[spoiler=title]`, Markdown `<details>`, plain text as a titled list.
    Folded {
        /// What the folded part holds, shown closed.
        title: String,
        /// Its items.
        items: Vec<String>,
    },
}

/// The output format of [`render`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Plain text for a terminal or an email body: underlined headings, `- ` lists,
    /// column-aligned tables, `> ` quotes.
    Text,
    /// CommonMark with GitHub pipe tables.
    Markdown,
    /// Forum BBCode: `[b]` headings, `[list][*]`, `[quote]`, `[code]` for preformatted
    /// text, and tables as column-aligned text inside `[code]` (many forums lack
    /// `[table]`).
    BBCode,
}

/// Renders `doc` in `format`: blocks separated by one blank line, ending with `\n`.
/// An empty document renders as an empty string.
pub fn render(doc: &[Block], format: Format) -> String {
    let parts: Vec<String> = doc
        .iter()
        .map(|b| match format {
            Format::Text => text_block(b),
            Format::Markdown => markdown_block(b),
            Format::BBCode => bbcode_block(b),
        })
        .map(|s| s.trim_end_matches('\n').to_string())
        .collect();
    if parts.is_empty() {
        return String::new();
    }
    let mut out = parts.join("\n\n");
    out.push('\n');
    out
}

fn width(s: &str) -> usize {
    s.chars().count()
}

/// Header and rows padded to the same number of columns.
fn normalised(header: &[String], rows: &[Vec<String>]) -> (Vec<String>, Vec<Vec<String>>) {
    let cols = rows
        .iter()
        .map(Vec::len)
        .chain(std::iter::once(header.len()))
        .max()
        .unwrap_or(0);
    let pad = |r: &[String]| {
        let mut r: Vec<String> = r.iter().map(|c| c.replace('\n', " ")).collect();
        r.resize(cols, String::new());
        r
    };
    (pad(header), rows.iter().map(|r| pad(r)).collect())
}

/// How wide a plain-text table may be, in characters: it fits an 80–100 column terminal,
/// an email body and a forum `[code]` block without sideways scrolling.
pub const TABLE_WIDTH: usize = 96;

/// No column is narrowed below this many characters (a table of many narrow columns may then
/// exceed [`TABLE_WIDTH`]).
const MIN_COLUMN: usize = 16;

/// A list item (a unit, a leader) longer than this may be broken inside a table cell.
const MAX_ITEM: usize = 48;

/// Column-aligned plain-text table: header, a dashed rule, rows. Tables wider than
/// [`TABLE_WIDTH`] have their widest columns narrowed: a long cell goes on continuation lines
/// (a comma-separated list breaks after its commas).
fn aligned_table(header: &[String], rows: &[Vec<String>]) -> String {
    let (header, rows) = normalised(header, rows);
    let mut natural: Vec<usize> = header.iter().map(|h| width(h)).collect();
    for r in &rows {
        for (w, c) in natural.iter_mut().zip(r) {
            *w = (*w).max(width(c));
        }
    }
    // A column is narrowed no further than its longest list item (a unit, a leader), up to
    // MAX_ITEM characters: lists then break between their items only.
    let mut floor: Vec<usize> = header.iter().map(|h| width(h).min(MIN_COLUMN)).collect();
    for r in &rows {
        for (f, c) in floor.iter_mut().zip(r) {
            let item = c.split(", ").map(|i| width(i) + 1).max().unwrap_or(0);
            *f = (*f).max(item.min(MAX_ITEM));
        }
    }
    let widths = fitted(&natural, &floor, TABLE_WIDTH);
    let line = |cells: &[String]| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c}{}", " ".repeat(w.saturating_sub(width(c)))))
            .collect();
        padded.join("  ").trim_end().to_string()
    };
    let lines_of = |cells: &[String]| -> Vec<String> {
        let wrapped: Vec<Vec<String>> = cells
            .iter()
            .zip(&widths)
            .map(|(c, w)| wrap_cell(c, *w))
            .collect();
        let height = wrapped.iter().map(Vec::len).max().unwrap_or(1).max(1);
        (0..height)
            .map(|i| {
                let row: Vec<String> = wrapped
                    .iter()
                    .map(|w| w.get(i).cloned().unwrap_or_default())
                    .collect();
                line(&row)
            })
            .collect()
    };
    let mut out = lines_of(&header);
    out.push(
        widths
            .iter()
            .map(|w| "-".repeat(*w))
            .collect::<Vec<_>>()
            .join("  "),
    );
    for r in &rows {
        out.extend(lines_of(r));
    }
    out.join(
        "
",
    )
}

/// Column widths from their natural widths, the widest narrowed (to one common cap, none
/// below its `floor`) until the table, with two spaces between columns, fits `total`
/// characters.
fn fitted(natural: &[usize], floor: &[usize], total: usize) -> Vec<usize> {
    let gaps = 2 * natural.len().saturating_sub(1);
    let at = |cap: usize| -> Vec<usize> {
        natural
            .iter()
            .zip(floor)
            .map(|(w, f)| (*w).min(cap.max(*f)))
            .collect()
    };
    let sum = |cap: usize| at(cap).iter().sum::<usize>() + gaps;
    let widest = natural.iter().copied().max().unwrap_or(0);
    let mut cap = widest;
    while cap > MIN_COLUMN && sum(cap) > total {
        cap -= 1;
    }
    // Floors too wide together: the widest column gives way (its items then break inside).
    let mut widths = at(cap);
    while widths.iter().sum::<usize>() + gaps > total {
        let Some(w) = widths.iter_mut().max() else {
            break;
        };
        if *w <= MIN_COLUMN {
            break;
        }
        *w -= 1;
    }
    widths
}

/// `cell` on lines of at most `w` characters: a comma-separated list breaks after its commas,
/// one item per line only when needed; other text (and an item longer than a line) wraps at
/// spaces (textwrap).
fn wrap_cell(cell: &str, w: usize) -> Vec<String> {
    if width(cell) <= w {
        return vec![cell.to_string()];
    }
    let items: Vec<String> = {
        let parts: Vec<&str> = cell.split(", ").collect();
        let n = parts.len();
        parts
            .into_iter()
            .enumerate()
            .map(|(i, p)| {
                if i + 1 < n {
                    format!("{p},")
                } else {
                    p.to_string()
                }
            })
            .collect()
    };
    let mut lines: Vec<String> = Vec::new();
    let mut cur = String::new();
    for item in items {
        let fits = if cur.is_empty() {
            width(&item) <= w
        } else {
            width(&cur) + 1 + width(&item) <= w
        };
        if fits {
            if !cur.is_empty() {
                cur.push(' ');
            }
            cur.push_str(&item);
            continue;
        }
        if !cur.is_empty() {
            lines.push(std::mem::take(&mut cur));
        }
        if width(&item) <= w {
            cur = item;
        } else {
            let mut parts: Vec<String> = textwrap::wrap(
                &item,
                // Unit codes (`greek-mercenaries-2`) never break at their hyphens.
                textwrap::Options::new(w).word_splitter(textwrap::WordSplitter::NoHyphenation),
            )
            .into_iter()
            .map(|l| l.into_owned())
            .collect();
            cur = parts.pop().unwrap_or_default();
            lines.extend(parts);
        }
    }
    if !cur.is_empty() {
        lines.push(cur);
    }
    lines
}

fn text_block(b: &Block) -> String {
    match b {
        Block::Heading(h) => format!("{h}\n{}", "=".repeat(width(h).max(1))),
        Block::Paragraph(p) => p.clone(),
        Block::List(items) => items
            .iter()
            .map(|i| format!("- {i}"))
            .collect::<Vec<_>>()
            .join("\n"),
        Block::Table { header, rows } => aligned_table(header, rows),
        Block::Preformatted(p) => p.clone(),
        Block::Quote(q) => prefix_lines(q, "> "),
        Block::Folded { title, items } => {
            let list = text_block(&Block::List(items.clone()));
            format!("{title}:\n{list}")
        }
    }
}

fn prefix_lines(s: &str, prefix: &str) -> String {
    s.lines()
        .map(|l| format!("{prefix}{l}").trim_end().to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

fn md_cell(c: &str) -> String {
    c.replace('|', "\\|")
}

fn markdown_block(b: &Block) -> String {
    match b {
        Block::Heading(h) => format!("## {h}"),
        Block::Paragraph(p) => p.clone(),
        Block::List(items) => items
            .iter()
            .map(|i| format!("- {i}"))
            .collect::<Vec<_>>()
            .join("\n"),
        Block::Table { header, rows } => {
            let (header, rows) = normalised(header, rows);
            let row = |cells: &[String]| {
                let cells: Vec<String> = cells.iter().map(|c| md_cell(c)).collect();
                format!("| {} |", cells.join(" | "))
            };
            let mut out = vec![row(&header)];
            out.push(format!("|{}", "---|".repeat(header.len())));
            out.extend(rows.iter().map(|r| row(r)));
            out.join("\n")
        }
        Block::Preformatted(p) => {
            let fence = "`".repeat(longest_run(p, '`').max(2) + 1);
            format!("{fence}\n{p}\n{fence}")
        }
        Block::Quote(q) => q
            .lines()
            .map(|l| {
                if l.is_empty() {
                    ">".to_string()
                } else {
                    format!("> {l}")
                }
            })
            .collect::<Vec<_>>()
            .join("\n"),
        Block::Folded { title, items } => format!(
            "<details>\n<summary>{}</summary>\n\n{}\n\n</details>",
            title.replace('<', "&lt;"),
            markdown_block(&Block::List(items.clone()))
        ),
    }
}

fn longest_run(s: &str, ch: char) -> usize {
    let (mut best, mut cur) = (0, 0);
    for c in s.chars() {
        if c == ch {
            cur += 1;
            best = best.max(cur);
        } else {
            cur = 0;
        }
    }
    best
}

fn bbcode_block(b: &Block) -> String {
    match b {
        Block::Heading(h) => format!("[b]{h}[/b]"),
        Block::Paragraph(p) => p.clone(),
        Block::List(items) => {
            let mut out = String::from("[list]\n");
            for i in items {
                out.push_str(&format!("[*]{i}\n"));
            }
            out.push_str("[/list]");
            out
        }
        Block::Table { header, rows } => {
            format!("[code]\n{}\n[/code]", aligned_table(header, rows))
        }
        Block::Preformatted(p) => format!("[code]\n{p}\n[/code]"),
        Block::Quote(q) => format!("[quote]\n{q}\n[/quote]"),
        Block::Folded { title, items } => format!(
            "[spoiler={}]\n{}\n[/spoiler]",
            title.replace(']', ")"),
            bbcode_block(&Block::List(items.clone()))
        ),
    }
}
