//! Struct tag lookup and Go string unquoting never panic, and unquoting inverts quoting.
#![no_main]

use kubeidl_gen::go::struct_tag::{go_quote, lookup, unquote};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = lookup(text, "json");
    let _ = unquote(text);
    assert_eq!(unquote(&go_quote(text)).as_deref(), Some(text));
});
