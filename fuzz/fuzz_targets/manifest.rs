//! Any bytes read as a YAML/JSON stream give documents or positioned errors, never a panic; every
//! document read validates (as a create and as an update of itself) against the test CRD without
//! panic or stack overflow, against the embedded kind its apiVersion and kind name, and through
//! every hand-written check of a built-in kind whatever its shape (`kube::native_check_named` is public
//! and may be given any value).
//!
//! Seeds that must stay in the corpus live in `fuzz/seeds/manifest/` (a "billion laughs"
//! document between two Widgets: refused for excessive aliasing, the Widgets still read). Give
//! them after the corpus directory, which is where new inputs are written (from `fuzz/`):
//!
//! ```sh
//! RUSTC_BOOTSTRAP=1 cargo fuzz run manifest corpus/manifest seeds/manifest ../testdata/manifests
//! ```
#![no_main]

use kubeidl::document::read_documents;
use kubeidl::validate::{Catalog, Gvk, Validator};
use libfuzzer_sys::fuzz_target;
use std::sync::{Arc, OnceLock};

fn widget_validator() -> &'static Arc<Result<Validator, String>> {
    static V: OnceLock<Arc<Result<Validator, String>>> = OnceLock::new();
    V.get_or_init(|| {
        let crd = include_bytes!("../../testdata/manifests/crd/widgets-crd.yaml");
        let doc = read_documents(crd).remove(0).expect("the test CRD reads");
        let mut catalog = Catalog::new();
        catalog.add_crd(&doc.value).expect("the test CRD loads");
        catalog.validator(&Gvk::of("example.com/v1", "Widget"))
    })
}

fn embedded() -> &'static Catalog {
    static C: OnceLock<Catalog> = OnceLock::new();
    C.get_or_init(|| {
        let mut catalog = Catalog::new();
        let release = kubeidl::kube::release(kubeidl::kube::NEWEST).expect("embedded release");
        catalog.add_release(&release).expect("embedded kinds load");
        catalog
    })
}

fuzz_target!(|data: &[u8]| {
    let validator = widget_validator().as_ref().as_ref().expect("Widget schema");
    for doc in read_documents(data).into_iter().flatten() {
        let _ = validator.validate(&doc.value);
        let _ = validator.validate_update(&doc.value, &doc.value);
        let gvk = Gvk::of(
            doc.value["apiVersion"].as_str().unwrap_or_default(),
            doc.value["kind"].as_str().unwrap_or_default(),
        );
        if let Ok(built_in) = embedded().validator(&gvk).as_ref() {
            let _ = built_in.validate(&doc.value);
        }
        for (name, _) in kubeidl::kube::native_checks() {
            if let Some(check) = kubeidl::kube::native_check_named(name) {
                let _ = check(&doc.value);
                if let Some(spec) = doc.value.get("spec") {
                    let _ = check(
                        &serde_json::json!({"spec": {"template": spec, "jobTemplate": {"spec": spec}}}),
                    );
                }
            }
        }
    }
});
