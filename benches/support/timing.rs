//! What the benches share: the floor of verification (read each entry, check its signature and
//! its hash link, nothing else) and the timing helpers.

use std::path::Path;
use std::time::{Duration, Instant};

use legatus::protocol::keys;
use legatus::protocol::log::{Doc, LogReader};

/// The floor: read every entry, check its signature and its hash link; nothing else.
pub fn floor(path: &Path) -> u64 {
    let mut reader = LogReader::open(path).unwrap();
    let header = match reader.next() {
        Some(Ok(Doc::Header(h))) => h,
        _ => panic!("no header"),
    };
    let keys: Vec<(String, ssh_key::PublicKey)> = header
        .players
        .iter()
        .map(|p| (p.side.clone(), keys::parse_public(&p.key).unwrap()))
        .collect();
    let mut prev = header.hash().unwrap();
    let mut n = 0;
    for doc in reader {
        let Doc::Entry(e, _) = doc.unwrap() else {
            panic!("header twice")
        };
        let key = &keys.iter().find(|(s, _)| *s == e.author).unwrap().1;
        let bytes = e.signed_bytes().unwrap();
        keys::verify(key, &bytes, &e.sig).unwrap();
        assert_eq!(e.prev, hex::encode(prev), "entry {}: broken link", e.seq);
        prev = e.hash().unwrap();
        n += 1;
    }
    n
}

pub fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// CPU time of this thread so far (Linux `/proc/thread-self/schedstat`, ns
/// on the CPU), so that the figures hold on a shared, busy machine; `None`
/// elsewhere.
pub fn cpu_time() -> Option<Duration> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    Some(Duration::from_nanos(
        s.split_whitespace().next()?.parse().ok()?,
    ))
}

/// Wall and CPU time of one run of `f`.
pub fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration, Option<Duration>) {
    let c = cpu_time();
    let t = Instant::now();
    let out = f();
    let wall = t.elapsed();
    let cpu = c.and_then(|c| Some(cpu_time()? - c));
    (out, wall, cpu)
}
