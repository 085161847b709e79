//! Rules: CEL rules written by the user, as `+validationRule`, kubebuilder's XValidation marker
//! or kube-openapi's `+k8s:validation:cel[i]:` lines.

use super::super::lower::{Place, RuleOrigin, Validation};
use super::super::read::{PayloadValue, RuleSpec, TagUse};
use super::super::registry::{Entry, Family, Payload as P, Rule};
use super::shared::{crd_reason, push_rule, Effect, Out, Outcome};
use super::{kb, kep, VALUES};
use crate::schema::Schema;
use serde_json::Value;

#[allow(non_upper_case_globals)]
impl Rule {
    pub const ValidationRule: Rule = Rule("ValidationRule");
}

pub(crate) const FAMILY: Family = Family {
    name: "rules",
    doc: "CEL rules written by the user.",
    entries: &[Entry {
        rule: Rule::ValidationRule,
        spellings: &[
            kep("validationRule", P::Rule),
            kb("kubebuilder:validation:XValidation", P::Rule),
        ],
        scopes: VALUES,
        lower: validation_rule,
        check: None,
        members: None,
        doc: "A CEL rule over `self` (and `oldSelf` for transition rules), with its `message` or `messageExpression`, `reason`, `fieldPath` and `optionalOldSelf`, as one of `x-kubernetes-validations`. Reasons may be written short (`Forbidden` is `FieldValueForbidden`). kube-openapi's `+k8s:validation:cel[i]:<key>` lines give the same rule one option per line. Every rule is type-checked and costed against the node it stands on.",
        example: "+validationRule=\"self.min <= self.max\",message=\"min must not exceed max\"",
    }],
};

fn validation_rule(_: &Place<'_>, tag: &TagUse, schema: &mut Schema, _: &mut Out<'_>) -> Outcome {
    let PayloadValue::Rule(spec) = &tag.payload else {
        return Err(format!("+{} takes a CEL rule", tag.name));
    };
    push_rule(schema, validation_of(spec, tag.name)?);
    Ok(Effect::Lowered)
}

fn validation_of(spec: &RuleSpec, name: &str) -> Result<Validation, String> {
    let reason = match &spec.reason {
        Some(r) => Some(crd_reason(r).ok_or_else(|| {
            format!("+{name}: reason {r:?} is not one of Required, Forbidden, Invalid, Duplicate, RequestEntityTooLarge")
        })?),
        None => None,
    };
    let field_path = spec.field_path.as_ref().map(|f| {
        if f.starts_with('.') || f.starts_with('[') {
            f.clone()
        } else {
            format!(".{f}")
        }
    });
    Ok(Validation {
        rule: spec.rule.clone(),
        message: spec.message.clone(),
        message_expression: spec.message_expression.clone(),
        reason: reason.map(str::to_string),
        field_path,
        optional_old_self: spec.optional_old_self,
    })
}

/// `+k8s:validation:cel[i]:key=...` lines, grouped by index into rules; each rule's origin is
/// the first line of its index.
pub(crate) fn apply_cel_parts<P: Clone>(
    parts: Vec<(usize, String, Value, P)>,
    schema: &mut Schema,
) -> Result<Vec<RuleOrigin<P>>, (P, String)> {
    let Some(count) = parts.iter().map(|p| p.0 + 1).max() else {
        return Ok(Vec::new());
    };
    let first = parts[0].3.clone();
    let mut rules: Vec<Option<(serde_json::Map<String, Value>, P)>> = vec![None; count];
    for (index, key, value, pos) in parts {
        let slot = rules[index].get_or_insert_with(|| (serde_json::Map::new(), pos.clone()));
        match slot.0.get_mut(&key) {
            // `key>text` lines with the same key join with newlines.
            Some(Value::String(existing)) if value.is_string() => {
                existing.push('\n');
                existing.push_str(value.as_str().unwrap_or_default());
            }
            Some(_) => return Err((pos, format!("cel[{index}]:{key} is given twice"))),
            None => {
                slot.0.insert(key, value);
            }
        }
    }
    let mut origins = Vec::new();
    for (index, slot) in rules.into_iter().enumerate() {
        let Some((fields, pos)) = slot else {
            return Err((
                first,
                format!("cel[{index}] is missing: indices must count up from 0"),
            ));
        };
        let text = |k: &str| fields.get(k).and_then(Value::as_str).map(str::to_string);
        let Some(rule) = text("rule") else {
            return Err((pos, format!("cel[{index}] has no rule")));
        };
        let spec = RuleSpec {
            rule,
            message: text("message"),
            message_expression: text("messageExpression"),
            reason: text("reason"),
            field_path: text("fieldPath"),
            optional_old_self: fields.get("optionalOldSelf") == Some(&Value::Bool(true)),
        };
        if spec.message.is_some() == spec.message_expression.is_some() {
            return Err((
                pos,
                format!("cel[{index}] needs exactly one of message and messageExpression"),
            ));
        }
        let validation =
            validation_of(&spec, "k8s:validation:cel").map_err(|m| (pos.clone(), m))?;
        origins.push(RuleOrigin {
            rule: validation.rule.clone(),
            pos,
            authored: true,
        });
        push_rule(schema, validation);
    }
    Ok(origins)
}
