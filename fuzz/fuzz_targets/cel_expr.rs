//! Any expression compiles to a program or a positioned error, and any program evaluates to a
//! value or an error within the cost limit: no panic, no stack overflow, no runaway.
#![no_main]

use kubeidl::cel::{CelType, Program, Value, PER_CALL_LIMIT};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn doc() -> &'static serde_json::Value {
    static DOC: OnceLock<serde_json::Value> = OnceLock::new();
    DOC.get_or_init(|| serde_json::json!({"a": 1, "b": [1, 2, 3], "s": "text", "m": {"k": "v"}, "f": 1.5}))
}

fuzz_target!(|data: &[u8]| {
    let Ok(expr) = std::str::from_utf8(data) else { return };
    let Ok(program) = Program::compile_typed(expr, &[("self", CelType::of_json(doc()))]) else { return };
    let out = program.evaluate(&[Value::from_json(doc())], PER_CALL_LIMIT);
    assert!(out.cost <= PER_CALL_LIMIT || out.result.is_err(), "over the limit without the cost error");
});
