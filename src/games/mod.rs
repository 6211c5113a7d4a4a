//! One folder per game system.

pub mod alexandros;
