//! Any comment line reads as a tag, as nothing, or as an error whose offset is inside the line;
//! never a panic.
#![no_main]

use kubeidl::tags::read::read_line;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(line) = std::str::from_utf8(data) else { return };
    if let Err(e) = read_line(line) {
        assert!(e.offset <= line.len(), "offset {} past the line", e.offset);
    }
});
