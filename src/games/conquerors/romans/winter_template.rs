//! The `orders:` template of a Winter/Planning Turn (Romans [4.2]): the player's treasury after
//! taxes, his maintenance bill ([17.35]), what he may raise and where with its cost in talents
//! ([17.3], [17.4]) within the counter mix, and for Rome the Augury's demands and the Senate's
//! appointments ([18]).

use super::economy::{cost, troops_cost, upkeep};
use super::raising::next_legion;
use super::senate::{legates_allowed, legion_hexes, praetors_due, squadron_hexes};
use super::sequence::side_name;
use super::state::State;

/// The commented `winter:` block for `side`.
pub fn template(st: &State, side: &str) -> String {
    let mut t = String::new();
    let w = st.winter.clone();
    let name = w.as_ref().map(|w| w.name.clone()).unwrap_or_default();
    let have = st.treasury.get(side).copied().unwrap_or(0);
    t.push_str(&format!(
        "  # Romans [4.2]: Winter/Planning Turn {name} B.C. {}'s orders are sealed until both are in.\n",
        side_name(side)
    ));
    if let Some(a) = w.as_ref().and_then(|w| w.augury.clone()) {
        t.push_str(&format!(
            "  # Augury (18.32): {} — {}\n",
            a.roll,
            a.data(st).summary
        ));
    }
    if let Some(x) = w.as_ref().and_then(|w| w.taxes.get(side)) {
        t.push_str(&format!(
            "  # Taxes (17.2): die {}, {} talents in all are in the treasury: {have} talents now.\n",
            x.die, x.total
        ));
    }
    let bill = upkeep(st, side);
    t.push_str(&format!(
        "  # Maintenance (17.35), paid first: {} talents ({} legion(s) at {}, {} SSP of troops: {}, {} squadron(s): {}{}).\n",
        bill.total,
        bill.legions.len(),
        cost(st, "legion", "maintain"),
        bill.troops_ssp,
        bill.troops,
        bill.fleets.len(),
        bill.fleets.iter().map(|(_, c)| c).sum::<u32>(),
        if bill.exempt.is_empty() { String::new() } else { format!("; free until they join the army: {}", bill.exempt.join(", ")) }
    ));
    t.push_str(&format!(
        "  #   Left for raising after maintenance: {} talents. Units you cannot pay for must be disbanded.\n",
        have.saturating_sub(bill.total)
    ));
    t.push_str("  # Costs (17.4), talents to raise: ");
    let mut costs = vec![
        format!(
            "20 SSP of troops {} (pro rata, rounded up: 2 SSP cost {})",
            cost(st, "20-ssp", "raise"),
            troops_cost(st, 2)
        ),
        format!("heavy squadron {}", cost(st, "heavy-squadron", "raise")),
        format!("medium {}", cost(st, "medium-squadron", "raise")),
        format!("light {}", cost(st, "light-squadron", "raise")),
    ];
    if side == "rome" {
        costs.insert(0, format!("legion {}", cost(st, "legion", "raise")));
        costs.push(format!("merchant {}", cost(st, "naval-transport", "raise")));
    } else {
        costs.push(format!("siege train {}", cost(st, "siege-train", "raise")));
    }
    t.push_str(&costs.join(", "));
    t.push_str(".\n");
    if side == "rome" {
        t.push_str(&format!(
            "  # Legions (17.38) in order: the next is {}; in Roma or Capua (17.32).\n",
            next_legion(st).unwrap_or_else(|| "none (all twelve in play)".into())
        ));
        t.push_str("  # Auxiliaries (17.37), at most 10 SSP a city a year: archer at Syracusa; slinger at Asbusa;\n");
        t.push_str("  #   barbarian-infantry at Hippo Regius, Emporiae, Massilia; hoplite at Syracusa, Caralis, Altinum, Carthage;\n");
        t.push_str("  #   elephant at Carthage, Hippo Regius. Fleets and merchants at Ostia.\n");
        t.push_str(&format!(
            "  # Senate (18): new consuls; {} praetor(s) for the legions now in play (one per 4, more if you raise), up to {} legate(s).\n",
            praetors_due(st),
            legates_allowed(st)
        ));
        t.push_str(&format!(
            "  #   Hexes with legions (field consul, praetors): {}. Ports with Roman squadrons (legates): {}.\n",
            legion_hexes(st).join(", "),
            squadron_hexes(st).join(", ")
        ));
        if st
            .commanders
            .values()
            .any(|c| c.office.as_deref() == Some("field-consul"))
        {
            let id = "field-consul";
            let won = st.senate.battle_winners.contains(id);
            t.push_str(&format!(
                "  #   keep_field_consul: true is allowed {}.\n",
                if won {
                    "(he won a Major Land Battle)"
                } else {
                    "only on Augury 6"
                }
            ));
        }
    } else {
        t.push_str("  # Land troops at Pella; fleets at Thessalonica or Demetrias (17.32); siege trains at Pella.\n");
    }
    let fallen: Vec<String> = st
        .replacements
        .fallen
        .iter()
        .filter(|(_, c)| c.side == side)
        .map(|(k, _)| k.clone())
        .collect();
    if !fallen.is_empty() {
        t.push_str(&format!(
            "  # Fallen commanders whose Replacements return (8.62), in a hex with their nation's troops: {}.\n",
            fallen.join(", ")
        ));
    }
    t.push_str(&format!(
        "  # Naval Bases (17.33): {} talents in a friendly port, {} built of 2 at any one time.\n",
        cost(st, "naval-base", "raise"),
        st.built_bases.values().filter(|s| *s == side).count()
    ));
    t.push_str("  winter:\n");
    t.push_str("    disband: []        # unit or squadron ids (errata 17.39)\n");
    t.push_str("    refits: []         # reduced units in supply, half squadrons (errata 17.35)\n");
    if side == "rome" {
        t.push_str("    legions: []        # {legion: VI, at: Roma}\n");
        t.push_str("    troops: []         # {type: hoplite, count: 5, at: Syracusa}\n");
        t.push_str("    fleets: []         # {kind: medium, count: 1, at: Ostia}\n");
        t.push_str("    senate:\n");
        t.push_str("      field_consul_at: null   # \"CCRR\" with a legion (18.16)\n");
        t.push_str("      praetors_at: []         # one \"CCRR\" with a legion each\n");
        t.push_str(
            "      legates_at: []          # one port \"CCRR\" with a Roman squadron each\n",
        );
        t.push_str("      augury_legions: []      # Augury 2, 10, 11: legion ids to send\n");
        t.push_str("      storm_steps: []         # Augury 4: squadron ids, one a step\n");
    } else {
        t.push_str("    troops: []         # {type: phalanx, count: 10, at: Pella}\n");
        t.push_str("    fleets: []         # {kind: light, count: 1, at: Thessalonica}\n");
        t.push_str("    siege_trains: []   # {count: 1, at: Pella}\n");
    }
    t.push_str("    naval_bases: []    # port city names\n");
    if !fallen.is_empty() {
        t.push_str("    replacements: {}   # {COMMANDER: \"CCRR\"}\n");
    }
    t.push_str("  moves: []\n");
    t
}
