//! Map validation: borders, cities, sea zones, objectives.

use super::super::map::{BorderType, Control, ProvinceGroup, ProvinceType};
use std::collections::BTreeMap;

use super::super::{Pack, MAP_FILE};
use super::Out;
use crate::pack::check::{symmetric, AdjacencyRules};

/// Alexandros 8.2 (borders, Mountain provinces, Gaza), 5.2 (Independent provinces), 6.4 (walls),
/// 5.6/7.5 (sea zones), 3.2/15 (objectives).
pub(super) fn check_map(pack: &Pack, o: &mut Out) {
    let m = &pack.map;
    let f = MAP_FILE;
    let borders: BTreeMap<String, BTreeMap<String, BorderType>> = m
        .provinces
        .iter()
        .map(|(n, p)| (n.clone(), p.borders.clone()))
        .collect();
    symmetric(
        o,
        f,
        "provinces",
        &AdjacencyRules {
            exists: "Alexandros 2.2: every referenced province exists",
            distinct: "Alexandros 8.2: borders join two provinces",
            symmetric: "Alexandros 8.2: borders are symmetric",
        },
        &borders,
    );
    for (name, p) in &m.provinces {
        let item = format!("provinces/{name}");
        for (other, bt) in &p.borders {
            if p.kind == ProvinceType::Mountain && *bt == BorderType::Normal {
                o.add(
                    f,
                    &item,
                    "Alexandros 8.2: all borders of a Mountain province are mountain borders",
                    format!("normal border with `{other}`"),
                );
            }
        }
        let indep = p.groups.contains(&ProvinceGroup::Independent);
        if indep != (p.start_control == Control::Independent) {
            o.add(
                f,
                &item,
                "Alexandros 5.2: Independent provinces start Independent",
                "group `independent` and start_control `independent` must go together",
            );
        }
    }
    for (name, c) in &m.cities {
        let item = format!("cities/{name}");
        match (&c.province, c.between.len()) {
            (Some(p), 0) => {
                if !m.provinces.contains_key(p) {
                    o.add(
                        f,
                        &item,
                        "Alexandros 2.2: every referenced province exists",
                        format!("unknown province `{p}`"),
                    );
                }
            }
            (None, 2) => {
                let (a, b) = (&c.between[0], &c.between[1]);
                for p in [a, b] {
                    if !m.provinces.contains_key(p) {
                        o.add(
                            f,
                            &item,
                            "Alexandros 2.2: every referenced province exists",
                            format!("unknown province `{p}`"),
                        );
                    }
                }
                if m.border(a, b).is_none() {
                    o.add(
                        f,
                        &item,
                        "Alexandros 8.2: a border fortress stands on a border",
                        format!("`{a}` and `{b}` are not adjacent"),
                    );
                }
            }
            _ => o.add(
                f,
                &item,
                "map schema: a city has a province or stands between two",
                "set exactly one of `province` or two `between` provinces",
            ),
        }
        if c.walls > 5 {
            o.add(
                f,
                &item,
                "Alexandros 6.4: no city holds more than five walls",
                format!("{} walls", c.walls),
            );
        }
        if c.walls > 0 && (c.wall_side.is_none() || !c.fortifiable) {
            o.add(
                f,
                &item,
                "Alexandros 3.2, 3.3, 6.4: walls have a side and need a fortifiable city",
                "walls without `wall_side` or in an unfortifiable city",
            );
        }
    }
    for (name, z) in &m.sea_zones {
        let item = format!("sea-zones/{name}");
        if !z.coast.iter().any(|p| m.provinces.contains_key(p)) {
            o.add(
                f,
                &item,
                "Alexandros 5.6: a sea zone borders provinces",
                "no bordering province",
            );
        }
        for e in &z.coast {
            if let Some(c) = m.cities.get(e) {
                let provs: Vec<&String> = c.province.iter().chain(c.between.iter()).collect();
                if !c.coastal || !provs.iter().any(|p| z.coast.contains(p)) {
                    o.add(
                        f,
                        &item,
                        "Alexandros 7.5: coastal fortresses lie on the zone's coast",
                        format!("`{e}` is not coastal or its province is not on this coast"),
                    );
                }
            } else if !m.provinces.contains_key(e) {
                o.add(
                    f,
                    &item,
                    "Alexandros 2.2: every referenced province exists",
                    format!("unknown coast place `{e}`"),
                );
            }
        }
        for fo in &z.fortresses {
            if !z.coast.contains(fo) || !m.cities.contains_key(fo) {
                o.add(
                    f,
                    &item,
                    "Alexandros 7.5: a blocking fortress is a coastal city of the zone",
                    format!("`{fo}` is not a city listed on the coast"),
                );
            }
        }
    }
    let zones: BTreeMap<String, BTreeMap<String, ()>> = m
        .sea_zones
        .iter()
        .map(|(n, z)| {
            (
                n.clone(),
                z.adjacent_zones.iter().map(|a| (a.clone(), ())).collect(),
            )
        })
        .collect();
    symmetric(
        o,
        f,
        "sea-zones",
        &AdjacencyRules {
            exists: "Alexandros 7.5: contiguous sea zones exist",
            distinct: "Alexandros 7.5: a sea zone is not contiguous with itself",
            symmetric: "Alexandros 7.5: sea zone contiguity is symmetric",
        },
        &zones,
    );
    for (name, ob) in &m.objectives {
        let item = format!("objectives/{name}");
        let n = ob.city.is_some() as u8 + ob.province.is_some() as u8 + ob.leader.is_some() as u8;
        if n != 1 {
            o.add(
                f,
                &item,
                "Alexandros 3.2: each objective has one placement",
                "set exactly one of city, province, leader",
            );
        }
        if let Some(c) = &ob.city {
            if !m.cities.contains_key(c) {
                o.add(
                    f,
                    &item,
                    "Alexandros 3.2: every referenced city exists",
                    format!("unknown city `{c}`"),
                );
            }
        }
        if let Some(p) = &ob.province {
            if !m.provinces.contains_key(p) {
                o.add(
                    f,
                    &item,
                    "Alexandros 3.2: every referenced province exists",
                    format!("unknown province `{p}`"),
                );
            }
        }
        if let Some(l) = &ob.leader {
            if !pack.counters.leaders.contains_key(l) {
                o.add(
                    f,
                    &item,
                    "Alexandros 3.2: every referenced leader exists",
                    format!("unknown leader `{l}`"),
                );
            }
        }
    }
}
