//! The opt-in `mutation` library through the compiler: `Object` and `JSONPatch` literals, their
//! types and fields, `jsonpatch.escapeKey`, the type-name check of apply configurations, and the
//! library being off by default (as in every expression but a mutation's).

use super::{CelType, CheckOptions, ExtraLibraries, ExtraLibrary, Program, Value, PER_CALL_LIMIT};
use serde_json::json;

fn enabled() -> CheckOptions {
    CheckOptions {
        libraries: ExtraLibraries::NONE.with(ExtraLibrary::Mutation),
        ..CheckOptions::default()
    }
}

fn compile(expr: &str) -> Result<Program, String> {
    Program::compile_checked(expr, &[("object", CelType::Dyn)], enabled())
        .map_err(|e| e.to_string())
}

/// `expr` with `object` the given JSON: the result as JSON.
fn eval(expr: &str, object: serde_json::Value) -> Result<serde_json::Value, String> {
    let program = compile(expr)?;
    let out = program.evaluate(&[Value::from_json(&object)], PER_CALL_LIMIT);
    out.result.map(|v| v.to_json()).map_err(|e| e.to_string())
}

#[test]
fn object_literals_build_apply_configurations() {
    let expr = "Object{spec: Object.spec{replicas: object.spec.replicas % 2 == 0 ? object.spec.replicas + 1 : object.spec.replicas}}";
    assert_eq!(
        eval(expr, json!({"spec": {"replicas": 2}})),
        Ok(json!({"spec": {"replicas": 3}}))
    );
    assert_eq!(compile(expr).unwrap().result_type().to_string(), "Object");
    // Optional fields are left out when empty.
    assert_eq!(
        eval("Object{?a: optional.none(), b: 1}", json!({})),
        Ok(json!({"b": 1}))
    );
    assert_eq!(eval("has(Object{}.f)", json!({})), Ok(json!(false)));
    assert_eq!(eval("Object{f: 'x'}.f", json!({})), Ok(json!("x")));
    assert_eq!(
        eval("Object{f: 'x'} == Object{f: 'x'}", json!({})),
        Ok(json!(true))
    );
    assert_eq!(
        eval("dyn(Object{f: 'x'}) == dyn(Object.a{f: 'x'})", json!({})),
        Ok(json!(false))
    );
    // No schema: any field name compiles.
    assert!(compile("Object{spec: Object.spec{replicasx: 1}}").is_ok());
}

#[test]
fn json_patch_fields_are_typed() {
    let program = compile("[JSONPatch{op: 'add', path: '/spec/x', value: 1}]").unwrap();
    assert_eq!(program.result_type().to_string(), "list(JSONPatch)");
    assert_eq!(
        compile("JSONPatch{op: 1}").unwrap_err(),
        "ERROR: <input>:1:13: expected type of field 'op' is 'string' but provided type is 'int'\n | JSONPatch{op: 1}\n | ............^"
    );
    assert!(compile("JSONPatch{foo: 1}")
        .unwrap_err()
        .contains("undefined field 'foo'"));
    assert_eq!(
        eval(
            "[has(JSONPatch{}.op), has(JSONPatch{value: null}.value)]",
            json!({})
        ),
        Ok(json!([false, true]))
    );
    assert_eq!(eval("JSONPatch{}.path", json!({})), Ok(json!("")));
}

#[test]
fn escape_key_makes_one_pointer_token() {
    assert_eq!(
        eval(
            "'/metadata/labels/' + jsonpatch.escapeKey('k8s.io/x~y')",
            json!({})
        ),
        Ok(json!("/metadata/labels/k8s.io~1x~0y"))
    );
}

#[test]
fn the_library_is_off_by_default() {
    let off = Program::compile_checked("Object{}", &[], CheckOptions::default())
        .unwrap_err()
        .to_string();
    assert!(off.contains("undeclared reference to 'Object'"), "{off}");
    let off = Program::compile_checked("jsonpatch.escapeKey('a')", &[], CheckOptions::default())
        .unwrap_err()
        .to_string();
    assert!(off.contains("undeclared reference to 'jsonpatch'"), "{off}");
}

#[test]
fn nested_type_names_must_follow_the_field_path() {
    let names = |expr: &str| {
        let program = compile(expr).unwrap();
        let doc = json!({});
        let out = program.evaluate(&[Value::from_json(&doc)], PER_CALL_LIMIT);
        match out.result.unwrap() {
            Value::Struct(s) => s.type_name_mismatches(),
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(names("Object{spec: Object.spec{template: Object.spec.template{spec: Object.spec.template.spec{containers: [Object.spec.template.spec.containers{name: 'a'}]}}}}"), Vec::<String>::new());
    assert_eq!(
        names("Object{spec: Object.specx{replicas: 1}}"),
        vec!["type mismatch: unexpected type name \"Object.specx\", expected \"Object.spec\", which matches field name path from root Object type"]
    );
    assert_eq!(
        names("Object{spec: Object.spec{c: [Object.spec.cx{}]}}"),
        vec!["type mismatch: unexpected type name \"Object.spec.cx\", expected \"Object.spec.c\", which matches field name path from root Object type"]
    );
    // A value is checked from its own name down.
    assert_eq!(names("Object.invalid{replicas: 1}"), Vec::<String>::new());
}
