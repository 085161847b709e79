//! End-to-end tests of the engine: expressions evaluated on documents typed by their schemas.

use super::decl::{Decl, NoDefinitions};
use super::{Program, Value, PER_CALL_LIMIT};
use serde_json::json;

fn eval_with(
    schema: serde_json::Value,
    doc: serde_json::Value,
    expr: &str,
) -> Result<serde_json::Value, String> {
    let decl = Decl::from_schema(&schema, &NoDefinitions);
    let program = Program::compile(expr, &["self"]).map_err(|e| e.to_string())?;
    let out = program.evaluate(&[Value::from_json_decl(&doc, &decl)], PER_CALL_LIMIT);
    out.result.map(|v| v.to_json()).map_err(|e| e.to_string())
}

fn spec_schema() -> serde_json::Value {
    json!({
        "type": "object",
        "properties": {
            "replicas": {"type": "integer"},
            "ratio": {"type": "number"},
            "x-y": {"type": "string"},
            "note": {"type": "string", "nullable": true},
            "created": {"type": "string", "format": "date-time"},
            "timeout": {"type": "string", "format": "duration"},
            "data": {"type": "string", "format": "byte"},
            "port": {"x-kubernetes-int-or-string": true},
            "tags": {"type": "array", "items": {"type": "string"}, "x-kubernetes-list-type": "set"},
            "ports": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"],
                      "items": {"type": "object", "properties": {"name": {"type": "string"}, "port": {"type": "integer"}}}},
            "labels": {"type": "object", "additionalProperties": {"type": "string"}}
        }
    })
}

/// JSON a value owns reads as the same JSON borrowed: every expression gives the same result
/// or the same error on both.
#[test]
fn owned_json_reads_as_borrowed_json() {
    let mut schema = spec_schema();
    schema["properties"]["free"] = json!({"x-kubernetes-preserve-unknown-fields": true});
    let doc = json!({
        "replicas": 3, "ratio": 2, "x-y": "v", "note": null,
        "created": "2024-01-02T03:04:05Z", "timeout": "90s", "data": "aGk=", "port": 8080,
        "tags": ["b", "a"], "labels": {"k": "v", "l": "w"},
        "ports": [{"name": "a", "port": 1}, {"name": "b", "port": 2}],
        "free": {"n": [1, 2.5, -3, 18446744073709551615u64], "s": {"t": null}}
    });
    let decl = Decl::from_schema(&schema, &NoDefinitions);
    let expressions = [
        "self",
        "self.replicas + 1",
        "self.ratio == 2.0 && type(self.ratio) == double",
        "self.x__dash__y",
        "has(self.note)",
        "self.note",
        "self.created + self.timeout",
        "self.data",
        "self.port",
        "self.tags == ['a', 'b']",
        "self.tags + ['c']",
        "self.labels.k + self.labels.l",
        "self.labels.missing",
        "self.labels.map(k, k)",
        "self.ports.exists(p, p.name == 'b' && p.port == 2)",
        "self.ports == [self.ports[1], self.ports[0]]",
        "self.free.n",
        "self.free.s.t",
        "self.free.n.map(x, type(x))",
        "[self.ports[0], self.ports[1]].size()",
    ];
    let program = |expr: &str| Program::compile(expr, &["self"]).unwrap();
    for expr in expressions {
        let result = |v: Value<'_>| {
            let out = program(expr).evaluate(&[v], PER_CALL_LIMIT);
            out.result.map(|v| v.to_json()).map_err(|e| e.to_string())
        };
        let borrowed = result(Value::from_json_decl(&doc, &decl));
        let owned = result(Value::from_json_owned(doc.clone(), &decl));
        assert_eq!(owned, borrowed, "{expr}");
    }
    // Some of them fail, as they should on this document.
    let failing = expressions.iter().filter(|e| {
        let out = program(e).evaluate(
            &[Value::from_json_owned(doc.clone(), &decl)],
            PER_CALL_LIMIT,
        );
        out.result.is_err()
    });
    assert_eq!(failing.count(), 2);
}

#[test]
fn numbers_follow_the_schema_not_the_json() {
    let doc = json!({"replicas": 3, "ratio": 2});
    assert_eq!(
        eval_with(spec_schema(), doc.clone(), "self.replicas + 1"),
        Ok(json!(4))
    );
    assert_eq!(
        eval_with(
            spec_schema(),
            doc.clone(),
            "type(self.ratio) == double && self.ratio == 2.0"
        ),
        Ok(json!(true))
    );
    assert_eq!(
        eval_with(spec_schema(), doc, "self.ratio + 1"),
        Err("no such overload".into())
    );
}

#[test]
fn properties_use_escaped_names_and_null_is_absent() {
    let doc = json!({"x-y": "v", "note": null});
    assert_eq!(
        eval_with(spec_schema(), doc.clone(), "self.x__dash__y == 'v'"),
        Ok(json!(true))
    );
    assert_eq!(
        eval_with(
            spec_schema(),
            doc.clone(),
            "has(self.note) || has(self.replicas)"
        ),
        Ok(json!(false))
    );
    assert_eq!(
        eval_with(spec_schema(), doc, "self.note"),
        Err("no such key: note".into())
    );
}

#[test]
fn formats_convert_to_timestamps_durations_bytes() {
    let doc = json!({"created": "2024-01-01T10:00:00+05:00", "timeout": "90s", "data": "aGk="});
    assert_eq!(
        eval_with(spec_schema(), doc.clone(), "self.created.getHours()"),
        Ok(json!(5))
    );
    assert_eq!(
        eval_with(spec_schema(), doc.clone(), "self.timeout > duration('1m')"),
        Ok(json!(true))
    );
    assert_eq!(
        eval_with(spec_schema(), doc.clone(), "string(self.data)"),
        Ok(json!("hi"))
    );
    let bad = json!({"data": "%%%"});
    let err = eval_with(spec_schema(), bad, "size(self.data) > 0").unwrap_err();
    assert!(err.starts_with("Invalid byte formatted string"), "{err}");
}

#[test]
fn int_or_string_is_either() {
    assert_eq!(
        eval_with(spec_schema(), json!({"port": 80}), "self.port == 80"),
        Ok(json!(true))
    );
    assert_eq!(
        eval_with(
            spec_schema(),
            json!({"port": "http"}),
            "self.port == 'http'"
        ),
        Ok(json!(true))
    );
}

#[test]
fn set_and_map_lists_compare_without_order_on_the_left() {
    let doc =
        json!({"tags": ["a", "b"], "ports": [{"name": "a", "port": 1}, {"name": "b", "port": 2}]});
    assert_eq!(
        eval_with(spec_schema(), doc.clone(), "self.tags == ['b', 'a']"),
        Ok(json!(true))
    );
    assert_eq!(
        eval_with(spec_schema(), doc.clone(), "['b', 'a'] == self.tags"),
        Ok(json!(false))
    );
    assert_eq!(
        eval_with(
            spec_schema(),
            doc.clone(),
            "self.ports == [self.ports[1], self.ports[0]]"
        ),
        Ok(json!(true))
    );
    assert_eq!(
        eval_with(spec_schema(), doc, "self.ports.all(p, p.port > 0)"),
        Ok(json!(true))
    );
}

#[test]
fn set_and_map_lists_add_as_union_and_merge() {
    let doc =
        json!({"tags": ["a", "b"], "ports": [{"name": "a", "port": 1}, {"name": "b", "port": 2}]});
    assert_eq!(
        eval_with(spec_schema(), doc.clone(), "self.tags + ['c', 'a']"),
        Ok(json!(["a", "b", "c"]))
    );
    assert_eq!(
        eval_with(spec_schema(), doc.clone(), "['c', 'a'] + self.tags"),
        Ok(json!(["c", "a", "a", "b"]))
    );
    assert_eq!(
        eval_with(
            spec_schema(),
            doc,
            "(self.ports + dyn([{'name': dyn('b'), 'port': dyn(9)}, {'name': dyn('c'), 'port': dyn(3)}])).map(p, p.port)"
        ),
        Ok(json!([1, 9, 3]))
    );
}

#[test]
fn sum_of_an_empty_list_is_the_zero_of_its_type() {
    let schema = json!({"type": "object", "properties": {
        "ratios": {"type": "array", "items": {"type": "number"}},
        "counts": {"type": "array", "items": {"type": "integer"}}
    }});
    assert_eq!(
        eval_with(
            schema.clone(),
            json!({"ratios": [], "counts": []}),
            "self.ratios.sum() == 0.0 && type(self.ratios.sum()) == double"
        ),
        Ok(json!(true))
    );
    assert_eq!(
        eval_with(
            schema,
            json!({"ratios": [], "counts": []}),
            "type(self.counts.sum()) == int"
        ),
        Ok(json!(true))
    );
}

#[test]
fn maps_from_additional_properties() {
    let doc = json!({"labels": {"app": "web", "tier.k8s.io/x": "1"}});
    assert_eq!(
        eval_with(
            spec_schema(),
            doc.clone(),
            "self.labels['tier.k8s.io/x'] == '1' && 'app' in self.labels"
        ),
        Ok(json!(true))
    );
    assert_eq!(
        eval_with(spec_schema(), doc, "self.labels.all(k, size(k) > 2)"),
        Ok(json!(true))
    );
}

#[test]
fn exponential_string_building_stops_before_allocating() {
    let mut expr = "'xxxxxxxxxx'".to_string();
    for name in ["a", "b", "c", "d", "e", "f", "g", "h", "i"] {
        let tenfold = [name; 10].join(" + ");
        expr = format!("cel.bind({name}, {expr}, {tenfold})");
    }
    let program = Program::compile(&format!("size({expr}) > 0"), &[]).unwrap();
    let start = std::time::Instant::now();
    let out = program.evaluate(&[], PER_CALL_LIMIT);
    assert_eq!(
        out.result.unwrap_err().to_string(),
        "operation cancelled: actual cost limit exceeded"
    );
    assert!(
        start.elapsed().as_secs() < 5,
        "stopped early, not after building the string"
    );
}

/// `[1,2,3].map(v0, [1,2,3].map(v1, ... 1))`, `depth` deep: 3^depth elements.
fn nested_maps(depth: usize) -> String {
    let mut expr = "1".to_string();
    for i in 0..depth {
        expr = format!("[1,2,3].map(v{i}, {expr})");
    }
    format!("{expr}.size() > 0")
}

#[test]
fn huge_ranges_and_products_stop_at_the_cost_limit() {
    for expr in [
        "lists.range(1000000000).size() > 0".to_string(),
        "lists.range(1000).map(a, lists.range(1000).map(b, a * b)).size() > 0".to_string(),
        nested_maps(14),
    ] {
        let out = Program::compile(&expr, &[])
            .unwrap()
            .evaluate(&[], PER_CALL_LIMIT);
        assert_eq!(
            out.result.unwrap_err().to_string(),
            "operation cancelled: actual cost limit exceeded",
            "{expr}"
        );
    }
}

#[test]
fn deep_expressions_evaluate_without_overflowing_the_stack() {
    let deep = format!("{}1{}", "[".repeat(240), "]".repeat(240));
    let program = Program::compile(&format!("size({deep}) == 1"), &[]).unwrap();
    assert!(matches!(
        program.evaluate(&[], PER_CALL_LIMIT).result,
        Ok(Value::Bool(true))
    ));
    let sum = vec!["1"; 240].join(" + ");
    let program = Program::compile(&sum, &[]).unwrap();
    assert!(matches!(
        program.evaluate(&[], PER_CALL_LIMIT).result,
        Ok(Value::Int(240))
    ));
}

#[test]
fn the_object_budget_runs_out_across_rules() {
    use super::CostBudget;
    let program = Program::compile("lists.range(100).all(i, i >= 0)", &[]).unwrap();
    let mut budget = CostBudget::new(1000);
    let mut runs = 0;
    while !budget.is_spent() {
        let out = program.evaluate(&[], budget.limit());
        if budget.deduct(out.cost).is_err() {
            assert!(budget.is_spent());
            break;
        }
        runs += 1;
    }
    assert!((1..5).contains(&runs), "{runs}");
    assert_eq!(budget.deduct(1), Err(super::BUDGET_EXCEEDED));
}

#[test]
fn runaway_expressions_stop_at_the_cost_limit() {
    let program = Program::compile("[1,2,3,4,5,6,7,8,9,10].map(a, [1,2,3,4,5,6,7,8,9,10].map(b, [1,2,3,4,5,6,7,8,9,10].map(c, [1,2,3,4,5,6,7,8,9,10].map(d, [1,2,3,4,5,6,7,8,9,10].map(e, a + b + c + d + e)))))", &[]).unwrap();
    let out = program.evaluate(&[], PER_CALL_LIMIT);
    assert_eq!(
        out.result.unwrap_err().to_string(),
        "operation cancelled: actual cost limit exceeded"
    );
    assert!(out.cost > PER_CALL_LIMIT);
    let program = Program::compile(
        "lists.range(1000).map(i, 'x' + string(i)).join('').size() > 0",
        &[],
    )
    .unwrap();
    assert!(program.evaluate(&[], PER_CALL_LIMIT).result.is_ok());
}

/// Results and actual costs of list-building macros and their neighbours, as the evaluator gave
/// them before `accu + [x]` steps appended in place (every value below was printed by that
/// build): the in-place append must charge exactly what copying charged.
const MACRO_COSTS: &[(&str, Result<&str, &str>, u64)] = &[
    ("[1, 2, 3].map(x, x * 2)", Ok("[2,4,6]"), 63),
    ("[1, 2, 3, 4, 5].filter(x, x % 2 == 1)", Ok("[1,3,5]"), 77),
    ("[1, 2, 3].map(x, x > 1, x * 10)", Ok("[20,30]"), 56),
    ("[1, 2, 3].all(x, x > 0)", Ok("true"), 23),
    ("[1, 2, 3].exists(x, x == 2)", Ok("true"), 23),
    ("[1, 2, 3].exists_one(x, x == 2)", Ok("true"), 22),
    ("[].map(x, x)", Ok("[]"), 21),
    ("lists.range(50).map(x, x).size()", Ok("50"), 712),
    (
        "lists.range(50).filter(x, x % 3 == 0).size()",
        Ok("17"),
        466,
    ),
    (
        "[[1, 2], [3]].map(l, l.map(x, x + 1))",
        Ok("[[2,3],[4]]"),
        131,
    ),
    ("[1, 2, 3].transformList(i, v, v * i)", Ok("[0,2,6]"), 66),
    ("[1, 2, 3].transformList(i, v, i > 0, v)", Ok("[2,3]"), 54),
    ("{'a': 1, 'b': 2}.map(k, k + 'x')", Ok(r#"["ax","bx"]"#), 69),
    ("{'a': 1, 'b': 2}.filter(k, k == 'b')", Ok(r#"["b"]"#), 59),
    ("self.items.map(i, i.name)", Ok(r#"["a","b","c"]"#), 55),
    (
        "self.items.filter(i, i.port > 1).map(i, i.name)",
        Ok(r#"["b","c"]"#),
        88,
    ),
    ("self.items.all(i, i.name.startsWith('a'))", Ok("false"), 14),
    ("self.labels.map(k, self.labels[k])", Ok(r#"["1","2"]"#), 45),
    ("self.nums.map(x, x * 2)", Err("no such overload"), 41),
    ("self.nums.filter(x, x > 1)", Err("no such overload"), 21),
    ("[1, 0, 2].map(x, 10 / x)", Err("division by zero"), 49),
    (
        "[1, 2, 3].map(x, [x, x]).map(p, p.size())",
        Ok("[2,2,2]"),
        146,
    ),
    (
        "{'a': 1, 'b': 2}.transformList(k, v, k + string(v))",
        Ok(r#"["a1","b2"]"#),
        73,
    ),
    ("[1, 2, 3].all(i, v, v > i)", Ok("true"), 26),
    (
        "cel.bind(xs, [1, 2, 3].map(x, x * 2), xs + xs.map(y, y + 1))",
        Ok("[2,4,6,3,5,7]"),
        119,
    ),
    (
        "[1, 2].map(x, [1, 2, 3].filter(y, y <= x))",
        Ok("[[1],[1,2]]"),
        147,
    ),
    ("self.items.map(i, i.port).sum()", Ok("6"), 58),
];

#[test]
fn list_building_macros_cost_what_they_cost_before() {
    let doc = json!({
        "items": [{"name": "a", "port": 1}, {"name": "b", "port": 2}, {"name": "c", "port": 3}],
        "nums": [1, "x", 3],
        "labels": {"a": "1", "bb": "2"},
    });
    for (expr, result, cost) in MACRO_COSTS {
        let out = Program::compile(expr, &["self"])
            .unwrap()
            .evaluate(&[Value::from_json(&doc)], PER_CALL_LIMIT);
        let got = out.result.map(|v| v.to_json().to_string());
        let got = got.as_deref().map_err(|e| e.to_string());
        assert_eq!(got, result.map_err(str::to_string), "{expr}");
        assert_eq!(out.cost, *cost, "{expr}");
    }
    // Stopped part way: the cost at which the limit was passed is the same too.
    for (expr, limit, result, cost) in [
        (
            "lists.range(1000).map(x, x * 2).size()",
            5000,
            Err(LIMIT),
            5001,
        ),
        (
            "lists.range(1000).filter(x, x % 2 == 0).size()",
            5000,
            Err(LIMIT),
            5004,
        ),
        (
            "lists.range(1000).map(x, x * 2).size()",
            100_000,
            Ok("1000"),
            15012,
        ),
    ] {
        let out = Program::compile(expr, &[]).unwrap().evaluate(&[], limit);
        let got = out.result.map(|v| v.to_json().to_string());
        let got = got.as_deref().map_err(|e| e.to_string());
        assert_eq!(got, result.map_err(str::to_string), "{expr}");
        assert_eq!(out.cost, cost, "{expr}");
    }
}

#[test]
fn list_building_steps_are_recognized_as_appends() {
    use super::program::Node;
    for (expr, appends) in [
        ("[1].map(x, x)", true),
        ("[1].map(x, x > 0, x)", true),
        ("[1].filter(x, x > 0)", true),
        ("[1].transformList(i, v, v)", true),
        ("[1].transformList(i, v, i > 0, v)", true),
        ("[1].all(x, x > 0)", false),
        ("[1].exists(x, x > 0)", false),
        ("[1].exists_one(x, x > 0)", false),
        ("{1: 2}.transformMap(k, v, v)", false),
    ] {
        let program = Program::compile(expr, &[]).unwrap();
        let Node::Comprehension(c) = &program.root else {
            panic!("{expr} is not a comprehension")
        };
        assert_eq!(c.append_step().is_some(), appends, "{expr}");
    }
}

const LIMIT: &str = "operation cancelled: actual cost limit exceeded";

/// A `map` over 100,000 items is stopped by the per-call limit after about 71,000 of them, at
/// the cost copying the list each step stopped it at (1,000,001, printed by that build, which
/// took 31 s in release mode to get there; appending in place takes milliseconds).
#[test]
fn a_long_map_is_stopped_by_the_cost_limit() {
    let out = Program::compile("lists.range(100000).map(x, x * 2).size()", &[])
        .unwrap()
        .evaluate(&[], PER_CALL_LIMIT);
    assert_eq!(out.result.unwrap_err().to_string(), LIMIT);
    assert_eq!(out.cost, 1_000_001);
}

/// A field selected on null misses its key, as cel-go's attribute qualifier has it (an
/// admission policy's `object.metadata.name` on a DELETE, where `object` is null); a presence
/// test on null is false.
#[test]
fn selecting_on_null_misses_the_key() {
    let run = |expr: &str| {
        let program = Program::compile(expr, &["object"]).unwrap();
        let out = program.evaluate(&[Value::from_json(&json!(null))], PER_CALL_LIMIT);
        out.result.map(|v| v.to_json()).map_err(|e| e.to_string())
    };
    assert_eq!(
        run("object.metadata.name"),
        Err("no such key: metadata".to_string())
    );
    assert_eq!(run("has(object.metadata)"), Ok(json!(false)));
    assert_eq!(run("object == null"), Ok(json!(true)));
}
