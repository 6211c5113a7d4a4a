//! One folder per game system.
