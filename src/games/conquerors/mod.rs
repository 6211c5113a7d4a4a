//! The Conquerors (SPI): The Romans, The Macedonians and the Tactical battle game, one system.
//! So far its data pack: the two hex maps, movement costs and the hexes the rules print
//! (`data`). The rules themselves come later, in this folder, named after their sections.

pub mod data;
