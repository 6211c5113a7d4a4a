//! The `.eml` reader on arbitrary bytes: never a panic, and attachment names
//! are always safe base names.
#![no_main]

use libfuzzer_sys::fuzz_target;
use legatus::transport::mail::parse_message;

fuzz_target!(|data: &[u8]| {
    if let Ok(mail) = parse_message(data) {
        for a in mail.attachments {
            assert!(!a.file_name.contains('/') && !a.file_name.contains('\\') && a.file_name != ".." && !a.file_name.contains('\0'));
        }
    }
});
