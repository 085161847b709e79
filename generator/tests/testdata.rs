//! Snapshots of the OpenAPI generated for kubeidl's own Go test packages in `testdata/go`, which
//! exercise every openapi-gen rule: descriptions, names, required, inline members, aliases and
//! defined types, each kind of default, extensions, unions, special types and enums.

use kubeidl_gen::Generator;
use std::path::PathBuf;

fn testdata(package: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../testdata/go")
        .join(package);
    dir.to_string_lossy().into_owned()
}

/// A generator that reads k8s.io/apimachinery from kubeidl's stand-in (the apimachinery parity
/// package imports it).
fn generator() -> Generator {
    let standin =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata/standin/apimachinery");
    Generator::new().module("k8s.io/apimachinery", standin)
}

fn openapi(generator: Generator) -> String {
    let generated = generator
        .generate()
        .unwrap_or_else(|e| panic!("{}", e.render_with_source()));
    assert!(generated.warnings.is_empty(), "{:?}", generated.warnings);
    generated.document.to_canonical_string()
}

#[test]
fn basic_descriptions_names_required_inline_aliases() {
    insta::assert_snapshot!(
        "basic",
        openapi(
            Generator::new()
                .validations(false)
                .package(&testdata("basic"))
        )
    );
}

#[test]
fn defaults_of_every_kind() {
    insta::assert_snapshot!(
        "defaults",
        openapi(
            Generator::new()
                .validations(false)
                .package(&testdata("defaults"))
        )
    );
}

#[test]
fn enums_when_switched_on() {
    let text = openapi(
        Generator::new()
            .validations(false)
            .enums(true)
            .package(&testdata("defaults")),
    );
    insta::assert_snapshot!("defaults_enums", text);
}

#[test]
fn extensions_and_unions() {
    insta::assert_snapshot!(
        "extensions",
        openapi(
            Generator::new()
                .validations(false)
                .package(&testdata("extensions"))
        )
    );
}

#[test]
fn special_types_from_their_methods() {
    insta::assert_snapshot!(
        "meta",
        openapi(
            Generator::new()
                .validations(false)
                .package(&testdata("meta"))
        )
    );
}

#[test]
fn type_selection_and_model_names() {
    insta::assert_snapshot!(
        "selected",
        openapi(
            Generator::new()
                .validations(false)
                .package(&testdata("selected"))
        )
    );
}

#[test]
fn output_is_the_same_across_runs_and_argument_orders() {
    let all = openapi(
        generator()
            .validations(false)
            .package(&format!("{}/...", testdata(""))),
    );
    let mut reversed = generator().validations(false);
    let mut pairs: Vec<String> = std::fs::read_dir(testdata("parity"))
        .unwrap()
        .map(|e| format!("parity/{}", e.unwrap().file_name().to_string_lossy()))
        .collect();
    pairs.sort();
    for p in pairs.iter().rev() {
        // A pair of several packages (crd: v1, v1beta1) holds no Go file of its own.
        let has_go = std::fs::read_dir(testdata(p))
            .unwrap()
            .any(|e| e.unwrap().path().extension().is_some_and(|x| x == "go"));
        let package = if has_go {
            testdata(p)
        } else {
            format!("{}/...", testdata(p))
        };
        reversed = reversed.package(&package);
    }
    for p in [
        "tagged/v1beta1",
        "tagged",
        "selected",
        "meta",
        "extensions",
        "defaults",
        "basic",
        "admission",
    ] {
        reversed = reversed.package(&testdata(p));
    }
    assert_eq!(all, openapi(reversed));
    assert_eq!(
        all,
        openapi(
            generator()
                .validations(false)
                .package(&format!("{}/...", testdata("")))
        )
    );
}

#[test]
fn import_paths_resolve_through_the_module_map() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata/go");
    let by_path = openapi(
        Generator::new()
            .validations(false)
            .module("example.com/kubeidl/testdata", root.clone())
            .package("example.com/kubeidl/testdata/basic"),
    );
    let by_go_mod = openapi(
        Generator::new()
            .validations(false)
            .go_mod_dir(root)
            .package("example.com/kubeidl/testdata/basic"),
    );
    let by_dir = openapi(
        Generator::new()
            .validations(false)
            .package(&testdata("basic")),
    );
    assert_eq!(by_path, by_dir);
    assert_eq!(by_go_mod, by_dir);
}

#[test]
fn output_does_not_depend_on_the_thread_count() {
    let all = || {
        generator()
            .validations(false)
            .package(&format!("{}/...", testdata("")))
    };
    let one = openapi(all().threads(1));
    assert_eq!(one, openapi(all().threads(2)));
    assert_eq!(one, openapi(all().threads(8)));
}

#[test]
fn generated_lists_the_files_it_read() {
    let generated = Generator::new()
        .validations(false)
        .package(&testdata("basic"))
        .generate()
        .unwrap();
    let names: Vec<String> = generated
        .files
        .iter()
        .map(|f| {
            f.strip_prefix(std::fs::canonicalize(testdata("")).unwrap())
                .unwrap_or(f)
                .display()
                .to_string()
        })
        .collect();
    assert!(
        names.iter().any(|n| n.ends_with("basic/types.go")),
        "{names:?}"
    );
    assert!(
        names.iter().any(|n| n.ends_with("meta/special.go")),
        "{names:?}"
    );
}

#[test]
fn every_tag_in_every_dialect_lowered() {
    insta::assert_snapshot!(
        "tagged",
        openapi(Generator::new().package(&testdata("tagged")))
    );
}

#[test]
fn union_members_of_an_embedded_struct_are_checked_at_the_parent_path() {
    // As validation-gen validates an embedded struct at its parent's path: the members of the
    // inlined VolumeSource are properties of Volume, and so is the union over them.
    let text = openapi(Generator::new().package(&testdata("tagged")));
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let schemas = &doc["components"]["schemas"];
    let rules = |definition: &str| {
        schemas[format!("com.example.kubeidl.testdata.tagged.{definition}")]
            ["x-kubernetes-validations"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .map(|r| r["rule"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    let union = [
        "(has(self.emptyDir) ? 1 : 0) + (has(self.hostPath) ? 1 : 0) >= 1",
        "(has(self.emptyDir) ? 1 : 0) + (has(self.hostPath) ? 1 : 0) <= 1",
    ];
    assert_eq!(rules("Volume"), union);
    // The embedded type keeps its own definition, with the same union, for its other uses.
    assert_eq!(rules("VolumeSource"), union);
    let volume = &schemas["com.example.kubeidl.testdata.tagged.Volume"]["properties"];
    assert!(volume["emptyDir"].is_object() && volume["hostPath"].is_object());
}

#[test]
fn admission_configuration_notes_as_tags() {
    insta::assert_snapshot!(
        "admission",
        openapi(Generator::new().package(&testdata("admission")))
    );
}

#[test]
fn validations_off_leaves_tags_out() {
    let text = openapi(
        Generator::new()
            .validations(false)
            .package(&testdata("tagged")),
    );
    for lowered in [
        "x-kubernetes-validations",
        "x-kubernetes-strip-zero",
        "maxItems",
        "\"minimum\"",
    ] {
        assert!(!text.contains(lowered), "{lowered} with validations off");
    }
}

#[test]
fn output_is_the_same_bytes_across_runs_and_thread_counts() {
    let run = |threads| {
        openapi(
            Generator::new()
                .threads(threads)
                .package(&testdata("tagged"))
                .package(&testdata("admission"))
                .package(&testdata("basic")),
        )
    };
    let first = run(1);
    for threads in [1, 2, 8] {
        assert_eq!(run(threads), first, "{threads} threads");
    }
}
