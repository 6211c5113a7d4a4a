//! Getting entries from one player to the other: email, forum paste blocks.

pub mod armor;
pub mod head;
pub mod mail;
