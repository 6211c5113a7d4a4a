//! Undoing what forums do to a post's text, line by line: HTML entities, `<br>`, BBCode
//! tags, invisible characters, quote prefixes and Markdown fences.

/// Splits into lines (1-based numbers of the original text) and undoes what forums do
/// to each line: entities, `<br>`, BBCode tags, invisible characters, quote prefixes,
/// trailing spaces. Markdown fence lines become empty.
pub(super) fn clean_lines(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (idx, raw) in text.split('\n').enumerate() {
        let line_no = idx + 1;
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        for part in raw.split('\r') {
            let unescaped = html_unescape(part);
            for seg in split_br(&unescaped) {
                out.push((line_no, clean_segment(&seg)));
            }
        }
    }
    out
}

pub(super) fn clean_segment(s: &str) -> String {
    let s = strip_bbcode(s);
    let s: String = s
        .chars()
        .filter(|c| !is_invisible(*c))
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .collect();
    let mut rest = s.as_str();
    loop {
        let t = rest.trim_start();
        if let Some(r) = t.strip_prefix('>') {
            rest = r;
        } else {
            rest = t;
            break;
        }
    }
    let rest = rest.trim_end();
    for fence in ['`', '~'] {
        if rest.starts_with(&fence.to_string().repeat(3)) {
            // A Markdown fence, with its info string (```text); what follows it on the
            // same line (a block joined into one line) is kept.
            let after = rest.trim_start_matches(fence);
            let after = match after.chars().next() {
                Some(c) if c.is_alphanumeric() => after.split_once(' ').map_or("", |x| x.1),
                _ => after,
            };
            return after.trim().to_string();
        }
    }
    rest.to_string()
}

pub(super) fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}' | '\u{200B}' | '\u{200C}' | '\u{200D}' | '\u{2060}' | '\u{FEFF}'
    )
}

/// Removes `[tag]`, `[/tag]`, `[tag=value]` and `[tag attr=…]` (tag: letters, digits or `*`).
/// Base64 never contains `[`, so this never touches a block's body.
pub(super) fn strip_bbcode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(open) = rest.find('[') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match bbcode_tag_len(after) {
            Some(len) => rest = &after[len..],
            None => {
                out.push('[');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// If `s` (just after a `[`) starts a BBCode tag, the length up to and including `]`.
pub(super) fn bbcode_tag_len(s: &str) -> Option<usize> {
    let close = s.find(']')?;
    let inner = &s[..close];
    let inner = inner.strip_prefix('/').unwrap_or(inner);
    let name_end = inner
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '*'))
        .unwrap_or(inner.len());
    if name_end == 0 || !inner.as_bytes()[0].is_ascii_alphabetic() && inner.as_bytes()[0] != b'*' {
        return None;
    }
    match inner[name_end..].chars().next() {
        None | Some('=') | Some(' ') => Some(close + 1),
        _ => None,
    }
}

pub(super) fn split_br(s: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let lower = s.to_ascii_lowercase();
    let mut start = 0;
    let mut search = 0;
    while let Some(p) = lower[search..].find("<br") {
        let p = search + p;
        match lower[p..].find('>') {
            Some(q)
                if lower[p + 3..p + q]
                    .trim()
                    .trim_end_matches('/')
                    .trim()
                    .is_empty() =>
            {
                parts.push(s[start..p].to_string());
                start = p + q + 1;
                search = start;
            }
            _ => search = p + 3,
        }
    }
    parts.push(s[start..].to_string());
    parts
}

/// Decodes the HTML entities a forum may leave in copied text (repeatedly, for
/// double escaping): named `amp lt gt quot apos nbsp plus sol equals`, and numeric.
pub(super) fn html_unescape(s: &str) -> String {
    let mut cur = s.to_string();
    for _ in 0..3 {
        if !cur.contains('&') {
            break;
        }
        let next = unescape_once(&cur);
        if next == cur {
            break;
        }
        cur = next;
    }
    cur
}

pub(super) fn unescape_once(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp + 1..];
        let decoded = after
            .find(';')
            .filter(|&semi| semi <= 10)
            .and_then(|semi| entity(&after[..semi]).map(|c| (c, semi)));
        match decoded {
            Some((c, semi)) => {
                out.push(c);
                rest = &after[semi + 1..];
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

pub(super) fn entity(name: &str) -> Option<char> {
    if let Some(num) = name.strip_prefix('#') {
        let code = if let Some(h) = num.strip_prefix('x').or_else(|| num.strip_prefix('X')) {
            u32::from_str_radix(h, 16).ok()?
        } else {
            num.parse().ok()?
        };
        return char::from_u32(code);
    }
    Some(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => '\u{00A0}',
        "plus" => '+',
        "sol" => '/',
        "equals" => '=',
        _ => return None,
    })
}
