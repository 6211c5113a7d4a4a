//! The checks every hex map passes, whatever the game: keys read, every hex of the grid is
//! there once, each hexside is described once (the same from both sides), ports are coastal,
//! no city stands in the sea, roads join neighbours, regions and places exist.

use std::collections::BTreeMap;

use super::hex::Hex;
use super::hexmap::MapFile;
use super::hexside::{Hexside, HexsideFeature};
use crate::pack::check::not_both;
use crate::pack::Findings;

/// The rule every hex map's numbering follows (format 1).
const FORMAT: &str = "hex map format 1";

/// Checks `m` (pack file `file`) and records every violation in `o`.
pub fn check_map(o: &mut Findings, file: &str, m: &MapFile) {
    let conv = m.grid.convention;
    let g = &m.grid;
    let on_grid = |h: Hex| {
        (g.columns.first..=g.columns.last).contains(&h.col)
            && (g.rows.first..=g.rows.last).contains(&h.row)
    };
    // Hexes: keys, extent, completeness.
    let mut present = 0usize;
    for k in m.hexes.keys() {
        match Hex::parse(k) {
            Err(e) => o.add(file, format!("hexes/{k}"), FORMAT, e.to_string()),
            Ok(h) if !on_grid(h) => o.add(
                file,
                format!("hexes/{k}"),
                FORMAT,
                format!(
                    "outside the grid (columns {}-{}, rows {}-{})",
                    g.columns.first, g.columns.last, g.rows.first, g.rows.last
                ),
            ),
            Ok(_) => present += 1,
        }
    }
    let mut missing = Vec::new();
    for c in g.columns.first..=g.columns.last {
        for r in g.rows.first..=g.rows.last {
            let h = Hex::new(c, r);
            if !m.hexes.contains_key(&h.to_string()) {
                missing.push(h.to_string());
            }
        }
    }
    if !missing.is_empty() {
        let shown: Vec<&str> = missing.iter().take(10).map(String::as_str).collect();
        o.add(
            file,
            "hexes",
            FORMAT,
            format!(
                "{} hex(es) of the grid missing: {}{}",
                missing.len(),
                shown.join(", "),
                if missing.len() > 10 { ", …" } else { "" }
            ),
        );
    }
    let _ = present;
    let hex_of = |k: &str| {
        Hex::parse(k)
            .ok()
            .filter(|h| m.hexes.contains_key(&h.to_string()))
    };
    // Hex roles.
    for (k, e) in &m.hexes {
        let item = format!("hexes/{k}");
        if e.port && !e.coastal {
            o.add(
                file,
                &item,
                "Romans [5.6], Macedonians [5.9]: a port is a coastal hex",
                "port in a hex that is not coastal (inland port)",
            );
        }
        if e.naval_base && !e.port {
            o.add(
                file,
                &item,
                "Romans [5.61]: a naval base is a port",
                "naval base in a hex without a port",
            );
        }
        if let Some(c) = &e.city {
            if !e.terrain.is_land() {
                o.add(
                    file,
                    &item,
                    "Romans [13.1]: a city stands on land",
                    format!("city {} in a {} hex (in the sea)", c.name, e.terrain.name()),
                );
            }
        }
        for r in &e.regions {
            if !m.regions.contains_key(r) {
                o.add(file, &item, FORMAT, format!("unknown region `{r}`"));
            }
        }
        if let Ok(h) = Hex::parse(k) {
            for s in &e.fleet_sides {
                if Hex::parse(s)
                    .ok()
                    .and_then(|n| h.direction_to(n, conv))
                    .is_none()
                {
                    o.add(
                        file,
                        &item,
                        "Romans [5.33]: fleet sides are neighbours of the port",
                        format!("`{s}` is not a neighbour"),
                    );
                }
            }
        }
    }
    // Hexsides: read, on the map, one description per hexside (the same from both sides).
    let mut seen: BTreeMap<Hexside, (&str, &Vec<HexsideFeature>)> = BTreeMap::new();
    for (k, e) in &m.hexsides {
        let item = format!("hexsides/{k}");
        let Some((x, y)) = k.split_once('/') else {
            o.add(
                file,
                &item,
                FORMAT,
                format!("`{k}` is not two hex numbers \"AAAA/BBBB\""),
            );
            continue;
        };
        let (Some(x), Some(y)) = (hex_of(x), hex_of(y)) else {
            o.add(
                file,
                &item,
                FORMAT,
                "a hex of the hexside is not on the map",
            );
            continue;
        };
        let Some(side) = Hexside::between(x, y, conv) else {
            o.add(
                file,
                &item,
                FORMAT,
                format!("{x} and {y} are not neighbours"),
            );
            continue;
        };
        if let Some((other, f)) = seen.get(&side) {
            let rule = "hexsides are symmetric: one description per hexside";
            if *f != &e.features {
                o.add(
                    file,
                    &item,
                    rule,
                    format!(
                        "asymmetric hexside {side}: `{k}` says {} but `{other}` says {}",
                        HexsideFeature::list(&e.features),
                        HexsideFeature::list(f)
                    ),
                );
            } else {
                o.add(
                    file,
                    &item,
                    rule,
                    format!("hexside {side} is listed twice (`{other}`)"),
                );
            }
        } else if x > y {
            o.add(
                file,
                &item,
                FORMAT,
                format!("write the lower hex number first: `{side}`"),
            );
        }
        seen.insert(side, (k.as_str(), &e.features));
        if e.features.is_empty() {
            o.add(
                file,
                &item,
                FORMAT,
                "a listed hexside has at least one feature",
            );
        }
        if let Some(v) = &e.via {
            if Hex::parse(v).ok() != Some(x) && Hex::parse(v).ok() != Some(y) {
                o.add(
                    file,
                    &item,
                    "Romans [5.32]: a crossing's port is one of its two hexes",
                    format!("via `{v}`"),
                );
            }
        }
    }
    // Roads.
    for (i, r) in m.roads.iter().enumerate() {
        let item = format!(
            "roads/{}",
            if r.id.is_empty() {
                i.to_string()
            } else {
                r.id.clone()
            }
        );
        let hs: Vec<Option<Hex>> = r.hexes.iter().map(|h| hex_of(h)).collect();
        for (h, k) in hs.iter().zip(&r.hexes) {
            if h.is_none() {
                o.add(
                    file,
                    &item,
                    FORMAT,
                    format!("road hex `{k}` is not on the map"),
                );
            }
        }
        for w in hs.windows(2) {
            if let (Some(a), Some(b)) = (w[0], w[1]) {
                if Hexside::between(a, b, conv).is_none() {
                    o.add(
                        file,
                        &item,
                        "Romans [5.44]: a road joins neighbouring hexes",
                        format!("{a} and {b} are not neighbours"),
                    );
                }
            }
        }
    }
    // Regions and places.
    for (k, r) in &m.regions {
        if let Some(c) = &r.capital {
            if hex_of(c).is_none() {
                o.add(
                    file,
                    format!("regions/{k}"),
                    FORMAT,
                    format!("capital `{c}` is not on the map"),
                );
            }
        }
    }
    for (k, p) in &m.places {
        let item = format!("places/{k}");
        for h in p.hex.iter().chain(&p.hexes).chain(&p.adjacent) {
            if hex_of(h).is_none() {
                o.add(file, &item, FORMAT, format!("hex `{h}` is not on the map"));
            }
        }
        if !p.printed && p.provenance.provisional.is_none() && p.provenance.source.is_none() {
            o.add(
                file,
                &item,
                "a place at a fitted hex is provisional",
                "unprinted place without `provisional:`",
            );
        }
        if p.kind == "city" {
            // The city may stand in the base map or only in a game's variant of it.
            let named = |c: &crate::geo::hexmap::City| c.name == p.name || c.also.contains(&p.name);
            let hex = p.hex.as_deref().unwrap_or("");
            let in_base = m
                .hexes
                .get(hex)
                .and_then(|e| e.city.as_ref())
                .is_some_and(|c| named(c));
            let in_variant = m.variants.values().any(|v| {
                v.hexes
                    .get(hex)
                    .and_then(|x| x.city.as_ref())
                    .is_some_and(|c| named(c))
            });
            if !in_base && !in_variant {
                o.add(
                    file,
                    &item,
                    FORMAT,
                    format!(
                        "no city {} in hex {}",
                        p.name,
                        if hex.is_empty() { "(none given)" } else { hex }
                    ),
                );
            }
        }
    }
    for j in &m.joins {
        if j.columns.rem_euclid(2) != 0 {
            o.add(
                file,
                format!("joins/{}", j.map),
                "Romans [20.21]: joined grids mesh",
                "odd column offset",
            );
        }
    }
    not_both(o, file, "hexes", &m.hexes);
    not_both(o, file, "hexsides", &m.hexsides);
    not_both(o, file, "places", &m.places);
    not_both(o, file, "regions", &m.regions);
}
