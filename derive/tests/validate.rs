//! Derived validators against the schema walk: for each value, `value.validate()` must give
//! exactly the errors `kubeidl::validate::Validator` gives for the same value serialized to
//! JSON and checked against the type's own `openapi_schema()` (its CEL rules set aside: they are
//! checked apart).

use kubeidl::errors::FieldError;
use kubeidl::schema::Schema;
use kubeidl::typed::{Definition, Validate};
use kubeidl::validate::Validator;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

#[path = "../../testdata/go/parity/bounds/types.rs"]
#[allow(dead_code)]
mod bounds;
#[path = "../../testdata/go/parity/lists/types.rs"]
#[allow(dead_code)]
mod lists;
#[path = "../../testdata/go/parity/strings/types.rs"]
#[allow(dead_code)]
mod strings;

fn without_rules(schema: &mut Schema) {
    schema.extensions.shift_remove("x-kubernetes-validations");
    schema.for_each_child_mut(without_rules);
}

/// The schema walk's errors for `value`.
fn walked<T: Definition + Serialize>(value: &T) -> Vec<String> {
    let mut defs: HashMap<String, Schema> = T::openapi_schema().schemas.into_iter().collect();
    for d in defs.values_mut() {
        without_rules(d);
    }
    let root = Schema::reference_to(&T::definition_name());
    let validator = Validator::with_definitions(&root, Arc::new(defs)).unwrap();
    let json = serde_json::to_value(value).unwrap();
    let report = validator.validate(&json);
    report.errors.iter().map(FieldError::to_string).collect()
}

fn derived<T: Validate>(value: &T) -> Vec<String> {
    value.validate().iter().map(FieldError::to_string).collect()
}

fn assert_same<T: Definition + Validate + Serialize>(value: &T) -> Vec<String> {
    let d = derived(value);
    assert_eq!(d, walked(value), "derived validator vs schema walk");
    d
}

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
    }
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
        ]
    );
    v.tags.clear();
    v.ports.clear();
    v.labels.clear();
    assert_eq!(assert_same(&v), Vec::<String>::new());
}
