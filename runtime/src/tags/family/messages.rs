//! Messages: a custom message, and optionally a reason, for a keyword another tag of the same
//! place writes (KEP-4153's custom error messages and reasons for value validations), published
//! as `x-kubernetes-errors` beside the keyword and reported by the schema walk and derived
//! validators in place of kube-openapi's text.

use super::super::codetags::{Args, Scalar};
use super::super::lower::Place;
use super::super::read::{PayloadValue, TagUse};
use super::super::registry::{Entry, Family, Payload as P, Rule};
use super::shared::{crd_reason, Effect, Out, Outcome};
use super::{vg, VALUES};
use crate::errors::ErrorType;
use crate::schema::Schema;
use crate::validate::custom_errors::{self, CustomError};

#[allow(non_upper_case_globals)]
impl Rule {
    pub const Error: Rule = Rule("Error");
}

pub(crate) const FAMILY: Family = Family {
    name: "messages",
    doc: "Custom error messages and reasons for the keywords other tags write.",
    entries: &[Entry {
        rule: Rule::Error,
        spellings: &[vg("k8s:error", P::String)],
        scopes: VALUES,
        lower: error,
        check: None,
        members: None,
        doc: "The message a keyword's failure reports instead of kube-openapi's, written after the tag that sets the keyword: `+k8s:error(maxLength)=\"must be a DNS label\"`, or with a reason, `+k8s:error(keyword: pattern, reason: Invalid)=\"...\"` (a rule's reasons: Invalid, Forbidden, Required, Duplicate). It becomes `x-kubernetes-errors: {maxLength: {message, reason}}` beside the keyword; the keyword's error keeps its path and value and takes the message (and the reason's type). The keywords: minimum, maximum, multipleOf, minLength, maxLength, pattern, format, minItems, maxItems, uniqueItems, minProperties, maxProperties, enum.",
        example: "+k8s:error(maxLength)=\"must be a DNS label\"",
    }],
};

fn error(place: &Place<'_>, tag: &TagUse, schema: &mut Schema, _: &mut Out<'_>) -> Outcome {
    let name = tag.name;
    let (keyword, reason) = keyword_and_reason(tag)?;
    match custom_errors::holds(schema, &keyword) {
        None => {
            return Err(format!(
                "+{name}({keyword}): not a keyword a message can be given to; one of {}",
                custom_errors::keywords().collect::<Vec<_>>().join(", ")
            ))
        }
        Some(false) => {
            return Err(format!(
                "+{name}({keyword}): {} has no {keyword} before this tag; write it after the tag that sets {keyword}",
                place.kind.describe()
            ))
        }
        Some(true) => {}
    }
    let message = match &tag.payload {
        PayloadValue::String(m) if !m.trim().is_empty() => m.clone(),
        _ => {
            return Err(format!(
                "+{name}({keyword}) takes a message: +{name}({keyword})=\"<message>\""
            ))
        }
    };
    let error_type = match reason {
        None => None,
        Some(r) => Some(
            crd_reason(&r)
                .and_then(ErrorType::from_rule_reason)
                .ok_or_else(|| {
                    format!("+{name}({keyword}): reason {r:?} is not one of Invalid, Forbidden, Required, Duplicate")
                })?,
        ),
    };
    let custom = CustomError {
        message,
        error_type,
    };
    custom_errors::insert(schema, &keyword, &custom)
        .map_err(|why| format!("+{name}({keyword}): {why}"))?;
    Ok(Effect::Lowered)
}

/// The keyword in parentheses, positional (`(maxLength)`) or named with a reason
/// (`(keyword: maxLength, reason: Invalid)`).
fn keyword_and_reason(tag: &TagUse) -> Result<(String, Option<String>), String> {
    let name = tag.name;
    let usage = || {
        format!("+{name} names its keyword: +{name}(maxLength)=\"...\" or +{name}(keyword: maxLength, reason: Invalid)=\"...\"")
    };
    match &tag.args {
        Args::Positional(Scalar::String(keyword)) => Ok((keyword.clone(), None)),
        Args::Named(args) => {
            let mut keyword = None;
            let mut reason = None;
            for (arg, value) in args {
                let Scalar::String(text) = value else {
                    return Err(format!("+{name}: {arg} is a name, not {}", value.kind()));
                };
                match arg.as_str() {
                    "keyword" => keyword = Some(text.clone()),
                    "reason" => reason = Some(text.clone()),
                    other => {
                        return Err(format!("+{name}: unknown argument {other:?}; {}", usage()))
                    }
                }
            }
            Ok((keyword.ok_or_else(usage)?, reason))
        }
        _ => Err(usage()),
    }
}
