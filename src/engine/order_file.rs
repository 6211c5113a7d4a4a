//! Reading an order file as players really save it, with every problem of its text
//! reported at once, each at its line and column: the encoding (UTF-16 from Windows
//! Notepad), characters YAML misreads (no-break spaces copied from a web page, tabs in
//! the indentation), and every error of its shape (unknown fields, numbers with leading
//! zeros, wrong types), found by setting aside each bad line and reading on.
//!
//! Game-agnostic: the ruleset parses the YAML ([`crate::ruleset::DynRuleset::parse_order_file`]);
//! this module decides what the text says and where.

use std::collections::{BTreeMap, BTreeSet};

use serde_saphyr::granit_parser::{Event, Parser};

use crate::protocol::log::short_message;
use crate::ruleset::{DynRuleset, OrderFileError, ParsedOrders};

/// One problem of an order file, at a 1-based line and column (0 when unknown).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl Problem {
    fn at(line: usize, column: usize, message: impl Into<String>) -> Self {
        Problem {
            line,
            column,
            message: message.into(),
        }
    }

    /// `FILE:LINE:COLUMN: message` (just `FILE: message` when the place is unknown).
    pub fn render(&self, file: &str) -> String {
        if self.line == 0 {
            format!("{file}: {}", self.message)
        } else {
            format!("{file}:{}:{}: {}", self.line, self.column, self.message)
        }
    }
}

/// An order file read and parsed, with where each of its values is.
pub struct OrderFile {
    pub parsed: ParsedOrders,
    pub places: Places,
}

/// Where each value of a YAML document is: a path (`/orders/moves/1/to`) → 1-based
/// (line, column) of the value (for a mapping entry: of its key).
#[derive(Debug, Clone, Default)]
pub struct Places(BTreeMap<String, (usize, usize)>);

impl Places {
    /// The place of `path`, or of its nearest enclosing value that has one.
    pub fn of(&self, path: &str) -> Option<(usize, usize)> {
        let mut p = path;
        loop {
            if let Some(at) = self.0.get(p) {
                return Some(*at);
            }
            let cut = p.rfind('/')?;
            p = &p[..cut];
        }
    }

    /// The paths with places, in document order.
    pub fn in_order(&self) -> Vec<(&str, (usize, usize))> {
        let mut v: Vec<(&str, (usize, usize))> =
            self.0.iter().map(|(k, at)| (k.as_str(), *at)).collect();
        v.sort_by_key(|x| x.1);
        v
    }
}

/// Reads an order file's bytes and parses them with `rules`.
///
/// Returns every [`Problem`] found, in line order (the encoding, stray characters, the
/// YAML or shape errors), and the file as parsed when its shape is sound — also when
/// its only problems are stray characters, read as the spaces they stand for, so that
/// its orders can still be checked against the rules and every error reported at once.
pub fn read(rules: &dyn DynRuleset, bytes: &[u8]) -> (Vec<Problem>, Option<OrderFile>) {
    let text = match decode(bytes) {
        Ok(t) => t,
        Err(p) => return (vec![p], None),
    };
    let stray = stray_characters(&text);
    let clean = if stray.is_empty() {
        text
    } else {
        sanitise(&text)
    };
    if clean
        .lines()
        .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'))
    {
        return (
            vec![Problem::at(
                1,
                1,
                "the order file is empty: start from the template `legatus template <game> --key <your key>` prints, and fill in your orders",
            )],
            None,
        );
    }
    // A syntax error comes first: until the text is YAML, its fields cannot be read.
    let (mut problems, parsed, read_text) = match syntax_error(&clean) {
        Some(p) => (vec![p], None, clean.clone()),
        None => shape_errors(rules, &clean),
    };
    // A stray character's line misreads: its own problem says why, not the parser's.
    let stray_lines: BTreeSet<usize> = stray.iter().map(|p| p.line).collect();
    problems.retain(|p| !stray_lines.contains(&p.line));
    problems.extend(stray);
    problems.sort_by_key(|p| (p.line, p.column));
    let file = parsed.map(|parsed| OrderFile {
        parsed,
        places: places(&read_text),
    });
    (problems, file)
}

/// The text of an order file: UTF-8, with a byte-order mark dropped.
///
/// Errors: UTF-16 (Windows Notepad's "Unicode", with or without a byte-order mark) and
/// any other encoding, each asking for the file to be saved as UTF-8.
pub fn decode(bytes: &[u8]) -> Result<String, Problem> {
    let utf16 = bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) || {
        // Without a byte-order mark: ASCII text in UTF-16 has a zero byte in every pair.
        let pairs = bytes.len() / 2;
        let zeros = |odd: usize| {
            bytes
                .iter()
                .skip(odd)
                .step_by(2)
                .filter(|b| **b == 0)
                .count()
        };
        pairs >= 2 && (zeros(0) * 2 > pairs || zeros(1) * 2 > pairs)
    };
    if utf16 {
        return Err(Problem::at(
            1,
            1,
            "the file is saved as UTF-16 (Windows Notepad's \"Unicode\"): save it as UTF-8 (in Notepad: File > Save As, Encoding: UTF-8) and apply it again",
        ));
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    String::from_utf8(bytes.to_vec()).map_err(|e| {
        let good = &bytes[..e.utf8_error().valid_up_to()];
        let line = good.iter().filter(|b| **b == b'\n').count() + 1;
        let start = good.iter().rposition(|b| *b == b'\n').map_or(0, |p| p + 1);
        let column = String::from_utf8_lossy(&good[start..]).chars().count() + 1;
        Problem::at(
            line,
            column,
            format!(
                "byte 0x{:02X} is not UTF-8 text (the file was saved in another encoding): save it as UTF-8",
                bytes[good.len()]
            ),
        )
    })
}

/// A name for a character YAML does not take for a space, or `None` for any other.
fn odd_space(c: char) -> Option<&'static str> {
    Some(match c {
        '\u{00A0}' => "a no-break space (U+00A0)",
        '\u{202F}' => "a narrow no-break space (U+202F)",
        '\u{2007}' => "a figure space (U+2007)",
        '\u{2009}' => "a thin space (U+2009)",
        '\u{200B}' => "a zero-width space (U+200B)",
        '\u{3000}' => "an ideographic space (U+3000)",
        '\u{FEFF}' => "a zero-width no-break space (U+FEFF)",
        '\u{2000}'..='\u{200A}' | '\u{205F}' => "an unusual space",
        _ => return None,
    })
}

/// The part of a line before its comment (a `#` at the start or after a space, outside quotes).
fn before_comment(line: &str) -> &str {
    let (mut single, mut double) = (false, false);
    let mut prev = ' ';
    for (i, c) in line.char_indices() {
        match c {
            '\'' if !double => single = !single,
            '"' if !single => double = !double,
            '#' if !single && !double && prev.is_whitespace() => return &line[..i],
            _ => {}
        }
        prev = c;
    }
    line
}

/// Characters YAML misreads, outside comments: odd spaces anywhere (one problem per
/// line, at the first), and tabs in the indentation.
pub fn stray_characters(text: &str) -> Vec<Problem> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let code = before_comment(line);
        let odd: Vec<(usize, &str)> = code
            .chars()
            .enumerate()
            .filter_map(|(col, c)| odd_space(c).map(|n| (col, n)))
            .collect();
        if let Some((col, name)) = odd.first() {
            let more = if odd.len() > 1 {
                format!(" (and {} more on this line)", odd.len() - 1)
            } else {
                String::new()
            };
            out.push(Problem::at(
                i + 1,
                col + 1,
                format!("{name}{more}, as copied from a web page or a word processor: YAML does not read it as a space; replace it with an ordinary space"),
            ));
        }
        let indent: Vec<char> = code
            .chars()
            .take_while(|c| c.is_whitespace() || *c == '-')
            .collect();
        if let Some(col) = indent.iter().position(|c| *c == '\t') {
            out.push(Problem::at(
                i + 1,
                col + 1,
                "a tab in the indentation: YAML indents with spaces only; indent with spaces",
            ));
        }
    }
    out
}

/// The text with odd spaces made spaces and indentation tabs made two spaces each,
/// to read on past them (their problems are reported on their own).
fn sanitise(text: &str) -> String {
    text.split('\n')
        .map(|line| {
            let mut out = String::with_capacity(line.len());
            let mut indent = true;
            for c in line.chars() {
                indent &= c.is_whitespace() || c == '-';
                match c {
                    '\t' if indent => out.push_str("  "),
                    c if odd_space(c).is_some() => out.push(' '),
                    c => out.push(c),
                }
            }
            out
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first YAML syntax error of `text` (an unclosed bracket or quote, a bad
/// indentation), at its place; an unclosed `[` or `{` is placed where it opens.
fn syntax_error(text: &str) -> Option<Problem> {
    use serde_saphyr::granit_parser::ScanError;
    let mut open: Vec<(usize, usize)> = Vec::new();
    let mut failed: Option<ScanError> = None;
    for ev in Parser::new_from_str(text) {
        match ev {
            Ok((Event::MappingStart(..) | Event::SequenceStart(..), span)) => {
                open.push((span.start.line(), span.start.col() + 1));
            }
            Ok((Event::MappingEnd | Event::SequenceEnd, _)) => {
                open.pop();
            }
            Ok(_) => {}
            Err(e) => {
                failed = Some(e);
                break;
            }
        }
    }
    let e = failed?;
    let info = e.info();
    let (line, column) = (e.marker().line(), e.marker().col() + 1);
    // The innermost collection still open, when it is a `[…]` or `{…}` written in the text.
    let bracket = open.last().and_then(|&(l, c)| {
        let ch = text
            .lines()
            .nth(l.checked_sub(1)?)?
            .chars()
            .nth(c.checked_sub(1)?)?;
        matches!(ch, '[' | '{').then_some((l, c, ch))
    });
    let lower = info.to_ascii_lowercase();
    let at_end = ["eof", "flow", "unclosed"]
        .iter()
        .any(|w| lower.contains(w));
    // The parser may name an earlier, closed bracket: a line whose own `{`/`[` stay open
    // (order files write each flow collection on one line) is the one to name.
    if let Some((l, c, ch)) = unbalanced_line(text).filter(|&(l, _, _)| l <= line) {
        return Some(Problem::at(
            l,
            c,
            format!(
                "YAML syntax error: the `{ch}` opened here is never closed with `{}` on its line ({info})",
                if ch == '[' { ']' } else { '}' }
            ),
        ));
    }
    Some(match bracket {
        Some((l, c, ch)) if at_end => Problem::at(
            l,
            c,
            format!(
                "YAML syntax error: the `{ch}` opened here is never closed with `{}` ({info})",
                if ch == '[' { ']' } else { '}' }
            ),
        ),
        _ => Problem::at(line, column, format!("YAML syntax error: {info}")),
    })
}

/// The first line (1-based, with the 1-based column of its first unclosed bracket) whose `{`
/// or `[` outside quotes and comments are not all closed on the same line.
fn unbalanced_line(text: &str) -> Option<(usize, usize, char)> {
    for (i, line) in text.lines().enumerate() {
        let code = before_comment(line);
        let mut stack: Vec<(usize, char)> = Vec::new();
        let (mut single, mut double) = (false, false);
        for (col, c) in code.chars().enumerate() {
            match c {
                '\'' if !double => single = !single,
                '"' if !single => double = !double,
                '{' | '[' if !single && !double => stack.push((col + 1, c)),
                '}' | ']' if !single && !double => {
                    stack.pop();
                }
                _ => {}
            }
        }
        if let Some(&(col, ch)) = stack.first() {
            return Some((i + 1, col, ch));
        }
    }
    None
}

/// At most this many shape errors are collected from one file.
const MAX_PROBLEMS: usize = 24;

/// Every shape error of `text`: parses; at each error, reports it, blanks its line and
/// the lines indented under it, and parses again. Stops at an error that blanking
/// cannot get past (a missing field, no place). Returns the problems and, when there
/// were none or only unknown fields (which say nothing the orders need), the parsed file
/// without them and the text it was read from — so that its orders are still checked
/// against the rules and every error is reported at once.
fn shape_errors(
    rules: &dyn DynRuleset,
    text: &str,
) -> (Vec<Problem>, Option<ParsedOrders>, String) {
    let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    let mut problems: Vec<Problem> = Vec::new();
    let mut seen = BTreeSet::new();
    while problems.len() < MAX_PROBLEMS {
        let attempt = lines.join("\n");
        let e = match rules.parse_order_file(&attempt) {
            Ok(p) => {
                let unknown_only = problems
                    .iter()
                    .all(|p| p.message.starts_with("unknown field"));
                return (problems, unknown_only.then_some(p), attempt);
            }
            Err(OrderFileError::Yaml(e)) => e,
            Err(other) => {
                problems.push(Problem::at(0, 0, other.to_string()));
                break;
            }
        };
        let (line, column) = e
            .location()
            .map(|l| (l.line() as usize, l.column() as usize))
            .unwrap_or((0, 0));
        let message = leading_zero(&lines, line, column)
            .or_else(|| not_boolean(&lines, line, column, &short_message(&e)))
            .unwrap_or_else(|| unknown_field_nearest(&short_message(&e)));
        if line != 0 && !seen.insert(line) {
            break; // the same place again: blanking does not get past it
        }
        let stop = line == 0 || line > lines.len();
        let missing = message.starts_with("missing field");
        if !missing || problems.is_empty() {
            problems.push(Problem::at(line, column, message));
        }
        if stop || missing {
            break;
        }
        blank_block(&mut lines, line - 1);
    }
    (problems, None, String::new())
}

/// Blanks line `i` (0-based) and the lines after it indented deeper (its block).
fn blank_block(lines: &mut [String], i: usize) {
    let indent = |l: &str| l.len() - l.trim_start_matches([' ', '-']).len();
    let own = indent(&lines[i]);
    lines[i].clear();
    for l in lines.iter_mut().skip(i + 1) {
        let t = l.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        if indent(l) <= own {
            break;
        }
        l.clear();
    }
}

/// When the YAML library refused a yes/no value (`sortie: yes`), names the field and says what
/// to write: the strict YAML reading takes only `true` and `false`.
/// Serde's "unknown field `move`, expected one of `a`, `b`…" with the nearest field named
/// first ("did you mean `moves`?"); any other message as it is.
fn unknown_field_nearest(message: &str) -> String {
    let Some(rest) = message.strip_prefix("unknown field `") else {
        return message.to_string();
    };
    let Some((field, expected)) = rest.split_once('`') else {
        return message.to_string();
    };
    let fields: Vec<&str> = expected
        .split_once("expected one of ")
        .map(|(_, list)| list.split(", ").map(|f| f.trim_matches('`')).collect())
        .unwrap_or_default();
    match crate::names::nearest(field, fields.iter().copied()).as_slice() {
        [] => message.to_string(),
        near => format!(
            "unknown field `{field}` (did you mean {}?){expected}",
            near.iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(" or ")
        ),
    }
}

fn not_boolean(lines: &[String], line: usize, column: usize, message: &str) -> Option<String> {
    if !message.contains("invalid boolean") {
        return None;
    }
    let l = lines.get(line.checked_sub(1)?)?;
    let rest: String = l.chars().skip(column.saturating_sub(1)).collect();
    let (key, value) = match l.split_once(':') {
        Some((k, v)) => (k.trim().trim_start_matches("- ").trim(), v),
        None => ("", rest.as_str()),
    };
    let value = value.split(['#', ',', '}']).next().unwrap_or("").trim();
    Some(if key.is_empty() {
        format!("`{value}` is not a yes/no value: write true or false")
    } else {
        format!("`{key}: {value}`: {key} is a yes/no field: write true or false")
    })
}

/// When the value at (or after) `line`:`column` is a number written with leading zeros
/// (`053`, `steps: 01`), says so: YAML reads such numbers as text.
fn leading_zero(lines: &[String], line: usize, column: usize) -> Option<String> {
    let l = lines.get(line.checked_sub(1)?)?;
    let from: String = l.chars().skip(column.saturating_sub(1)).collect();
    let token = from
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ']' | '}' | '[' | '{' | ':'))
        .find(|t| t.len() > 1 && t.starts_with('0') && t.chars().all(|c| c.is_ascii_digit()))?;
    let plain = token.trim_start_matches('0');
    let plain = if plain.is_empty() { "0" } else { plain };
    Some(format!(
        "`{token}` has leading zeros, which make it text rather than a number: write {plain}"
    ))
}

/// Where each value of `text` is (see [`Places`]); empty when it is not YAML.
pub fn places(text: &str) -> Places {
    enum Frame {
        Map { key: Option<String> },
        Seq { index: usize },
    }
    let mut out = BTreeMap::new();
    let mut stack: Vec<(String, Frame)> = Vec::new();
    // The path of the node that starts now, recording its place; advances the parent.
    fn child(
        stack: &mut [(String, Frame)],
        out: &mut BTreeMap<String, (usize, usize)>,
        at: (usize, usize),
        scalar: Option<&str>,
    ) -> Option<String> {
        let (base, frame) = stack.last_mut()?;
        match frame {
            Frame::Seq { index } => {
                let p = format!("{base}/{index}");
                *index += 1;
                out.entry(p.clone()).or_insert(at);
                Some(p)
            }
            Frame::Map { key } => match key.take() {
                None => {
                    // A key: the entry's place is its key's.
                    let k = scalar.unwrap_or("?").to_string();
                    out.entry(format!("{base}/{k}")).or_insert(at);
                    *key = Some(k);
                    None
                }
                Some(k) => Some(format!("{base}/{k}")),
            },
        }
    }
    for ev in Parser::new_from_str(text) {
        let Ok((ev, span)) = ev else { break };
        let at = (span.start.line(), span.start.col() + 1);
        match ev {
            Event::Scalar(v, ..) => {
                child(&mut stack, &mut out, at, Some(&v));
            }
            Event::MappingStart(..) | Event::SequenceStart(..) => {
                let path = if stack.is_empty() {
                    String::new()
                } else {
                    match child(&mut stack, &mut out, at, None) {
                        Some(p) => p,
                        None => String::from("/?"), // a complex key: not ours
                    }
                };
                let frame = if matches!(ev, Event::MappingStart(..)) {
                    Frame::Map { key: None }
                } else {
                    Frame::Seq { index: 0 }
                };
                stack.push((path, frame));
            }
            Event::MappingEnd | Event::SequenceEnd => {
                stack.pop();
            }
            Event::Alias(_) => {
                child(&mut stack, &mut out, at, None);
            }
            _ => {}
        }
    }
    Places(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_file_yes_for_a_yes_no_field_names_the_field_and_says_true_or_false() {
        let lines = vec!["orders:".to_string(), "  sortie: yes".to_string()];
        let m = not_boolean(
            &lines,
            2,
            11,
            "invalid boolean (strict mode expects true/false)",
        )
        .unwrap();
        assert_eq!(
            m,
            "`sortie: yes`: sortie is a yes/no field: write true or false"
        );
        assert_eq!(not_boolean(&lines, 2, 11, "unknown field"), None);
    }

    #[test]
    fn order_file_missing_brace_is_named_at_the_line_that_lacks_it() {
        let text = "orders:\n  moves:\n  - {leader: Alexander, to: Phrygia}\n  - {leader: Parmenio, to: Syria\n  - {leader: Antipater, to: Thrace}\n";
        let p = syntax_error(text).expect("a syntax error");
        assert_eq!((p.line, p.column), (4, 5), "{}", p.message);
        assert!(p.message.contains("never closed with `}`"), "{}", p.message);
        let last = "orders:\n  moves:\n  - {leader: Alexander, to: Phrygia}\n  - {leader: Parmenio, to: Syria\n";
        let p = syntax_error(last).expect("a syntax error");
        assert_eq!((p.line, p.column), (4, 5), "{}", p.message);
    }

    #[test]
    fn places_of_keys_and_items() {
        let p = places(
            "side: red\norders:\n  moves:\n  - leader: A\n    to: B\n  - {leader: C, to: D}\n",
        );
        assert_eq!(p.of("/side"), Some((1, 1)));
        assert_eq!(p.of("/orders/moves/0"), Some((4, 5)));
        assert_eq!(p.of("/orders/moves/0/to"), Some((5, 5)));
        assert_eq!(p.of("/orders/moves/1/to"), Some((6, 17)));
        assert_eq!(p.of("/orders/moves/1/nothing"), Some((6, 5)));
    }

    #[test]
    fn stray_characters_are_named_outside_comments() {
        let t = "a: 1\n\tb: 2\nc:\u{a0}3 # \u{a0}\n# \t\n";
        let p = stray_characters(t);
        assert_eq!(p.len(), 2, "{p:?}");
        assert_eq!((p[0].line, p[0].column), (2, 1));
        assert!(p[0].message.contains("indent with spaces"));
        assert_eq!((p[1].line, p[1].column), (3, 3));
        assert!(p[1].message.contains("U+00A0"));
    }

    #[test]
    fn utf16_with_and_without_bom_is_named() {
        let le: Vec<u8> = "side: red\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let bom = [&[0xFF, 0xFE][..], &le].concat();
        for b in [le, bom] {
            assert!(decode(&b).unwrap_err().message.contains("save it as UTF-8"));
        }
        assert_eq!(decode(b"\xEF\xBB\xBFa: 1").unwrap(), "a: 1");
    }
}
