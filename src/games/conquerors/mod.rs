//! The Conquerors (SPI): The Romans, The Macedonians and the Tactical battle game, one system.
//!
//! Shared by the games: `data` (the two hex maps, movement costs, the hexes the rules print),
//! `force` (counters on the map: positions, land units in SSP, squadrons, commanders),
//! `movement` (a commander's path on the hex map), `interception` (land zones of interception),
//! `combat` (the strategic combat procedure on the Strategic CRT), `city` (walled cities:
//! defence, the Assault/Siege roll), `supply` (the supply radius on the hex grid),
//! `attrition` (attrition tables and SSP losses), `losses` (SSP losses taken unit by unit), `sea` (the water fleets use, over joined maps;
//! naval zones), `naval_combat` (the Naval CRT procedure and the errata's loss points) and
//! `transport` (naval transport capacity), `decisions` (the standing orders' answers for the opponent's turn), `pause` (decisions inside the opponent's turn taken in
//! person: the `ask` of standing orders and the continuation of a phase stopped for them). `romans`: The Romans' own data and rules;
//! `macedonians`: The Macedonians'. `tactical`: the Tactical Battle System both games hand their
//! Major Land Battles to.

pub mod attrition;
pub mod city;
pub mod combat;
pub mod data;
pub mod decisions;
pub mod force;
pub mod interception;
pub mod losses;
pub mod macedonians;
pub mod movement;
pub mod naval_combat;
pub mod pause;
pub mod romans;
pub mod sea;
pub mod supply;
pub mod tactical;
pub mod transport;
