//! Naval transport capacity, shared by The Romans and The Macedonians (Romans [12.11],
//! [12.12], [12.2], [13.45]): every squadron carries the same, whatever its type — a full one
//! a legion's worth (the game's number of SSP), a half one half of it, a Merchant its own
//! number; commanders take no room, a Siege Train counts as the game's SSP. Each squadron's
//! cargo is its own (Romans [12.15]: when it is reduced the cargo above its new room is lost),
//! so cargo is packed counter by counter onto squadrons.

use std::collections::BTreeMap;

/// A squadron's hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hold {
    /// The squadron's id.
    pub id: String,
    /// Room in SSP.
    pub capacity: u32,
}

/// Why cargo does not fit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoRoom {
    /// The counter that found no room.
    pub id: String,
    /// Its SSP.
    pub ssp: u32,
    /// The room the holds have in all.
    pub capacity: u32,
    /// The SSP of all the cargo.
    pub load: u32,
}

/// Packs `cargo` (counter, SSP) onto `holds`: counters already in `placed` (counter → hold)
/// stay where they are when that hold is among `holds` and has room; the others go, largest
/// first, to the hold with the most room left (ties to the first hold). Returns the new
/// placement of every counter of `cargo`.
///
/// Errors: [`NoRoom`] naming the first counter that fits nowhere.
pub fn pack(
    holds: &[Hold],
    cargo: &[(String, u32)],
    placed: &BTreeMap<String, String>,
) -> Result<BTreeMap<String, String>, NoRoom> {
    let mut room: BTreeMap<&str, u32> = holds.iter().map(|h| (h.id.as_str(), h.capacity)).collect();
    let mut out = BTreeMap::new();
    let mut rest: Vec<&(String, u32)> = Vec::new();
    for c in cargo {
        match placed.get(&c.0).and_then(|h| room.get_mut(h.as_str())) {
            Some(r) if *r >= c.1 => {
                *r -= c.1;
                out.insert(c.0.clone(), placed[&c.0].clone());
            }
            _ => rest.push(c),
        }
    }
    rest.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    for c in rest {
        let best = holds
            .iter()
            .map(|h| (h.id.as_str(), room[h.id.as_str()]))
            .filter(|(_, r)| *r >= c.1)
            .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(a.0)));
        let Some((id, _)) = best else {
            return Err(NoRoom {
                id: c.0.clone(),
                ssp: c.1,
                capacity: holds.iter().map(|h| h.capacity).sum(),
                load: cargo.iter().map(|c| c.1).sum(),
            });
        };
        let id = id.to_string();
        if let Some(r) = room.get_mut(id.as_str()) {
            *r -= c.1;
        }
        out.insert(c.0.clone(), id);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn romans_12_12_a_full_squadron_carries_a_legion() {
        let holds = [
            Hold {
                id: "a".into(),
                capacity: 24,
            },
            Hold {
                id: "b".into(),
                capacity: 12,
            },
        ];
        let cargo = vec![("legion".to_string(), 24), ("archers".to_string(), 4)];
        let p = pack(&holds, &cargo, &BTreeMap::new()).unwrap();
        assert_eq!(p["legion"], "a");
        assert_eq!(p["archers"], "b");
        let too_much = vec![("l1".to_string(), 24), ("l2".to_string(), 24)];
        assert!(pack(&holds, &too_much, &BTreeMap::new()).is_err());
    }
}
