//! A loop for profiling the evaluator: `cargo run --release -p kubeidl --example cel_profile`.
use kubeidl::cel::{CelType, Program, Value, PER_CALL_LIMIT};

fn main() {
    let doc = serde_json::json!({"minReplicas": 1, "maxReplicas": 3, "name": "web"});
    let program = Program::compile_typed(
        "self.minReplicas <= self.maxReplicas",
        &[("self", CelType::of_json(&doc))],
    )
    .unwrap();
    let mut ok = 0;
    for _ in 0..200_000 {
        if program
            .evaluate(
                &[Value::from_json(std::hint::black_box(&doc))],
                PER_CALL_LIMIT,
            )
            .result
            .is_ok()
        {
            ok += 1;
        }
    }
    println!("{ok}");
}
