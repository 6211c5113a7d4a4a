//! *The Macedonians* (The Conquerors, part 2): Alexander against Darius, 334-331 B.C.
//!
//! [`data`]: the pack (`scenarios/conquerors/macedonians`, embedded) typed and checked.
pub mod data;
