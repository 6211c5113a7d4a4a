//! Getting entries from one player to the other: email, forum paste blocks.
