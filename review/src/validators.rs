//! kubeidl's validator for a revision's definitions, compiled once per definition: what
//! witnesses and replays ask when they check objects against a side of a diff.

use super::{Form, Revision};
use kubeidl::validate::{FieldValidation, Validator};
use std::collections::HashMap;
use std::sync::Arc;

/// The validators of one revision's definitions, compiled on first use.
pub(crate) struct Validators<'r> {
    revision: &'r Revision,
    unknown_fields: FieldValidation,
    compiled: HashMap<String, Option<Arc<Validator>>>,
}

impl<'r> Validators<'r> {
    /// Validators that reject unknown fields, as the apiserver's strict decoding does.
    pub fn new(revision: &'r Revision) -> Self {
        Validators::with_unknown_fields(revision, FieldValidation::Strict)
    }

    /// Validators that treat unknown fields as `mode` says.
    pub fn with_unknown_fields(revision: &'r Revision, mode: FieldValidation) -> Self {
        Validators {
            revision,
            unknown_fields: mode,
            compiled: HashMap::new(),
        }
    }

    pub fn revision(&self) -> &'r Revision {
        self.revision
    }

    /// The validator of definition `name`, compiled against the definitions it reaches; `None`
    /// when there is no such definition or its CEL rules do not compile.
    pub fn of(&mut self, name: &str) -> Option<Arc<Validator>> {
        if let Some(v) = self.compiled.get(name) {
            return v.clone();
        }
        let revision = self.revision;
        let compiled = revision.definitions.get(name).and_then(|d| {
            let definitions = revision.schemas_reached(vec![name.to_string()]);
            let definitions = Arc::new(definitions);
            // Rules of Go types are declarative validations, which the apiserver runs as Go
            // code: no cost limit refuses them.
            let compiled = match revision.form {
                Form::Go => Validator::for_go_types(&d.schema, definitions),
                Form::OpenApi | Form::Crd => Validator::with_definitions(&d.schema, definitions),
            };
            compiled
                .ok()
                .map(|v| Arc::new(v.field_validation(self.unknown_fields)))
        });
        self.compiled.insert(name.to_string(), compiled.clone());
        compiled
    }
}
