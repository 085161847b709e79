//! `kubeidl crd`: the CRDs of kubeidl's own tagged group and of the admission types (snapshots),
//! custom resources validated against them, files and `--check`, determinism, and the bad cases
//! (recursion, no group, a misspelled marker, a rule too costly for its cardinality, no storage
//! version), each with its exact error and position.

mod support;

use kubeidl_gen::crd::{generate, Generated, Options};
use kubeidl_gen::go::{Loader, ModuleMap};
use support::{kubeidl, repo, stderr, stdout};

fn crds(package: &str, threads: usize) -> Generated {
    let dir = repo().join("testdata/go").join(package);
    let loader = Loader::new(ModuleMap::new()).with_threads(threads);
    generate(
        &loader,
        &[dir.to_string_lossy().into_owned()],
        &Options::default(),
    )
    .unwrap_or_else(|e| panic!("{}", e.render_with_source()))
}

fn text(generated: &Generated) -> String {
    generated.crds.iter().map(|c| c.text.as_str()).collect()
}

#[test]
fn tagged_group_crds() {
    let generated = crds("tagged/...", 2);
    assert!(generated.warnings.is_empty(), "{:?}", generated.warnings);
    let names: Vec<(&str, &str)> = generated
        .crds
        .iter()
        .map(|c| (c.name.as_str(), c.file_name.as_str()))
        .collect();
    assert_eq!(
        names,
        [
            (
                "gadgets.tagged.example.com",
                "tagged.example.com_gadgets.yaml"
            ),
            (
                "gizmos.tagged.example.com",
                "tagged.example.com_gizmos.yaml"
            ),
        ]
    );
    insta::assert_snapshot!("tagged_crds", text(&generated));
}

/// A package laid out as a kubebuilder scaffold lays it out: `+groupName` above the package clause
/// of groupversion_info.go (no doc.go), and the kind's markers in a comment group above its doc
/// comment, separated by a blank line. Its `internal` package is marked `+kubebuilder:skip`: it
/// gives no CRD and needs no group.
#[test]
fn a_kubebuilder_scaffold_layout() {
    let generated = crds("scaffold/...", 2);
    assert_eq!(generated.warnings.len(), 1, "{:?}", generated.warnings);
    assert!(
        generated.warnings[0].ends_with(
            "cronjob_types.go:64:2: field lastSchedule is not exported, so encoding/json never reads or writes it; left out of the schema"
        ),
        "{:?}",
        generated.warnings
    );
    let text = text(&generated);
    assert!(
        text.contains("  group: batch.scaffold.example.com\n"),
        "{text}"
    );
    assert!(
        text.contains("      subresources:\n        status: {}\n"),
        "{text}"
    );
    assert!(text.contains("name: Schedule"), "{text}");
    insta::assert_snapshot!("scaffold_crds", text);
}

/// The same package under `--controller-gen-compat`: descriptions keep their line breaks and
/// `required` is sorted.
#[test]
fn controller_gen_compat_reads_the_scaffold_as_controller_gen_does() {
    let default = stdout(&kubeidl(&["crd", "./testdata/go/scaffold/..."]));
    assert!(default.contains("ConcurrencyPolicy defaults in controller-gen's marker syntax: a bare word is a string."), "{default}");
    assert!(
        default.contains("required:\n                - schedule\n                - jobTemplate\n"),
        "{default}"
    );
    let out = kubeidl(&[
        "crd",
        "--controller-gen-compat",
        "./testdata/go/scaffold/...",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("description: |-\n                    ConcurrencyPolicy defaults in controller-gen's marker syntax:\n                    a bare word is a string.\n"), "{text}");
    assert!(
        text.contains("required:\n                - jobTemplate\n                - schedule\n"),
        "{text}"
    );
    insta::assert_snapshot!("scaffold_crds_controller_gen_compat", text);
}

#[test]
fn admission_crds() {
    insta::assert_snapshot!("admission_crds", text(&crds("admission", 2)));
}

#[test]
fn crds_are_the_same_bytes_on_every_run_and_thread_count() {
    let first = text(&crds("tagged/...", 1));
    for threads in [1, 2, 8] {
        assert_eq!(
            text(&crds("tagged/...", threads)),
            first,
            "{threads} threads"
        );
    }
}

#[test]
fn the_crd_schema_is_what_a_crd_may_hold() {
    let generated = crds("tagged/...", 2);
    let gizmo = &generated.crds[1].object;
    let schema = &gizmo["spec"]["versions"][0]["schema"]["openAPIV3Schema"];
    // No $ref anywhere, and no OpenAPI-only extension.
    let all = serde_json::to_string(&gizmo).unwrap();
    for absent in ["$ref", "x-kubernetes-strip-zero", "x-kubernetes-unions"] {
        assert!(!all.contains(absent), "{absent} in {all}");
    }
    // Root metadata says nothing but its type; an embedded ObjectMeta keeps labels.
    assert_eq!(
        schema["properties"]["metadata"],
        serde_json::json!({"type": "object"})
    );
    let template = &schema["properties"]["spec"]["properties"]["template"];
    assert!(template["properties"]["metadata"]["properties"]["labels"].is_object());
    // Only the defaults tags ask for: a CRD applies defaults before validating.
    let spec = &schema["properties"]["spec"]["properties"];
    assert!(spec["tier"].get("default").is_none());
    assert_eq!(
        spec["ports"]["items"]["properties"]["protocol"]["default"],
        "TCP"
    );
    assert_eq!(gizmo["spec"]["scope"], "Cluster");
    assert_eq!(
        gizmo["spec"]["versions"][0]["subresources"]["scale"]["specReplicasPath"],
        ".spec.replicas"
    );
}

/// Writes the tagged group's CRDs into a directory and returns it.
fn written_crds() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let out = kubeidl(&[
        "crd",
        "-o",
        dir.path().to_str().unwrap(),
        "./testdata/go/tagged/...",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    dir
}

#[test]
fn output_dir_gets_one_file_per_crd_and_check_finds_stale_ones() {
    let dir = written_crds();
    let mut files: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(
        files,
        [
            "tagged.example.com_gadgets.yaml",
            "tagged.example.com_gizmos.yaml"
        ]
    );
    let dir_arg = dir.path().to_str().unwrap();
    let check = |expect: i32| {
        let out = kubeidl(&["crd", "--check", "-o", dir_arg, "./testdata/go/tagged/..."]);
        assert_eq!(out.status.code(), Some(expect), "{}", stderr(&out));
        stderr(&out)
    };
    check(0);
    let gizmos = dir.path().join("tagged.example.com_gizmos.yaml");
    std::fs::write(&gizmos, "---\n").unwrap();
    let err = check(1);
    assert_eq!(err, format!("{}: out of date\n", gizmos.display()));
    std::fs::remove_file(&gizmos).unwrap();
    assert!(check(1).contains("does not exist; run without --check to write it"));
}

#[test]
fn custom_resources_are_validated_with_the_rules_the_tags_wrote() {
    let dir = written_crds();
    let manifest_dir = tempfile::tempdir().unwrap();
    let manifests = manifest_dir.path().join("gizmos.yaml");
    std::fs::write(
        &manifests,
        r#"apiVersion: tagged.example.com/v1
kind: Gizmo
metadata:
  name: good
spec:
  replicas: 2
  tier: Gold
  ports:
  - {name: http, port: 80}
status:
  replicas: 1
---
apiVersion: tagged.example.com/v1
kind: Gizmo
metadata:
  name: bad
spec:
  replicas: 1
  tier: Bronze
  ports:
  - {name: http, port: 0}
status:
  replicas: 3
---
apiVersion: tagged.example.com/v1
kind: Gadget
metadata:
  name: Not_A_Subdomain
spec:
  replicas: 1
  name: web
  class: standard
"#,
    )
    .unwrap();
    let crd_dir = dir.path().to_str().unwrap();
    let out = kubeidl(&["validate", "--crds", crd_dir, manifests.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out) + &stderr(&out);
    for expected in [
        "spec.tier: Unsupported value: \"Bronze\": supported values: \"Gold\", \"Silver\"",
        "spec.ports[0].port: Invalid value: 0: spec.ports[0].port in body should be greater than or equal to 1",
        "metadata.name: Invalid value: \"Not_A_Subdomain\": a lowercase RFC 1123 subdomain",
    ] {
        assert!(text.contains(expected), "{expected:?} not in:\n{text}");
    }
    assert!(
        !text.contains("good"),
        "the good Gizmo has no errors:\n{text}"
    );
}

fn bad(package: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let out = kubeidl(&[
        "crd",
        "-o",
        dir.path().to_str().unwrap(),
        &format!("./testdata/go-bad/{package}"),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "nothing written"
    );
    stderr(&out)
}

fn location(path: &str, line: usize, column: usize) -> String {
    let path = std::fs::canonicalize(repo().join("testdata/go-bad").join(path)).unwrap();
    format!("{}:{line}:{column}: ", path.display())
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or_default()
}

#[test]
fn a_recursive_type_is_an_error_naming_the_cycle() {
    let err = bad("crdrecursive");
    assert_eq!(
        first_line(&err),
        format!(
            "error: {}Tree: com.example.kubeidl.bad.crdrecursive.Node is recursive (com.example.kubeidl.bad.crdrecursive.Node -> com.example.kubeidl.bad.crdrecursive.Node); a CRD schema cannot describe a recursive type",
            location("crdrecursive/types.go", 6, 6)
        )
    );
}

/// Standard-library types as kubebuilder APIs hold them: behind a `Type=` marker (on the field, or
/// on a named type over one), as TextMarshaler strings (`net.IP`, `netip.Prefix`, map keys),
/// through pointers to aliases.
#[test]
fn standard_library_types_through_markers_and_text_marshalers() {
    let generated = crds("stdtypes", 1);
    assert!(generated.warnings.is_empty(), "{:?}", generated.warnings);
    let text = text(&generated);
    for expected in [
        "target:\n                  description: \"The target, written as a URL string by the type's own marshalling.\"\n                  format: uri\n                  type: string\n",
        "since:\n                  description: When the link was made.\n                  type: integer\n",
        "address:\n                  description: An address.\n                  type: string\n",
        "prefix:\n                  description: A prefix.\n                  type: string\n",
        "byKey:\n                  additionalProperties:\n                    type: string\n",
        "nickname:\n                  description: A pointer to an alias of a string.\n                  maxLength: 10\n                  type: string\n",
    ] {
        assert!(text.contains(expected), "{expected}\n{text}");
    }
}

#[test]
fn a_standard_library_type_without_a_marker_is_an_error_at_its_field() {
    let err = bad("stdtype");
    assert_eq!(
        first_line(&err),
        format!(
            "error: {}field Target: kubeidl has no schema for the standard library's net/url.URL; say what its JSON is with +kubebuilder:validation:Type=string (or integer, object...)",
            location("stdtype/types.go", 13, 2)
        )
    );
}

#[test]
fn a_kind_without_a_group_is_an_error() {
    let err = bad("crdnogroup");
    assert_eq!(
        first_line(&err),
        format!(
            "error: {}package example.com/kubeidl/bad/crdnogroup declares kind Orphan but has no +groupName=<group> in its package comment (in doc.go, or above the package clause of any file, as groupversion_info.go has it); a CRD needs a group",
            location("crdnogroup/types.go", 6, 6)
        )
    );
}

#[test]
fn a_misspelled_marker_is_an_error_at_its_name() {
    let err = bad("crdmarker");
    assert!(
        first_line(&err).starts_with(&format!(
            "error: {}+kubebuilder:subresources:status is not a CRD marker kubeidl knows (known: +kubebuilder:resource, +kubebuilder:subresource:status,",
            location("crdmarker/types.go", 6, 5)
        )),
        "{err}"
    );
}

#[test]
fn a_rule_is_costed_for_every_time_it_can_run() {
    let err = bad("crdcardinality");
    let mut lines = err.lines();
    assert_eq!(
        lines.next().unwrap_or_default(),
        format!(
            "error: {}spec.versions[0].schema.openAPIV3Schema.properties[ships].items.properties[cargo].x-kubernetes-validations[0].rule: Forbidden: estimated rule cost exceeds budget by factor of 52.6x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)",
            location("crdcardinality/types.go", 19, 5)
        )
    );
    assert_eq!(
        lines.next().unwrap_or_default(),
        "  rule \"self.all(c, c.size() < 64)\" costs up to 502 per evaluation and may run 1048576 times per object (spec.versions[0].schema.openAPIV3Schema.properties[ships] has no maxItems); limit 10000000"
    );
    assert!(
        err.contains(&format!(
            "{}spec.versions[0].schema.openAPIV3Schema: x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema exceeds budget by factor of 5.3x",
            location("crdcardinality/types.go", 6, 6)
        )),
        "{err}"
    );
}

#[test]
fn several_versions_need_a_storage_version() {
    let err = bad("crdstorage/...");
    assert_eq!(
        first_line(&err),
        format!(
            "error: {}Pair has versions v1, v2 and none is marked +kubebuilder:storageversion",
            location("crdstorage/v1/types.go", 6, 6)
        )
    );
}

#[test]
fn max_desc_len_shortens_or_drops_schema_descriptions() {
    let out = kubeidl(&["crd", "--max-desc-len", "0", "./testdata/go/tagged/..."]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!stdout(&out).contains("description:"), "{}", stdout(&out));
    let out = kubeidl(&["crd", "--max-desc-len", "20", "./testdata/go/tagged/..."]);
    let text = stdout(&out);
    assert!(text.contains("description: Gizmo is a...\n"), "{text}");
    assert!(text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("description: "))
        .all(|d| d.trim_matches('"').len() <= 20));
}

#[test]
fn marker_syntax_controller_gen_takes() {
    // Brace lists (one item too), a second +groupName alike, spaces after commas.
    let dir = tempfile::tempdir().unwrap();
    let pkg = dir.path().join("v1");
    std::fs::create_dir_all(&pkg).unwrap();
    std::fs::write(
        dir.path().join("go.mod"),
        "module example.com/queues\n\ngo 1.22\n",
    )
    .unwrap();
    std::fs::write(
        pkg.join("doc.go"),
        "// +groupName=queues.example.com\npackage v1\n",
    )
    .unwrap();
    std::fs::write(
        pkg.join("types.go"),
        r#"// +kubebuilder:object:generate=true
// +groupName=queues.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Queue holds work.
// +kubebuilder:resource:path=queues,shortName={queue,queues,lq},categories={ac}
// +kubebuilder:validation:XValidation:rule="self.spec.min <= self.spec.max", message="min must not exceed max"
type Queue struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec QueueSpec `json:"spec"`
}

// QueueSpec is a queue's size.
type QueueSpec struct {
	Min int32 `json:"min"`
	Max int32 `json:"max"`
	// +kubebuilder:validation:Enum={Fifo,Lifo}
	Order string `json:"order"`
}
"#,
    )
    .unwrap();
    let apimachinery = repo().join("testdata/standin/apimachinery");
    let out = kubeidl(&[
        "crd",
        "--module",
        &format!("k8s.io/apimachinery={}", apimachinery.display()),
        dir.path().join("v1").to_str().unwrap(),
    ]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // Compared line by line, indentation aside.
    let lines: String = text.lines().map(|l| format!("{}\n", l.trim())).collect();
    assert!(
        lines.contains("shortNames:\n- queue\n- queues\n- lq\n"),
        "{text}"
    );
    assert!(lines.contains("categories:\n- ac\n"), "{text}");
    assert!(lines.contains("enum:\n- Fifo\n- Lifo\n"), "{text}");
    assert!(
        lines
            .contains("- message: min must not exceed max\nrule: self.spec.min <= self.spec.max\n"),
        "{text}"
    );
}

/// `kubeidl crd --controller-gen-compat [flags] ./testdata/go/cgcompat/<package>`: exit code,
/// stdout, stderr.
fn compat(package: &str, flags: &[&str]) -> (Option<i32>, String, String) {
    let path = format!("./testdata/go/cgcompat/{package}");
    let mut args = vec!["crd", "--controller-gen-compat"];
    args.extend_from_slice(flags);
    args.push(&path);
    let out = kubeidl(&args);
    (out.status.code(), stdout(&out), stderr(&out))
}

/// A rule reads a property named by a CEL reserved word as written (`self.ref.namespace`), not
/// only escaped (`__namespace__`), as apiextensions-apiserver's own tests accept it.
#[test]
fn a_rule_selects_a_reserved_word_property_as_written() {
    let (code, text, err) = compat("keyword", &[]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        text.contains("rule: \"!has(self.ref.namespace) || self.ref.namespace == 'default'\""),
        "{text}"
    );
}

/// `// +optional, default GET`: controller-gen reads the marker name up to the first `=`, finds
/// no marker `optional, default GET` and ignores the line; under `--controller-gen-compat` it is
/// a warning, otherwise an error at the text that does not parse.
#[test]
fn free_text_after_a_marker_name_is_what_controller_gen_ignores() {
    let (code, text, err) = compat("freetext", &[]);
    assert_eq!(code, Some(0), "{err}");
    let path =
        std::fs::canonicalize(repo().join("testdata/go/cgcompat/freetext/types.go")).unwrap();
    let path = path.display();
    assert!(
        err.contains(&format!(
            "warning: {path}:10:14: expected '=' or the end of the line"
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "warning: {path}:12:14: expected '=' or the end of the line"
        )),
        "{err}"
    );
    // Neither line is +optional nor +required to controller-gen: `url` is required as a field
    // without omitempty, `method` optional by its omitempty.
    let lines: String = text.lines().map(|l| format!("{}\n", l.trim())).collect();
    assert!(lines.contains("required:\n- url\n"), "{text}");
    let out = kubeidl(&["crd", "./testdata/go/cgcompat/freetext"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with(&format!(
            "error: {path}:10:14: expected '=' or the end of the line"
        )),
        "{}",
        stderr(&out)
    );
}

/// `+patchMergeKey` repeated with different values, and patch markers in the comment without
/// the struct tag: errors for OpenAPI, where they become extensions; controller-gen knows neither
/// marker and a CRD holds no patch strategy, so `--controller-gen-compat` checks nothing of them.
#[test]
fn patch_markers_are_not_checked_under_controller_gen_compat() {
    let (code, text, err) = compat("patchkeys", &[]);
    assert_eq!(code, Some(0), "{err}");
    assert!(!text.contains("x-kubernetes-patch"), "{text}");
    let lines: String = text.lines().map(|l| format!("{}\n", l.trim())).collect();
    assert!(
        lines.contains("x-kubernetes-list-map-keys:\n- reason\n- cause\n"),
        "{text}"
    );
    let out = kubeidl(&["crd", "./testdata/go/cgcompat/patchkeys"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(
            "multiple values are not allowed for tag +patchMergeKey (\"reason\", \"cause\")"
        ),
        "{}",
        stderr(&out)
    );
}

/// `./missing/... ./keyword`: a pattern that matches no package is a warning when another
/// argument matched one, as go/packages (controller-gen's loader) only warns; alone, an error.
#[test]
fn a_pattern_matching_no_package_beside_one_that_matches_is_a_warning() {
    let out = kubeidl(&[
        "crd",
        "./testdata/go/cgcompat/missing/...",
        "./testdata/go/cgcompat/keyword/...",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("name: nses.keyword.cgcompat.example.com"));
    assert!(
        stderr(&out).starts_with(
            "warning: ./testdata/go/cgcompat/missing/...: matched no packages (./testdata/go/cgcompat/missing: no such directory)"
        ),
        "{}",
        stderr(&out)
    );
    let out = kubeidl(&["crd", "./testdata/go/cgcompat/missing/..."]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "error: ./testdata/go/cgcompat/missing/...: matched no packages (./testdata/go/cgcompat/missing: no such directory)\n"
    );
}

/// `+listType:=set`, `+listMapKey:=name`, `+mapType:=atomic` (on a field and on a type):
/// controller-gen's spelling of the topology markers, applied under `--controller-gen-compat`;
/// otherwise an error at each, since openapi-gen would drop them without a word.
#[test]
fn colon_equals_topology_markers() {
    let (code, text, err) = compat("colonequals", &[]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.is_empty(), "{err}");
    let lines: String = text.lines().map(|l| format!("{}\n", l.trim())).collect();
    assert!(
        lines.contains("type: array\nx-kubernetes-list-type: set\nheaders:"),
        "{text}"
    );
    assert!(
        lines.contains("x-kubernetes-list-map-keys:\n- name\nx-kubernetes-list-type: map\n"),
        "{text}"
    );
    assert!(
        lines.contains("type: object\nx-kubernetes-map-type: atomic\nparams:"),
        "{text}"
    );
    assert!(
        lines.contains("type: object\nx-kubernetes-map-type: atomic\ntype: object\n"),
        "{text}"
    );
    let out = kubeidl(&["crd", "./testdata/go/cgcompat/colonequals"]);
    assert_eq!(out.status.code(), Some(2));
    let path =
        std::fs::canonicalize(repo().join("testdata/go/cgcompat/colonequals/types.go")).unwrap();
    assert!(
        stderr(&out).starts_with(&format!(
            "error: {}:18:14: `+listType:=` is controller-gen's spelling, which openapi-gen ignores; write `+listType=set`\n",
            path.display()
        )),
        "{}",
        stderr(&out)
    );
    assert_eq!(stderr(&out).matches("controller-gen's spelling").count(), 5);
}

/// Printer columns: `priority=0` and `description=""` are left out, as the apiserver's types and
/// controller-gen leave zero values out; under `--controller-gen-compat` a version with printer
/// columns and no subresource gets `subresources: {}`, which controller-gen's printcolumn marker
/// creates.
#[test]
fn printer_columns_omit_zero_values_and_compat_writes_empty_subresources() {
    let (code, text, err) = compat("printcolumns", &[]);
    assert_eq!(code, Some(0), "{err}");
    let lines: String = text.lines().map(|l| format!("{}\n", l.trim())).collect();
    assert!(
        lines.contains(
            "additionalPrinterColumns:\n- jsonPath: \".spec.size\"\nname: Size\ntype: integer\n- jsonPath: \".spec.reason\"\nname: Reason\npriority: 1\ntype: string\nname: printcolumns\n"
        ),
        "{text}"
    );
    assert!(
        lines.contains("storage: true\nsubresources: {}\n"),
        "{text}"
    );
    let default = stdout(&kubeidl(&["crd", "./testdata/go/cgcompat/printcolumns"]));
    assert!(!default.contains("subresources"), "{default}");
    assert!(!default.contains("priority: 0"), "{default}");
}

/// Markers in `/* */` comments: controller-gen reads markers only from `//` comments, so under
/// `--controller-gen-compat` they are not applied (nor kept in descriptions); a `//` marker
/// beside them is.
#[test]
fn compat_reads_markers_only_from_line_comments() {
    let (code, text, err) = compat("blockcomment", &[]);
    assert_eq!(code, Some(0), "{err}");
    let lines: String = text.lines().map(|l| format!("{}\n", l.trim())).collect();
    assert!(
        lines.contains("mode:\ndescription: Mode of operation\ntype: string\n"),
        "{text}"
    );
    assert!(
        lines.contains("name:\ndescription: Name of the module.\nmaxLength: 63\ntype: string\n"),
        "{text}"
    );
    // Each one left out is a warning at it.
    let path =
        std::fs::canonicalize(repo().join("testdata/go/cgcompat/blockcomment/types.go")).unwrap();
    let path = path.display();
    assert_eq!(
        err,
        format!(
            "warning: {path}:9:1: +kubebuilder:validation:Enum=DSM is in a /* */ comment, where controller-gen reads no markers; left out\n\
             warning: {path}:18:3: +kubebuilder:validation:MinLength=1 is in a /* */ comment, where controller-gen reads no markers; left out\n"
        )
    );
    let default = stdout(&kubeidl(&["crd", "./testdata/go/cgcompat/blockcomment"]));
    assert!(default.contains("- DSM"), "{default}");
}

/// A field whose markers restate its type's `type` and `format` (metav1.Condition's
/// `lastTransitionTime`, `Type=string` over a Duration) is its type, without an `allOf` that
/// repeats it: controller-gen's flattening merges equal keywords.
#[test]
fn markers_restating_the_type_add_no_all_of() {
    let (code, text, err) = compat("restated", &[]);
    assert_eq!(code, Some(0), "{err}");
    assert!(!text.contains("allOf"), "{text}");
    let lines: String = text.lines().map(|l| format!("{}\n", l.trim())).collect();
    assert!(
        lines.contains("format: date-time\ntype: string\nwindow:\n"),
        "{text}"
    );
}

/// `type HTTPHeaderName HeaderName`: under `--controller-gen-compat` a defined type over another
/// named type carries that type's markers, as controller-gen's schema of it refers to the other
/// type; on a field and on a list's items.
#[test]
fn a_defined_type_over_a_named_type_keeps_its_markers() {
    let (code, text, err) = compat("definedover", &[]);
    assert_eq!(code, Some(0), "{err}");
    let lines: String = text.lines().map(|l| format!("{}\n", l.trim())).collect();
    let over = "description: \"HTTPHeaderName is a header name, case-insensitive.\"\nmaxLength: 256\nminLength: 1\npattern: \"^[A-Za-z0-9-]+$\"\ntype: string\n";
    assert!(
        lines.contains(&format!("items:\n{over}type: array\n")),
        "{text}"
    );
    assert!(lines.contains(&format!("over:\n{over}")), "{text}");
}

/// Rules on structs embedded inline: under `--controller-gen-compat` the embedding struct gets
/// them after its own, depth first, as controller-gen merges an inline-embedded struct's schema
/// into the embedding one's (Gateway API's BackendRef over BackendObjectReference).
#[test]
fn rules_of_inline_embedded_structs_follow_the_embedding_structs_own() {
    let (code, text, err) = compat("inlinerules", &[]);
    assert_eq!(code, Some(0), "{err}");
    let lines: String = text.lines().map(|l| format!("{}\n", l.trim())).collect();
    assert!(
        lines.contains(
            "x-kubernetes-validations:\n- message: weight at most 100\nrule: \"!has(self.weight) || self.weight <= 100\"\n- message: port required for Service\nrule: \"self.kind == 'Service' ? has(self.port) : true\"\n- message: port positive\nrule: \"!has(self.port) || self.port > 0\"\ntype: array\n"
        ),
        "{text}"
    );
}

/// `type Widget v1.Widget` in v1beta1, with its own markers: a version of the kind, as
/// controller-gen finds a kind's versions by name in every package of its group (Gateway API's
/// v1beta1 Gateway, HTTPRoute, ReferenceGrant).
#[test]
fn a_kind_declared_over_another_versions_kind_is_a_version() {
    let (code, text, err) = compat("kindover/...", &[]);
    assert_eq!(code, Some(0), "{err}");
    let lines: String = text.lines().map(|l| format!("{}\n", l.trim())).collect();
    assert!(
        lines.contains("- additionalPrinterColumns:\n- jsonPath: \".spec.size\"\nname: Size\ntype: integer\nname: v1beta1\nschema:\nopenAPIV3Schema:\ndescription: \"Widget is the older version, the same type.\"\n"),
        "{text}"
    );
    assert!(
        lines.contains("served: true\nstorage: false\nsubresources: {}\n"),
        "{text}"
    );
    // v1alpha1 has no doc of its own: v1's describes it; v1alpha2 is skipped; the short name v1
    // gives is the CRD's, the versions that say nothing of names agreeing.
    assert!(
        lines.contains("name: v1alpha1\nschema:\nopenAPIV3Schema:\ndescription: Widget is the current version.\n"),
        "{text}"
    );
    assert!(!text.contains("v1alpha2"), "{text}");
    assert!(lines.contains("shortNames:\n- wd\n"), "{text}");
    assert_eq!(lines.matches("size:\nformat: int32\n").count(), 3, "{text}");
}

/// One-of markers: `--controller-gen-compat` writes them as the newest release does (v0.21: the
/// `filter` count), `=main` as controller-tools' main branch, `=v0.19` without AtLeastOneOf
/// (which it does not know); explicit rules come first, then AtMostOneOf, ExactlyOneOf,
/// AtLeastOneOf, as controller-gen applies markers by priority.
#[test]
fn one_of_rules_follow_the_controller_gen_release() {
    let rules = |flag: &str| -> (Vec<String>, String) {
        let out = kubeidl(&["crd", flag, "./testdata/go/cgcompat/oneof"]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let rules = stdout(&out)
            .lines()
            .filter_map(|l| l.trim().strip_prefix("rule: "))
            .map(|r| r.trim_matches('"').to_string())
            .collect();
        (rules, stderr(&out))
    };
    let (newest, _) = rules("--controller-gen-compat");
    assert_eq!(
        newest,
        [
            "has(self.a) || has(self.b)",
            "[has(self.a),has(self.b)].filter(x,x==true).size() <= 1",
            "[has(self.c),has(self.d)].filter(x,x==true).size() == 1",
            "[has(self.a),has(self.c)].filter(x,x==true).size() >= 1",
        ]
    );
    assert_eq!(rules("--controller-gen-compat=v0.20.1").0, newest);
    assert_eq!(
        rules("--controller-gen-compat=main").0,
        [
            "has(self.a) || has(self.b)",
            "(has(self.a)?1:0)+(has(self.b)?1:0) <= 1",
            "(has(self.c)?1:0)+(has(self.d)?1:0) == 1",
            "has(self.a)||has(self.c)",
        ]
    );
    let (v19, warnings) = rules("--controller-gen-compat=v0.19");
    assert_eq!(
        v19,
        [
            "has(self.a) || has(self.b)",
            "[has(self.c),has(self.d)].filter(x,x==true).size() == 1",
            "[has(self.a),has(self.b)].filter(x,x==true).size() <= 1",
        ]
    );
    assert!(
        warnings.contains("+kubebuilder:validation:AtLeastOneOf=a;c on Spec is left out: controller-gen v0.19 does not know the marker"),
        "{warnings}"
    );
    let out = kubeidl(&[
        "crd",
        "--controller-gen-compat=v0.16",
        "./testdata/go/cgcompat/oneof",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "error: --controller-gen-compat=v0.16: not a controller-gen release kubeidl matches (known: v0.17, v0.18, v0.19, v0.20, v0.21, main)\n"
    );
}

/// An ObjectMeta below the root under `--controller-gen-compat --generate-embedded-object-meta`:
/// controller-gen's fixed schema for k8s.io/apimachinery's ObjectMeta (crd/known_types.go), five
/// properties of bare types, without the descriptions and list type the Go type has.
#[test]
fn compat_embedded_object_meta_is_controller_gens_fixed_schema() {
    let apimachinery = repo().join("testdata/standin/apimachinery");
    let module = format!("k8s.io/apimachinery={}", apimachinery.display());
    let (code, text, err) = compat(
        "embeddedmeta",
        &["--generate-embedded-object-meta", "--module", &module],
    );
    assert_eq!(code, Some(0), "{err}");
    let lines: String = text.lines().map(|l| format!("{}\n", l.trim())).collect();
    assert!(
        lines.contains(
            "metadata:\ndescription: Metadata of the objects made from the template.\nproperties:\nannotations:\nadditionalProperties:\ntype: string\ntype: object\nfinalizers:\nitems:\ntype: string\ntype: array\nlabels:\nadditionalProperties:\ntype: string\ntype: object\nname:\ntype: string\nnamespace:\ntype: string\ntype: object\nsize:\n"
        ),
        "{text}"
    );
}

/// A field beside an inline-embedded struct's field of the same JSON name: one property, as in
/// Go; under `--controller-gen-compat` described as the embedded one (even when it has no
/// comment), since controller-gen merges embedded structs first and keeps the first description.
#[test]
fn a_duplicate_json_name_is_described_as_controller_gen_merges_it() {
    let (code, text, err) = compat("dupname", &[]);
    assert_eq!(code, Some(0), "{err}");
    let lines: String = text.lines().map(|l| format!("{}\n", l.trim())).collect();
    assert!(
        lines.contains("auth:\ndescription: auth from the struct embedded two levels down.\ntype: string\nown:\ndescription: only the outer struct has it\ntype: string\ntoken:\ntype: string\n"),
        "{text}"
    );
}

/// The one CRD of a YAML stream, as JSON.
fn yaml_json(yaml: &str) -> serde_json::Value {
    let mut documents = kubeidl::document::read_documents(yaml.as_bytes());
    assert_eq!(documents.len(), 1);
    documents.remove(0).unwrap().value
}

/// The bytes a client-side `kubectl apply` records of a CRD printed as YAML: its compact JSON
/// (nothing in these CRDs needs Go's HTML escapes), a line break and the annotation's name.
fn applied_size(yaml: &str) -> usize {
    let object = yaml_json(yaml);
    serde_json::to_string(&object).unwrap().len()
        + 1
        + "kubectl.kubernetes.io/last-applied-configuration".len()
}

/// `testdata/go/crdsize`'s property descriptions (spec's fields, and target's): name, text.
fn size_descriptions(yaml: &str) -> Vec<(String, Option<String>)> {
    let object = yaml_json(yaml);
    let spec = &object["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"];
    let mut out = Vec::new();
    for (name, node) in [
        ("spec", spec),
        ("schedule", &spec["properties"]["schedule"]),
        ("retention", &spec["properties"]["retention"]),
        ("paused", &spec["properties"]["paused"]),
        ("target", &spec["properties"]["target"]),
        (
            "bucket",
            &spec["properties"]["target"]["properties"]["bucket"],
        ),
        (
            "prefix",
            &spec["properties"]["target"]["properties"]["prefix"],
        ),
    ] {
        let text = node["description"].as_str().map(str::to_string);
        out.push((name.to_string(), text));
    }
    out
}

/// `--max-size`: descriptions cut to their first sentence, longest first (of two as long, the
/// deeper), the others whole; removed only once all are cut; an error when even none is too
/// much, and then no file.
#[test]
fn max_size_trims_the_longest_and_deepest_descriptions_until_the_crd_fits() {
    let help = stdout(&kubeidl(&["crd", "--help"]));
    assert!(
        help.contains("kubeidl crd --max-size 262144 -o config/crd/bases ./api/..."),
        "{help}"
    );
    let whole = kubeidl(&["crd", "./testdata/go/crdsize"]);
    assert!(whole.status.success(), "{}", stderr(&whole));
    assert_eq!(stderr(&whole), "");
    let whole = stdout(&whole);
    let before = size_descriptions(&whole);
    assert_eq!(applied_size(&whole), 2333);

    let out = kubeidl(&["crd", "--max-size", "1800", "./testdata/go/crdsize"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(applied_size(&text), 1775);
    assert_eq!(
        stderr(&out),
        "archives.crdsize.example.com: 1775 bytes within --max-size 1800: 2 of 10 descriptions cut to their first sentence, 0 removed\n"
    );
    let after = size_descriptions(&text);
    for ((name, old), (_, new)) in before.iter().zip(&after) {
        let new = new.as_deref();
        match name.as_str() {
            // The longest (391 bytes), then the deeper of two of 258.
            "schedule" => assert_eq!(new, Some("Schedule says when copies are taken.")),
            "bucket" => assert_eq!(
                new,
                Some("Bucket is the name of the bucket copies are written to.")
            ),
            _ => assert_eq!(new, old.as_deref(), "{name}"),
        }
    }
    assert_eq!(after[2].1.as_ref().unwrap().len(), 258);

    // Every description cut is not enough: the longest removed, longest first.
    let out = kubeidl(&["crd", "--max-size", "1000", "./testdata/go/crdsize"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(applied_size(&text) <= 1000);
    assert_eq!(
        stderr(&out),
        format!("archives.crdsize.example.com: {} bytes within --max-size 1000: 1 of 10 descriptions cut to their first sentence, 8 removed\n", applied_size(&text))
    );
    let kept: Vec<_> = size_descriptions(&text)
        .into_iter()
        .filter_map(|(name, d)| Some((name, d?)))
        .collect();
    // The two shortest once cut: target's first sentence, paused's whole.
    let kept: Vec<(&str, &str)> = kept.iter().map(|(n, d)| (n.as_str(), d.as_str())).collect();
    assert_eq!(
        kept,
        [
            ("paused", "Paused stops new copies."),
            ("target", "Target is where copies go.")
        ]
    );

    // A CRD that does not fit without descriptions: an error, and no file.
    let dir = tempfile::tempdir().unwrap();
    let out = kubeidl(&[
        "crd",
        "--max-size",
        "500",
        "-o",
        dir.path().to_str().unwrap(),
        "./testdata/go/crdsize",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        "error: archives.crdsize.example.com: 876 bytes with every schema description removed, more than --max-size 500; no file written for it\n"
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// A CRD over the 262,144 bytes a client-side `kubectl apply` records is a warning naming it,
/// its size, the limit and the remedies; `--max-size 262144` makes it fit, without one.
#[test]
fn a_crd_too_big_for_client_side_apply_is_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("go.mod"),
        "module example.com/big\n\ngo 1.22\n",
    )
    .unwrap();
    // 300 fields with a comment of 9 sentences of 100 bytes each: about 280 KB.
    let sentence = format!("{}.", "word ".repeat(19).trim_end());
    let mut fields = String::new();
    for i in 0..300 {
        for _ in 0..9 {
            fields.push_str(&format!("\t// {sentence} {sentence}\n"));
        }
        fields.push_str(&format!("\tField{i} string `json:\"field{i}\"`\n\n"));
    }
    std::fs::write(
        dir.path().join("types.go"),
        format!(
            r#"// +groupName=big.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Big has long comments.
type Big struct {{
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec BigSpec `json:"spec"`
}}

// BigSpec has many fields.
type BigSpec struct {{
{fields}}}
"#
        ),
    )
    .unwrap();
    let module = format!(
        "k8s.io/apimachinery={}",
        repo().join("testdata/standin/apimachinery").display()
    );
    let package = dir.path().to_str().unwrap();
    let out = kubeidl(&["crd", "--module", &module, package]);
    assert!(out.status.success(), "{}", stderr(&out));
    let size = applied_size(&stdout(&out));
    assert!(size > 262_144, "{size}");
    assert_eq!(
        stderr(&out),
        format!("warning: bigs.big.example.com: {size} bytes as a client-side `kubectl apply` records it, more than the 262144 it can (the apiserver refuses the annotation); trim descriptions with --max-size 262144, or apply it server-side (`kubectl apply --server-side`)\n")
    );

    let out = kubeidl(&["crd", "--module", &module, "--max-size", "262144", package]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let fitted = applied_size(&text);
    assert!(fitted <= 262_144, "{fitted}");
    let err = stderr(&out);
    assert!(!err.contains("warning"), "{err}");
    assert!(
        err.starts_with(&format!(
            "bigs.big.example.com: {fitted} bytes within --max-size 262144: "
        )),
        "{err}"
    );
    assert!(err.ends_with(" removed\n"), "{err}");
}
