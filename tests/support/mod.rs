//! Shared helpers for the integration tests: the Tally test ruleset, an
//! in-process CLI runner, keys, and a driver that plays whole games.
#![allow(dead_code)]

pub mod smtp_sink;
pub mod tally;
pub mod values;

use std::path::{Path, PathBuf};

use legatus::engine::folder::GameDir;
use legatus::engine::orders;
use legatus::protocol::keys::SigningKey;
use legatus::ruleset::Registry;

pub fn registry() -> Registry {
    Registry::builtin().register(tally::Tally)
}

/// Every file of a game folder and its bytes: compare before and after a
/// command that must write nothing.
pub fn folder_snapshot(dir: &Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect()
}

/// Copies a game folder's log and caches to `to` (created).
pub fn copy_game(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for f in ["log.yaml", "state.yaml", "report.md"] {
        std::fs::copy(from.join(f), to.join(f)).unwrap();
    }
}

/// Changes one hex digit of the state hash entry `seq` records in the log file
/// `log`, as a hand edit would: the entry then fails its signature.
pub fn tamper_state_hash(log: &Path, seq: usize) {
    let text = std::fs::read_to_string(log).unwrap();
    let mut docs: Vec<String> = text.split("\n---\n").map(str::to_string).collect();
    let at = docs[seq]
        .find("state: ")
        .expect("the entry records its state hash")
        + "state: ".len()
        + 1;
    let flipped = if &docs[seq][at..at + 1] == "0" {
        "1"
    } else {
        "0"
    };
    docs[seq].replace_range(at..at + 1, flipped);
    std::fs::write(log, docs.join("\n---\n")).unwrap();
}

/// Output of one in-process CLI run.
pub struct Run {
    pub code: i32,
    pub out: String,
    pub err: String,
}

pub fn cli(args: &[&str]) -> Run {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let mut argv = vec!["legatus"];
    argv.extend_from_slice(args);
    let code = legatus::cli::run(&registry(), argv, &mut out, &mut err);
    Run {
        code,
        out: String::from_utf8_lossy(&out).into(),
        err: String::from_utf8_lossy(&err).into(),
    }
}

#[track_caller]
pub fn ok(args: &[&str]) -> String {
    let r = cli(args);
    assert_eq!(r.code, 0, "legatus {args:?} failed:\n{}\n{}", r.out, r.err);
    r.out
}

/// A temp folder with three players' keys (red.key, blue.key, green.key) and a referee key.
pub struct Table {
    pub dir: tempfile::TempDir,
}

impl Table {
    pub fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        for who in ["red", "blue", "green", "ref"] {
            let k = SigningKey::generate(who).unwrap();
            k.write(&dir.path().join(format!("{who}.key")), None)
                .unwrap();
        }
        Table { dir }
    }
    pub fn p(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }
    pub fn s(&self, name: &str) -> String {
        self.p(name).display().to_string()
    }
    pub fn game(&self) -> String {
        self.s("game")
    }
    pub fn key_of(&self, side: &str) -> String {
        self.s(&format!(
            "{}.key",
            if side == "referee" { "ref" } else { side }
        ))
    }

    /// `legatus new` + accepts, for a dice mode.
    pub fn start(&self, mode: &str) {
        self.start_with(mode, &[]);
    }

    /// As [`Table::start`], with a Tally data override of `turns` turns.
    pub fn start_long(&self, mode: &str, turns: u32) {
        std::fs::write(self.p("long.yaml"), format!("turns: {turns}\n")).unwrap();
        let data = self.s("long.yaml");
        self.start_with(mode, &["--data", &data]);
    }

    /// `legatus new` of a Tally duel in `dir` (red and blue, plus the referee in `referee`
    /// mode) with `extra` arguments; nobody has accepted yet.
    pub fn create_in(&self, dir: &str, mode: &str, extra: &[&str]) {
        let mut args = vec![
            "new".to_string(),
            "--ruleset".into(),
            "tally".into(),
            "--scenario".into(),
            "duel".into(),
            "--dice".into(),
            mode.into(),
            "--player".into(),
            format!("red=Ana,ana@example.org,{}", self.s("red.key.pub")),
            "--player".into(),
            format!("blue=Ben,ben@example.org,{}", self.s("blue.key.pub")),
            "--dir".into(),
            dir.to_string(),
        ];
        args.extend(extra.iter().map(|x| x.to_string()));
        if mode == "referee" {
            args.extend([
                "--player".into(),
                format!("referee=Cato,cato@example.org,{}", self.s("ref.key.pub")),
            ]);
        }
        let a: Vec<&str> = args.iter().map(|s| s.as_str()).collect();
        ok(&a);
    }

    /// `legatus new` of a Tally `trio` (red, blue, green: three players, three keys) in the
    /// game folder, then the three accepts.
    pub fn start_trio(&self, mode: &str) {
        let (red, blue, green) = (
            format!("red=Ana,ana@example.org,{}", self.s("red.key.pub")),
            format!("blue=Ben,ben@example.org,{}", self.s("blue.key.pub")),
            format!("green=Gia,gia@example.org,{}", self.s("green.key.pub")),
        );
        let game = self.game();
        let mut args = vec![
            "new",
            "--ruleset",
            "tally",
            "--scenario",
            "trio",
            "--dice",
            mode,
            "--player",
            &red,
            "--player",
            &blue,
            "--player",
            &green,
            "--dir",
            &game,
        ];
        let referee = format!("referee=Cato,cato@example.org,{}", self.s("ref.key.pub"));
        if mode == "referee" {
            args.extend(["--player", &referee]);
        }
        ok(&args);
        let mut sides = vec!["red", "blue", "green"];
        if mode == "referee" {
            sides.push("referee");
        }
        for side in sides {
            ok(&["accept", &game, "--key", &self.key_of(side)]);
        }
    }

    fn start_with(&self, mode: &str, extra: &[&str]) {
        self.create_in(&self.game(), mode, extra);
        let mut sides = vec!["red", "blue"];
        if mode == "referee" {
            sides.push("referee");
        }
        for side in sides {
            ok(&["accept", &self.game(), "--key", &self.key_of(side)]);
        }
    }

    /// Plays one entry by whoever must act; returns false when the game is over and nothing waits.
    pub fn step(&self, counter: &mut u32) -> bool {
        self.act_in(&self.game(), counter).is_some()
    }

    /// Plays one entry in the game folder `game` by whoever must act there
    /// (orders from the template as is, or a bare reveal); returns that side,
    /// or `None` when the game is over and nothing waits.
    pub fn act_in(&self, game: &str, counter: &mut u32) -> Option<String> {
        self.act_in_with(game, counter, |t| t)
    }

    /// As [`Table::act_in`], with the order file made by `edit` from the template.
    pub fn act_in_with(
        &self,
        game: &str,
        counter: &mut u32,
        edit: impl Fn(String) -> String,
    ) -> Option<String> {
        let reg = registry();
        let (g, _) = GameDir::new(game).load(&reg).unwrap();
        let key_of =
            |side: &str| SigningKey::load(Path::new(&self.key_of(side)), None).map_err(Into::into);
        let next = orders::next_actor(&g, &key_of).unwrap()?;
        let (actor, acts) = (next.side, next.orders);
        *counter += 1;
        let key = self.key_of(&actor);
        if acts {
            let tpl = ok(&["template", game, "--side", &actor, "--key", &key]);
            let f = self.p(&format!("orders-{counter}.yaml"));
            std::fs::write(&f, edit(tpl)).unwrap();
            ok(&[
                "apply",
                game,
                "--orders",
                &f.display().to_string(),
                "--key",
                &key,
            ]);
        } else {
            ok(&["apply", game, "--key", &key]);
        }
        Some(actor)
    }

    /// Plays `game` by templates until `status` names `step`: true, or false when the game
    /// ended first (fresh keys make fresh dice, and some games end early by the rules).
    /// Panics after `max` entries.
    pub fn play_until(&self, game: &str, step: &str, max: u32) -> bool {
        let mut n = 0;
        while !ok(&["status", game]).contains(step) {
            if self.act_in(game, &mut n).is_none() {
                return false;
            }
            assert!(n < max, "no {step} step in {max} entries");
        }
        true
    }

    /// Removes the game folder and the keys `sides` made for it, to make the game again.
    pub fn start_over(&self, sides: &[&str]) {
        std::fs::remove_dir_all(self.p("game")).unwrap();
        for side in sides {
            for f in [format!("{side}.key"), format!("{side}.key.pub")] {
                let _ = std::fs::remove_file(self.p(&f));
            }
        }
    }

    pub fn play_out(&self) -> u32 {
        let mut n = 0;
        while self.step(&mut n) {
            assert!(n < 500, "game does not end");
        }
        n
    }
}

/// Copies the pack files `files` of `src` into a temp dir (sub-folders made as needed),
/// replacing `from` by `to` once in `file`: a broken copy of a real data pack.
pub fn broken_pack_copy(
    src: &Path,
    files: &[&str],
    file: &str,
    from: &str,
    to: &str,
) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    for name in files {
        let mut text = std::fs::read_to_string(src.join(name)).expect("pack file");
        if *name == file {
            assert!(text.contains(from), "`{from}` not found in {file}");
            text = text.replacen(from, to, 1);
        }
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("dir");
        std::fs::write(path, text).expect("write");
    }
    dir
}
