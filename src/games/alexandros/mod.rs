//! *Alexandros: Conquest and Empire* (Alexander's conquest of the Persian Empire, 334–323 BC).
//!
//! The rulebook prints no map, no counter sheet, no turn track and few of its tables. This module
//! holds them as data: the YAML pack in `scenarios/alexandros` (embedded in the binary), typed by
//! [`data`], with every item marked as printed (`source:`, a rule section) or `provisional:`
//! (what it is based on), and player overrides that replace items by key.

pub mod data;
pub mod tactical;
