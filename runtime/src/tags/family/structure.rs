//! Structure: what a value's schema is as a whole, its type or whether its own validations apply.

use super::super::lower::Place;
use super::super::read::TagUse;
use super::super::registry::{Entry, Family, Payload as P, Rule, Scopes};
use super::shared::{string, Effect, Out, Outcome};
use super::{kb, vg, VALUES};
use crate::schema::{Schema, SchemaType};

#[allow(non_upper_case_globals)]
impl Rule {
    pub const OpaqueType: Rule = Rule("OpaqueType");
    pub const Type: Rule = Rule("Type");
    /// `x-kubernetes-embedded-resource`.
    pub const EmbeddedResource: Rule = Rule("EmbeddedResource");
    /// `x-kubernetes-int-or-string`.
    pub const IntOrString: Rule = Rule("IntOrString");
    /// `x-kubernetes-preserve-unknown-fields`.
    pub const PreserveUnknownFields: Rule = Rule("PreserveUnknownFields");
    /// controller-gen's empty schema for a field.
    pub const Schemaless: Rule = Rule("Schemaless");
}

pub(crate) const FAMILY: Family = Family {
    name: "structure",
    doc: "The schema's type, and types whose own validations do not apply.",
    entries: &[
        Entry {
            rule: Rule::OpaqueType,
            spellings: &[vg("k8s:opaqueType", P::None)],
            scopes: VALUES,
            lower: opaque_type,
            check: None,
            members: None,
            doc: "validation-gen does not run the validations of the field's type from here. The schema is left as it is; documentation.",
            example: "+k8s:opaqueType",
        },
        Entry {
            rule: Rule::Type,
            spellings: &[kb("kubebuilder:validation:Type", P::String)],
            scopes: VALUES,
            lower: type_,
            check: None,
            members: None,
            doc: "The schema's `type` (`string`, `integer`, `number`, `boolean`, `array` or `object`), in place of the one the Go type gives (a type whose JSON form its Go type does not show, such as a bool that marshals as a string).",
            example: "+kubebuilder:validation:Type=string",
        },
        Entry {
            rule: Rule::EmbeddedResource,
            spellings: &[kb("kubebuilder:validation:EmbeddedResource", P::None)],
            scopes: VALUES,
            lower: embedded_resource,
            check: None,
            members: None,
            doc: "The value is a whole Kubernetes object (`x-kubernetes-embedded-resource: true`): its `apiVersion`, `kind` and `metadata` are checked as a resource's are, and kept when pruning.",
            example: "+kubebuilder:validation:EmbeddedResource",
        },
        Entry {
            rule: Rule::IntOrString,
            spellings: &[kb("kubebuilder:validation:XIntOrString", P::None)],
            scopes: VALUES,
            lower: int_or_string,
            check: None,
            members: None,
            doc: "The value is an integer or a string (`x-kubernetes-int-or-string: true`), as an IntOrString is.",
            example: "+kubebuilder:validation:XIntOrString",
        },
        Entry {
            rule: Rule::PreserveUnknownFields,
            spellings: &[kb("kubebuilder:pruning:PreserveUnknownFields", P::None)],
            scopes: VALUES,
            lower: preserve_unknown_fields,
            check: None,
            members: None,
            doc: "Fields the schema does not declare are kept instead of pruned (`x-kubernetes-preserve-unknown-fields: true`).",
            example: "+kubebuilder:pruning:PreserveUnknownFields",
        },
        Entry {
            rule: Rule::Schemaless,
            spellings: &[kb("kubebuilder:validation:Schemaless", P::None)],
            scopes: Scopes::FIELD,
            lower: schemaless,
            check: None,
            members: None,
            doc: "The field's schema is not its Go type's: it starts empty (`{}`, description kept), as controller-gen starts it, and the tags after this one fill it in (usually `+kubebuilder:validation:Type=object` and `+kubebuilder:pruning:PreserveUnknownFields`). Write it before the field's other tags.",
            example: "+kubebuilder:validation:Schemaless",
        },
    ],
};

/// Drops what the field's Go type gave its schema, keeping the description and what tags wrote
/// as extensions.
fn schemaless(_: &Place<'_>, _: &TagUse, schema: &mut Schema, _: &mut Out<'_>) -> Outcome {
    *schema = Schema {
        description: schema.description.take(),
        extensions: std::mem::take(&mut schema.extensions),
        ..Schema::default()
    };
    Ok(Effect::Lowered)
}

/// Sets a `x-kubernetes-*` flag of the schema.
fn flag(schema: &mut Schema, name: &str) -> Outcome {
    schema
        .extensions
        .insert(name.into(), serde_json::Value::Bool(true));
    Ok(Effect::Lowered)
}

fn embedded_resource(_: &Place<'_>, _: &TagUse, schema: &mut Schema, _: &mut Out<'_>) -> Outcome {
    flag(schema, "x-kubernetes-embedded-resource")
}

fn int_or_string(_: &Place<'_>, _: &TagUse, schema: &mut Schema, _: &mut Out<'_>) -> Outcome {
    flag(schema, "x-kubernetes-int-or-string")
}

fn preserve_unknown_fields(
    _: &Place<'_>,
    _: &TagUse,
    schema: &mut Schema,
    _: &mut Out<'_>,
) -> Outcome {
    flag(schema, "x-kubernetes-preserve-unknown-fields")
}

fn opaque_type(_: &Place<'_>, _: &TagUse, _: &mut Schema, _: &mut Out<'_>) -> Outcome {
    Ok(Effect::Documentation)
}

fn type_(_: &Place<'_>, tag: &TagUse, schema: &mut Schema, _: &mut Out<'_>) -> Outcome {
    let name = tag.name;
    let t = string(tag)?;
    if !matches!(
        t.as_str(),
        "string" | "integer" | "number" | "boolean" | "array" | "object"
    ) {
        return Err(format!(
            "+{name}={t}: a type is string, integer, number, boolean, array or object"
        ));
    }
    // controller-gen: the marker overrides what the Go type says (a bool that marshals as a
    // string), its format kept.
    schema.schema_type = Some(SchemaType::Single(t));
    Ok(Effect::Lowered)
}
