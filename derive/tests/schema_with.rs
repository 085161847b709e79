//! `#[kubeidl(schema_with = "path")]`: fields whose schema a function writes, of types that do
//! not derive `Schema` (`serde_json::Value`, plain serde types). The property is the function's
//! schema with the field's description and tags on top; the derived validator gives, for every
//! value, the errors the schema walk gives for the value serialized (unknown fields aside, which
//! it reports before the field's value checks, where strict field validation reports only them).

use kubeidl::errors::FieldError;
use kubeidl::schema::Schema;
use kubeidl::typed::{Definition, Validate};
use kubeidl::validate::Validator;
use serde::Serialize;
use serde_json::json;
use std::collections::HashMap;
use std::sync::Arc;

/// Labels of at most 2 entries, each value at most 8 bytes.
fn labels_schema() -> Schema {
    Schema::from_json(&json!({
        "type": "object",
        "description": "Labels as the function describes them.",
        "additionalProperties": {"type": "string", "maxLength": 8},
        "maxProperties": 2
    }))
    .unwrap()
}

/// A selector with a set of names, a mode defaulting to All, and a rule of its own.
fn selector_schema() -> Schema {
    Schema::from_json(&json!({
        "type": "object",
        "description": "Selector picks names.",
        "properties": {
            "names": {
                "type": "array",
                "items": {"type": "string"},
                "x-kubernetes-list-type": "set"
            },
            "mode": {"type": "string", "default": "All", "enum": ["All", "Any"]}
        },
        "x-kubernetes-validations": [
            {"rule": "self.mode == 'All' || has(self.names) && size(self.names) > 0", "message": "Any needs names"}
        ]
    }))
    .unwrap()
}

fn port_schema() -> Schema {
    Schema::typed("integer", "int32")
}

/// A selector as another crate would write it: serde only.
#[derive(Serialize, Clone, Default)]
pub struct Selector {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mode: Option<String>,
    /// Not in the function's schema.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extra: Option<String>,
}

#[derive(Serialize, Clone)]
#[serde(transparent)]
pub struct Port(pub i32);

/// Holder has fields whose schemas functions write.
/// +validationRule="!has(self.selector) || self.selector.mode != 'Any' || self.port > 1000",message="Any wants a high port"
#[derive(kubeidl_derive::Schema, kubeidl_derive::Validate, Serialize, Clone)]
#[kubeidl(package = "example.com/schemawith/v1")]
#[serde(rename_all = "camelCase")]
pub struct Holder {
    /// Labels are free-form.
    /// +k8s:minProperties=1
    #[kubeidl(schema_with = "labels_schema")]
    pub labels: serde_json::Value,

    #[kubeidl(schema_with = "selector_schema")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub selector: Option<Selector>,

    /// Port is where to listen.
    /// +k8s:minimum=1
    #[kubeidl(schema_with = "port_schema")]
    pub port: Port,

    /// +k8s:maxLength=3
    pub name: String,
}

fn holder() -> Holder {
    Holder {
        labels: json!({"app": "web"}),
        selector: None,
        port: Port(8080),
        name: "web".into(),
    }
}

fn validator<T: Definition>() -> Validator {
    let defs: HashMap<String, Schema> = T::openapi_schema().schemas.into_iter().collect();
    let root = Schema::reference_to(&T::definition_name());
    Validator::with_definitions(&root, Arc::new(defs)).unwrap()
}

fn strings(errors: &[FieldError]) -> Vec<String> {
    errors.iter().map(FieldError::to_string).collect()
}

/// The derived errors, asserted equal to the schema walk's on the value serialized.
fn assert_same<T: Validate + Serialize>(value: &T) -> Vec<String> {
    let derived = strings(&value.validate());
    let json = serde_json::to_value(value).unwrap();
    assert_eq!(
        derived,
        strings(&validator::<T>().validate(&json).errors),
        "derived validator vs schema walk"
    );
    assert_eq!(derived, strings(&T::validate_json(&json)), "validate_json");
    derived
}

#[test]
fn the_property_is_the_functions_schema_with_the_fields_description_and_tags() {
    let document = Holder::openapi_schema();
    let holder = &document.schemas["com.example.schemawith.v1.Holder"];
    let property = |name: &str| holder.properties[name].to_json();

    let mut labels = labels_schema().to_json();
    labels["description"] = json!("Labels are free-form.");
    labels["minProperties"] = json!(1);
    assert_eq!(property("labels"), labels);
    // No doc comment: the function's description stays; an `Option` is not required.
    assert_eq!(property("selector"), selector_schema().to_json());
    let mut port = port_schema().to_json();
    port["description"] = json!("Port is where to listen.");
    port["minimum"] = json!(1);
    assert_eq!(property("port"), port);
    assert_eq!(holder.required, ["labels", "port", "name"]);
    // The field's types have no definitions; the function's schema refers to none.
    assert_eq!(document.schemas.len(), 1);
}

#[test]
fn value_checks_and_list_types_follow_the_functions_schema_at_the_fields_path() {
    assert_eq!(assert_same(&holder()), Vec::<String>::new());
    let mut v = holder();
    v.labels = json!({"app": "a-very-long-value", "tier": "x", "zone": "y"});
    v.port = Port(0);
    v.name = "four".into();
    v.selector = Some(Selector {
        names: vec!["a".into(), "b".into(), "a".into()],
        mode: Some("Some".into()),
        extra: None,
    });
    assert_eq!(
        assert_same(&v),
        [
            "labels: Too many: 3: must have at most 2 items",
            "labels.app: Too long: may not be more than 8 bytes",
            "name: Too long: may not be more than 3 bytes",
            "port: Invalid value: 0: port in body should be greater than or equal to 1",
            "selector.mode: Unsupported value: \"Some\": supported values: \"All\", \"Any\"",
            "selector.names[2]: Duplicate value: \"a\"",
            "<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation",
        ]
    );
    v.labels = json!({});
    assert_eq!(
        assert_same(&v)[0],
        "labels: Invalid value: 0: labels in body should have at least 1 properties"
    );
}

#[test]
fn rules_read_the_field_as_its_json_with_the_schemas_defaults() {
    let mut v = holder();
    // The mode is unset: the schema's default (All) is what rules see.
    v.selector = Some(Selector::default());
    assert_eq!(assert_same(&v), Vec::<String>::new());
    v.selector = Some(Selector {
        mode: Some("Any".into()),
        ..Selector::default()
    });
    assert_eq!(
        assert_same(&v),
        ["selector: Invalid value: Any needs names"]
    );
    v.selector = Some(Selector {
        names: vec!["a".into()],
        mode: Some("Any".into()),
        extra: None,
    });
    v.port = Port(80);
    assert_eq!(
        assert_same(&v),
        ["<nil>: Invalid value: Any wants a high port"]
    );
    v.port = Port(8080);
    assert_eq!(assert_same(&v), Vec::<String>::new());
}

#[test]
fn an_update_ratchets_an_unchanged_field() {
    let mut old = holder();
    old.labels = json!({"app": "a-very-long-value"});
    let mut new = old.clone();
    new.name = "new".into();
    let report = new.validate_update(&old);
    let (new_json, old_json) = (
        serde_json::to_value(&new).unwrap(),
        serde_json::to_value(&old).unwrap(),
    );
    let walked = validator::<Holder>().validate_update(&new_json, &old_json);
    assert_eq!(strings(&report.errors), strings(&walked.errors));
    assert_eq!(strings(&report.warnings), strings(&walked.warnings));
    assert_eq!(
        strings(&report.warnings),
        ["labels.app: Too long: may not be more than 8 bytes"]
    );
}

#[test]
fn unknown_fields_of_the_json_are_reported_before_its_value_checks() {
    let mut v = holder();
    v.port = Port(0);
    v.selector = Some(Selector {
        mode: Some("Some".into()),
        extra: Some("x".into()),
        ..Selector::default()
    });
    let json = serde_json::to_value(&v).unwrap();
    // The walk of the whole object, as strict field validation: only the unknown field.
    let walked = strings(&validator::<Holder>().validate(&json).errors);
    assert_eq!(walked.len(), 1);
    assert!(walked[0].starts_with("selector.extra: "), "{walked:?}");
    // The derived validator: the errors of the value pruned, the unknown field before the
    // selector's.
    assert_eq!(
        strings(&v.validate()),
        [
            "port: Invalid value: 0: port in body should be greater than or equal to 1",
            &walked[0],
            "selector.mode: Unsupported value: \"Some\": supported values: \"All\", \"Any\"",
            "<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation",
        ]
    );
}

fn port_with_default() -> Schema {
    let mut schema = port_schema();
    schema.default = Some(json!(443));
    schema
}

/// Two pointers that must be set, one with a default.
#[derive(kubeidl_derive::Schema, kubeidl_derive::Validate, Serialize)]
#[kubeidl(package = "example.com/schemawith/v1")]
pub struct Ports {
    /// +required
    /// +k8s:minimum=1
    #[kubeidl(schema_with = "port_schema")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub main: Option<Port>,
    /// +required
    /// +k8s:maximum=100
    #[kubeidl(schema_with = "port_with_default")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub backup: Option<Port>,
}

#[test]
fn an_unset_field_is_missing_or_has_its_default_checked() {
    let unset = Ports {
        main: None,
        backup: None,
    };
    assert_eq!(
        assert_same(&unset),
        [
            // The function's default stands in for the backup, and breaks the tag's maximum.
            "backup: Invalid value: 443: backup in body should be less than or equal to 100",
            "main: Required value",
        ]
    );
    let set = Ports {
        main: Some(Port(0)),
        backup: Some(Port(10)),
    };
    assert_eq!(
        assert_same(&set),
        ["main: Invalid value: 0: main in body should be greater than or equal to 1"]
    );
}

fn with_a_ref() -> Schema {
    Schema::reference_to("io.k8s.api.core.v1.PodSpec")
}

#[derive(kubeidl_derive::Schema, Serialize)]
pub struct Referring {
    #[kubeidl(schema_with = "with_a_ref")]
    pub pod: serde_json::Value,
}

#[test]
#[should_panic(expected = "field \"pod\" of")]
fn a_schema_with_a_ref_is_refused_when_the_document_is_built() {
    Referring::openapi_schema();
}

/// Source is a union one of whose variants holds raw JSON.
#[derive(kubeidl_derive::Schema, kubeidl_derive::Validate, Serialize)]
#[kubeidl(package = "example.com/schemawith/v1")]
#[serde(tag = "kind")]
pub enum Source {
    /// Raw is written as is.
    Raw {
        #[kubeidl(schema_with = "labels_schema")]
        raw: serde_json::Value,
    },
    Empty,
}

#[test]
fn a_union_member_may_have_its_schema_written_by_a_function() {
    let document = Source::openapi_schema();
    let source = &document.schemas["com.example.schemawith.v1.Source"];
    let mut raw = labels_schema().to_json();
    raw["description"] = json!("Raw is written as is.");
    assert_eq!(source.properties["raw"].to_json(), raw);
    assert_eq!(assert_same(&Source::Empty), Vec::<String>::new());
    assert_eq!(
        assert_same(&Source::Raw {
            raw: json!({"a": "123456789"})
        }),
        [
            "raw.a: Too long: may not be more than 8 bytes",
            "<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation",
        ]
    );
}

/// A kind whose spec has such a field: its CRD holds the function's schema.
#[derive(
    kubeidl_derive::Schema, kubeidl_derive::Validate, Serialize, serde::Deserialize, Clone, Debug,
)]
#[kubeidl(kind = "Gizmo", group = "gizmos.example.com", version = "v1")]
pub struct GizmoSpec {
    #[kubeidl(schema_with = "free_form")]
    pub config: serde_json::Value,
}

fn free_form() -> Schema {
    let mut schema = Schema::typed("object", "");
    schema.extensions.insert(
        "x-kubernetes-preserve-unknown-fields".into(),
        serde_json::Value::Bool(true),
    );
    schema.default = Some(json!({}));
    schema
}

#[test]
fn a_crd_keeps_the_functions_schema_and_default() {
    let crd = Gizmo::crd().unwrap();
    let config = &crd.object["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]
        ["spec"]["properties"]["config"];
    assert_eq!(config, &free_form().to_json());
}

/// A window of hours, written `"HH:MM-HH:MM"` by serde.
fn window_schema() -> Schema {
    Schema::from_json(&json!({
        "type": "string",
        "description": "The function's description.",
        "pattern": "^[0-9]{2}:[0-9]{2}-[0-9]{2}:[0-9]{2}$",
        "x-kubernetes-validations": [
            {"rule": "self.split('-')[0] < self.split('-')[1]", "message": "a window ends after it starts"}
        ]
    }))
    .unwrap()
}

/// Window is when something may run. Its definition is the function's; nothing of its fields
/// is read by the derive.
/// +k8s:maxLength=13
#[derive(kubeidl_derive::Schema, kubeidl_derive::Validate, Clone)]
#[kubeidl(package = "example.com/schemawith/v1", schema_with = "window_schema")]
pub struct Window {
    pub from: (u8, u8),
    pub to: (u8, u8),
}

impl Serialize for Window {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let ((a, b), (c, d)) = (self.from, self.to);
        serializer.serialize_str(&format!("{a:02}:{b:02}-{c:02}:{d:02}"))
    }
}

fn window(from: u8, to: u8) -> Window {
    Window {
        from: (from, 0),
        to: (to, 0),
    }
}

/// Schedule holds windows.
#[derive(kubeidl_derive::Schema, kubeidl_derive::Validate, Serialize)]
#[kubeidl(package = "example.com/schemawith/v1")]
pub struct Schedule {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first: Option<Window>,
    pub windows: Vec<Window>,
}

#[test]
fn a_type_whose_definition_a_function_writes() {
    let document = Window::openapi_schema();
    let mut expected = window_schema().to_json();
    expected["description"] =
        json!("Window is when something may run. Its definition is the function's; nothing of its fields is read by the derive.");
    expected["maxLength"] = json!(13);
    assert_eq!(
        document.schemas["com.example.schemawith.v1.Window"].to_json(),
        expected
    );
    // A field of the type refers to its definition.
    let document = Schedule::openapi_schema();
    // A field of the type refers to its definition, with no enforced default: its JSON is
    // no object.
    assert_eq!(
        document.schemas["com.example.schemawith.v1.Schedule"].properties["windows"].to_json()
            ["items"],
        json!({"$ref": "#/components/schemas/com.example.schemawith.v1.Window"})
    );
    let mut v = Schedule {
        first: Some(window(8, 12)),
        windows: vec![window(1, 2), window(13, 17)],
    };
    assert_eq!(assert_same(&v), Vec::<String>::new());
    assert_eq!(assert_same(&window(9, 10)), Vec::<String>::new());
    v.windows[1] = window(18, 17);
    assert_eq!(
        assert_same(&v),
        ["windows[1]: Invalid value: \"18:00-17:00\": a window ends after it starts"]
    );
    v.first = Some(window(100, 101));
    assert_eq!(
        assert_same(&v),
        [
            "first: Invalid value: \"100:00-101:00\": first in body should match '^[0-9]{2}:[0-9]{2}-[0-9]{2}:[0-9]{2}$'",
            "windows[1]: Invalid value: \"18:00-17:00\": a window ends after it starts",
        ]
    );
    let too_long = Window {
        from: (100, 100),
        to: (101, 0),
    };
    assert_eq!(
        assert_same(&too_long),
        [
            "<nil>: Too long: may not be more than 13 bytes",
            "<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation",
        ]
    );
}
