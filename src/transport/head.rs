//! The log's head named in the text of a mail or forum post.
//!
//! A log proves what it holds, never that nothing came after it: a log whose last
//! entries were cut off still verifies (`docs/protocol.md`, "What a log alone cannot
//! prove"). So every mail body and forum post also names, in words, the last entry it
//! carries and that entry's hash — the **head** — in a line [`head_line`] writes:
//!
//! `Log head: entry 12, hash 5f3c…` (the full 64 hex digits)
//!
//! and `inbox`/`import` compare it with the log actually attached ([`check`]): an
//! attachment or paste block cut off in transit, or a sender's truncated log, then
//! shows as a disagreement. Entry 0 stands for the header (a log with no entries).
//! The line survives what forums and mail programs do to text: quoting (`>`), HTML
//! escaping, BBCode tags, re-wrapping (its parts may be split over up to three lines).

/// The last entry of a log, as named in a text or found in the log itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Head {
    /// Its number (0 = the header: a log with no entries).
    pub seq: u64,
    /// Its hash: lowercase hex SHA-256 (64 digits).
    pub hash: String,
}

/// What starts the head line.
const MARK: &str = "Log head:";

/// The line naming a log's head: `Log head: entry N, hash H.` (`H` in full).
pub fn head_line(head: &Head) -> String {
    format!("{MARK} entry {}, hash {}.", head.seq, head.hash)
}

/// Every head line in `text`, with the 1-based line (counted by `\n`) where it starts,
/// in text order. Lines that start like a head line but do not read as one are skipped.
pub fn find_heads(text: &str) -> Vec<(usize, Head)> {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let mut rest = *line;
        while let Some(at) = rest.find(MARK) {
            let after = &rest[at + MARK.len()..];
            let mut tail = after.to_string();
            for next in lines.iter().skip(i + 1).take(2) {
                tail.push(' ');
                tail.push_str(next);
            }
            if let Some(h) = parse_tail(&tail) {
                out.push((i + 1, h));
            }
            rest = after;
        }
    }
    out
}

/// Reads `entry N, hash H` from the text after the mark, ignoring markup and quoting.
fn parse_tail(tail: &str) -> Option<Head> {
    let mut plain = String::with_capacity(tail.len());
    let mut skip_until: Option<char> = None;
    let tail = tail.replace("&gt;", " ").replace("&nbsp;", " ");
    for c in tail.chars() {
        match skip_until {
            Some(end) if c == end => skip_until = None,
            Some(_) => {}
            None if c == '[' => skip_until = Some(']'),
            None if c == '<' => skip_until = Some('>'),
            None if c == '>' || c == '*' || c == '_' || c == '`' => plain.push(' '),
            None => plain.push(c),
        }
    }
    let mut words = plain
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty());
    if words.next()? != "entry" {
        return None;
    }
    let seq: u64 = words.next()?.parse().ok()?;
    if words.next()? != "hash" {
        return None;
    }
    let hash = words
        .next()?
        .trim_end_matches(['.', ';', ')'])
        .to_ascii_lowercase();
    (hash.len() == 64 && hash.chars().all(|c| c.is_ascii_hexdigit())).then_some(Head { seq, hash })
}

/// Compares the head named in a text with the head of the log that came with it.
/// Returns `None` when they agree, else plain words saying what disagrees and what to do
/// (for a warning; the caller names the message or post).
pub fn check(named: &Head, carried: &Head) -> Option<String> {
    if named == carried {
        return None;
    }
    let short = |h: &str| h[..h.len().min(16)].to_string();
    let what = |h: &Head| {
        if h.seq == 0 {
            "the header (no entries)".to_string()
        } else {
            format!("entry {}", h.seq)
        }
    };
    let why = if carried.seq < named.seq {
        "the log was cut off in transit (a truncated attachment or paste) or the sender's log is missing its last entries"
    } else if carried.seq > named.seq {
        "the text is older than the log that came with it (an edited or reused message)"
    } else {
        "the two are different entries: the log or the text was altered"
    };
    Some(format!(
        "the text names {} (hash {}…) as the log's head, but the log that came with it ends at {} (hash {}…): {why}. \
The entries it carries still verify, but ask the sender for the log again before you rely on it",
        what(named),
        short(&named.hash),
        what(carried),
        short(&carried.hash)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head(seq: u64, d: char) -> Head {
        Head {
            seq,
            hash: d.to_string().repeat(64),
        }
    }

    #[test]
    fn transport_head_line_reads_back_through_quoting_markup_and_wrapping() {
        let h = head(12, 'a');
        let line = head_line(&h);
        assert_eq!(find_heads(&line), vec![(1, h.clone())]);
        let quoted = format!("intro\n> > {line}\n");
        assert_eq!(find_heads(&quoted), vec![(2, h.clone())]);
        let wrapped = line.replace(", hash ", ", hash\n&gt; ");
        assert_eq!(find_heads(&format!("x\n{wrapped}")), vec![(2, h.clone())]);
        let bb = format!(
            "[quote]{}[/quote]",
            line.replace("entry 12", "[b]entry 12[/b]")
        );
        assert_eq!(find_heads(&bb), vec![(1, h)]);
        assert!(find_heads("Log head: entry twelve, hash abc.").is_empty());
    }

    #[test]
    fn transport_head_check_names_a_cut_off_log() {
        assert_eq!(check(&head(5, 'b'), &head(5, 'b')), None);
        let w = check(&head(7, 'c'), &head(5, 'b')).unwrap();
        assert!(
            w.contains("entry 7") && w.contains("entry 5") && w.contains("cut off"),
            "{w}"
        );
        let w = check(&head(5, 'c'), &head(5, 'b')).unwrap();
        assert!(w.contains("different entries"), "{w}");
    }
}
