//! Reading admissionregistration objects from JSON: typed accessors that say which field was
//! malformed and what was expected, treat `null` as absent (as Go's decoder leaves a nil pointer
//! that defaulting then fills), and reject fields the API type does not have, as strict decoding
//! (`kubectl apply`'s default) does.

use kubeidl::errors::{BadValue, FieldError, FieldPath};
use serde_json::{Map, Value};

/// A JSON object read as one API struct: its members, where it stands, and which fields exist.
pub(crate) struct Fields<'v> {
    members: &'v Map<String, Value>,
    pub(crate) path: FieldPath,
}

impl<'v> Fields<'v> {
    /// `value` as a struct whose only fields are `known`.
    pub(crate) fn of(
        value: &'v Value,
        path: &FieldPath,
        known: &[&str],
    ) -> Result<Fields<'v>, FieldError> {
        let members = value
            .as_object()
            .ok_or_else(|| expected(value, path, "an object"))?;
        if let Some(unknown) = members.keys().find(|k| !known.contains(&k.as_str())) {
            return Err(FieldError::invalid(
                path.child(unknown),
                BadValue::Omitted,
                "value provided for unknown field",
            ));
        }
        Ok(Fields {
            members,
            path: path.clone(),
        })
    }

    /// A member that is present and not `null`, with its path.
    pub(crate) fn get(&self, name: &str) -> Option<(&'v Value, FieldPath)> {
        match self.members.get(name) {
            None | Some(Value::Null) => None,
            Some(v) => Some((v, self.path.child(name))),
        }
    }

    /// A string member; `None` when absent or `null`.
    pub(crate) fn string(&self, name: &str) -> Result<Option<&'v str>, FieldError> {
        self.get(name)
            .map(|(v, at)| v.as_str().ok_or_else(|| expected(v, &at, "a string")))
            .transpose()
    }

    /// A list of strings; empty when absent or `null`.
    pub(crate) fn strings(&self, name: &str) -> Result<Vec<String>, FieldError> {
        let Some((v, at)) = self.get(name) else {
            return Ok(Vec::new());
        };
        let items = v
            .as_array()
            .ok_or_else(|| expected(v, &at, "a list of strings"))?;
        items
            .iter()
            .enumerate()
            .map(|(i, item)| {
                item.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| expected(item, &at.index(i), "a string"))
            })
            .collect()
    }

    /// A list member, each item with its path; empty when absent or `null`.
    pub(crate) fn list(&self, name: &str) -> Result<Vec<(&'v Value, FieldPath)>, FieldError> {
        let Some((v, at)) = self.get(name) else {
            return Ok(Vec::new());
        };
        let items = v.as_array().ok_or_else(|| expected(v, &at, "a list"))?;
        Ok(items
            .iter()
            .enumerate()
            .map(|(i, item)| (item, at.index(i)))
            .collect())
    }
}

/// `<path>: Invalid value: <v>: expected <what>`.
pub(crate) fn expected(value: &Value, path: &FieldPath, what: &str) -> FieldError {
    FieldError::type_invalid(
        path.clone(),
        BadValue::of_json(value),
        format!("expected {what}"),
    )
}

/// `value` if it is one of `supported`, else `Unsupported value: ...: supported values: ...`.
pub(crate) fn one_of<'s>(
    value: &str,
    path: &FieldPath,
    supported: &[&'s str],
) -> Result<&'s str, FieldError> {
    supported
        .iter()
        .find(|s| **s == value)
        .copied()
        .ok_or_else(|| {
            let list: Vec<String> = supported.iter().map(|s| s.to_string()).collect();
            FieldError::not_supported(path.clone(), BadValue::string(value), &list)
        })
}
