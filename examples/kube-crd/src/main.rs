//! `kube-crd`: prints the CustomResourceDefinition kube-rs writes for `Backup`, whose schema is
//! kubeidl's (no cluster needed); with files, validates the `Backup` manifests in them as a
//! webhook or controller would, with nothing but this binary.
//!
//! ```sh
//! cargo run -p kube-crd-example --bin kube-crd                              # the CRD, as YAML
//! cargo run -p kube-crd-example --bin kube-crd -- examples/kube-crd/resources/*.yaml
//! ```

use kube::core::{DynamicObject, Resource};
use kube::CustomResourceExt;
use kube_crd_example::Backup;
use kubeidl::errors::FieldError;
use kubeidl::typed::Validate;
use kubeidl::validate::{Catalog, Gvk, Path};
use std::process::ExitCode;

fn main() -> ExitCode {
    let files: Vec<String> = std::env::args().skip(1).collect();
    let crd = serde_json::to_value(Backup::crd()).expect("a CRD is JSON");
    if files.is_empty() {
        print!("{}", kubeidl::crd::yaml::document(&crd));
        return ExitCode::SUCCESS;
    }
    let mut catalog = Catalog::new();
    if let Err(e) = catalog.add_crd(&crd) {
        panic!("kubeidl cannot read the CRD kube-rs wrote: {e}");
    }
    let mut invalid = 0;
    for file in &files {
        let bytes = match std::fs::read(file) {
            Ok(bytes) => bytes,
            Err(e) => {
                eprintln!("{file}: {e}");
                return ExitCode::from(2);
            }
        };
        for document in kubeidl::document::read_documents(&bytes) {
            let object = document.map_err(|e| e.to_string()).and_then(|d| {
                serde_json::from_value::<DynamicObject>(d.value).map_err(|e| e.to_string())
            });
            let object = match object {
                Ok(object) => object,
                Err(e) => {
                    eprintln!("{file}:{e}");
                    return ExitCode::from(2);
                }
            };
            let errors = errors(&object, &catalog);
            let name = object.metadata.name.as_deref().unwrap_or("");
            if errors.is_empty() {
                println!("{file}: Backup {name:?} is valid");
            } else {
                invalid += 1;
                println!("{file}: Backup {name:?} is invalid:");
                for e in errors {
                    println!("  {e}");
                }
            }
        }
    }
    if invalid > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// The errors of an object as a webhook sees them. A `Backup` that deserializes is checked as
/// a typed value: its spec by the derived validator, at `spec`. One that does not (a bad enum
/// value, a wrong type) is checked as the apiserver checks it, against the CRD's schema, so a
/// bad enum value gets its `Unsupported value`.
fn errors(object: &DynamicObject, crd: &Catalog) -> Vec<FieldError> {
    let json = serde_json::to_value(object).expect("an object is JSON");
    match serde_json::from_value::<Backup>(json.clone()) {
        Ok(backup) => backup.spec.validate_in(&Path::ROOT.field("spec")),
        Err(_) => {
            let gvk = Gvk::of(&Backup::api_version(&()), &Backup::kind(&()));
            match crd.validator(&gvk).as_ref() {
                Ok(validator) => validator.validate(&json).errors,
                Err(e) => panic!("the Backup CRD has no validator: {e}"),
            }
        }
    }
}
