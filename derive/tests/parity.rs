//! Parity: each Go package under `testdata/go/parity/` has a Rust twin (`types.rs` beside it)
//! written with the same tags; the derive's definitions must equal, byte for byte in the
//! canonical JSON, what the Go generator writes for the package with validations on. The `crd`
//! pair compares CustomResourceDefinitions instead: `Widget::crd()` (and the merge of its two
//! versions) against `kubeidl crd`'s YAML for the Go packages, byte for byte.

use kubeidl::schema::Document;
use kubeidl_gen::go::{Loader, ModuleMap};
use kubeidl_gen::openapi::{generate, Options};
use std::collections::BTreeMap;
use std::path::PathBuf;

#[path = "../../testdata/go/parity/apimachinery/types.rs"]
mod apimachinery;
#[path = "../../testdata/go/parity/bounds/types.rs"]
mod bounds;
#[path = "../../testdata/go/parity/crd/types.rs"]
mod crd;
#[path = "../../testdata/go/parity/enum_unions/types.rs"]
mod enum_unions;
#[path = "../../testdata/go/parity/enums/types.rs"]
mod enums;
#[path = "../../testdata/go/parity/lists/types.rs"]
mod lists;
#[path = "../../testdata/go/parity/newtypes/types.rs"]
mod newtypes;
#[path = "../../testdata/go/parity/rules/types.rs"]
mod rules;
#[path = "../../testdata/go/parity/selected/types.rs"]
mod selected;
#[path = "../../testdata/go/parity/strings/types.rs"]
mod strings;
#[path = "../../testdata/go/parity/templates/types.rs"]
mod templates;
#[path = "../../testdata/go/parity/unions/types.rs"]
mod unions;
#[path = "../../testdata/go/parity/variant_fields/types.rs"]
mod variant_fields;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// What the Go generator writes for `testdata/go/parity/<name>`, with k8s.io/apimachinery read
/// from kubeidl's stand-in.
fn from_go(name: &str) -> String {
    from_go_with(name, &repo().join("testdata/standin/apimachinery"))
}

/// What the Go generator writes for `testdata/go/parity/<name>`, with k8s.io/apimachinery read
/// from `apimachinery`.
fn from_go_with(name: &str, apimachinery: &std::path::Path) -> String {
    let dir = repo().join("testdata/go/parity").join(name);
    let mut modules = ModuleMap::new();
    modules.add("k8s.io/apimachinery", apimachinery);
    let loader = Loader::new(modules);
    let options = Options {
        enums: true,
        validations: true,
        ..Options::default()
    };
    let generated = generate(&loader, &[dir.to_string_lossy().into_owned()], &options)
        .unwrap_or_else(|e| panic!("{}", e.render_with_source()));
    // The one warning a pair may give: checks behind a server's feature gates
    // (`+k8s:ifEnabled`, `+k8s:ifDisabled`) are left out of the OpenAPI, by the derive too.
    let gated = "depends on an option known only to the server";
    assert!(
        generated.warnings.iter().all(|w| w.contains(gated)),
        "{:?}",
        generated.warnings
    );
    generated.document.to_canonical_string()
}

/// The union of the twins' documents.
fn from_rust(documents: Vec<Document>) -> String {
    let mut all = BTreeMap::new();
    for d in documents {
        all.extend(d.schemas);
    }
    Document::new(all).to_canonical_string()
}

fn assert_parity(name: &str, rust: Vec<Document>) {
    let go = from_go(name);
    let rust = from_rust(rust);
    if go != rust {
        let go: serde_json::Value = serde_json::from_str(&go).unwrap();
        let rust: serde_json::Value = serde_json::from_str(&rust).unwrap();
        panic!(
            "{name}: the Rust twin's OpenAPI differs from the Go package's\n--- go\n{}\n--- rust\n{}",
            serde_json::to_string_pretty(&go).unwrap(),
            serde_json::to_string_pretty(&rust).unwrap()
        );
    }
}

#[test]
fn bounds() {
    assert_parity("bounds", bounds::definitions());
}

#[test]
fn strings() {
    assert_parity("strings", strings::definitions());
}

#[test]
fn lists() {
    assert_parity("lists", lists::definitions());
}

#[test]
fn rules() {
    assert_parity("rules", rules::definitions());
}

#[test]
fn unions() {
    assert_parity("unions", unions::definitions());
}

#[test]
fn enum_unions() {
    assert_parity("enum_unions", enum_unions::definitions());
}

/// An internally tagged enum whose variants have several fields, one of them shared: a Go
/// struct of all the fields with XValidation rules.
#[test]
fn variant_fields() {
    assert_parity("variant_fields", variant_fields::definitions());
}

#[test]
fn enums() {
    assert_parity("enums", enums::definitions());
}

/// The "Possible enum values" lines end the description of a pointer use of an enum as of a
/// value use, in both front ends: openapi-gen's `EnumType` looks through a pointer (kube-openapi
/// since 2022, "support pointer of enum types"), and the derive writes them for `Option<T>` as
/// for `T`, with or without a description of the field's own. The Go side writes them only with
/// enums on (`kubeidl openapi --enums`, and `kubeidl crd`), the generation the twins are
/// compared with; without, it writes them for neither use, as an apiserver with `OpenAPIEnums`
/// off strips them from both. (The `crd` pair's `fallback` compares a pointer use in CRDs.)
#[test]
fn enum_values_describe_pointer_and_value_uses_alike() {
    let endpoint = |text: &str| -> BTreeMap<String, Option<String>> {
        let doc: serde_json::Value = serde_json::from_str(text).unwrap();
        let properties = doc["components"]["schemas"]
            ["com.example.kubeidl.testdata.parity.enums.Endpoint"]["properties"]
            .as_object()
            .unwrap();
        properties
            .iter()
            .map(|(name, p)| (name.clone(), p["description"].as_str().map(str::to_string)))
            .collect()
    };
    let go = endpoint(&from_go("enums"));
    let rust = endpoint(&from_rust(enums::definitions()));
    assert_eq!(go, rust);
    let protocols = "Possible enum values:\n - `\"SCTP\"` is the SCTP protocol, on two lines.\n - `\"TCP\"` is the TCP protocol.\n - `\"UDP\"` is the UDP protocol.";
    let described = |name: &str, own: &str, lines: &str| {
        let expected = if own.is_empty() {
            lines.to_string()
        } else {
            format!("{own}\n\n{lines}")
        };
        assert_eq!(go[name].as_deref(), Some(expected.as_str()), "{name}");
    };
    // Value, Option (pointer), Option with only a tag for a doc.
    described(
        "protocol",
        "Protocol is how the endpoint is reached.",
        protocols,
    );
    described(
        "fallback",
        "Fallback is tried when the protocol fails.",
        protocols,
    );
    described("spare", "", protocols);
    // A value and an Option with no doc at all.
    let phases = go["plain"].clone().unwrap();
    assert!(
        phases.starts_with("Possible enum values:\n - `\"Failed\"`"),
        "{phases}"
    );
    assert_eq!(go["bare"].as_deref(), Some(phases.as_str()));

    // Without enums, the Go side describes neither use with them.
    let dir = repo().join("testdata/go/parity/enums");
    let options = Options {
        validations: true,
        ..Options::default()
    };
    let loader = Loader::new(ModuleMap::new());
    let generated = generate(&loader, &[dir.to_string_lossy().into_owned()], &options).unwrap();
    let plain = endpoint(&generated.document.to_canonical_string());
    assert_eq!(
        plain["protocol"].as_deref(),
        Some("Protocol is how the endpoint is reached.")
    );
    assert_eq!(
        plain["fallback"].as_deref(),
        Some("Fallback is tried when the protocol fails.")
    );
    assert_eq!(
        (plain["plain"].as_deref(), plain["bare"].as_deref()),
        (None, None)
    );
}

#[test]
fn newtypes() {
    assert_parity("newtypes", newtypes::definitions());
}

#[test]
fn templates() {
    assert_parity("templates", templates::definitions());
}

#[test]
fn selected() {
    assert_parity("selected", selected::definitions());
}

#[test]
fn apimachinery_types() {
    assert_parity("apimachinery", apimachinery::definitions());
}

/// Against the real k8s.io/apimachinery (when `KUBEIDL_K8S_SOURCES` holds a checkout as
/// `apimachinery/`), the twin's definitions differ only in the apimachinery types' descriptions,
/// which are kubeidl's own.
#[test]
fn apimachinery_types_match_the_real_ones_but_for_descriptions() {
    let Some(sources) = std::env::var_os("KUBEIDL_K8S_SOURCES") else {
        eprintln!(
            "skipped: set KUBEIDL_K8S_SOURCES to a directory holding an apimachinery/ checkout"
        );
        return;
    };
    let real = PathBuf::from(sources).join("apimachinery");
    let strip = |text: &str| {
        let mut value: serde_json::Value = serde_json::from_str(text).unwrap();
        let schemas = value["components"]["schemas"].as_object_mut().unwrap();
        for (name, schema) in schemas.iter_mut() {
            if name.starts_with("io.k8s.apimachinery.") {
                schema.as_object_mut().unwrap().remove("description");
            }
        }
        value
    };
    let go = strip(&from_go_with("apimachinery", &real));
    let rust = strip(&from_rust(apimachinery::definitions()));
    assert_eq!(go, rust);
}

/// The roots `#[kubeidl(kind = ...)]` writes are the Go kinds' twins in OpenAPI too (with
/// kubeidl's `ObjectMeta`, which the stand-in mirrors).
#[test]
fn crd_roots_openapi() {
    use kubeidl::typed::Definition;
    assert_parity("crd/v1", vec![crd::v1::Widget::openapi_schema()]);
    assert_parity("crd/v1beta1", vec![crd::v1beta1::Widget::openapi_schema()]);
}

/// What `kubeidl crd` writes for `testdata/go/parity/<packages>` (one CRD), with
/// k8s.io/apimachinery read from kubeidl's stand-in.
fn crd_from_go(packages: &str) -> String {
    crd_from_go_with(packages, &repo().join("testdata/standin/apimachinery"))
}

/// What `kubeidl crd` writes for `testdata/go/parity/<packages>` (one CRD), with
/// k8s.io/apimachinery read from `apimachinery`.
fn crd_from_go_with(packages: &str, apimachinery: &std::path::Path) -> String {
    let mut modules = ModuleMap::new();
    modules.add("k8s.io/apimachinery", apimachinery);
    let loader = Loader::new(modules);
    let dir = repo().join("testdata/go/parity").join(packages);
    let generated = kubeidl_gen::crd::generate(
        &loader,
        &[dir.to_string_lossy().into_owned()],
        &kubeidl_gen::crd::Options::default(),
    )
    .unwrap_or_else(|e| panic!("{}", e.render_with_source()));
    assert!(generated.warnings.is_empty(), "{:?}", generated.warnings);
    assert_eq!(generated.crds.len(), 1);
    generated.crds[0].text.clone()
}

fn assert_same_crd(packages: &str, rust: Result<kubeidl::crd::Crd, kubeidl::crd::CrdError>) {
    let rust = rust.unwrap_or_else(|e| panic!("{e}"));
    let go = crd_from_go(packages);
    assert!(
        go == rust.text,
        "{packages}: the Rust kind's CRD differs from the Go package's\n--- go\n{go}\n--- rust\n{}",
        rust.text
    );
}

/// A CRD root with status, printer columns, a selectable field, names and a storage version,
/// declared with `#[kubeidl(kind = ...)]`: byte for byte.
#[test]
fn crd_of_one_version() {
    assert_same_crd("crd/v1", crd::v1::Widget::crd());
}

/// A deprecated version whose kind is declared with the Go markers in the spec's doc comment.
#[test]
fn crd_of_a_version_with_go_markers() {
    assert_same_crd("crd/v1beta1", crd::v1beta1::Widget::crd());
}

/// Two versions of one kind merged into one CRD, as two Go packages of a group are.
#[test]
fn crd_of_two_versions() {
    let merged = kubeidl::crd::merge([
        crd::v1beta1::Widget::crd_version(),
        crd::v1::Widget::crd_version(),
    ]);
    assert_same_crd("crd/...", merged);
}

/// Against the real k8s.io/apimachinery (with `KUBEIDL_K8S_SOURCES`), the CRDs are still the
/// same bytes: a CRD's root `metadata` says only `type: object`, and `TypeMeta`'s descriptions
/// are Kubernetes' own on both sides.
#[test]
fn crds_match_those_of_the_real_apimachinery() {
    let Some(sources) = std::env::var_os("KUBEIDL_K8S_SOURCES") else {
        eprintln!(
            "skipped: set KUBEIDL_K8S_SOURCES to a directory holding an apimachinery/ checkout"
        );
        return;
    };
    let real = PathBuf::from(sources).join("apimachinery");
    let merged = kubeidl::crd::merge([
        crd::v1::Widget::crd_version(),
        crd::v1beta1::Widget::crd_version(),
    ])
    .unwrap();
    assert_eq!(crd_from_go_with("crd/...", &real), merged.text);
}
