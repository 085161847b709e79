//! The CRD kube-rs writes for `Backup` (its schema kubeidl's, through schemars' `JsonSchema`)
//! against the CRD `kubeidl crd` writes for the Go twin (`go/v1`): both are loaded as an
//! apiserver loads a CRD and given the same custom resources, the example's own and every
//! mutation of them this file makes (a field removed, replaced by a value of another kind or
//! out of bounds, an unknown field added, a list emptied or an item repeated). Each object gets
//! the same errors from both, in the same order, but where the two CRDs differ by design
//! (`status: null`, which kube-rs declares nullable). Objects that read as a `Backup` are also
//! checked by the derived validator (`validate_in` at `spec`), which must give the spec errors
//! of the schema walk.

use kube::core::Resource;
use kube::CustomResourceExt;
use kube_crd_example::Backup;
use kubeidl::typed::Validate;
use kubeidl::validate::{Catalog, Gvk, Path, Validator};
use kubeidl_gen::go::{Loader, ModuleMap};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::Arc;

fn example() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// What `kubeidl crd` writes for the Go twin, with k8s.io/apimachinery from kubeidl's stand-in.
fn go_crd() -> Value {
    let mut modules = ModuleMap::new();
    modules.add(
        "k8s.io/apimachinery",
        example().join("../../testdata/standin/apimachinery"),
    );
    let loader = Loader::new(modules);
    let dir = example().join("go/v1");
    let generated = kubeidl_gen::crd::generate(
        &loader,
        &[dir.to_string_lossy().into_owned()],
        &kubeidl_gen::crd::Options::default(),
    )
    .unwrap_or_else(|e| panic!("{}", e.render_with_source()));
    assert!(generated.warnings.is_empty(), "{:?}", generated.warnings);
    assert_eq!(generated.crds.len(), 1);
    generated.crds[0].object.clone()
}

fn kube_crd() -> Value {
    serde_json::to_value(Backup::crd()).unwrap()
}

fn validator(crd: &Value) -> Arc<Result<Validator, String>> {
    let mut catalog = Catalog::new();
    catalog.add_crd(crd).unwrap();
    catalog.validator(&Gvk::of(&Backup::api_version(&()), &Backup::kind(&())))
}

fn resources() -> Vec<(String, Value)> {
    let mut out = Vec::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(example().join("resources"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for file in files {
        let bytes = std::fs::read(&file).unwrap();
        for doc in kubeidl::document::read_documents(&bytes) {
            let name = file.file_name().unwrap().to_string_lossy().into_owned();
            out.push((name, doc.unwrap().value));
        }
    }
    out
}

/// Values a field is replaced by: every JSON kind, bounds either side of the tags', and the
/// strings the schema has an opinion of.
fn replacements() -> Vec<Value> {
    vec![
        Value::Null,
        json!(""),
        json!("a"),
        json!("/x"),
        json!("Orders"),
        json!("gzip"),
        json!("lz4"),
        json!("PVC"),
        json!("S3"),
        json!("2026-11-23T03:04:05Z"),
        json!("x".repeat(70)),
        json!(0),
        json!(-1),
        json!(1),
        json!(7),
        json!(1.5),
        json!(true),
        json!([]),
        json!({}),
    ]
}

/// Every node of `value` below `spec` and `status`, as JSON pointers.
fn pointers(value: &Value, at: String, out: &mut Vec<String>) {
    match value {
        Value::Object(m) => {
            for (k, v) in m {
                let p = format!("{at}/{k}");
                out.push(p.clone());
                pointers(v, p, out);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                let p = format!("{at}/{i}");
                out.push(p.clone());
                pointers(v, p, out);
            }
        }
        _ => {}
    }
}

fn remove(value: &mut Value, pointer: &str) {
    let (parent, last) = pointer.rsplit_once('/').unwrap();
    match value.pointer_mut(parent) {
        Some(Value::Object(m)) => {
            m.remove(last);
        }
        Some(Value::Array(items)) => {
            items.remove(last.parse::<usize>().unwrap());
        }
        _ => unreachable!(),
    }
}

/// The object and its mutations, each with what was done to it.
fn mutations(name: &str, object: &Value) -> Vec<(String, Value)> {
    let mut out = vec![(name.to_string(), object.clone())];
    let mut nodes = Vec::new();
    for top in ["spec", "status"] {
        if let Some(v) = object.get(top) {
            let at = format!("/{top}");
            nodes.push(at.clone());
            pointers(v, at, &mut nodes);
        }
    }
    for p in &nodes {
        let mut removed = object.clone();
        remove(&mut removed, p);
        out.push((format!("{name}: {p} removed"), removed));
        for r in replacements() {
            let mut replaced = object.clone();
            *replaced.pointer_mut(p).unwrap() = r.clone();
            out.push((format!("{name}: {p} = {r}"), replaced));
        }
        match object.pointer(p).unwrap() {
            Value::Object(_) => {
                let mut unknown = object.clone();
                unknown.pointer_mut(p).unwrap()["unknownField"] = json!(1);
                out.push((format!("{name}: {p} + unknownField"), unknown));
            }
            Value::Array(items) if !items.is_empty() => {
                let mut repeated = object.clone();
                let first = items[0].clone();
                repeated
                    .pointer_mut(p)
                    .unwrap()
                    .as_array_mut()
                    .unwrap()
                    .push(first);
                out.push((format!("{name}: {p} first item repeated"), repeated));
            }
            _ => {}
        }
    }
    out
}

fn texts(errors: &[kubeidl::errors::FieldError]) -> Vec<String> {
    errors.iter().map(|e| e.to_string()).collect()
}

/// Whether two error lists hold the same errors in another order. kube-core's schema rewriting
/// sorts `required`, and the apiserver reports missing fields in `required`'s order.
fn reordered(a: &[String], b: &[String]) -> bool {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    a.sort();
    b.sort();
    a == b
}

/// Whether `derived` calls a field of `object` missing that holds its zero value (`[]`, `""`,
/// `0`, `false`). The derived validator checks a value as the apiserver checks a native type,
/// whose zero-valued required fields are unset (`x-kubernetes-strip-zero`); a CRD has no such
/// notion, so its schema checks the zero value itself (`minItems`).
fn zero_is_unset(derived: &[String], object: &Value) -> bool {
    derived.iter().any(|e| {
        let Some(path) = e.strip_suffix(": Required value") else {
            return false;
        };
        let pointer = format!("/{}", path.replace('.', "/"));
        matches!(object.pointer(&pointer), Some(v) if *v == json!([]) || *v == json!("") || *v == json!(0) || *v == json!(false))
    })
}

#[test]
fn kube_rs_crd_validates_custom_resources_as_kubeidl_crd_does() {
    let (kube, go) = (validator(&kube_crd()), validator(&go_crd()));
    let (kube, go) = (
        kube.as_ref().as_ref().unwrap(),
        go.as_ref().as_ref().unwrap(),
    );
    let (mut objects, mut invalid, mut typed) = (0, 0, 0);
    let (mut same, mut reordered_required, mut typed_same, mut typed_zero) = (0, 0, 0, 0);
    let mut disagreements = Vec::new();
    for (name, object) in resources() {
        for (what, object) in mutations(&name, &object) {
            objects += 1;
            let (from_kube, from_go) = (
                texts(&kube.validate(&object).errors),
                texts(&go.validate(&object).errors),
            );
            if !from_go.is_empty() {
                invalid += 1;
            }
            if from_kube == from_go {
                same += 1;
            } else if reordered(&from_kube, &from_go) {
                reordered_required += 1;
            } else {
                disagreements.push(format!(
                    "{what}\n  kube-rs: {from_kube:?}\n  kubeidl: {from_go:?}"
                ));
            }
            // The typed route, where serde reads the object and drops nothing.
            let Ok(backup) = serde_json::from_value::<Backup>(object.clone()) else {
                continue;
            };
            if serde_json::to_value(&backup.spec).unwrap() != object["spec"] {
                continue;
            }
            // Errors outside the spec (of the status) block the spec's rules too, which the
            // spec alone cannot know.
            if from_go
                .iter()
                .any(|e| !e.starts_with("spec") && !e.starts_with("<nil>"))
            {
                continue;
            }
            typed += 1;
            let derived = texts(&backup.spec.validate_in(&Path::ROOT.field("spec")));
            if derived == from_go {
                typed_same += 1;
            } else if zero_is_unset(&derived, &object) {
                typed_zero += 1;
            } else {
                disagreements.push(format!(
                    "{what} (typed)\n  derived: {derived:?}\n  schema walk: {from_go:?}"
                ));
            }
        }
    }
    eprintln!(
        "{objects} custom resources ({invalid} invalid): {same} with the same errors from both CRDs, \
         {reordered_required} the same in another order (required sorted by kube-core); \
         {typed} read as Backup: {typed_same} with the same errors from the derived validator, \
         {typed_zero} where it takes a zero value for unset as for a native type"
    );
    assert!(
        disagreements.is_empty(),
        "{} disagreements:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
    assert!(
        objects > 1000 && invalid > objects / 2,
        "{invalid} of {objects}"
    );
    assert!(typed > 100, "{typed}");
}

/// kube-rs' CRD with kubeidl's schema is one the apiserver accepts: structural, list types and
/// map keys in order, every rule compiled and within the cost budget.
#[test]
fn kube_rs_crd_passes_the_apiservers_crd_checks() {
    let errors = kubeidl::validate::crd_manifest_errors(&kube_crd());
    assert!(errors.is_empty(), "{errors:?}");
}
