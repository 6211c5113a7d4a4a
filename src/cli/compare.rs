//! `legatus audit LOG1 LOG2`: two copies of one game's log compared, and a fork
//! shown as evidence in plain words, with both signed entries.

use std::io::Write;
use std::path::Path;

use crate::engine::evidence::{compare_copies, Comparison, Copy, ForkSide};
use crate::engine::{Error, Game};
use crate::protocol::keys::fingerprint;
use crate::protocol::log::entry_yaml;
use crate::ruleset::Registry;

fn read(path: &Path, registry: &Registry) -> Result<Copy, Error> {
    let bytes =
        std::fs::read(path).map_err(|e| Error::input(format!("{}: {e}", path.display())))?;
    Copy::read(&path.display().to_string(), &bytes, registry)
}

fn describe(c: &Copy) -> String {
    let n = c.entries.len();
    match &c.verified {
        (_, None) => format!("{}: {}, all verify", c.name, crate::view::count(n, "entry")),
        (good, Some(why)) => format!(
            "{}: {}; entries 1-{good} verify, entry {} does not ({why})",
            c.name,
            crate::view::count(n, "entry"),
            good + 1
        ),
    }
}

fn side_line(label: &str, s: &ForkSide) -> String {
    format!(
        "  {label}: entry {} by {}{}, hash {} — {}",
        s.entry.seq,
        s.entry.author,
        s.entry
            .step
            .as_ref()
            .map(|st| format!(" (step {st})"))
            .unwrap_or_default(),
        s.hash,
        match &s.signature {
            Ok(()) => format!(
                "signed by {}: the signature checks against {}'s key in the header",
                s.entry.author, s.entry.author
            ),
            Err(why) => format!("NOT validly signed: {why}"),
        }
    )
}

fn dice_line(c: &Copy, seq: u64) -> String {
    let rolls = c.rolls_of(seq);
    if rolls.is_empty() {
        return format!("  {}: no rolls recorded yet for entry {seq}", c.name);
    }
    let shown: Vec<String> = rolls
        .iter()
        .map(|(by, r)| {
            format!(
                "{} {} = {} (fixed by entry {by})",
                r.purpose, r.die, r.value
            )
        })
        .collect();
    format!("  {}: {}", c.name, shown.join("; "))
}

/// Compares the logs at `a` and `b` and prints what they show.
///
/// Errors: [`Error::Input`] when a file is unreadable, not a log, or the two are
/// logs of different games; [`Error::Verify`] (check `fork`, exit 3) when the
/// copies fork — after the evidence is printed.
pub fn run(registry: &Registry, a: &Path, b: &Path, out: &mut dyn Write) -> Result<(), Error> {
    let (ca, cb) = (read(a, registry)?, read(b, registry)?);
    let mut s = String::new();
    let finding = compare_copies(&ca, &cb, registry)?;
    let proof = finding.is_proof();
    if matches!(finding, Comparison::OtherGames) {
        return Err(Error::input(format!(
            "{} is a log of game {} and {} of game {}: there is nothing to compare",
            ca.name, ca.header.game, cb.name, cb.header.game
        )));
    }
    s.push_str(&format!("Two copies of game {}:\n", ca.header.game));
    s.push_str(&format!(
        "  A = {}\n  B = {}\n",
        describe(&ca),
        describe(&cb)
    ));
    let (seq, parent, x, y) = match finding {
        Comparison::OtherGames => unreachable!("handled above"),
        Comparison::HeaderFork => {
            s.push_str("Their headers differ though the game id is the same: the game was set up twice (a second `legatus new` with the same id, or an edited header). No entry of one can be checked against the other.\n");
            write!(out, "{s}").map_err(super::io)?;
            return Err(Error::Verify {
                seq: 0,
                check: "fork",
                reason: format!("{} and {} have different headers", ca.name, cb.name),
            });
        }
        Comparison::Agree { common } => {
            let (na, nb) = (ca.entries.len() as u64, cb.entries.len() as u64);
            s.push_str(&format!(
                "They agree: the same header and the same entries 1-{common}{}. No fork: nothing is in dispute between them.\n",
                match na.cmp(&nb) {
                    std::cmp::Ordering::Equal => " (the same log)".to_string(),
                    std::cmp::Ordering::Less => format!("; B goes on to entry {nb}"),
                    std::cmp::Ordering::Greater => format!("; A goes on to entry {na}"),
                }
            ));
            return write!(out, "{s}").map_err(super::io);
        }
        Comparison::Fork { seq, parent, a, b } => (seq, parent, a, b),
    };
    s.push_str(&format!(
        "They agree on the header{}. At entry {seq} they part:\n{}\n{}\n",
        if seq > 1 {
            format!(" and entries 1-{}", seq - 1)
        } else {
            String::new()
        },
        side_line("A", &x),
        side_line("B", &y)
    ));
    match &parent {
        Some(p) => s.push_str(&format!(
            "Both name the same parent: {} (hash {p}).\n",
            if seq > 1 {
                format!("entry {}", seq - 1)
            } else {
                "the header".into()
            }
        )),
        None => s.push_str("They name different parents: one copy's hash chain is broken there.\n"),
    }
    s.push('\n');
    let author = &x.entry.author;
    if proof {
        let fp = Game::new(ca.header.clone(), registry)?
            .key(author)
            .map(fingerprint)
            .unwrap_or_default();
        s.push_str(&format!(
            "What this proves: {author} signed two different entries {seq}, both following the same entry. Only the holder \
of {author}'s key ({fp}) can sign as {author}, and a player signs one entry for each place in the game. So {author} went \
back after entry {} and wrote entry {seq} again. An entry's dice follow from its content, so writing it again draws \
other dice: this is what re-rolling by restarting leaves behind.\n",
            seq - 1
        ));
    } else if x.signature.is_err() || y.signature.is_err() {
        let bad: Vec<&str> = [(&ca, &x), (&cb, &y)]
            .iter()
            .filter(|(_, f)| f.signature.is_err())
            .map(|(c, _)| c.name.as_str())
            .collect();
        s.push_str(&format!(
            "What this shows: the entry {seq} of {} does not carry a valid signature of its author, so that copy was changed \
after it was signed, by whoever held it since. It proves nothing against {author}; get a fresh copy from its author.\n",
            bad.join(" and ")
        ));
    } else if x.entry.author != y.entry.author {
        s.push_str(&format!(
            "What this shows: {} and {} each signed an entry {seq} after the same entry: both thought it was their move \
(or the two copies were played on in parallel). It is not by itself proof that anyone re-rolled; agree which one stands.\n",
            x.entry.author, y.entry.author
        ));
    } else {
        s.push_str("What this shows: the two entries do not follow the same parent, so one copy was altered before this place.\n");
    }
    s.push_str(&format!("Dice of entry {seq}'s orders in each copy:\n"));
    s.push_str(&format!(
        "{}\n{}\n",
        dice_line(&ca, seq),
        dice_line(&cb, seq)
    ));
    s.push_str(&format!(
        "Anyone can check this offline: `legatus verify {a}` and `legatus verify {b}`; `legatus verify FILE --show-signed {seq}` \
prints the exact bytes each signature covers, and `--show-signature {seq}` the signature, for `ssh-keygen -Y verify`.\n\n",
        a = ca.name,
        b = cb.name
    ));
    s.push_str(&format!(
        "The two signed entries {seq}, as evidence:\n\n# A: {}\n",
        ca.name
    ));
    s.push_str(&entry_yaml(&x.entry));
    s.push_str(&format!("\n# B: {}\n", cb.name));
    s.push_str(&entry_yaml(&y.entry));
    write!(out, "{s}").map_err(super::io)?;
    Err(Error::Verify {
        seq,
        check: "fork",
        reason: if proof {
            format!("the two copies fork at entry {seq}: {author} signed it twice (evidence above)")
        } else {
            format!("the two copies fork at entry {seq} (see above)")
        },
    })
}
