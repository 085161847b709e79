//! `kubeidl admit --check-policies`: each Validating- and MutatingAdmissionPolicy and binding
//! checked as the apiserver checks it on create (API validation's field errors), each
//! validating policy's expressions type-checked as the apiserver writes
//! `status.typeChecking` (a mutating policy's mutations likewise, which is kubeidl's own), and
//! kubeidl's own notes (unused variables, cost estimates over the runtime limits).

use super::cluster::{api_errors, crd_served, documents};
use super::request::str_at;
use super::validate::add_schemas;
use super::AdmitArgs;
use kubeidl::errors::FieldError;
use kubeidl::validate::Catalog;
use kubeidl_admission::{
    cost_notes, type_check, type_check_mutating, CatalogKinds, ExpressionWarning, MutatingPolicy,
    Policy,
};
use kubeidl_gen::Error;
use serde_json::{json, Value};
use std::process::ExitCode;

/// What one object gets.
struct Checked {
    at: String,
    kind: String,
    name: String,
    /// The API's errors, each with where its field is written.
    errors: Vec<(String, FieldError)>,
    warnings: Vec<ExpressionWarning>,
    notes: Vec<String>,
}

pub fn run(args: &AdmitArgs) -> Result<ExitCode, Error> {
    let release = kubeidl::kube::release(&args.kube_version)
        .map_err(|e| Error::new(format!("--kube-version: {e}")))?;
    let mut catalog = Catalog::new();
    let mut custom = Vec::new();
    add_schemas(&mut catalog, &args.schemas)?;
    for doc in documents(&args.crds)? {
        let v = &doc.value;
        if v.get("kind").and_then(Value::as_str) != Some("CustomResourceDefinition") {
            continue;
        }
        catalog
            .add_crd(v)
            .map_err(|e| Error::new(format!("{}: {e}", doc.at)))?;
        custom.extend(crd_served(v).into_iter().map(|(r, k, _)| (r, k)));
    }
    catalog
        .add_openapi_document(&release.document)
        .map_err(|e| Error::new(format!("the embedded Kubernetes {}: {e}", release.version)))?;
    let kinds = CatalogKinds {
        release: &release,
        catalog: &catalog,
        custom,
    };
    let mut checked = Vec::new();
    for doc in documents(&args.policies)? {
        let v = &doc.value;
        let Some(errors) = api_errors(v) else {
            continue;
        };
        let mut entry = Checked {
            at: doc.at.clone(),
            kind: str_at(v, "/kind").to_string(),
            name: str_at(v, "/metadata/name").to_string(),
            errors: errors
                .into_iter()
                .map(|e| (doc.at_field(&e.path), e))
                .collect(),
            warnings: Vec::new(),
            notes: Vec::new(),
        };
        if entry.errors.is_empty() || entry.kind == "ValidatingAdmissionPolicy" {
            (entry.warnings, entry.notes) = warnings_and_notes(v, &kinds);
        }
        checked.push(entry);
    }
    let failed = checked
        .iter()
        .any(|c| !c.errors.is_empty() || !c.warnings.is_empty());
    match args.output.as_str() {
        "json" => {
            let out: Vec<Value> = checked.iter().map(to_json).collect();
            println!("{}", serde_json::to_string_pretty(&out).expect("JSON"));
        }
        _ => print_text(&checked),
    }
    Ok(ExitCode::from(u8::from(failed)))
}

/// A policy's type-checking warnings and kubeidl's notes on it (none for other kinds).
pub(super) fn warnings_and_notes(
    v: &Value,
    kinds: &CatalogKinds<'_>,
) -> (Vec<ExpressionWarning>, Vec<String>) {
    match str_at(v, "/kind") {
        "ValidatingAdmissionPolicy" => match Policy::from_json(v) {
            Ok(policy) => {
                let mut notes = unused_variables(&policy, &[]);
                notes.extend(cost_notes(&policy, kinds).iter().map(ToString::to_string));
                (type_check(&policy, kinds), notes)
            }
            Err(_) => Default::default(),
        },
        "MutatingAdmissionPolicy" => match MutatingPolicy::from_json(v) {
            Ok(policy) => {
                let warnings = type_check_mutating(&policy, kinds);
                let mut notes = Vec::new();
                if !warnings.is_empty() {
                    notes.push(MUTATION_TYPE_CHECKING.to_string());
                }
                let mutations: Vec<&str> = policy
                    .mutations
                    .iter()
                    .map(|m| m.expression.source.as_str())
                    .collect();
                notes.extend(unused_variables(&policy.policy, &mutations));
                (warnings, notes)
            }
            Err(_) => Default::default(),
        },
        _ => Default::default(),
    }
}

/// Why a MutatingAdmissionPolicy has expression warnings at all.
const MUTATION_TYPE_CHECKING: &str = "the apiserver does not type-check MutatingAdmissionPolicies: these warnings are kubeidl's, made as it type-checks a ValidatingAdmissionPolicy's validations, so the expressions would fail when they run (kubeidl)";

/// Variables no expression of the policy (nor one of `more`, a mutating policy's mutations)
/// reads (kubeidl's note; the apiserver says nothing).
fn unused_variables(policy: &Policy, more: &[&str]) -> Vec<String> {
    let mut sources: Vec<&str> = policy
        .variables
        .iter()
        .map(|(_, e)| e.source.as_str())
        .collect();
    sources.extend_from_slice(more);
    sources.extend(
        policy
            .match_conditions
            .iter()
            .map(|(_, e)| e.source.as_str()),
    );
    for v in &policy.validations {
        sources.push(&v.expression.source);
        if let Some(m) = &v.message_expression {
            sources.push(&m.source);
        }
    }
    sources.extend(
        policy
            .audit_annotations
            .iter()
            .map(|a| a.value.source.as_str()),
    );
    policy
        .variables
        .iter()
        .filter(|(name, _)| {
            let needle = format!("variables.{name}");
            !sources.iter().any(|s| {
                s.match_indices(&needle).any(|(i, _)| {
                    !s[i + needle.len()..]
                        .starts_with(|c: char| c == '_' || c.is_ascii_alphanumeric())
                })
            })
        })
        .map(|(name, _)| format!("variable {name:?} is not read by any expression (kubeidl)"))
        .collect()
}

fn to_json(c: &Checked) -> Value {
    let errors: Vec<Value> = c
        .errors
        .iter()
        .map(|(_, e)| json!({"field": e.path.to_string(), "type": e.error_type.reason(), "message": e.body()}))
        .collect();
    let warnings: Vec<Value> = c
        .warnings
        .iter()
        .map(|w| json!({"fieldRef": w.field_ref, "warning": w.warning}))
        .collect();
    json!({"kind": c.kind, "name": c.name, "errors": errors,
           "expressionWarnings": warnings, "notes": c.notes})
}

fn print_text(checked: &[Checked]) {
    for c in checked {
        if c.errors.is_empty() && c.warnings.is_empty() && c.notes.is_empty() {
            println!("{}: {} {}: ok", c.at, c.kind, c.name);
            continue;
        }
        println!("{}: {} {}:", c.at, c.kind, c.name);
        for (at, e) in &c.errors {
            println!("  {at}: error: {e}");
        }
        for w in &c.warnings {
            println!("  warning: {}:", w.field_ref);
            for line in w.warning.trim_end().lines() {
                println!("    {line}");
            }
        }
        for n in &c.notes {
            println!("  note: {n}");
        }
    }
}
