//! The Conquerors pack check: every map passes the shared hex-map checks, every hex the rules
//! print has the role they give it, the rules' example paths are passable, the ferries and the
//! Chalcis bridge link what they should, and The Romans sees hexes 0117–0131 of the Macedonians
//! map as coastal. Each check names its rule.

use crate::geo::hexmap_check::check_map;
use crate::geo::{Board, Hex, HexMap, Hexside, HexsideFeature};
use crate::pack::check::{file_marking, marked};
use crate::pack::{Findings, Violation};

use super::{item_origins, map_file, Pack, Role, PRINTED_FILE, TERRAIN_FILE};

/// Validates a parsed pack; returns every violation (empty = valid).
pub fn validate(pack: &Pack) -> Vec<Violation> {
    let mut o = Findings::default();
    file_marking(&mut o, TERRAIN_FILE, &pack.terrain.provenance);
    file_marking(&mut o, PRINTED_FILE, &pack.printed.provenance);
    for (id, m) in &pack.maps {
        file_marking(&mut o, map_file(id), &m.provenance);
        if m.map != *id {
            o.add(
                map_file(id),
                "map",
                "hex map format 1",
                format!("map id `{}` in the file of `{id}`", m.map),
            );
        }
        check_map(&mut o, map_file(id), m);
        for game in m.variants.keys() {
            check_map(&mut o, map_file(id), &m.with_variant(game));
        }
    }
    marked(&mut o, &item_origins(pack));
    for game in ["romans", "macedonians"] {
        if pack.costs(game).is_none() {
            o.add(
                TERRAIN_FILE,
                format!("movement/{game}"),
                "Romans [5.35], Macedonians [5.27]: each game's Terrain Effects Chart",
                "missing",
            );
        }
    }
    if o.0.is_empty() {
        printed_roles(pack, &mut o);
        example_paths(pack, &mut o);
        crossings(pack, &mut o);
        romans_see_coastal_hexes(pack, &mut o);
    }
    o.0
}

/// Every hex the rules print holds what they say: the named city (of the printed class), a
/// port, a naval base, land.
fn printed_roles(pack: &Pack, o: &mut Findings) {
    for p in &pack.printed.places {
        let item = format!("places/{}/{} {}", p.map, p.hex, p.name);
        let rule = format!(
            "{}: the printed hex",
            p.provenance.source.as_deref().unwrap_or("printed place")
        );
        let file = map_file(&p.map);
        let game = p.game.as_deref().unwrap_or(&p.map);
        let Some(m) = pack.maps.get(&p.map).map(|m| m.with_variant(game)) else {
            o.add(PRINTED_FILE, &item, &rule, format!("no map `{}`", p.map));
            continue;
        };
        let Some(h) = m.hexes.get(&p.hex) else {
            o.add(
                file,
                &item,
                &rule,
                format!("hex {} is not on the map", p.hex),
            );
            continue;
        };
        for role in &p.roles {
            let ok = match role {
                Role::City => h.city.as_ref().is_some_and(|c| {
                    (c.name == p.name || c.also.contains(&p.name))
                        && p.class.is_none_or(|k| k == c.class)
                }),
                Role::Port => h.port,
                Role::NavalBase => h.naval_base,
                Role::Land => h.terrain.is_land(),
            };
            if !ok {
                let found = match &h.city {
                    Some(c) => format!("city {} class {:?}", c.name, c.class),
                    None => "no city".to_string(),
                };
                o.add(
                    file,
                    &item,
                    &rule,
                    format!(
                        "hex {} should hold {role:?}{} ({found}, port {}, naval base {}, {})",
                        p.hex,
                        p.class.map(|c| format!(" class {c:?}")).unwrap_or_default(),
                        h.port,
                        h.naval_base,
                        h.terrain.name()
                    ),
                );
            }
        }
    }
}

fn hexes(list: &[&str]) -> Vec<Hex> {
    list.iter().filter_map(|h| Hex::parse(h).ok()).collect()
}

/// Romans [6.24]: Force B leaves Antipatreia (4919) for 5019, then 5120, in one Campaign Phase.
/// Macedonians [6.24]: Force B leaves 2912 for 2913, then along the Royal Persian Highway to 3014.
fn example_paths(pack: &Pack, o: &mut Findings) {
    if let (Some(m), Some(c)) = (pack.map_for("romans", "romans"), pack.costs("romans")) {
        let path = hexes(&["4919", "5019", "5120"]);
        match c.path_cost(&m, &path) {
            Ok(cost) if cost <= c.allowance => {}
            Ok(cost) => o.add(
                super::ROMANS_MAP,
                "example Romans 6.24",
                "Romans [6.24]: Antipatreia-5019-5120 in one Campaign Phase",
                format!("costs {cost}/{} MP, more than the allowance", c.per_mp),
            ),
            Err(e) => o.add(
                super::ROMANS_MAP,
                "example Romans 6.24",
                "Romans [6.24]: Antipatreia-5019-5120 is passable",
                e.to_string(),
            ),
        }
    }
    if let (Some(m), Some(c)) = (
        pack.map_for("macedonians", "macedonians"),
        pack.costs("macedonians"),
    ) {
        let rule = "Macedonians [6.24]: 2912-2913, then along the RPH to 3014, is passable";
        let item = "example Macedonians 6.24";
        let first = c.path_cost(&m, &hexes(&["2912", "2913"]));
        let road = road_path(&m, Hex::new(29, 13), Hex::new(30, 14), "royal-road");
        match (first, road) {
            (Err(e), _) => o.add(super::MACEDONIANS_MAP, item, rule, e.to_string()),
            (_, None) => o.add(
                super::MACEDONIANS_MAP,
                item,
                rule,
                "no Royal Persian Highway from 2913 to 3014 within two hexes",
            ),
            (Ok(a), Some(p)) => match c.path_cost(&m, &p) {
                Ok(b) if a + b <= c.allowance => {}
                Ok(b) => o.add(
                    super::MACEDONIANS_MAP,
                    item,
                    rule,
                    format!(
                        "costs {} (1/{} MP), more than the allowance",
                        a + b,
                        c.per_mp
                    ),
                ),
                Err(e) => o.add(super::MACEDONIANS_MAP, item, rule, e.to_string()),
            },
        }
    }
}

/// The shortest path of at most two steps from `a` to `b` along roads of `kind`.
fn road_path(m: &HexMap, a: Hex, b: Hex, kind: &str) -> Option<Vec<Hex>> {
    let conv = m.convention();
    let on = |x: Hex, y: Hex| m.roads(x, y).iter().any(|k| k == kind);
    if on(a, b) {
        return Some(vec![a, b]);
    }
    a.neighbours(conv)
        .into_iter()
        .find(|n| on(a, *n) && on(*n, b))
        .map(|n| vec![a, n, b])
}

/// Romans [5.32]: the Messana ferry (3526) joins Italy and Sicily; Romans [5.34]: the Chalcis
/// bridge joins 5727 to the mainland; Macedonians [5.37]: 1102/1202 and 0404/0505 are ferries.
fn crossings(pack: &Pack, o: &mut Findings) {
    if let (Some(m), Some(c)) = (pack.map_for("romans", "romans"), pack.costs("romans")) {
        let file = super::ROMANS_MAP;
        let rule = "Romans [5.32]: the Messana/Rhegium ferry joins Italy and Sicily";
        let messana = Hex::new(35, 26);
        let ferry = Hexside::of(messana, m.convention)
            .into_iter()
            .any(|s| m.features(&s).contains(&HexsideFeature::Ferry));
        if !ferry {
            o.add(
                file,
                "hexsides of 3526",
                rule,
                "no ferry hexside at Messana/Rhegium 3526",
            );
        }
        // Roma (2914) to Lilybaeum (2625) by land.
        if c.cheapest(&m, Hex::new(29, 14), Hex::new(26, 25), u32::MAX)
            .is_none()
        {
            o.add(
                file,
                "hexsides of 3526",
                rule,
                "no land path from Roma 2914 to Lilybaeum 2625 (Sicily)",
            );
        }
        let rule = "Romans [5.34]: the Chalcis bridge joins 5727 and the mainland";
        let chalcis = Hex::new(57, 27);
        let bridged: Vec<Hex> = Hexside::of(chalcis, m.convention)
            .into_iter()
            .filter(|s| m.features(s).contains(&HexsideFeature::Bridge))
            .filter_map(|s| s.other(chalcis))
            .collect();
        if bridged.is_empty() {
            o.add(
                file,
                "hexsides of 5727",
                rule,
                "no bridge hexside at Chalcis 5727",
            );
        }
        for n in &bridged {
            if c.step(&m, *n, chalcis).is_err() || c.step(&m, chalcis, *n).is_err() {
                o.add(
                    file,
                    "hexsides of 5727",
                    rule,
                    format!("land units cannot cross the bridge {n}-5727"),
                );
            }
        }
        if c.cheapest(&m, Hex::new(55, 20), chalcis, u32::MAX)
            .is_none()
        {
            o.add(
                file,
                "hexsides of 5727",
                rule,
                "no land path from Pella 5520 to Chalcis 5727",
            );
        }
    }
    if let Some(m) = pack.map_for("macedonians", "macedonians") {
        for (a, b) in [((11, 2), (12, 2)), ((4, 4), (5, 5))] {
            let (a, b) = (Hex::new(a.0, a.1), Hex::new(b.0, b.1));
            let ok = Hexside::between(a, b, m.convention)
                .is_some_and(|s| m.features(&s).contains(&HexsideFeature::Ferry));
            if !ok {
                o.add(
                    super::MACEDONIANS_MAP,
                    format!("hexsides/{a}/{b}"),
                    "Macedonians [5.37]: a Ferry hexside",
                    "no ferry on this hexside",
                );
            }
        }
    }
}

/// Romans follow-up errata: in The Romans, hexes 0117–0131 of the Macedonians map are coastal.
fn romans_see_coastal_hexes(pack: &Pack, o: &mut Findings) {
    let Some(m) = pack.map_for("macedonians", "romans") else {
        return;
    };
    for r in 17..=31 {
        let h = Hex::new(1, r);
        if !m.hex(h).is_some_and(|e| e.coastal) {
            o.add(
                super::MACEDONIANS_MAP,
                format!("variants/romans/hexes/{h}"),
                "Romans follow-up errata: Macedonians-map hexes 0117-0131 are coastal in The Romans",
                format!("{h} is not coastal in the map The Romans use"),
            );
        }
    }
}
