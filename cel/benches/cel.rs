//! kubeidl's CEL engine side by side with the `cel` crate's interpreter, on the same inputs:
//! a comparison of two fields of a small object, a macro over 100 list items, a list built by
//! `map` from 10,000 items, and compiling a set of 20 rules. The `cel` crate gets its context
//! built once (its fastest use); kubeidl reads the JSON document in place on every evaluation.
//!
//! Run: `cargo bench -p kubeidl-cel --bench cel`

use kubeidl_cel::{CelType, Program, Value, PER_CALL_LIMIT};
use serde_json::{json, Value as Json};
use std::sync::OnceLock;

fn main() {
    divan::main();
}

const MINMAX: &str = "self.minReplicas <= self.maxReplicas";
const ALL_ITEMS: &str = "self.items.all(i, i.name.startsWith('a'))";
/// `i + i` rather than `i * 2`: the `cel` crate reads non-negative JSON numbers as uints, and
/// has no uint-times-int.
const MAP_ITEMS: &str = "self.items.map(i, i + i)";

fn small() -> &'static Json {
    static DOC: OnceLock<Json> = OnceLock::new();
    DOC.get_or_init(|| json!({"minReplicas": 1, "maxReplicas": 3, "name": "web"}))
}

fn hundred_items() -> &'static Json {
    static DOC: OnceLock<Json> = OnceLock::new();
    DOC.get_or_init(|| {
        let items: Vec<Json> = (0..100)
            .map(|i| json!({"name": format!("a{i}"), "port": i}))
            .collect();
        json!({ "items": items })
    })
}

fn ten_thousand_numbers() -> &'static Json {
    static DOC: OnceLock<Json> = OnceLock::new();
    DOC.get_or_init(|| json!({ "items": (0..10_000).collect::<Vec<i64>>() }))
}

fn rules() -> Vec<String> {
    (0..20)
        .map(|i| match i % 4 {
            0 => format!("self.minReplicas + {i} <= self.maxReplicas"),
            1 => format!("self.name.startsWith('w') && size(self.name) < {}", 10 + i),
            2 => format!("self.items.all(x, x.port >= {i})"),
            _ => format!("has(self.name) ? self.name != 'n{i}' : true"),
        })
        .collect()
}

fn ours(rule: &str, doc: &Json) -> Program {
    Program::compile_typed(rule, &[("self", CelType::of_json(doc))]).expect("compiles")
}

fn theirs(rule: &str) -> cel::Program {
    cel::Program::compile(rule).expect("compiles")
}

fn their_context(doc: &Json) -> cel::Context<'static, 'static> {
    let mut ctx = cel::Context::default();
    ctx.add_variable("self", doc.clone()).expect("a JSON value");
    ctx
}

mod compare_two_fields {
    use super::*;

    #[divan::bench(sample_count = 200, sample_size = 1000)]
    fn kubeidl(b: divan::Bencher) {
        let program = ours(MINMAX, small());
        b.bench(|| {
            program
                .evaluate(
                    &[Value::from_json(divan::black_box(small()))],
                    PER_CALL_LIMIT,
                )
                .result
                .is_ok()
        });
    }

    #[divan::bench(sample_count = 200, sample_size = 1000)]
    fn cel_crate(b: divan::Bencher) {
        let program = theirs(MINMAX);
        let ctx = their_context(small());
        b.bench(|| program.execute(divan::black_box(&ctx)).is_ok());
    }
}

mod all_over_100_items {
    use super::*;

    #[divan::bench]
    fn kubeidl(b: divan::Bencher) {
        let program = ours(ALL_ITEMS, hundred_items());
        assert!(matches!(
            program
                .evaluate(&[Value::from_json(hundred_items())], PER_CALL_LIMIT)
                .result,
            Ok(Value::Bool(true))
        ));
        b.bench(|| {
            program
                .evaluate(
                    &[Value::from_json(divan::black_box(hundred_items()))],
                    PER_CALL_LIMIT,
                )
                .result
                .is_ok()
        });
    }

    #[divan::bench]
    fn cel_crate(b: divan::Bencher) {
        let program = theirs(ALL_ITEMS);
        let ctx = their_context(hundred_items());
        assert_eq!(program.execute(&ctx).unwrap(), cel::Value::Bool(true));
        b.bench(|| program.execute(divan::black_box(&ctx)).is_ok());
    }
}

mod map_over_10000_items {
    use super::*;

    #[divan::bench]
    fn kubeidl(b: divan::Bencher) {
        let program = ours(MAP_ITEMS, ten_thousand_numbers());
        let out = program.evaluate(&[Value::from_json(ten_thousand_numbers())], PER_CALL_LIMIT);
        assert!(matches!(out.result, Ok(Value::List(l)) if l.len() == 10_000));
        b.bench(|| {
            program
                .evaluate(
                    &[Value::from_json(divan::black_box(ten_thousand_numbers()))],
                    PER_CALL_LIMIT,
                )
                .result
                .is_ok()
        });
    }

    #[divan::bench]
    fn cel_crate(b: divan::Bencher) {
        let program = theirs(MAP_ITEMS);
        let ctx = their_context(ten_thousand_numbers());
        let out = program.execute(&ctx);
        assert!(
            matches!(&out, Ok(cel::Value::List(l)) if l.len() == 10_000),
            "{out:?}"
        );
        b.bench(|| program.execute(divan::black_box(&ctx)).is_ok());
    }
}

mod compile_20_rules {
    use super::*;

    /// Parse, type-check and compile.
    #[divan::bench]
    fn kubeidl(b: divan::Bencher) {
        let rules = rules();
        let doc = json!({"minReplicas": 1, "maxReplicas": 3, "name": "web", "items": []});
        b.bench(|| rules.iter().map(|r| ours(r, &doc)).collect::<Vec<_>>());
    }

    /// Parse (the crate has no checker).
    #[divan::bench]
    fn cel_crate(b: divan::Bencher) {
        let rules = rules();
        b.bench(|| rules.iter().map(|r| theirs(r)).collect::<Vec<_>>());
    }
}
