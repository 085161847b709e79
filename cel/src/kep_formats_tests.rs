//! The opt-in `kep-formats` library through the compiler: results in both spellings of a
//! format name, type errors, the library being off by default, and costs.

use super::decl::{Decl, NoDefinitions};
use super::rule::{
    compile_rule, compile_rule_with_options, CompileOptions, CompiledRule, ExpressionKind,
};
use super::{CelType, CheckOptions, ExtraLibraries, ExtraLibrary, Program, Value, PER_CALL_LIMIT};
use serde_json::json;

fn enabled() -> CheckOptions {
    CheckOptions {
        libraries: ExtraLibraries::NONE.with(ExtraLibrary::KepFormats),
        ..CheckOptions::default()
    }
}

fn compile(expr: &str, options: CheckOptions) -> Result<Program, String> {
    Program::compile_checked(expr, &[("self", CelType::String)], options).map_err(|e| e.to_string())
}

/// `expr` with the library on and `self` the string `value`: the result as JSON.
fn eval(expr: &str, value: &str) -> Result<serde_json::Value, String> {
    let program = compile(expr, enabled())?;
    let doc = json!(value);
    let out = program.evaluate(&[Value::from_json(&doc)], PER_CALL_LIMIT);
    out.result.map(|v| v.to_json()).map_err(|e| e.to_string())
}

const LABEL_MSG: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

#[test]
fn is_format_accepts_both_spellings() {
    for name in ["dns1123Label", "k8s-short-name"] {
        let expr = format!("self.isFormat('{name}')");
        assert_eq!(eval(&expr, "my-name"), Ok(json!(true)), "{name}");
        assert_eq!(eval(&expr, "My_Name"), Ok(json!(false)), "{name}");
        assert_eq!(eval(&expr, "a.b"), Ok(json!(false)), "{name}");
    }
    for name in ["dns1123Subdomain", "k8s-long-name"] {
        let expr = format!("self.isFormat('{name}')");
        assert_eq!(eval(&expr, "example.com"), Ok(json!(true)), "{name}");
        assert_eq!(eval(&expr, "Example.com"), Ok(json!(false)), "{name}");
    }
    for name in ["labelValue", "k8s-label-value"] {
        let expr = format!("self.isFormat('{name}')");
        assert_eq!(eval(&expr, ""), Ok(json!(true)), "{name}");
        assert_eq!(eval(&expr, "a/b"), Ok(json!(false)), "{name}");
    }
    for name in ["qualifiedName", "k8s-label-key"] {
        let expr = format!("self.isFormat('{name}')");
        assert_eq!(eval(&expr, "example.com/MyName"), Ok(json!(true)));
        assert_eq!(eval(&expr, "a/b/c"), Ok(json!(false)));
    }
    let upper = "123E4567-E89B-12D3-A456-426614174000";
    assert_eq!(eval("self.isFormat('uuid')", upper), Ok(json!(true)));
    assert_eq!(eval("self.isFormat('k8s-uuid')", upper), Ok(json!(false)));
    assert_eq!(
        eval("self.isFormat('k8s-uuid')", &upper.to_ascii_lowercase()),
        Ok(json!(true))
    );
}

#[test]
fn validate_format_gives_the_format_librarys_messages() {
    assert_eq!(
        eval("self.validateFormat('k8s-short-name')", "my-name"),
        Ok(json!([]))
    );
    assert_eq!(
        eval("self.validateFormat('k8s-short-name')", "My_Name"),
        Ok(json!([LABEL_MSG]))
    );
    assert_eq!(
        eval("self.validateFormat('dns1123Label')", &"a".repeat(64)),
        Ok(json!(["must be no more than 63 characters"]))
    );
    assert_eq!(
        eval("self.validateFormat('uuid')", "nope"),
        Ok(json!(["does not match the UUID format"]))
    );
    assert_eq!(
        eval("self.validateFormat('k8s-uuid')", "nope"),
        Ok(json!(["must be a lowercase UUID in 8-4-4-4-12 format"]))
    );
    // The same messages as the format library's own call, for every name it has.
    for name in super::library::formats::names() {
        for value in [
            "",
            "a",
            "My_Name",
            "a.b",
            "2021-01-01",
            "aGVsbG8=",
            "/x",
            "-",
        ] {
            let ours = eval(&format!("self.validateFormat('{name}')"), value);
            let theirs = eval(
                &format!("format.{name}().validate(self).orValue([])"),
                value,
            );
            assert_eq!(ours, theirs, "{name} on {value:?}");
        }
    }
}

#[test]
fn a_computed_name_is_looked_up_when_evaluated() {
    assert_eq!(eval("self.isFormat('uu' + 'id')", "x"), Ok(json!(false)));
    assert_eq!(
        eval(
            "['k8s-short-name', 'uuid'].all(f, self.isFormat(f))",
            "my-name"
        ),
        Ok(json!(false))
    );
    assert_eq!(
        eval("self.validateFormat('no' + 'pe')", "x"),
        Err("unknown format name \"nope\"".to_string())
    );
}

#[test]
fn only_strings_are_checked_for_a_format() {
    assert_eq!(
        compile("1.isFormat('uuid')", enabled()).unwrap_err(),
        "ERROR: <input>:1:11: found no matching overload for 'isFormat' applied to 'int.(string)'\n | 1.isFormat('uuid')\n | ..........^"
    );
    assert_eq!(
        compile("self.validateFormat(1)", enabled()).unwrap_err(),
        "ERROR: <input>:1:20: found no matching overload for 'validateFormat' applied to 'string.(int)'\n | self.validateFormat(1)\n | ...................^"
    );
    assert_eq!(
        compile("self.isFormat()", enabled()).unwrap_err(),
        "ERROR: <input>:1:14: found no matching overload for 'isFormat' applied to 'string.()'\n | self.isFormat()\n | .............^"
    );
    // The result types: a bool and a list of strings.
    assert_eq!(
        compile("self.validateFormat('uuid')", enabled())
            .unwrap()
            .result_type(),
        &CelType::List(Box::new(CelType::String))
    );
    assert!(compile("self.validateFormat('uuid') + 1", enabled()).is_err());
}

#[test]
fn an_unknown_constant_name_is_a_compile_error_at_the_name() {
    let err = compile("self.isFormat('dns1123label')", enabled()).unwrap_err();
    assert!(
        err.starts_with("ERROR: <input>:1:15: unknown format name \"dns1123label\" (known: dns1123Label, dns1123Subdomain, "),
        "{err}"
    );
    assert!(err.contains("k8s-short-name, k8s-long-name, dns1035label, k8s-label-key, k8s-label-value, k8s-uuid)"), "{err}");
    assert!(
        err.ends_with("\n | self.isFormat('dns1123label')\n | ..............^"),
        "{err}"
    );
}

#[test]
fn the_library_is_off_unless_enabled() {
    assert_eq!(
        compile("self.isFormat('uuid')", CheckOptions::default()).unwrap_err(),
        "ERROR: <input>:1:14: undeclared reference to 'isFormat' (in container '')\n | self.isFormat('uuid')\n | .............^"
    );
    let decl = string_decl(63);
    let err = compile_rule(
        "self.validateFormat('uuid').size() == 0",
        &decl,
        false,
        ExpressionKind::Rule,
    )
    .unwrap_err();
    assert_eq!(
        err.issues[0].message,
        "undeclared reference to 'validateFormat' (in container '')"
    );
    assert!(rule("self.validateFormat('uuid').size() == 0", &decl).is_ok());
    // Unchecked compilation never has the library: the call fails when it is reached.
    let unchecked = Program::compile_with("'x'.isFormat('uuid')", &[], false).unwrap();
    assert_eq!(
        unchecked
            .evaluate(&[], PER_CALL_LIMIT)
            .result
            .unwrap_err()
            .to_string(),
        "no matching overload for 'isFormat'"
    );
}

fn string_decl(max_length: u64) -> Decl {
    let schema = json!({"type": "string", "maxLength": max_length});
    Decl::from_schema(&schema, &NoDefinitions)
}

fn rule(source: &str, decl: &Decl) -> Result<CompiledRule, String> {
    let options = CompileOptions {
        libraries: ExtraLibraries::NONE.with(ExtraLibrary::KepFormats),
    };
    compile_rule_with_options(source, decl, false, ExpressionKind::Rule, 1, options)
        .map_err(|e| e.to_string())
}

#[test]
fn costs_are_charged_like_a_format_validation() {
    // maxLength 63 is at most 252 code points in the estimate: ceil(253 / 10) = 26 tenths, each
    // charged ceil(128 / 4) = 32 for dns1123Label (regex size 30, below Kubernetes' 128).
    let decl = string_decl(63);
    let label = rule("self.isFormat('k8s-short-name')", &decl).unwrap();
    assert_eq!(label.estimated_cost, 1 + 26 * 32);
    let messages = rule("self.validateFormat('dns1123Label').size() == 0", &decl).unwrap();
    assert_eq!(messages.estimated_cost, 1 + 26 * 32 + 1 + 1);
    // uri's regex size is 1103: 276 per tenth; so is a computed name's, the largest there is.
    let uri = rule("self.isFormat('uri')", &decl).unwrap();
    assert_eq!(uri.estimated_cost, 1 + 26 * 276);
    let computed = rule("self.isFormat('u' + 'ri')", &decl).unwrap();
    assert_eq!(computed.estimated_cost, 1 + 26 * 276 + 1);

    // Actually: "my-name" is ceil(8 / 10) = 1 tenth at ceil(30 / 4) = 8; the variable costs 1.
    let actual = |r: &CompiledRule, value: &str| {
        let doc = json!(value);
        let out = r
            .program
            .evaluate(&[Value::from_json_decl(&doc, &decl)], PER_CALL_LIMIT);
        assert!(out.result.is_ok(), "{:?}", out.result);
        out.cost
    };
    assert_eq!(actual(&label, "my-name"), 1 + 8);
    assert_eq!(actual(&label, &"a".repeat(63)), 1 + 7 * 8);
    assert_eq!(actual(&uri, "http://example.com"), 1 + 2 * 276);
    assert!(actual(&label, &"a".repeat(63)) <= label.estimated_cost);
}

#[test]
fn the_per_call_limit_stops_a_validation_before_it_runs() {
    let program = compile("self.isFormat('uri')", enabled()).unwrap();
    let long = json!("a".repeat(40_000));
    let out = program.evaluate(&[Value::from_json(&long)], PER_CALL_LIMIT);
    assert_eq!(
        out.result.unwrap_err().to_string(),
        "operation cancelled: actual cost limit exceeded"
    );
}
