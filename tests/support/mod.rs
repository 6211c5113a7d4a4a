//! Helpers shared by integration tests (test-only code).

pub mod smtp_sink;
