//! A CustomResourceDefinition manifest checked as the apiextensions apiserver checks one on
//! create, beyond what its own schema says: each version's schema must be structural (known
//! types, list and map types, defaults that validate) and its rules must compile.

use crate::errors::{BadValue, FieldError, FieldPath};
use crate::schema::{crd_schema_errors, Schema};
use serde_json::Value;

/// The errors of a CRD's version schemas, with the apiserver's paths. A CRD whose versions all
/// have the same schema is reported under `spec.validation.openAPIV3Schema`, as the apiserver
/// reports it (it holds such a schema once, at the top).
pub fn crd_manifest_errors(crd: &Value) -> Vec<FieldError> {
    let Some(versions) = crd.pointer("/spec/versions").and_then(Value::as_array) else {
        return Vec::new();
    };
    let schemas: Vec<Option<&Value>> = versions
        .iter()
        .map(|v| v.pointer("/schema/openAPIV3Schema"))
        .collect();
    let shared = schemas.windows(2).all(|w| w[0] == w[1]);
    let mut errors = Vec::new();
    for (i, json) in schemas.iter().enumerate() {
        let Some(json) = json else { continue };
        if shared && i > 0 {
            break;
        }
        let base = if shared {
            FieldPath::root().child("spec").child("validation")
        } else {
            FieldPath::root()
                .child("spec")
                .child("versions")
                .index(i)
                .child("schema")
        }
        .child("openAPIV3Schema");
        match Schema::from_json(json) {
            Ok(schema) => {
                errors.extend(crd_schema_errors(&schema, &base));
                if let Err(rules) = super::Validator::new(&schema) {
                    errors.extend(rules.into_iter().map(|r| {
                        FieldError::invalid(
                            base.join(&rule_path(&r.path)),
                            BadValue::Omitted,
                            format!("compilation failed: {}", r.error),
                        )
                    }));
                }
            }
            Err(e) => errors.push(FieldError::invalid(
                base,
                BadValue::Omitted,
                format!("{}: {}", e.path, e.message),
            )),
        }
    }
    errors
}

/// A rule's path as the validator reports it (`spec.x-kubernetes-validations[0]`), as a field path.
fn rule_path(path: &str) -> FieldPath {
    let mut out = FieldPath::root();
    for part in path.split('.').filter(|p| !p.is_empty()) {
        out = out.child(part);
    }
    out
}
