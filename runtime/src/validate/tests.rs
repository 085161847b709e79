//! Validation outcomes with the apiserver's exact texts.

use super::*;
use serde_json::json;

fn validator(schema: Value) -> Validator {
    Validator::new(&Schema::from_json(&schema).unwrap()).unwrap_or_else(|e| panic!("{e:?}"))
}

fn messages(report: &Report) -> Vec<String> {
    report.errors.iter().map(|e| e.to_string()).collect()
}

fn spec_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "spec": {
                "type": "object",
                "required": ["name"],
                "properties": {
                    "name": {"type": "string", "maxLength": 5, "pattern": "^[a-z]+$"},
                    "replicas": {"type": "integer", "minimum": 0, "maximum": 10},
                    "mode": {"type": "string", "enum": ["Auto", "Manual"]},
                    "ratio": {"type": "number", "exclusiveMinimum": true, "minimum": 0},
                    "when": {"type": "string", "format": "date-time"},
                    "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 2, "x-kubernetes-list-type": "set"},
                    "ports": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"],
                              "items": {"type": "object", "properties": {"name": {"type": "string"}, "port": {"type": "integer", "default": 80}}}},
                    "labels": {"type": "object", "additionalProperties": {"type": "string", "minLength": 1}}
                }
            }
        }
    })
}

#[test]
fn value_checks_use_kube_openapi_messages() {
    let v = validator(spec_schema());
    let report = v.validate(&json!({"spec": {"name": "TooLongName", "replicas": -1, "mode": "x", "ratio": 0, "when": "never", "tags": ["a", "b", "a"], "labels": {"k": ""}}}));
    assert_eq!(
        messages(&report),
        vec![
            "spec.labels.k: Invalid value: \"\": spec.labels.k in body should be at least 1 chars long",
            "spec.mode: Unsupported value: \"x\": supported values: \"Auto\", \"Manual\"",
            "spec.name: Too long: may not be more than 5 bytes",
            "spec.ratio: Invalid value: 0: spec.ratio in body should be greater than 0",
            "spec.replicas: Invalid value: -1: spec.replicas in body should be greater than or equal to 0",
            "spec.tags: Too many: 3: must have at most 2 items",
            "spec.when: Invalid value: \"never\": spec.when in body must be of type date-time: \"never\"",
            "spec.tags[2]: Duplicate value: \"a\"",
        ]
    );
}

#[test]
fn types_required_and_unknown_fields() {
    let object = json!({"spec": {"replicas": "three", "extra": 1}});
    // Strict decoding (the default) fails on the unknown field alone.
    let strict = validator(spec_schema()).validate(&object);
    assert_eq!(
        messages(&strict),
        ["spec.extra: Invalid value: value provided for unknown field"]
    );
    // Warn drops it with a warning and validates the rest; ignore drops it silently.
    let warn = validator(spec_schema())
        .field_validation(FieldValidation::Warn)
        .validate(&object);
    let rest = [
        "spec.replicas: Invalid value: \"string\": spec.replicas in body must be of type integer: \"string\"",
        "spec.name: Required value",
    ];
    assert_eq!(messages(&warn), rest);
    assert_eq!(
        warn.warnings[0].to_string(),
        "spec.extra: Invalid value: value provided for unknown field"
    );
    let ignore = validator(spec_schema())
        .field_validation(FieldValidation::Ignore)
        .validate(&object);
    assert_eq!(messages(&ignore), rest);
    assert!(ignore.warnings.is_empty());
}

#[test]
fn defaults_apply_before_checks_and_map_lists_reject_duplicate_keys() {
    let v = validator(spec_schema());
    let report = v.validate(
        &json!({"spec": {"name": "web", "ports": [{"name": "a"}, {"name": "a", "port": 81}]}}),
    );
    assert_eq!(
        messages(&report),
        vec!["spec.ports[1]: Duplicate value: {\"name\":\"a\"}"]
    );
}

#[test]
fn a_map_list_of_one_item_that_is_no_object_fails_its_list_type() {
    let v = validator(spec_schema());
    let one =
        |item: Value| messages(&v.validate(&json!({"spec": {"name": "web", "ports": [item]}})));
    assert_eq!(
        one(json!("http")),
        [
            "spec.ports[0]: Invalid value: \"string\": spec.ports[0] in body must be of type object: \"string\"",
            "spec.ports[0]: Invalid value: \"http\": must be an object for an array of list-type map",
        ]
    );
    assert!(one(json!({"name": "http"})).is_empty());
}

fn rules_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "metadata": {"type": "object"},
            "spec": {
                "type": "object",
                "properties": {
                    "min": {"type": "integer"},
                    "max": {"type": "integer"},
                    "mode": {"type": "string", "x-kubernetes-validations": [
                        {"rule": "self == oldSelf", "message": "mode is immutable"}
                    ]},
                    "items": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"],
                              "items": {"type": "object", "properties": {"name": {"type": "string"}, "size": {"type": "integer"}},
                                        "x-kubernetes-validations": [{"rule": "self.size >= oldSelf.size", "message": "may not shrink"}]}}
                },
                "x-kubernetes-validations": [
                    {"rule": "self.min <= self.max", "messageExpression": "'min ' + string(self.min) + ' exceeds max ' + string(self.max)"},
                    {"rule": "self.max < 100", "reason": "FieldValueForbidden", "fieldPath": ".max", "message": "max too large"}
                ]
            }
        }
    })
}

#[test]
fn rules_report_messages_reasons_and_field_paths() {
    let v = validator(rules_schema());
    let report = v.validate(&json!({"spec": {"min": 5, "max": 200}}));
    assert_eq!(
        messages(&report),
        vec!["spec.max: Forbidden: max too large"]
    );
    let report = v.validate(&json!({"spec": {"min": 50, "max": 20}}));
    assert_eq!(
        messages(&report),
        vec!["spec: Invalid value: min 50 exceeds max 20"]
    );
}

#[test]
fn transition_rules_correlate_and_ratchet() {
    let v = validator(rules_schema());
    let old = json!({"spec": {"min": 1, "max": 2, "mode": "a", "items": [{"name": "x", "size": 5}, {"name": "y", "size": 5}]}});
    let new = json!({"spec": {"min": 1, "max": 2, "mode": "b", "items": [{"name": "y", "size": 4}, {"name": "x", "size": 6}, {"name": "z", "size": 1}]}});
    let report = v.validate_update(&new, &old);
    assert_eq!(
        messages(&report),
        vec![
            "spec.items[0]: Invalid value: may not shrink",
            "spec.mode: Invalid value: \"b\": mode is immutable"
        ]
    );
    // On create, transition rules do not run.
    assert!(v.validate(&new).is_valid());
    // Ratcheting: a rule failing on an unchanged value is a warning on update.
    let bad_old = json!({"spec": {"min": 9, "max": 2}});
    let report = v.validate_update(&json!({"spec": {"min": 9, "max": 2}}), &bad_old);
    assert!(report.errors.is_empty(), "{:?}", messages(&report));
    assert_eq!(report.warnings.len(), 1);
}

#[test]
fn only_value_checks_ratchet_and_rules_run_once_they_have() {
    let v = validator(json!({
        "type": "object",
        "x-kubernetes-validations": [{"rule": "self.tags.size() < 3", "message": "at most two tags"}],
        "properties": {
            "tags": {
                "type": "array",
                "maxItems": 2,
                "x-kubernetes-list-type": "set",
                "items": {"type": "string"}
            }
        }
    }));
    let object = json!({"tags": ["a", "b", "a"]});
    // Unchanged: maxItems ratchets to a warning, so it no longer blocks the rule, which
    // ratchets too; the duplicate is a warning as the old object had one.
    let report = v.validate_update(&object, &object);
    assert_eq!(messages(&report), Vec::<String>::new());
    let warnings: Vec<String> = report.warnings.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        warnings,
        vec![
            "tags: Too many: 3: must have at most 2 items",
            "tags[2]: Duplicate value: \"a\"",
            "<nil>: Invalid value: at most two tags",
        ]
    );
    // List types are not ratcheted path by path: an old object without duplicates makes any
    // duplicate of the new one an error, even where the list did not change.
    let old = json!({"tags": ["a", "b", "c"]});
    let report = v.validate_update(&json!({"tags": ["a", "a"]}), &old);
    assert_eq!(messages(&report), vec!["tags[1]: Duplicate value: \"a\""]);
    // On create, the same Too many blocks the rule.
    assert_eq!(
        messages(&v.validate(&object)),
        vec![
            "tags: Too many: 3: must have at most 2 items",
            "tags[2]: Duplicate value: \"a\"",
            "<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation",
        ]
    );
}

#[test]
fn rules_are_skipped_after_blocking_errors() {
    let v = validator(rules_schema());
    let report = v.validate(&json!({"spec": {"min": "x", "max": 1}}));
    assert_eq!(
        messages(&report),
        vec![
            "spec.min: Invalid value: \"string\": spec.min in body must be of type integer: \"string\"",
            "<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation",
        ]
    );
}

#[test]
fn resource_metadata_is_checked() {
    let v = validator(json!({"type": "object", "properties": {"metadata": {"type": "object"}}}))
        .resource(true);
    let report =
        v.validate(&json!({"metadata": {"name": "Bad_Name", "labels": {"app": "web app"}}}));
    let m = messages(&report);
    assert!(m[0].starts_with("metadata.name: Invalid value: \"Bad_Name\": a lowercase RFC 1123 subdomain must consist of"), "{m:?}");
    assert!(m[1].starts_with("metadata.labels: Invalid value: \"web app\": a valid label must be an empty string or consist of"), "{m:?}");
    let report = v.validate(&json!({"metadata": {}}));
    assert_eq!(
        messages(&report),
        vec!["metadata.name: Required value: name or generateName is required"]
    );
    assert!(v
        .validate(&json!({"metadata": {"generateName": "web-"}}))
        .is_valid());
}

#[test]
fn rules_that_do_not_compile_are_reported_with_their_path() {
    let schema = Schema::from_json(
        &json!({"type": "object", "properties": {"a": {"type": "integer"}},
        "x-kubernetes-validations": [{"rule": "self.b > 0"}]}),
    )
    .unwrap();
    let errors = Validator::new(&schema).unwrap_err();
    assert!(
        errors[0].error.to_string().contains("undefined field 'b'"),
        "{}",
        errors[0].error
    );
}

/// One schema keyword per row: a property schema, a value, and the errors the apiserver prints.
#[test]
fn each_keyword_reports_as_the_apiserver_does() {
    let cases: Vec<(Value, Value, Vec<&str>)> = vec![
        (
            json!({"type": "integer", "multipleOf": 5}),
            json!(7),
            vec!["x: Invalid value: 7: x in body should be a multiple of 5"],
        ),
        (
            json!({"type": "number", "multipleOf": 0.5}),
            json!(1.5),
            vec![],
        ),
        (
            json!({"type": "integer", "maximum": 3, "exclusiveMaximum": true}),
            json!(3),
            vec!["x: Invalid value: 3: x in body should be less than 3"],
        ),
        (
            json!({"type": "array", "minItems": 2, "items": {"type": "string"}}),
            json!(["a"]),
            vec!["x: Invalid value: 1: x in body should have at least 2 items"],
        ),
        (
            json!({"type": "array", "uniqueItems": true, "items": {"type": "integer"}}),
            json!([1, 1]),
            vec!["x: Invalid value: \"\": x in body shouldn't contain duplicates"],
        ),
        (
            json!({"type": "object", "minProperties": 2, "additionalProperties": {"type": "string"}}),
            json!({"a": "b"}),
            vec!["x: Invalid value: 1: x in body should have at least 2 properties"],
        ),
        (
            json!({"type": "object", "maxProperties": 1, "additionalProperties": {"type": "string"}}),
            json!({"a": "b", "c": "d"}),
            vec!["x: Too many: 2: must have at most 1 item"],
        ),
        (
            json!({"type": "string", "minLength": 2}),
            json!("é"),
            vec!["x: Invalid value: \"é\": x in body should be at least 2 chars long"],
        ),
        (
            json!({"type": "string", "maxLength": 1}),
            json!("é"),
            vec![],
        ),
        (
            json!({"type": "string", "pattern": "^a+$"}),
            json!("b"),
            vec!["x: Invalid value: \"b\": x in body should match '^a+$'"],
        ),
        (
            json!({"type": "string", "nullable": true}),
            json!(null),
            vec![],
        ),
        (
            json!({"x-kubernetes-int-or-string": true}),
            json!("50%"),
            vec![],
        ),
        (
            json!({"x-kubernetes-int-or-string": true}),
            json!(5),
            vec![],
        ),
        (
            json!({"type": "string", "format": "ipv4"}),
            json!("1.2.3"),
            vec!["x: Invalid value: \"1.2.3\": x in body must be of type ipv4: \"1.2.3\""],
        ),
        (
            json!({"type": "string", "format": "int-or-string"}),
            json!("anything"),
            vec![],
        ),
        (
            json!({"type": "integer"}),
            json!(1.5),
            vec!["x: Invalid value: \"number\": x in body must be of type integer: \"number\""],
        ),
        (
            json!({"type": "boolean"}),
            json!("true"),
            vec!["x: Invalid value: \"string\": x in body must be of type boolean: \"string\""],
        ),
    ];
    for (i, (prop, value, want)) in cases.into_iter().enumerate() {
        let v = validator(json!({"type": "object", "properties": {"x": prop}}));
        let report = v.validate(&json!({ "x": value }));
        assert_eq!(messages(&report), want, "case {i}");
    }
}

#[test]
fn composition_keywords() {
    let v = validator(json!({"type": "object", "properties": {"x": {
        "type": "string",
        "anyOf": [{"maxLength": 1}, {"pattern": "^z"}],
        "not": {"pattern": "^q"}
    }}}));
    assert!(v.validate(&json!({"x": "a"})).is_valid());
    assert!(v.validate(&json!({"x": "zzz"})).is_valid());
    let report = v.validate(&json!({"x": "qq"}));
    let got = messages(&report);
    assert!(
        got.iter()
            .any(|m| m.contains("must validate at least one schema (anyOf)")),
        "{got:?}"
    );
    assert!(
        got.iter()
            .any(|m| m.contains("must not validate the schema (not)")),
        "{got:?}"
    );
    let one_of = validator(json!({"type": "object", "properties": {"x": {
        "type": "integer", "oneOf": [{"minimum": 0}, {"maximum": 10}]
    }}}));
    assert!(one_of.validate(&json!({"x": 20})).is_valid());
    let got = messages(&one_of.validate(&json!({"x": 5})));
    assert!(
        got.iter().any(|m| m
            .contains("must validate one and only one schema (oneOf). Found 2 valid alternatives")),
        "{got:?}"
    );
}

#[test]
fn embedded_resources_need_api_version_kind_and_good_metadata() {
    let v = validator(json!({"type": "object", "properties": {"template": {
        "type": "object",
        "x-kubernetes-embedded-resource": true,
        "x-kubernetes-preserve-unknown-fields": true
    }, "items": {"type": "array", "items": {
        "type": "object",
        "x-kubernetes-embedded-resource": true,
        "x-kubernetes-preserve-unknown-fields": true
    }}}}));
    assert!(v
        .validate(&json!({"template": {"apiVersion": "v1", "kind": "Pod", "metadata": {}}}))
        .is_valid());
    let report = v.validate(&json!({
        "template": {"metadata": {"name": "a/b", "labels": {"k": "bad value"}}},
        "items": [{"apiVersion": "a/b/c", "kind": "Not_A_Kind"}, {"apiVersion": "", "kind": 3}]
    }));
    assert_eq!(
        messages(&report),
        vec![
            "items[0].apiVersion: Invalid value: \"a/b/c\": unexpected GroupVersion string: a/b/c",
            "items[0].kind: Invalid value: \"Not_A_Kind\": may have mixed case, but should otherwise match: a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')",
            "items[1].apiVersion: Invalid value: \"\": must not be empty",
            "items[1].kind: Invalid value: 3: must be a string",
            "template.apiVersion: Required value",
            "template.kind: Required value",
            "template.metadata.name: Invalid value: \"a/b\": may not contain '/'",
            "template.metadata.labels: Invalid value: \"bad value\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
        ]
    );
}

#[test]
fn strip_zero_treats_zero_values_as_unset_before_defaults() {
    let v = validator(
        json!({"type": "object", "required": ["name"], "properties": {
            "name": {"type": "string", "minLength": 3, "x-kubernetes-strip-zero": true},
            "paused": {"type": "boolean", "x-kubernetes-strip-zero": true},
            "replicas": {"type": "integer", "minimum": 1, "default": 1, "x-kubernetes-strip-zero": true},
            "plain": {"type": "string", "minLength": 3}
        }, "x-kubernetes-validations": [
            {"rule": "!has(self.paused)", "message": "paused is set"},
            {"rule": "self.replicas == 1", "message": "replicas not defaulted"}
        ]}),
    );
    let report = v.validate(&json!({"name": "", "paused": false, "replicas": 0, "plain": ""}));
    assert_eq!(
        messages(&report),
        vec![
            "plain: Invalid value: \"\": plain in body should be at least 3 chars long",
            "name: Required value",
            "<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation",
        ]
    );
    let report = v.validate(&json!({"name": "web", "paused": false, "replicas": 0}));
    assert!(report.is_valid(), "{:?}", messages(&report));
    let report = v.validate(&json!({"name": "web", "paused": true}));
    assert_eq!(
        messages(&report),
        vec!["<nil>: Invalid value: paused is set"]
    );
}

#[test]
fn rule_messages_fall_back_and_reasons_choose_the_error_type() {
    let v = validator(json!({"type": "object", "properties": {
        "a": {"type": "integer", "x-kubernetes-validations": [
            {"rule": "self > 5", "messageExpression": "''", "message": "fallback"},
            {"rule": "self > 6"},
            {"rule": "self > 7", "message": "needed", "reason": "FieldValueRequired"},
            {"rule": "self > 8", "reason": "FieldValueDuplicate"},
            {"rule": "self > 9", "messageExpression": "'a is ' + string(self)"}
        ]}
    }}));
    assert_eq!(
        messages(&v.validate(&json!({"a": 3}))),
        vec![
            "a: Invalid value: 3: fallback",
            "a: Invalid value: 3: failed rule: self > 6",
            "a: Required value: needed",
            "a: Duplicate value: 3",
            "a: Invalid value: 3: a is 3",
        ]
    );
}

#[test]
fn optional_old_self_runs_on_create_and_sets_do_not_correlate() {
    let v = validator(json!({"type": "object", "properties": {
        "count": {"type": "integer", "x-kubernetes-validations": [
            {"rule": "!oldSelf.hasValue() || self >= oldSelf.value()", "optionalOldSelf": true, "message": "may not decrease"},
            {"rule": "oldSelf.hasValue()", "optionalOldSelf": true, "message": "set on update only"}
        ]},
        "tags": {"type": "array", "x-kubernetes-list-type": "set", "items": {
            "type": "string", "x-kubernetes-validations": [{"rule": "self == oldSelf", "message": "immutable"}]
        }}
    }}));
    assert_eq!(
        messages(&v.validate(&json!({"count": 1, "tags": ["a"]}))),
        vec!["count: Invalid value: 1: set on update only"]
    );
    let update = v.validate_update(
        &json!({"count": 1, "tags": ["b"]}),
        &json!({"count": 2, "tags": ["a"]}),
    );
    assert_eq!(
        messages(&update),
        vec!["count: Invalid value: 1: may not decrease"]
    );
}

#[test]
fn running_out_of_cost_budget_stops_the_rules() {
    let schema = json!({"type": "object", "properties": {"items": {"type": "array", "maxItems": 10,
        "items": {"type": "string", "maxLength": 10, "x-kubernetes-validations": [{"rule": "self.startsWith('a')"}]}}}});
    let items = json!({"items": ["a", "a", "a", "a", "a", "a"]});
    assert!(validator(schema.clone()).validate(&items).is_valid());
    let tight = validator(schema).cost_budget(5);
    let got = messages(&tight.validate(&items));
    assert_eq!(
        got.last().map(String::as_str),
        Some("items[2]: Invalid value: \"string\": validation failed due to running out of cost budget, no further validation rules will be run"),
        "{got:?}"
    );
    assert_eq!(got.len(), 1, "{got:?}");
}

#[test]
fn composition_reports_the_closest_branch_and_sees_the_pruned_value() {
    let v = validator(json!({"type": "object", "properties": {"x": {
        "type": "object",
        "properties": {"a": {"type": "string"}, "b": {"type": "integer", "default": 3}},
        "anyOf": [{"required": ["c"]}, {"required": ["a", "c"]}],
        "allOf": [{"required": ["b"]}, {"properties": {"a": {"maxLength": 1}}}],
        "not": {"required": ["z"]}
    }}}));
    // `z` is pruned before the branches see the value (so `not` holds) and `b` is defaulted
    // (so the first allOf branch holds); anyOf reports the first of its branches with the
    // fewest errors.
    let report = v
        .field_validation(FieldValidation::Warn)
        .validate(&json!({"x": {"a": "long", "z": 1}}));
    assert_eq!(report.warnings.len(), 1);
    let got = messages(&report);
    assert_eq!(
        got,
        [
            "<nil>: Invalid value: \"\": \"x\" must validate at least one schema (anyOf)",
            "x.c: Required value",
            "x.a: Too long: may not be more than 1 byte",
            "<nil>: Invalid value: \"\": \"x\" must validate all the schemas (allOf)",
        ],
        "{got:?}"
    );
}

#[test]
fn yaml_documents_validate_through_their_view_like_json() {
    let text = "spec:\n  name: TooLongName\n  replicas: -1\n  extra: 1\n";
    let doc = crate::document::read_documents(text.as_bytes())
        .remove(0)
        .unwrap();
    let v = validator(spec_schema()).field_validation(FieldValidation::Warn);
    let from_view = messages(&v.validate(doc.view()));
    assert_eq!(from_view, messages(&v.validate(&doc.value)));
    assert_eq!(
        from_view,
        [
            "spec.name: Too long: may not be more than 5 bytes",
            "spec.replicas: Invalid value: -1: spec.replicas in body should be greater than or equal to 0",
        ]
    );
    let replicas = doc
        .view()
        .get("spec")
        .and_then(|s| s.get("replicas"))
        .unwrap();
    assert_eq!(
        replicas.position(),
        Some(crate::document::SourcePosition {
            line: 3,
            column: 13
        })
    );
}

#[test]
fn rules_see_defaults_and_pruning_only_when_they_apply() {
    let v = validator(json!({
        "type": "object",
        "properties": {"a": {"type": "integer", "default": 5}, "b": {"type": "integer"}},
        "x-kubernetes-validations": [{"rule": "self.a == 5", "message": "not decoded"}]
    }));
    // Read in place: nothing to prune or default.
    assert!(v.validate(&json!({"a": 5, "b": 1})).is_valid());
    // Rebuilt: `a` defaulted, `c` pruned (and reported).
    let got = messages(&v.validate(&json!({"b": 1, "c": 2})));
    assert_eq!(got, ["c: Invalid value: value provided for unknown field"]);
    let got = messages(&v.validate(&json!({"a": 4})));
    assert_eq!(got, ["<nil>: Invalid value: not decoded"]);
}

#[test]
fn a_recursive_definition_without_rules_builds_at_once() {
    // Like a CRD's JSONSchemaProps: many children refer to the definition itself. The rule tree
    // used to expand every path down to its depth limit (8^64 nodes).
    let node = Schema::from_json(&json!({
        "type": "object",
        "properties": {
            "a": {"$ref": "#/components/schemas/Node"}, "b": {"$ref": "#/components/schemas/Node"},
            "c": {"$ref": "#/components/schemas/Node"}, "d": {"$ref": "#/components/schemas/Node"},
            "e": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}},
            "f": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/Node"}},
            "g": {"allOf": [{"$ref": "#/components/schemas/Node"}], "description": "wrapped"}
        }
    }))
    .unwrap();
    let defs = std::sync::Arc::new(HashMap::from([("Node".to_string(), node)]));
    let root = Schema::from_json(&json!({
        "type": "object",
        "properties": {"n": {"$ref": "#/components/schemas/Node"}},
        "x-kubernetes-validations": [{"rule": "has(self.n)"}]
    }))
    .unwrap();
    let v = Validator::with_definitions(&root, defs).unwrap();
    let report = v.validate(&json!({"n": {"a": {"b": {"e": [{"f": {"x": {}}}]}}}}));
    assert!(report.errors.is_empty(), "{:?}", messages(&report));
    assert_eq!(
        messages(&v.validate(&json!({}))),
        ["<nil>: Invalid value: failed rule: has(self.n)"]
    );
}

#[test]
fn rules_beside_a_ref_run_before_the_referenced_types_own() {
    let spec = Schema::from_json(&json!({
        "type": "object",
        "properties": {"min": {"type": "integer"}, "max": {"type": "integer"}},
        "x-kubernetes-validations": [{"rule": "self.min <= self.max", "message": "min > max"}]
    }))
    .unwrap();
    let defs = std::sync::Arc::new(HashMap::from([("Spec".to_string(), spec)]));
    let root = Schema::from_json(&json!({
        "type": "object",
        "properties": {"spec": {
            "allOf": [{"$ref": "#/components/schemas/Spec"}],
            "x-kubernetes-validations": [{"rule": "self.max < 10", "message": "max too big"}]
        }}
    }))
    .unwrap();
    let v = Validator::with_definitions(&root, defs).unwrap();
    assert_eq!(
        messages(&v.validate(&json!({"spec": {"min": 20, "max": 10}}))),
        [
            "spec: Invalid value: max too big",
            "spec: Invalid value: min > max"
        ]
    );
}

#[test]
fn the_quick_walk_proves_clean_objects_and_leaves_the_rest_to_the_full_walk() {
    let v = validator(spec_schema());
    let clean = |obj: Value| quick::clean(&v.plan, &obj).ok();
    let full = json!({"spec": {"name": "web", "replicas": 3, "mode": "Auto", "ratio": 0.5,
        "when": "2024-01-01T00:00:00Z", "tags": ["a", "b"], "labels": {"k": "v"},
        "ports": [{"name": "http", "port": 8080}, {"name": "https", "port": 8443}]}});
    assert_eq!(clean(full), Some(false));
    // A default to apply reshapes the object.
    assert_eq!(
        clean(json!({"spec": {"name": "web", "ports": [{"name": "http"}]}})),
        Some(true)
    );
    // Each failure, and each case left to the full walk, gives no proof.
    for unclean in [
        json!({"spec": {"name": "web", "replicas": 11}}),
        json!({"spec": {"name": "Web"}}),
        json!({"spec": {}}),
        json!({"spec": {"name": "web", "mode": "Other"}}),
        json!({"spec": {"name": "web", "when": "never"}}),
        json!({"spec": {"name": "web", "tags": ["a", "a"]}}),
        json!({"spec": {"name": "web", "ports": [{"name": "a"}, {"name": "a"}]}}),
        json!({"spec": {"name": "web", "ports": ["a"]}}),
        json!({"spec": {"name": "web", "labels": {"k": ""}}}),
        json!({"spec": {"name": "web", "unknown": 1}}),
        json!({"spec": {"name": "web", "replicas": null}}),
        json!({"spec": {"name": 5}}),
    ] {
        assert_eq!(clean(unclean.clone()), None, "{unclean}");
        assert!(
            !v.validate(&unclean).is_valid() || check::check(&v.plan, &unclean).reshaped,
            "{unclean}"
        );
    }
}

#[test]
fn the_quick_walk_decides_choices_between_types_as_the_full_walk_does() {
    let v = validator(json!({"type": "object", "properties": {
        "port": {"oneOf": [{"type": "integer"}, {"type": "string"}]},
        "size": {"anyOf": [{"type": "integer"}, {"type": "string", "maxLength": 2}]},
        "ratio": {"oneOf": [{"type": "number"}, {"type": "integer"}]},
        "any": {"oneOf": [{}, {"type": "string"}]}
    }}));
    let clean = |obj: Value| quick::clean(&v.plan, &obj).ok();
    for ok in [
        json!({"port": 80}),
        json!({"port": "http"}),
        json!({"ratio": 1.5}),
        json!({"any": 1}),
        json!({"size": 3}),
        json!({"size": "ab"}),
    ] {
        assert_eq!(clean(ok.clone()), Some(false), "{ok}");
        assert!(v.validate(&ok).is_valid(), "{ok}");
    }
    for bad in [
        json!({"port": true}),
        json!({"ratio": 2}),
        json!({"any": "x"}),
        json!({"size": "abc"}),
    ] {
        assert_eq!(clean(bad.clone()), None, "{bad}");
        assert!(!v.validate(&bad).is_valid(), "{bad}");
    }
}

/// Every variant of `base` one edit away: each node removed, replaced by a null, a zero or a
/// value of another type, each object given an unknown key, each list's first item repeated.
fn one_edit_away(base: &Value) -> Vec<Value> {
    fn walk(v: &Value, rebuild: &dyn Fn(Value) -> Value, out: &mut Vec<Value>) {
        for other in [
            json!(null),
            json!(""),
            json!(0),
            json!(1.5),
            json!(false),
            json!([]),
            json!({}),
            json!("x"),
        ] {
            out.push(rebuild(other));
        }
        match v {
            Value::Object(map) => {
                let mut extra = map.clone();
                extra.insert("zzUnknown".into(), json!(1));
                out.push(rebuild(Value::Object(extra)));
                for (k, child) in map {
                    let mut without = map.clone();
                    without.remove(k);
                    out.push(rebuild(Value::Object(without)));
                    let set = |c: Value| {
                        let mut m = map.clone();
                        m.insert(k.clone(), c);
                        rebuild(Value::Object(m))
                    };
                    walk(child, &set, out);
                }
            }
            Value::Array(items) => {
                if let Some(first) = items.first() {
                    let mut repeated = items.clone();
                    repeated.push(first.clone());
                    out.push(rebuild(Value::Array(repeated)));
                }
                for (i, child) in items.iter().enumerate() {
                    let set = |c: Value| {
                        let mut a = items.clone();
                        a[i] = c;
                        rebuild(Value::Array(a))
                    };
                    walk(child, &set, out);
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(base, &|v| v, &mut out);
    out
}

#[test]
fn the_quick_walk_agrees_with_the_full_walk_on_every_object_one_edit_away() {
    // Debug builds compare the two walks inside `validate` on every object the quick walk
    // proves clean; this feeds them objects near the edge of validity.
    let schema = json!({
        "type": "object",
        "required": ["spec"],
        "properties": {
            "apiVersion": {"type": "string"},
            "kind": {"type": "string"},
            "metadata": {"type": "object"},
            "spec": {
                "type": "object",
                "required": ["name"],
                "minProperties": 1,
                "properties": {
                    "name": {"type": "string", "maxLength": 8, "pattern": "^[a-z]+$"},
                    "replicas": {"type": "integer", "minimum": 0, "default": 1},
                    "ratio": {"type": "number", "nullable": true},
                    "mode": {"type": "string", "enum": ["Auto", "Manual"], "default": "Auto"},
                    "port": {"x-kubernetes-int-or-string": true, "anyOf": [{"type": "integer"}, {"type": "string"}]},
                    "zeroed": {"type": "string", "x-kubernetes-strip-zero": true},
                    "free": {"type": "object", "x-kubernetes-preserve-unknown-fields": true},
                    "strict": {"type": "object", "additionalProperties": false, "properties": {"a": {"type": "integer"}}},
                    "labels": {"type": "object", "additionalProperties": {"type": "string", "minLength": 1}},
                    "tags": {"type": "array", "items": {"type": "string"}, "x-kubernetes-list-type": "set", "maxItems": 3},
                    "ports": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name", "protocol"],
                              "items": {"type": "object", "required": ["name"], "properties": {
                                  "name": {"type": "string"}, "protocol": {"type": "string", "default": "TCP"},
                                  "number": {"type": "integer", "format": "int32"}}}},
                    "template": {"type": "object", "x-kubernetes-embedded-resource": true,
                                 "x-kubernetes-preserve-unknown-fields": true},
                    "when": {"type": "string", "format": "date-time"}
                }
            }
        }
    });
    let base = json!({"apiVersion": "example.com/v1", "kind": "Thing", "metadata": {"name": "a"},
        "spec": {"name": "web", "replicas": 2, "ratio": 0.5, "mode": "Manual", "port": "http",
                 "zeroed": "z", "free": {"x": [1, {"y": null}]}, "strict": {"a": 1},
                 "labels": {"k": "v"}, "tags": ["a", "b"],
                 "ports": [{"name": "http", "number": 80}, {"name": "http", "protocol": "UDP"}],
                 "when": "2024-01-01T00:00:00Z"}});
    let v = validator(schema);
    assert!(v.validate(&base).is_valid());
    let variants = one_edit_away(&base);
    let proven = variants
        .iter()
        .filter(|variant| {
            let verdict = quick::clean(&v.plan, *variant);
            let report = v.validate(*variant);
            assert!(verdict.is_err() || report.is_valid(), "{variant}");
            // The full walk that follows the quick walk's failure and hands it the clean
            // subtrees finds what the full walk alone finds, in the same order.
            if let Err(toward) = &verdict {
                let (guided, alone) = (
                    check::check_toward(&v.plan, *variant, toward),
                    check::check_in_full(&v.plan, *variant),
                );
                assert_eq!(format!("{guided:?}"), format!("{alone:?}"), "{variant}");
            }
            verdict.is_ok()
        })
        .count();
    // Both walks are exercised: some variants are proven clean, others are not.
    assert!(variants.len() > 250, "{}", variants.len());
    assert!(
        proven > 30 && proven < variants.len() - 100,
        "{proven} of {}",
        variants.len()
    );
}

#[test]
fn the_survey_finds_what_the_full_walk_finds_on_objects_two_edits_away() {
    // Two edits make two failing subtrees (or one holding both): the survey sets each aside,
    // and the full walk of those alone must find what the full walk of the whole object finds,
    // in its order.
    let v = validator(json!({
        "type": "object",
        "properties": {
            "spec": {
                "type": "object",
                "required": ["name"],
                "properties": {
                    "name": {"type": "string", "maxLength": 8},
                    "replicas": {"type": "integer", "minimum": 0, "default": 1},
                    "mode": {"type": "string", "enum": ["Auto", "Manual"]},
                    "labels": {"type": "object", "additionalProperties": {"type": "string", "minLength": 1}},
                    "items": {"type": "array", "items": {"type": "object", "properties": {
                        "name": {"type": "string"}, "size": {"type": "integer", "maximum": 9}}}},
                    "zeroed": {"type": "string", "x-kubernetes-strip-zero": true},
                    "nested": {"type": "object", "properties": {"deep": {"type": "object", "properties": {
                        "leaf": {"type": "string", "pattern": "^[a-z]+$"}}}}}
                }
            },
            "status": {"type": "object", "properties": {"ready": {"type": "boolean"}}}
        }
    }));
    let base = json!({"spec": {"name": "web", "replicas": 2, "mode": "Auto",
        "labels": {"a": "1", "b": "2"}, "items": [{"name": "x", "size": 1}, {"name": "y", "size": 2}],
        "zeroed": "z", "nested": {"deep": {"leaf": "abc"}}}, "status": {"ready": true}});
    assert!(v.validate(&base).is_valid());
    let (mut surveyed, mut several) = (0, 0);
    for first in one_edit_away(&base).iter().step_by(5) {
        for variant in one_edit_away(first).iter().step_by(9) {
            let alone = check::check_in_full(&v.plan, variant);
            let found = match quick::survey(&v.plan, variant) {
                quick::Survey::Clean { reshaped } => {
                    assert_eq!(
                        format!("{alone:?}"),
                        format!(
                            "{:?}",
                            check::Found {
                                reshaped,
                                ..Default::default()
                            }
                        ),
                        "{variant}"
                    );
                    continue;
                }
                quick::Survey::Root => continue,
                quick::Survey::Failing { subtrees, reshaped } => {
                    surveyed += 1;
                    several += usize::from(subtrees.len() > 1);
                    check::check_failing(&v.plan, subtrees, reshaped)
                }
            };
            assert_eq!(format!("{found:?}"), format!("{alone:?}"), "{variant}");
        }
    }
    assert!(
        surveyed > 100 && several > 20,
        "{surveyed} surveyed, {several} with several subtrees"
    );
}

#[test]
fn custom_errors_replace_keyword_messages_and_keep_rules_blocked() {
    let v = validator(json!({
        "type": "object",
        "properties": {
            "name": {
                "type": "string", "maxLength": 5,
                "x-kubernetes-errors": {"maxLength": {"message": "must be a short name", "reason": "FieldValueInvalid"}}
            },
            "size": {
                "type": "integer", "minimum": 1, "multipleOf": 2,
                "x-kubernetes-validation-errors": {"minimum": {"message": "needs one at least"}}
            },
            "tier": {
                "type": "string", "enum": ["gold", "silver"],
                "x-kubernetes-errors": {"enum": {"message": "gold or silver", "reason": "FieldValueForbidden"}}
            }
        },
        "x-kubernetes-validations": [{"rule": "self.size < 10", "message": "too big"}]
    }));
    let report = v.validate(&json!({"name": "abcdefg", "size": 12}));
    let errors = &report.errors;
    assert_eq!(
        messages(&report),
        vec![
            // The value stays as the keyword's error shows it: a too-long one is omitted.
            "name: Invalid value: must be a short name",
            // A too-long string keeps rules from running, whatever its error is called.
            "<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation",
        ]
    );
    assert_eq!(errors[0].error_type.reason(), "FieldValueInvalid");
    assert_eq!(errors[0].replaced_type, Some(ErrorType::TooLong));
    // The KEP's other name for the extension; a keyword without a custom error keeps its text.
    let report = v.validate(&json!({"size": -1, "tier": "bronze"}));
    assert_eq!(
        messages(&report),
        vec![
            "size: Invalid value: -1: size in body should be a multiple of 2",
            "size: Invalid value: -1: needs one at least",
            "tier: Forbidden: gold or silver",
            "<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation",
        ]
    );
}

#[test]
fn a_default_that_breaks_its_own_schema_is_reported_wherever_it_is_applied() {
    // Defaults are proven clean once, when the validator is built; one that is not clean is
    // checked where it is applied, at any depth, and nested defaults inside it too.
    let item = json!({"type": "object", "properties": {
        "mode": {"type": "string", "maxLength": 3, "default": "toolong"},
        "inner": {"type": "object", "default": {}, "properties": {
            "size": {"type": "integer", "minimum": 1, "default": 0}}},
        "fine": {"type": "string", "default": "ok"}}});
    let v = validator(json!({"type": "object", "properties": {
        "spec": item.clone(),
        "list": {"type": "array", "items": item}}}));
    let report = v.validate(
        &json!({"spec": {"fine": "x"}, "list": [{"mode": "abc", "inner": {"size": 2}}, {}]}),
    );
    assert_eq!(
        messages(&report),
        vec![
            "list[1].inner.size: Invalid value: 0: list[1].inner.size in body should be greater than or equal to 1",
            "list[1].mode: Too long: may not be more than 3 bytes",
            "spec.inner.size: Invalid value: 0: spec.inner.size in body should be greater than or equal to 1",
            "spec.mode: Too long: may not be more than 3 bytes",
        ]
    );
}

#[test]
fn rules_of_go_types_are_not_refused_for_their_estimated_cost() {
    // Every string distinct in a list of up to 32 unbounded strings: over the static limit for
    // a CRD, a declarative validation the apiserver runs as Go code for a native type.
    let schema = Schema::from_json(&json!({
        "type": "object",
        "properties": {"requests": {
            "type": "array", "maxItems": 32, "items": {"type": "string"},
            "x-kubernetes-validations": [{"rule": "self.all(x, self.exists_one(y, y == x))", "message": "Duplicate value"}]}}
    }))
    .unwrap();
    let defs = std::sync::Arc::new(HashMap::new());
    let refused = Validator::with_definitions(&schema, defs.clone())
        .err()
        .unwrap();
    assert!(
        format!("{refused:?}").contains("exceeds budget"),
        "{refused:?}"
    );
    let go = Validator::for_go_types(&schema, defs).unwrap();
    assert!(go.validate(&json!({"requests": ["a", "b"]})).is_valid());
    let report = go.validate(&json!({"requests": ["a", "a"]}));
    assert_eq!(
        messages(&report),
        ["requests: Invalid value: Duplicate value"]
    );
}

#[test]
fn null_map_values_and_list_items_decode_as_the_apiserver_decodes_them() {
    // A custom resource's null map value is pruned before validation
    // (PruneNonNullableNullsWithoutDefaults); its null list item is an error.
    let cr = validator(spec_schema());
    let report =
        cr.validate(&json!({"spec": {"name": "a", "labels": {"k": null}, "tags": [null]}}));
    assert_eq!(
        messages(&report),
        vec!["spec.tags[0]: Invalid value: \"null\": spec.tags[0] in body must be of type string: \"null\""]
    );
    // A built-in kind's decoder makes both its type's zero value.
    let schema = Schema::from_json(&spec_schema()).unwrap();
    let built_in = Validator::for_built_in_kind(&schema, Default::default()).unwrap();
    let report =
        built_in.validate(&json!({"spec": {"name": "a", "labels": {"k": null}, "tags": [null]}}));
    assert_eq!(messages(&report), Vec::<String>::new());
}
