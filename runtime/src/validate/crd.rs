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
                    errors.extend(rules.iter().map(|r| rule_error(&base, r)));
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

/// A rule that does not compile, as apiextensions reports it: at the rule (or its
/// messageExpression), Forbidden when over the cost limit, otherwise Invalid with the
/// `x-kubernetes-validations` entry printed as Go's `%#v` prints the internal `ValidationRule`.
fn rule_error(base: &FieldPath, r: &super::RuleCompileError) -> FieldError {
    let path = base.join(&r.at);
    let text = r.error.to_string();
    let cost = r
        .error
        .issues
        .first()
        .filter(|i| i.location.is_none() && i.message.starts_with("estimated "));
    match cost {
        Some(issue) => FieldError::forbidden(path, issue.message.clone()),
        None => FieldError::invalid(
            path,
            BadValue::GoSyntax(validation_rule_go_syntax(&r.entry)),
            format!("compilation failed: {text}"),
        ),
    }
}

/// `apiextensions.ValidationRule{Rule:"self.x > 0", Message:"", ...}`: the struct as `%#v`
/// prints it. A set pointer field prints as its type and an address in Go, which differs on
/// every run; it is written with `0x...` for the address.
fn validation_rule_go_syntax(entry: &Value) -> String {
    let text = |k: &str| crate::strconv::quote(entry.get(k).and_then(Value::as_str).unwrap_or(""));
    let pointer = |k: &str, ty: &str| match entry.get(k) {
        None | Some(Value::Null) => format!("(*{ty})(nil)"),
        Some(_) => format!("(*{ty})(0x...)"),
    };
    format!(
        "apiextensions.ValidationRule{{Rule:{}, Message:{}, MessageExpression:{}, Reason:{}, FieldPath:{}, OptionalOldSelf:{}}}",
        text("rule"),
        text("message"),
        text("messageExpression"),
        pointer("reason", "apiextensions.FieldValueErrorReason"),
        text("fieldPath"),
        pointer("optionalOldSelf", "bool"),
    )
}

/// Where the node an error of [`crd_manifest_errors`] names is written in the CRD manifest, as a
/// JSON pointer: a shared schema's errors (`spec.validation.openAPIV3Schema...`) are written in
/// the first version's schema.
pub fn crd_error_pointer(path: &FieldPath) -> String {
    let pointer = path.pointer();
    match pointer.strip_prefix("/spec/validation/openAPIV3Schema") {
        Some(rest) => format!("/spec/versions/0/schema/openAPIV3Schema{rest}"),
        None => pointer,
    }
}
