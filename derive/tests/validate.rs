//! Derived validators against the schema walk: for each value, `value.validate()` must give
//! exactly the errors `kubeidl::validate::Validator` gives for the same value serialized to
//! JSON and checked against the type's own `openapi_schema()`, CEL rules included (the derived
//! validator runs them on the typed value in place).

use kubeidl::errors::FieldError;
use kubeidl::schema::Schema;
use kubeidl::typed::{Definition, Validate};
use kubeidl::validate::Validator;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

#[path = "../../testdata/go/parity/apimachinery/types.rs"]
#[allow(dead_code)]
mod apimachinery;
#[path = "../../testdata/go/parity/bounds/types.rs"]
#[allow(dead_code)]
mod bounds;
#[path = "../../testdata/go/parity/crd/types.rs"]
#[allow(dead_code)]
mod crd;
#[path = "../../testdata/go/parity/enum_unions/types.rs"]
#[allow(dead_code)]
mod enum_unions;
#[path = "../../testdata/go/parity/enums/types.rs"]
#[allow(dead_code)]
mod enums;
#[path = "../../testdata/go/parity/lists/types.rs"]
#[allow(dead_code)]
mod lists;
#[path = "../../testdata/go/parity/newtypes/types.rs"]
#[allow(dead_code)]
mod newtypes;
#[path = "../../testdata/go/parity/rules/types.rs"]
#[allow(dead_code)]
mod rules;
#[path = "../../testdata/go/parity/selected/types.rs"]
#[allow(dead_code)]
mod selected;
#[path = "../../testdata/go/parity/strings/types.rs"]
#[allow(dead_code)]
mod strings;
#[path = "../../testdata/go/parity/templates/types.rs"]
#[allow(dead_code)]
mod templates;
#[path = "../../testdata/go/parity/unions/types.rs"]
#[allow(dead_code)]
mod unions;
#[path = "../../testdata/go/parity/variant_fields/types.rs"]
#[allow(dead_code)]
mod variant_fields;

fn validator<T: Definition>() -> Validator {
    let defs: HashMap<String, Schema> = T::openapi_schema().schemas.into_iter().collect();
    let root = Schema::reference_to(&T::definition_name());
    Validator::with_definitions(&root, Arc::new(defs)).unwrap()
}

/// The schema walk's errors for `value`.
fn walked<T: Definition + Serialize>(value: &T) -> Vec<String> {
    let json = serde_json::to_value(value).unwrap();
    let report = validator::<T>().validate(&json);
    strings(&report.errors)
}

fn strings(errors: &[FieldError]) -> Vec<String> {
    errors.iter().map(FieldError::to_string).collect()
}

/// An update checked both ways: the derived `validate_update` must give the schema walk's
/// errors and warnings for the two values serialized. Returns (errors, warnings).
fn assert_same_update<T: Definition + Validate + Serialize>(
    new: &T,
    old: &T,
) -> (Vec<String>, Vec<String>) {
    let derived = new.validate_update(old);
    let (new_json, old_json) = (
        serde_json::to_value(new).unwrap(),
        serde_json::to_value(old).unwrap(),
    );
    let walked = validator::<T>().validate_update(&new_json, &old_json);
    let pair = |r: &kubeidl::validate::Report| (strings(&r.errors), strings(&r.warnings));
    assert_eq!(
        pair(&derived),
        pair(&walked),
        "derived update vs schema walk"
    );
    pair(&derived)
}

fn derived<T: Validate>(value: &T) -> Vec<String> {
    value.validate().iter().map(FieldError::to_string).collect()
}

fn assert_same<T: Definition + Validate + Serialize>(value: &T) -> Vec<String> {
    let d = derived(value);
    assert_eq!(d, walked(value), "derived validator vs schema walk");
    d
}

const NOT_CHECKED: &str = "<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation";

fn inner(count: u16) -> bounds::Inner {
    bounds::Inner {
        count,
        keys: BTreeMap::new(),
    }
}

fn limits() -> bounds::Limits {
    bounds::Limits {
        replicas: 3,
        ratio: Some(1.5),
        weight: 0,
        threshold: None,
        small: 0,
        port: 0,
        enabled: true,
        sizes: vec![1],
        labels: BTreeMap::new(),
        name: "web".into(),
        note: String::new(),
        data: Vec::new(),
        inner: None,
        items: Vec::new(),
        required: inner(1),
        tiers: Vec::new(),
        limit: None,
        level: 0,
        opaque: None,
    }
}

#[test]
fn a_valid_value_has_no_errors() {
    assert_eq!(assert_same(&limits()), Vec::<String>::new());
}

#[test]
fn bounds_lengths_and_counts() {
    let mut v = limits();
    v.replicas = -1;
    v.ratio = Some(10.0);
    v.weight = 10;
    v.threshold = Some(0.0);
    v.port = 70000;
    v.sizes = (0..9).collect();
    v.labels = (0..17).map(|i| (format!("k{i}"), String::new())).collect();
    v.name = "x".repeat(64);
    v.note = "é".repeat(257);
    v.items = vec![inner(4), inner(0)];
    v.required = inner(9);
    v.inner = Some(Box::new(inner(5)));
    let errors = assert_same(&v);
    assert_eq!(
        errors,
        [
            "inner.count: Invalid value: 5: inner.count in body should be less than or equal to 3",
            "items[0].count: Invalid value: 4: items[0].count in body should be less than or equal to 3",
            "labels: Too many: 17: must have at most 16 items",
            "name: Too long: may not be more than 63 bytes",
            "note: Too long: may not be more than 256 bytes",
            "port: Invalid value: 70000: port in body should be less than or equal to 65535",
            "ratio: Invalid value: 10: ratio in body should be less than 10",
            "replicas: Invalid value: -1: replicas in body should be greater than or equal to 0",
            "required.count: Invalid value: 9: required.count in body should be less than or equal to 3",
            "sizes: Too many: 9: must have at most 8 items",
            "threshold: Invalid value: 0: threshold in body should be greater than 0",
            "weight: Invalid value: 10: weight in body should be less than or equal to 9",
        ]
    );
}

#[test]
fn multiple_of_minimum_length_and_min_items() {
    let mut v = limits();
    v.ratio = Some(0.75);
    v.name = String::new();
    v.sizes = Vec::new();
    let errors = assert_same(&v);
    assert_eq!(
        errors,
        [
            "name: Invalid value: \"\": name in body should be at least 1 chars long",
            "ratio: Invalid value: 0.75: ratio in body should be a multiple of 0.5",
        ]
    );
}

fn names() -> strings::Names {
    strings::Names {
        name: "web".into(),
        alias: String::new(),
        code: String::new(),
        unique_id: String::new(),
        owner: String::new(),
        contact: String::new(),
        tier: String::new(),
        mode: String::new(),
        secret: None,
        host: String::new(),
        label: String::new(),
    }
}

#[test]
fn custom_messages_and_reasons_replace_the_keywords_own() {
    let mut v = names();
    v.label = "a".repeat(17);
    assert_eq!(
        assert_same(&v),
        ["label: Too long: must be at most 16 letters", NOT_CHECKED]
    );
    assert_eq!(
        kubeidl::typed::Validate::validate(&v)[0]
            .error_type
            .reason(),
        "FieldValueTooLong"
    );
    v.label = "Abc".into();
    assert_eq!(
        assert_same(&v),
        // A Forbidden error does not keep rules from running (as the walk decides).
        ["label: Forbidden: must be lower-case letters"]
    );
    assert_eq!(
        kubeidl::typed::Validate::validate(&v)[0]
            .error_type
            .reason(),
        "FieldValueForbidden"
    );
}

#[test]
fn formats_patterns_and_enums() {
    assert_eq!(assert_same(&names()), Vec::<String>::new());
    let mut v = names();
    v.code = "abc".into();
    v.tier = "platinum".into();
    v.host = "Bad Host".into();
    v.contact = "not-an-email".into();
    let errors = assert_same(&v);
    assert_eq!(
        errors,
        [
            "code: Invalid value: \"abc\": code in body should match '^[A-Z]+$'",
            "contact: Invalid value: \"not-an-email\": contact in body must be of type email: \"not-an-email\"",
            "host: Invalid value: \"Bad Host\": host in body should match '^[a-z0-9.:-]+$'",
            "tier: Unsupported value: \"platinum\": supported values: \"gold\", \"silver\", \"bronze\"",
            NOT_CHECKED,
        ]
    );
    let mut v = names();
    v.code = "A".into();
    assert_eq!(
        assert_same(&v),
        ["code: Invalid value: \"A\": code in body should be at least 2 chars long"]
    );
}

#[test]
fn items_and_values() {
    let mut v = lists::Lists {
        tags: vec!["a".into(), "x".repeat(17)],
        ports: vec![lists::Port {
            name: "http".into(),
            protocol: "TCP".into(),
            number: 0,
        }],
        hosts: Vec::new(),
        targets: Vec::new(),
        backends: Vec::new(),
        labels: BTreeMap::from([("app".into(), "y".repeat(64))]),
        selector: BTreeMap::new(),
        matrix: Vec::new(),
    };
    let errors = assert_same(&v);
    assert_eq!(
        errors,
        [
            "labels.app: Too long: may not be more than 63 bytes",
            "ports[0].number: Invalid value: 0: ports[0].number in body should be greater than or equal to 1",
            "tags[1]: Too long: may not be more than 16 bytes",
            NOT_CHECKED,
        ]
    );
    v.tags.clear();
    v.ports.clear();
    v.labels.clear();
    assert_eq!(assert_same(&v), Vec::<String>::new());
}

fn range() -> rules::Range {
    rules::Range {
        min: 1,
        max: 10,
        step: 0,
        unit: "s".into(),
        pool: None,
        zone: None,
        strategy: rules::Strategy::default(),
        labels: BTreeMap::new(),
    }
}

#[test]
fn cel_rules_run_on_the_typed_value() {
    assert_eq!(assert_same(&range()), Vec::<String>::new());
    let mut v = range();
    v.min = 20;
    v.strategy.r#type = "Recreate".into();
    v.strategy.rolling_update = Some(rules::RollingUpdate { max_surge: Some(1) });
    v.labels.insert("k".repeat(64), "v".into());
    assert_eq!(
        assert_same(&v),
        [
            "<nil>: Invalid value: min must not exceed max",
            format!("labels: Invalid value: a key is longer than 63: {}", "k".repeat(64)).as_str(),
            "strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is Recreate",
        ]
    );
    v.max = 5000;
    assert_eq!(
        assert_same(&v)[..2],
        [
            "<nil>: Invalid value: the range is at most 1000 wide",
            format!(
                "labels: Invalid value: a key is longer than 63: {}",
                "k".repeat(64)
            )
            .as_str(),
        ]
    );
}

#[test]
fn a_failed_value_check_keeps_rules_from_running() {
    let mut v = range();
    v.min = 20;
    v.unit = String::new();
    v.labels = (0..17).map(|i| (i.to_string(), String::new())).collect();
    let errors = assert_same(&v);
    assert_eq!(errors.last().map(String::as_str), Some(NOT_CHECKED));
    assert!(!errors.iter().any(|e| e.contains("min must not exceed max")));
}

#[test]
fn transition_rules_see_the_old_value() {
    let mut old = range();
    old.step = 5;
    old.pool = Some("a".into());
    let mut new = range();
    new.step = 4;
    new.unit = "ms".into();
    new.zone = Some("z".into());
    let (errors, warnings) = assert_same_update(&new, &old);
    assert_eq!(
        errors,
        [
            "pool: Invalid value: field cannot be cleared once set",
            "zone: Invalid value: field cannot be set once created",
            "step: Invalid value: 4: step may only grow",
            "unit: Invalid value: \"ms\": field is immutable",
        ]
    );
    assert!(warnings.is_empty());
    assert_eq!(assert_same_update(&old, &old), (Vec::new(), Vec::new()));
}

#[test]
fn an_unchanged_value_ratchets() {
    let mut old = range();
    old.min = 20;
    old.labels.insert("k".repeat(64), "v".into());
    let mut new = range();
    new.min = 20;
    new.labels = old.labels.clone();
    new.unit = old.unit.clone();
    // Both rules fail on values the old object already had: warnings, not errors.
    let (errors, warnings) = assert_same_update(&new, &old);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    // A changed value fails again.
    new.labels.insert("j".repeat(64), "v".into());
    let (errors, warnings) = assert_same_update(&new, &old);
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(warnings.is_empty());
}

#[test]
fn union_rules_and_flattened_members() {
    let source = unions::Source {
        kind: "Git".into(),
        git: None,
        oci: Some("registry/x".into()),
    };
    let errors = assert_same(&source);
    assert_eq!(
        errors,
        [
            "git: Invalid value: must be specified when `kind` is \"Git\"",
            "oci: Invalid value: may only be specified when `kind` is \"OCI\"",
        ]
    );
    let volume = unions::Volume {
        name: "v".into(),
        source: unions::VolumeSource {
            host_path: Some("/x".into()),
            size: 0,
        },
        days: Some(1),
        forever: Some(true),
    };
    assert_eq!(
        assert_same(&volume),
        ["<nil>: Invalid value: must specify at most one of: `days`, `forever`"]
    );
}

/// Enums with data are unions: each variant's member checks its own tags (and its type's), and
/// the union rules, which hold for every value serde writes, run natively on the enum in place
/// and agree with evaluation; JSON that no variant writes is refused by the schema.
#[test]
fn enums_with_data_validate_as_the_union_they_are_written_as() {
    use enum_unions::{GitSource, Mount, Source, Target};
    let git = |url: &str| GitSource { url: url.into() };
    let valid = [
        Source::Git {
            git: git("example.com"),
        },
        Source::Oci {
            oci: "registry/x".into(),
        },
        Source::Inline,
    ];
    for v in &valid {
        assert_eq!(assert_same(v), Vec::<String>::new(), "{v:?}");
        assert!(
            assert_native_agrees(v) > 0,
            "union rules run natively: {v:?}"
        );
    }
    assert_eq!(
        assert_same(&Source::Oci {
            oci: "x".repeat(254)
        }),
        ["oci: Too long: may not be more than 253 bytes", NOT_CHECKED]
    );
    assert_eq!(
        assert_same(&Source::Git { git: git("Not A Name") }),
        [
            "git.url: Invalid value: \"Not A Name\": git.url in body must be of type k8s-long-name: \"Not A Name\"",
            NOT_CHECKED,
        ]
    );
    for v in [Target::Bucket(git("b")), Target::Path("/p".into())] {
        assert_eq!(assert_same(&v), Vec::<String>::new(), "{v:?}");
        assert_native_agrees(&v);
    }
    let mount = Mount {
        source: Source::Oci { oci: String::new() },
        target: Some(Target::Path(String::new())),
    };
    assert_eq!(
        assert_same(&mount),
        ["target.path: Invalid value: \"\": target.path in body should be at least 1 chars long"]
    );
    // What no variant writes: the schema's union rules refuse it.
    let walk = |json: serde_json::Value| strings(&validator::<Source>().validate(&json).errors);
    assert_eq!(
        walk(serde_json::json!({"kind": "Git", "oci": "x"})),
        [
            "git: Invalid value: must be specified when `kind` is \"Git\"",
            "oci: Invalid value: may only be specified when `kind` is \"OCI\"",
        ]
    );
    assert_eq!(
        walk(serde_json::json!({"oci": "x"})),
        // The tag, like Go's `Kind string`, defaults to "", which names no variant.
        [
            "kind: Unsupported value: \"\": supported values: \"Git\", \"OCI\", \"Inline\"",
            "<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation"
        ]
    );
    assert_eq!(
        walk(serde_json::json!({"kind": "Bitbucket"})),
        ["kind: Unsupported value: \"Bitbucket\": supported values: \"Git\", \"OCI\", \"Inline\"", "<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation"]
    );
    let walk = |json: serde_json::Value| strings(&validator::<Target>().validate(&json).errors);
    assert_eq!(
        walk(serde_json::json!({"bucket": {"url": "b"}, "path": "/p"})),
        ["<nil>: Invalid value: must specify exactly one of: `bucket`, `path`"]
    );
    // The JSON serde writes is the schema's: each value round-trips.
    for v in &valid {
        let json = serde_json::to_value(v).unwrap();
        assert_eq!(&serde_json::from_value::<Source>(json).unwrap(), v);
    }
}

/// An enum tagged internally whose variants have several fields: each field checks its own
/// tags where its variant is taken, the rules of which fields each variant has hold for every
/// value serde writes (natively, on the enum in place) and refuse JSON no variant writes.
#[test]
fn variants_of_several_fields_validate_as_the_object_they_are_written_as() {
    use variant_fields::Auth;
    let valid = [
        Auth::Basic {
            username: "ada".into(),
            secret_ref: "basic-auth".into(),
        },
        Auth::Token {
            secret_ref: "token".into(),
            audience: Some("api".into()),
        },
        Auth::Token {
            secret_ref: "token".into(),
            audience: None,
        },
        Auth::Anonymous,
    ];
    for v in &valid {
        assert_eq!(assert_same(v), Vec::<String>::new(), "{v:?}");
        assert_native_agrees(v);
        let json = serde_json::to_value(v).unwrap();
        assert_eq!(&serde_json::from_value::<Auth>(json).unwrap(), v);
    }
    assert_eq!(
        assert_same(&Auth::Basic {
            username: String::new(),
            secret_ref: "Not A Name".into(),
        }),
        [
            "secretRef: Invalid value: \"Not A Name\": secretRef in body must be of type k8s-long-name: \"Not A Name\"",
            "username: Invalid value: \"\": username in body should be at least 1 chars long",
            NOT_CHECKED,
        ]
    );
    let walk = |json: serde_json::Value| strings(&validator::<Auth>().validate(&json).errors);
    assert_eq!(
        walk(serde_json::json!({"type": "Token", "username": "ada", "audience": "api"})),
        [
            "username: Invalid value: may only be specified when `type` is \"Basic\"",
            "secretRef: Invalid value: must be specified when `type` is one of \"Basic\", \"Token\"",
        ]
    );
    assert_eq!(
        walk(serde_json::json!({"type": "Anonymous", "secretRef": "s"})),
        ["secretRef: Invalid value: may only be specified when `type` is one of \"Basic\", \"Token\""]
    );
}

/// Updates of enums with data ratchet as the walk does: an error on a field unchanged from the
/// old value is a warning, on a changed one an error, and a change of kind checks the new
/// variant's fields afresh.
#[test]
fn enums_with_data_ratchet_on_update() {
    use variant_fields::Auth;
    let basic = |username: &str, secret_ref: &str| Auth::Basic {
        username: username.into(),
        secret_ref: secret_ref.into(),
    };
    let stored = basic("", "Not A Name");
    let (errors, warnings) = assert_same_update(&stored, &stored);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    let (errors, warnings) = assert_same_update(&basic("", "Still Not"), &stored);
    assert_eq!(
        errors,
        ["secretRef: Invalid value: \"Still Not\": secretRef in body must be of type k8s-long-name: \"Still Not\"", NOT_CHECKED]
    );
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    let token = Auth::Token {
        secret_ref: "Not A Name".into(),
        audience: None,
    };
    // The kind changed, the secretRef did not: its error stays a warning, as the walk
    // ratchets by path and value.
    let (errors, warnings) = assert_same_update(&token, &stored);
    assert_eq!(
        (errors.len(), warnings.len()),
        (0, 1),
        "{errors:?} {warnings:?}"
    );
    assert!(warnings[0].starts_with("secretRef: "), "{warnings:?}");
}

/// An adjacently tagged enum whose variants hold one type: the content checks that type's tags,
/// and the rules tie it to the kinds that have it.
#[test]
fn adjacently_tagged_variants_validate_as_tag_and_content() {
    use variant_fields::{Backend, ServiceName};
    let name = |n: &str| ServiceName(n.into());
    for v in [
        Backend::Service(name("web")),
        Backend::Pod(name("web-0")),
        Backend::Default,
    ] {
        assert_eq!(assert_same(&v), Vec::<String>::new(), "{v:?}");
        assert_native_agrees(&v);
        let json = serde_json::to_value(&v).unwrap();
        assert_eq!(serde_json::from_value::<Backend>(json).unwrap(), v);
    }
    assert_eq!(
        assert_same(&Backend::Pod(name("Web"))),
        [
            "name: Invalid value: \"Web\": name in body must be of type k8s-short-name: \"Web\"",
            NOT_CHECKED,
        ]
    );
    let walk = |json: serde_json::Value| strings(&validator::<Backend>().validate(&json).errors);
    assert_eq!(
        walk(serde_json::json!({"kind": "Default", "name": "web"})),
        ["name: Invalid value: may only be specified when `kind` is one of \"Service\", \"Pod\""]
    );
    assert_eq!(
        walk(serde_json::json!({"kind": "Pod"})),
        ["name: Invalid value: must be specified when `kind` is one of \"Service\", \"Pod\""]
    );
}

/// For each of the root type's own rules that the derive compiled to Rust, the generated code
/// gives evaluation's result and cost, or leaves the rule to evaluation, which then fails (an
/// overflow). Returns how many rules ran as Rust.
fn assert_native_agrees<T: Validate + kubeidl::cel::native::NativeObject>(v: &T) -> usize {
    use kubeidl::cel::rule::{compile_rule, ExpressionKind};
    use kubeidl::cel::{Value as CelValue, PER_CALL_LIMIT};
    let rules = T::rules();
    let document = T::openapi_schema();
    let own = &document.schemas[&T::definition_name()];
    let Some(serde_json::Value::Array(entries)) = own.extensions.get("x-kubernetes-validations")
    else {
        return 0;
    };
    let mut native_runs = 0;
    for entry in entries {
        let source = entry["rule"].as_str().unwrap();
        let compiled = compile_rule(source, rules.decl(), false, ExpressionKind::Rule).unwrap();
        let evaluated = compiled
            .program
            .evaluate(&[v.to_cel(rules.decl()), CelValue::Null], PER_CALL_LIMIT);
        match v.native_rule(source) {
            Some(native) => {
                native_runs += 1;
                assert!(
                    matches!(evaluated.result, Ok(CelValue::Bool(b)) if b == native.passed),
                    "{source}: {:?} vs {native:?}",
                    evaluated.result
                );
                assert_eq!(native.cost, evaluated.cost, "{source}");
            }
            None if compiled.program.straight().is_some() && !compiled.uses_old_self => {
                assert!(evaluated.result.is_err(), "{source} was left to evaluation")
            }
            None => {}
        }
    }
    native_runs
}

/// Straight-line rules run as generated Rust and agree with evaluation on edge values; the
/// errors stay the schema walk's.
#[test]
fn rules_compiled_to_rust_agree_with_evaluation() {
    let edges = [0, 1, -1, 999, 1000, 1001, i64::MIN, i64::MAX, i64::MIN + 1];
    let mut native_runs = 0;
    for min in edges {
        for max in edges {
            let mut v = range();
            (v.min, v.max) = (min, max);
            assert_same(&v);
            native_runs += assert_native_agrees(&v);
        }
    }
    // Both rules run as Rust except where the subtraction overflows.
    assert!(native_runs > edges.len() * edges.len(), "{native_runs}");
    let mut string_runs = 0;
    for kind in ["Git", "OCI", "", "Other", "Gît"] {
        for (git, oci) in [(false, false), (true, false), (false, true), (true, true)] {
            let source = unions::Source {
                kind: kind.into(),
                git: git.then(|| unions::GitSource {
                    url: "https://example.com/x".into(),
                }),
                oci: oci.then(|| "registry/x".into()),
            };
            assert_same(&source);
            string_runs += assert_native_agrees(&source);
        }
    }
    assert!(string_runs >= 20, "{string_runs}");
}

/// Scale has only rules of its own, all straight lines: `validate()` runs them inline.
/// +validationRule="self.minReplicas <= self.maxReplicas",message="minReplicas must not exceed maxReplicas"
/// +validationRule="!has(self.mode) || self.mode != 'Legacy' || self.maxReplicas <= 1",reason="FieldValueForbidden",fieldPath=".mode",message="Legacy runs one replica"
#[derive(kubeidl_derive::Schema, kubeidl_derive::Validate, Serialize)]
#[kubeidl(package = "example.com/bench/v1")]
#[serde(rename_all = "camelCase")]
struct Scale {
    /// +minimum=0
    min_replicas: i32,
    /// +maximum=100
    max_replicas: i32,
    /// +optional
    /// +kubebuilder:validation:Enum=Fast;Legacy
    #[serde(default, skip_serializing_if = "String::is_empty")]
    mode: String,
}

#[test]
fn own_rules_run_inline_with_the_walks_errors() {
    let mut seen = std::collections::BTreeSet::new();
    let mut inline = 0;
    for min in [-1, 0, 1, 5, 200] {
        for max in [-2, 0, 1, 3, 150] {
            for mode in ["", "Fast", "Legacy", "Other"] {
                let v = Scale {
                    min_replicas: min,
                    max_replicas: max,
                    mode: mode.into(),
                };
                let errors = assert_same(&v);
                if v.rules_pass_natively().is_some() {
                    inline += 1;
                    let failed_rule =
                        |e: &String| e.contains("must not exceed") || e.contains("Legacy runs");
                    assert!(!errors.iter().any(failed_rule), "{errors:?}");
                }
                seen.extend(errors);
            }
        }
    }
    assert!(inline > 0, "no value passed inline");
    // Every kind of outcome happened: bounds, both rules, the blocking enum.
    for expected in [
        "minReplicas: Invalid value: -1: minReplicas in body should be greater than or equal to 0",
        "maxReplicas: Invalid value: 150: maxReplicas in body should be less than or equal to 100",
        "<nil>: Invalid value: minReplicas must not exceed maxReplicas",
        "mode: Forbidden: Legacy runs one replica",
        NOT_CHECKED,
    ] {
        assert!(seen.contains(expected), "{expected} in {seen:#?}");
    }
}

/// Scale in every place a value can hold it.
#[derive(kubeidl_derive::Schema, kubeidl_derive::Validate, Serialize)]
#[kubeidl(package = "example.com/bench/v1")]
#[serde(rename_all = "camelCase")]
struct Scales {
    one: Scale,
    #[serde(skip_serializing_if = "Option::is_none")]
    maybe: Option<Box<Scale>>,
    list: Vec<Scale>,
    by_name: BTreeMap<String, Vec<Scale>>,
}

fn scale(min_replicas: i32, max_replicas: i32) -> Scale {
    Scale {
        min_replicas,
        max_replicas,
        mode: String::new(),
    }
}

/// The cost of a value's own rules run as Rust, each checked against evaluation's.
fn own_native_cost<T: Validate + kubeidl::cel::native::NativeObject>(v: &T) -> u64 {
    assert!(assert_native_agrees(v) > 0);
    let document = T::openapi_schema();
    let own = &document.schemas[&T::definition_name()].extensions["x-kubernetes-validations"];
    let sources: std::collections::BTreeSet<&str> = own
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["rule"].as_str().unwrap())
        .collect();
    sources
        .iter()
        .map(|s| v.native_rule(s).expect("runs as Rust").cost)
        .sum()
}

/// The rules of the types a struct's fields hold run as Rust too, each at its own cost, when
/// every one can: `validate()` evaluates nothing unless one fails, and then gives the walk's
/// errors. A rule the derive does not compile, anywhere below, leaves them all to evaluation.
#[test]
fn rules_below_fields_run_as_rust_when_every_one_can() {
    let each = own_native_cost(&scale(1, 2));
    let mut v = Scales {
        one: scale(1, 2),
        maybe: None,
        list: vec![scale(0, 0), scale(1, 3)],
        by_name: BTreeMap::from([("a".to_string(), vec![scale(0, 1), scale(2, 2)])]),
    };
    assert_eq!(assert_same(&v), Vec::<String>::new());
    assert_eq!(v.rules_pass_natively(), Some(5 * each));
    v.maybe = Some(Box::new(scale(5, 5)));
    assert_eq!(v.rules_pass_natively(), Some(6 * each));
    // A rule failing below, wherever it is, leaves the rules to evaluation, which reports it.
    v.by_name.get_mut("a").unwrap()[1] = scale(3, 2);
    assert_eq!(v.rules_pass_natively(), None);
    assert_eq!(
        assert_same(&v),
        ["byName[a][1]: Invalid value: minReplicas must not exceed maxReplicas"]
    );
    // Unions' rules run as Rust below a struct.
    use enum_unions::{GitSource, Mount, Source, Target};
    let source = Source::Git {
        git: GitSource {
            url: "example.com".into(),
        },
    };
    let target = Target::Path("/p".into());
    let mut mount = Mount {
        source: source.clone(),
        target: None,
    };
    assert_eq!(mount.rules_pass_natively(), Some(own_native_cost(&source)));
    mount.target = Some(target.clone());
    assert_eq!(
        mount.rules_pass_natively(),
        Some(own_native_cost(&source) + own_native_cost(&target))
    );
    // Range's fields carry rules of their own, which the derive leaves to evaluation.
    assert_eq!(range().rules_pass_natively(), None);
}

fn budget() -> apimachinery::Budget {
    apimachinery::Budget {
        cpu: Some("500m".parse().unwrap()),
        memory: "1Gi".parse().unwrap(),
        limits: BTreeMap::from([("gpu".to_string(), "2".parse().unwrap())]),
        port: 8080.into(),
        max_surge: None,
        start: "2024-05-01T12:00:00Z".parse().unwrap(),
        deadline: Some("2024-05-02T12:00:00Z".parse().unwrap()),
        heartbeat: Some("2024-05-01T13:00:00.250000Z".parse().unwrap()),
        timeout: Some("1m30s".parse().unwrap()),
        checkpoints: vec!["2024-05-01T12:30:00Z".parse().unwrap()],
    }
}

#[test]
fn rules_read_apimachinery_types_as_their_json_is_read() {
    assert_eq!(assert_same(&budget()), Vec::<String>::new());
    let mut late = budget();
    late.deadline = Some("2024-05-01T11:59:59Z".parse().unwrap());
    late.cpu = Some("10m".parse().unwrap());
    assert_eq!(
        assert_same(&late),
        [
            "<nil>: Invalid value: the deadline must follow the start",
            "<nil>: Invalid value: at least 10m of CPU",
        ]
    );
    let mut unset = late.clone();
    unset.deadline = None;
    unset.cpu = None;
    unset.port = "http".into();
    assert_eq!(assert_same(&unset), Vec::<String>::new());
    // An update: the rules failing before and after, on unchanged values, only warn.
    let report = late.validate_update(&late);
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    assert_eq!(report.warnings.len(), 2);
}

#[test]
fn list_types_report_duplicates_after_value_checks() {
    let port = |name: &str, protocol: &str, number: i32| lists::Port {
        name: name.into(),
        protocol: protocol.into(),
        number,
    };
    let target = |name: &str, weight: Option<i32>| lists::Target {
        name: name.into(),
        weight,
    };
    let v = lists::Lists {
        tags: vec!["a".into(), "b".into(), "a".into(), "a".into(), "b".into()],
        ports: vec![
            port("http", "TCP", 80),
            port("http", "UDP", 0),
            port("http", "TCP", 8080),
        ],
        hosts: vec!["x".into(), "x".into()],
        targets: vec![target("a", None), target("a", Some(2))],
        backends: vec![target("b", None), target("b", Some(1))],
        labels: BTreeMap::new(),
        selector: BTreeMap::new(),
        matrix: Vec::new(),
    };
    let errors = assert_same(&v);
    assert!(
        errors.contains(&"tags[2]: Duplicate value: \"a\"".to_string()),
        "{errors:#?}"
    );
    assert!(
        errors.contains(
            &"ports[2]: Duplicate value: {\"name\":\"http\",\"protocol\":\"TCP\"}".to_string()
        ),
        "{errors:#?}"
    );
    // Duplicates do not block the rules; the value checks before them do.
    let mut clean = v.clone();
    clean.tags.truncate(2);
    clean.ports.truncate(1);
    clean.hosts.truncate(1);
    clean.targets.truncate(1);
    clean.backends.truncate(1);
    assert_eq!(assert_same(&clean), Vec::<String>::new());
    // An unchanged update: the value checks ratchet, so the rules run (and ratchet too); the
    // list types are warnings as the old value broke them too, as in the apiserver.
    // +k8s:customUnique leaves uniqueness to Go code, but the list type it publishes still
    // asks the apiserver for it: backends[1] repeats a key.
    let (errors, warnings) = assert_same_update(&v, &v);
    assert!(errors.is_empty(), "{errors:#?}");
    assert_eq!(
        warnings,
        [
            "ports[1].number: Invalid value: 0: ports[1].number in body should be greater than or equal to 1",
            "tags: Too many: 5: must have at most 4 items",
            "backends[1]: Duplicate value: {\"name\":\"b\"}",
            "ports[2]: Duplicate value: {\"name\":\"http\",\"protocol\":\"TCP\"}",
            "tags[2]: Duplicate value: \"a\"",
            "tags[4]: Duplicate value: \"b\"",
            "hosts: Duplicate value",
            "targets: Duplicate value",
        ]
    );
    // From a value without duplicates, every duplicate is an error.
    let (errors, _) = assert_same_update(&v, &clean);
    assert_eq!(
        errors,
        [
            "ports[1].number: Invalid value: 0: ports[1].number in body should be greater than or equal to 1",
            "tags: Too many: 5: must have at most 4 items",
            "backends[1]: Duplicate value: {\"name\":\"b\"}",
            "ports[2]: Duplicate value: {\"name\":\"http\",\"protocol\":\"TCP\"}",
            "tags[2]: Duplicate value: \"a\"",
            "tags[4]: Duplicate value: \"b\"",
            NOT_CHECKED,
        ]
    );
}

fn reference(name: &str, kind: &str) -> selected::Reference {
    selected::Reference {
        kind: kind.into(),
        name: name.into(),
        ..selected::Reference::default()
    }
}

fn condition(kind: &str, reason: &str) -> selected::Condition {
    selected::Condition {
        kind: kind.into(),
        reason: reason.into(),
    }
}

fn selected() -> selected::Selected {
    selected::Selected {
        meta: selected::Meta {
            name: "gadget".into(),
            ..selected::Meta::default()
        },
        reference: Some(Box::new(reference("gadget", "Gadget"))),
        owner: reference("owner", ""),
        conditions: vec![condition("Ready", ""), condition("Progressing", "Started")],
        ports: vec![selected::Port {
            port: 80,
            protocol: "TCP".into(),
        }],
        backups: vec![reference("nightly", "")],
        peers: BTreeMap::from([("primary".to_string(), reference("a", "Gadget"))]),
    }
}

#[test]
fn tags_on_subfields_and_selected_items() {
    assert_eq!(assert_same(&selected()), Vec::<String>::new());
    let mut bad = selected();
    bad.meta.name = "Not_A_Name".into();
    bad.meta.generate_name = "gen-".into();
    bad.reference = Some(Box::new(selected::Reference {
        replicas: Some(0),
        ..reference("UPPER", "")
    }));
    bad.owner.versioned.version = "v0".into();
    bad.conditions.push(condition("Failed", ""));
    bad.backups.push(reference("a-name-of-twenty-chars", ""));
    bad.peers.insert("secondary".into(), reference("b", ""));
    let errors = assert_same(&bad);
    let dns = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
    // Rules at each field, in wire-name order; a field's rules in tag order. generateName's
    // trailing '-' is masked before the format check, as the apiserver does.
    assert_eq!(
        errors,
        [
            "backups[1].name: Invalid value: may not be more than 16 characters".to_string(),
            "conditions: Invalid value: must specify at most one of: `conditions[{\"type\": \"Ready\"}]`, `conditions[{\"type\": \"Failed\"}]`".to_string(),
            format!("meta.name: Invalid value: {dns}"),
            "owner.version: Invalid value: must not be equal to \"v0\"".to_string(),
            "peers[secondary].kind: Required value: Required value".to_string(),
            format!("reference.name: Invalid value: {dns}"),
            "reference.kind: Required value: Required value".to_string(),
            "reference.replicas: Invalid value: must be greater than or equal to 1".to_string(),
        ],
        "{errors:#?}"
    );
}

#[test]
fn selected_items_keep_their_transition_rules() {
    let old = selected();
    let mut new = selected();
    new.conditions[1].reason = "Stalled".into();
    new.ports[0].protocol = "UDP".into();
    let (errors, _) = assert_same_update(&new, &old);
    assert_eq!(
        errors,
        [
            "conditions: Invalid value: conditions[{\"type\": \"Progressing\"}]: field is immutable",
            "ports: Invalid value: ports[{\"port\": 80, \"protocol\": \"TCP\"}]: field is immutable",
        ]
    );
    assert_eq!(assert_same_update(&old, &old), (Vec::new(), Vec::new()));
}

/// A subfield check of the wrong kind for its member: the names check out at compile time, the
/// kinds only when the document is assembled, which panics with the lowering's message.
#[derive(kubeidl_derive::Schema, kubeidl_derive::Validate, Serialize)]
#[kubeidl(package = "example.com/kubeidl/tests")]
pub struct Misfit {
    /// +k8s:subfield(name)=+k8s:minimum=1
    pub target: selected::Reference,
}

#[test]
#[should_panic(
    expected = "kubeidl: the tags of field \"target\" of com.example.kubeidl.tests.Misfit cannot be lowered: tag \"+k8s:minimum\" needs an integer or a number, and this is a string (in `+k8s:subfield(name)=+k8s:minimum=1`)"
)]
fn a_subfield_check_of_the_wrong_kind_panics_when_the_schema_is_built() {
    Misfit::openapi_schema();
}

#[test]
fn unique_items_nullable_and_opaque_members() {
    let mut value = limits();
    value.tiers = vec![1, 2, 1];
    value.opaque = Some(inner(9));
    let errors = assert_same(&value);
    assert_eq!(
        errors,
        [
            "opaque.count: Invalid value: 9: opaque.count in body should be less than or equal to 3",
            "tiers: Invalid value: \"\": tiers in body shouldn't contain duplicates",
        ]
    );
    value.tiers = vec![1, 2];
    value.opaque = None;
    value.limit = None;
    assert_eq!(assert_same(&value), Vec::<String>::new());
}

#[test]
fn ratcheting_correlates_map_list_items_by_key_and_set_items_not_at_all() {
    let port = |name: &str, number: i32| lists::Port {
        name: name.into(),
        protocol: "TCP".into(),
        number,
    };
    let with = |ports: Vec<lists::Port>, tags: Vec<&str>| lists::Lists {
        tags: tags.into_iter().map(String::from).collect(),
        ports,
        hosts: Vec::new(),
        targets: Vec::new(),
        backends: Vec::new(),
        labels: BTreeMap::new(),
        selector: BTreeMap::new(),
        matrix: Vec::new(),
    };
    let old = with(vec![port("a", 0)], vec![&"x".repeat(17)]);
    // Item `a` moved to index 1, unchanged: its error ratchets; the set changed, so its
    // item's error does not.
    let new = with(
        vec![port("b", 80), port("a", 0)],
        vec!["y", &"x".repeat(17)],
    );
    let (errors, warnings) = assert_same_update(&new, &old);
    assert_eq!(
        errors,
        [
            "tags[1]: Too long: may not be more than 16 bytes",
            NOT_CHECKED
        ]
    );
    assert_eq!(
        warnings,
        ["ports[1].number: Invalid value: 0: ports[1].number in body should be greater than or equal to 1"]
    );
}

#[test]
fn an_override_holds_for_its_field_alone() {
    let template = |capacity: i32, name: &str| templates::Template {
        capacity,
        name: name.into(),
    };
    let long = "a".repeat(20);
    let pool = templates::Pool {
        main: template(1, &long),
        spare: Some(template(2, &long)),
    };
    // The spare's name is held to the override's 16; the main one to the type's own 63.
    assert_eq!(
        assert_same(&pool),
        ["spare.name: Too long: may not be more than 16 bytes"]
    );
    let pool = templates::Pool {
        main: template(0, "a"),
        spare: Some(template(0, "b")),
    };
    assert_eq!(
        assert_same(&pool),
        [
            "main.capacity: Invalid value: 0: main.capacity in body should be greater than or equal to 1",
            "spare.capacity: Invalid value: 0: spare.capacity in body should be greater than or equal to 1",
        ]
    );
    // Capacity is required in the type and optional in the spare's variant.
    let doc = <templates::Pool as Definition>::openapi_schema();
    let required = |name: &str| doc.schemas[name].required.clone();
    let base = <templates::Template as Definition>::definition_name();
    assert_eq!(required(&base), ["capacity"]);
    assert!(required(&format!("{base}_Pool_spare")).is_empty());
}

fn endpoint() -> enums::Endpoint {
    use enums::{Phase, Protocol};
    enums::Endpoint {
        protocol: Protocol::Tcp,
        fallback: Some(Protocol::Udp),
        also: vec![Protocol::Sctp],
        phases: BTreeMap::from([("build".to_string(), Phase::Failed)]),
        phase: Phase::Running,
        spare: None,
        bare: Some(Phase::Pending),
        plain: Phase::Unknown,
    }
}

#[test]
fn an_enum_that_deserialized_is_valid_and_json_is_checked_against_its_values() {
    use enums::{Endpoint, Protocol};
    assert_eq!(assert_same(&endpoint()), Vec::<String>::new());
    let mut e = endpoint();
    e.also = vec![Protocol::Tcp, Protocol::Udp, Protocol::Sctp];
    assert_eq!(
        assert_same(&e),
        vec!["also: Too many: 3: must have at most 2 items", NOT_CHECKED]
    );
    // Rules read an enum as the string it is written as.
    e.protocol = Protocol::Sctp;
    e.also.clear();
    assert_eq!(
        assert_same(&e),
        vec!["<nil>: Invalid value: SCTP has no fallback"]
    );
    e.fallback = None;
    assert_eq!(assert_same(&e), Vec::<String>::new());
    // What serde refuses is checked as JSON, with the apiserver's errors.
    let json = serde_json::json!({
        "protocol": "udp",
        "also": ["TCP", "sctp"],
        "phases": {"build": "Lost"},
        "phase": "Running",
    });
    assert!(serde_json::from_value::<Endpoint>(json.clone()).is_err());
    assert_eq!(
        strings(&Endpoint::validate_json(&json)),
        vec![
            r#"also[1]: Unsupported value: "sctp": supported values: "SCTP", "TCP", "UDP""#,
            r#"phases.build: Unsupported value: "Lost": supported values: "Failed", "Pending", "Running", "Succeeded", "unknown""#,
            r#"protocol: Unsupported value: "udp": supported values: "SCTP", "TCP", "UDP""#,
            NOT_CHECKED,
        ]
    );
    // A value that serializes gives what its derived validator gives.
    let e_json = serde_json::to_value(&e).unwrap();
    assert_eq!(strings(&Endpoint::validate_json(&e_json)), derived(&e));
    // The enum alone, and an alias serde reads but the apiserver does not know.
    assert_eq!(
        serde_json::from_value::<Protocol>(serde_json::json!("tcp")).unwrap(),
        Protocol::Tcp
    );
    assert_eq!(
        strings(&Protocol::validate_json(&serde_json::json!("tcp"))),
        vec![r#"<nil>: Unsupported value: "tcp": supported values: "SCTP", "TCP", "UDP""#]
    );
    assert!(Protocol::validate_json(&serde_json::json!("SCTP")).is_empty());
    assert!(Protocol::Sctp.validate().is_empty());
}

fn service() -> newtypes::Service {
    use newtypes::{Labels, Name, Port, Ratio};
    newtypes::Service {
        port: Port(443),
        target: Some(Port(8080)),
        admin: Port(0),
        ports: vec![Port(80)],
        name: Name { text: "web".into() },
        weight: Ratio(0.5),
        labels: Labels(vec!["a".into()]),
        aliases: BTreeMap::from([("www".to_string(), Name { text: "web".into() })]),
    }
}

#[test]
fn a_newtypes_tags_hold_at_each_use_with_the_uses_own_after_them() {
    use newtypes::{Labels, Name, Port, Ratio, Service};
    assert_eq!(assert_same(&service()), Vec::<String>::new());
    let mut s = service();
    s.port = Port(0);
    s.target = Some(Port(8081));
    s.ports = vec![Port(80), Port(0), Port(1), Port(2)];
    s.name = Name {
        text: "Not_A_Label".into(),
    };
    s.weight = Ratio(1.5);
    s.labels = Labels(vec![
        "x".repeat(17),
        "b".into(),
        "c".into(),
        "d".into(),
        "e".into(),
    ]);
    s.aliases.insert(
        "bad".into(),
        Name {
            text: "y".repeat(33),
        },
    );
    let errors = assert_same(&s);
    let expected = [
        "aliases.bad: Too long: may not be more than 32 bytes",
        "labels: Too many: 5: must have at most 4 items",
        "labels[0]: Too long: may not be more than 16 bytes",
        "port: Invalid value: 0: port in body should be greater than or equal to 1",
        "ports: Too many: 4: must have at most 3 items",
        "ports[1]: Invalid value: 0: ports[1] in body should be greater than or equal to 1",
        "target: Invalid value: 8081: target in body should be a multiple of 2",
        "weight: Invalid value: 1.5: weight in body should be less than or equal to 1",
    ];
    for e in expected {
        assert!(errors.iter().any(|got| got == e), "{e} not in {errors:#?}");
    }
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("name: Invalid value: \"Not_A_Label\"")),
        "{errors:#?}"
    );
    // The newtype alone checks its own tags, derived and walked alike.
    let alone = derived(&Port(0));
    assert_eq!(
        alone,
        strings(&Port::validate_json(&serde_json::json!(0))),
        "derived validator vs schema walk"
    );
    assert_eq!(
        alone,
        vec!["<nil>: Invalid value: 0: <nil> in body should be greater than or equal to 1"]
    );
    assert_eq!(
        strings(&Port::validate_json(&serde_json::json!(70000))),
        vec!["<nil>: Invalid value: 70000: <nil> in body should be less than or equal to 65535"]
    );
    // JSON serde would refuse (a port out of u16) gives the apiserver's error at its use.
    let mut json = serde_json::to_value(service()).unwrap();
    json["ports"] = serde_json::json!([70000]);
    assert!(serde_json::from_value::<Service>(json.clone()).is_err());
    assert_eq!(
        strings(&Service::validate_json(&json)),
        vec!["ports[0]: Invalid value: 70000: ports[0] in body should be less than or equal to 65535"]
    );
}

fn widget() -> crd::v1::Widget {
    crd::v1::Widget::new(
        "sprocket",
        crd::v1::WidgetSpec {
            replicas: 3,
            min_replicas: 1,
            tier: "small".into(),
            protocol: crd::v1::Protocol::Tcp,
            fallback: None,
            ports: vec![crd::v1::WidgetPort {
                name: "ssh".into(),
                port: 22,
            }],
            names: vec!["a".into()],
        },
    )
}

/// The errors the apiserver gives for `value` under its kind's CRD (`kubeidl crd`'s schema for
/// the Go twin, which `Widget::crd()` equals).
fn under_crd<T: kubeidl::typed::CustomResource + Serialize>(value: &T) -> Vec<String> {
    let crd = T::crd().unwrap();
    let mut catalog = kubeidl::validate::Catalog::new();
    catalog.add_crd(&crd.object).unwrap();
    let gvk = kubeidl::validate::Gvk::of(&T::api_version(), T::KIND);
    let validator = catalog.validator(&gvk);
    let validator = validator.as_ref().as_ref().unwrap();
    let json = serde_json::to_value(value).unwrap();
    strings(&validator.validate(&json).errors)
}

/// A CRD root (the struct `#[kubeidl(kind = ...)]` writes) validates as the walk of its
/// definition does, and as the walk of its CRD: the apiserver's errors for the object.
#[test]
fn a_crd_root_validates_as_the_walk_of_its_crd() {
    let good = widget();
    assert_eq!(assert_same(&good), Vec::<String>::new());
    assert_eq!(under_crd(&good), Vec::<String>::new());
    let mut bad = widget();
    bad.spec.replicas = 200;
    bad.spec.tier = "huge".into();
    bad.spec.ports.push(crd::v1::WidgetPort {
        name: "Web".into(),
        port: 0,
    });
    bad.status = Some(crd::v1::WidgetStatus {
        ready_replicas: 1,
        phase: "Running".into(),
    });
    let errors = assert_same(&bad);
    assert_eq!(errors, under_crd(&bad));
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("spec.replicas: Invalid value: 200")),
        "{errors:?}"
    );
    // Value checks pass; the rules on the spec, a port and the names fail.
    let mut crossed = widget();
    crossed.spec.min_replicas = 5;
    crossed.spec.ports[0].name = "web".into();
    crossed.spec.names = vec!["Upper".into()];
    let errors = assert_same(&crossed);
    assert_eq!(errors, under_crd(&crossed));
    assert_eq!(
        errors,
        [
            "spec: Invalid value: replicas must be at least minReplicas",
            "spec.names: Invalid value: names are lower case",
            "spec.ports[0]: Invalid value: port 22 is ssh's",
        ]
    );
}
