//! The `kubeidl openapi` command as a user meets it: exit codes, `-o` and `--check`, and precise
//! errors for bad input with no output file left behind.

mod support;

use std::path::Path;
use support::{kubeidl, repo, stderr, stdout};

/// Runs `kubeidl openapi -o FILE PACKAGE` on a bad package and returns the error output, after
/// checking the exit code and that no output file was written.
fn bad(package: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let output = dir.path().join("out.json");
    let out = kubeidl(&["openapi", "-o", output.to_str().unwrap(), package]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(!output.exists(), "no partial output file");
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "no temporary file left"
    );
    stderr(&out)
}

fn location(package: &str, file: &str, line: usize, column: usize) -> String {
    let path =
        std::fs::canonicalize(repo().join("testdata/go-bad").join(package).join(file)).unwrap();
    format!("{}:{line}:{column}: ", path.display())
}

#[test]
fn syntax_error_names_file_line_column_and_token() {
    let err = bad("./testdata/go-bad/syntax");
    let expected = format!(
        "error: {}syntax error: unexpected `type`",
        location("syntax", "types.go", 7, 1)
    );
    assert!(err.starts_with(&expected), "{err}");
    assert!(err.contains("\n    type Next struct{}\n    ^"), "{err}");
}

#[test]
fn optional_and_required_on_one_field() {
    let err = bad("./testdata/go-bad/optreq");
    let expected = format!(
        "error: {}field Name cannot be both +optional and +required",
        location("optreq", "types.go", 7, 2)
    );
    assert!(err.starts_with(&expected), "{err}");
}

#[test]
fn map_with_non_string_keys() {
    let err = bad("./testdata/go-bad/mapkey");
    let expected = format!(
        "error: {}map with non-string keys are not supported by OpenAPI: map[int]string",
        location("mapkey", "types.go", 6, 2)
    );
    assert!(err.starts_with(&expected), "{err}");
}

#[test]
fn unresolvable_import_points_at_the_field_using_it() {
    let err = bad("./testdata/go-bad/unresolved");
    let expected = format!(
        "error: {}package example.com/nowhere/pkg: no module maps this import path; pass --module example.com/nowhere/pkg=DIR",
        location("unresolved", "types.go", 8, 2)
    );
    assert!(err.starts_with(&expected), "{err}");
}

#[test]
fn conflicting_item_default() {
    let err = bad("./testdata/go-bad/itemdefault");
    assert!(
        err.starts_with(&format!(
            "error: {}items or values of type",
            location("itemdefault", "types.go", 11, 2)
        )),
        "{err}"
    );
    assert!(err.contains("invalid +default=\"Always\""), "{err}");
}

#[test]
fn patch_tags_must_agree() {
    let err = bad("./testdata/go-bad/patchtags");
    assert!(
        err.starts_with(&format!(
            "error: {}field Items: +patchStrategy=merge",
            location("patchtags", "types.go", 7, 2)
        )),
        "{err}"
    );
}

#[test]
fn special_method_that_is_not_a_literal() {
    let err = bad("./testdata/go-bad/badmethod");
    assert!(
        err.starts_with(&format!(
            "error: {}OpenAPISchemaType:",
            location("badmethod", "types.go", 6, 17)
        )),
        "{err}"
    );
}

#[test]
fn missing_packages() {
    assert_eq!(
        bad("./testdata/go-bad/nope"),
        "error: ./testdata/go-bad/nope: no such directory\n"
    );
    let err = bad("example.com/unknown/pkg");
    assert!(
        err.starts_with("error: package example.com/unknown/pkg: no module maps this import path"),
        "{err}"
    );
    let out = kubeidl(&[
        "openapi",
        "--module",
        "example.com/kubeidl/bad=testdata/go-bad",
        "example.com/kubeidl/bad/nope",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains(
        "package example.com/kubeidl/bad/nope: directory testdata/go-bad/nope does not exist"
    ));
}

#[test]
fn a_failed_run_leaves_an_existing_output_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let output = dir.path().join("out.json");
    std::fs::write(&output, "previous\n").unwrap();
    let out = kubeidl(&[
        "openapi",
        "-o",
        output.to_str().unwrap(),
        "./testdata/go-bad/syntax",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&output).unwrap(), "previous\n");
}

fn write_basic(output: &Path) {
    let out = kubeidl(&[
        "openapi",
        "-o",
        output.to_str().unwrap(),
        "./testdata/go/basic",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn output_file_equals_stdout() {
    let dir = tempfile::tempdir().unwrap();
    let output = dir.path().join("basic.json");
    write_basic(&output);
    let stdout = kubeidl(&["openapi", "./testdata/go/basic"]);
    assert!(stdout.status.success());
    assert_eq!(std::fs::read(&output).unwrap(), stdout.stdout);
}

#[test]
fn check_passes_when_current_and_fails_with_a_summary_when_stale() {
    let dir = tempfile::tempdir().unwrap();
    let output = dir.path().join("basic.json");
    write_basic(&output);
    let path = output.to_str().unwrap();
    let current = kubeidl(&["openapi", "--check", "-o", path, "./testdata/go/basic"]);
    assert_eq!(current.status.code(), Some(0), "{}", stderr(&current));

    let text = std::fs::read_to_string(&output).unwrap();
    let stale = text.replace("Spec is the desired state.", "Spec was edited.");
    std::fs::write(&output, &stale).unwrap();
    let out = kubeidl(&["openapi", "--check", "-o", path, "./testdata/go/basic"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("out of date"), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("changed: com.example.kubeidl.testdata.basic.Widget"),
        "{}",
        stderr(&out)
    );
    assert_eq!(
        std::fs::read_to_string(&output).unwrap(),
        stale,
        "--check never writes"
    );

    std::fs::remove_file(&output).unwrap();
    let out = kubeidl(&["openapi", "--check", "-o", path, "./testdata/go/basic"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!output.exists());
}

#[test]
fn a_package_without_openapi_tags_is_reported() {
    let out = kubeidl(&["openapi", "./testdata/go/extensions"]);
    assert!(out.status.success());
    assert!(
        stderr(&out).is_empty(),
        "types tagged one by one count: {}",
        stderr(&out)
    );
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("go.mod"), "module example.com/plain\n").unwrap();
    std::fs::write(
        dir.path().join("t.go"),
        "package plain\n\ntype T struct{}\n",
    )
    .unwrap();
    let out = kubeidl(&["openapi", dir.path().to_str().unwrap()]);
    assert!(out.status.success());
    assert!(
        stderr(&out).contains("warning: package example.com/plain: no +k8s:openapi-gen=true"),
        "{}",
        stderr(&out)
    );
}

/// Runs `kubeidl openapi` on a bad-tag package and returns the first line of the error.
fn tag_error(package: &str) -> (String, String) {
    let err = bad(&format!("./testdata/go-bad/{package}"));
    let first = err.lines().next().unwrap_or_default().to_string();
    (first, err)
}

#[test]
fn unknown_tag_is_an_error_at_its_name() {
    let (first, _) = tag_error("unknowntag");
    assert_eq!(
        first,
        format!(
            "error: {}unknown tag \"+k8s:maxLenght\" (did you mean \"+k8s:maxLength\"?)",
            location("unknowntag", "types.go", 5, 6)
        )
    );
}

#[test]
fn tag_on_the_wrong_kind_of_field() {
    let (first, _) = tag_error("wrongkind");
    assert_eq!(
        first,
        format!(
            "error: {}tag \"+k8s:maxLength\" needs a string, and this is an integer",
            location("wrongkind", "types.go", 5, 5)
        )
    );
}

#[test]
fn bad_payload_points_at_the_value() {
    let (first, _) = tag_error("badpayload");
    assert_eq!(
        first,
        format!(
            "error: {}+kubebuilder:validation:Minimum takes a number, not \"ten\"",
            location("badpayload", "types.go", 5, 37)
        )
    );
}

#[test]
fn rule_naming_a_missing_field() {
    let (first, err) = tag_error("nofield");
    assert_eq!(
        first,
        format!(
            "error: {}rule \"self.minReplicas <= self.maxReplica\" on Spec:",
            location("nofield", "types.go", 4, 4)
        )
    );
    assert!(
        err.contains(
            "ERROR: <input>:1:25: undefined field 'maxReplica'\n | self.minReplicas <= self.maxReplica\n | ........................^"
        ),
        "{err}"
    );
}

#[test]
fn rule_that_is_not_a_bool() {
    let (first, err) = tag_error("nonbool");
    assert_eq!(
        first,
        format!(
            "error: {}rule \"self.size()\" on Spec.name:",
            location("nonbool", "types.go", 5, 5)
        )
    );
    assert!(
        err.contains("ERROR: <input>:-1:0: cel expression must evaluate to a bool"),
        "{err}"
    );
}

#[test]
fn rule_too_costly_names_estimate_limit_and_bounds() {
    let (first, err) = tag_error("toocostly");
    assert_eq!(
        first,
        format!(
            "error: {}rule \"self.all(a, self.all(b, a == b || a.size() != b.size()))\" on Spec.names:",
            location("toocostly", "types.go", 6, 5)
        )
    );
    assert_eq!(
        err.lines().nth(1).unwrap_or_default(),
        "estimated cost 345885907167268052 exceeds the limit of 10000000; bound self with maxItems, self[*] with maxLength",
    );
}

#[test]
fn lenient_turns_tag_errors_into_warnings() {
    let out = kubeidl(&["openapi", "--lenient", "./testdata/go-bad/unknowntag"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).starts_with(&format!(
            "warning: {}unknown tag \"+k8s:maxLenght\"",
            location("unknowntag", "types.go", 5, 6)
        )),
        "{}",
        stderr(&out)
    );
}

#[test]
fn tag_reference_doc_is_kubeidl_tags_markdown() {
    let out = kubeidl(&["tags", "-o", "markdown"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc = std::fs::read_to_string(repo().join("docs/tags.md")).unwrap();
    let (begin, end) = (
        "<!-- begin: kubeidl tags -o markdown -->\n",
        "<!-- end: kubeidl tags -o markdown -->",
    );
    let start = doc.find(begin).expect("docs/tags.md has the begin marker") + begin.len();
    let stop = doc[start..]
        .find(end)
        .expect("docs/tags.md has the end marker")
        + start;
    assert_eq!(
        &doc[start..stop],
        stdout(&out),
        "docs/tags.md is stale: replace its tag reference with `kubeidl tags -o markdown`"
    );
}

#[test]
fn tags_prints_the_reference_as_text_and_json() {
    let text = stdout(&kubeidl(&["tags"]));
    assert!(
        text.contains("validation-gen: +k8s:maxItems=<int>"),
        "{text}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&kubeidl(&["tags", "-o", "json"]))).unwrap();
    let families = json.as_array().unwrap();
    assert_eq!(families[0]["family"], "presence");
    assert!(families
        .iter()
        .flat_map(|f| f["tags"].as_array().unwrap())
        .any(|t| t["example"] == "+k8s:eachVal=+k8s:maxLength=16"));
}

#[test]
fn kep_format_helpers_compile_only_with_their_library() {
    let err = bad("./testdata/go-bad/kepformats");
    assert!(
        err.starts_with(&format!(
            "error: {}",
            location("kepformats", "types.go", 6, 5)
        )),
        "{err}"
    );
    assert!(err.contains("undeclared reference to 'isFormat'"), "{err}");
    let out = kubeidl(&[
        "openapi",
        "--cel-library",
        "kep-formats",
        "./testdata/go-bad/kepformats",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("self.isFormat('dns1123Label')"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_field_hides_one_of_its_name_deeper_in_an_inlined_struct() {
    // encoding/json's rule: the shallower field wins, the deeper one is not written.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("go.mod"),
        "module example.com/auth\n\ngo 1.22\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("types.go"),
        r#"// +k8s:openapi-gen=true
package auth

// Endpoint is where to send.
type Endpoint struct {
	Common `json:",inline"`
	// Authorization is a header value.
	Authorization string `json:"authorization"`
}

// Common is shared.
type Common struct {
	// Authorization as a structure, hidden by Endpoint's.
	Authorization *Credentials `json:"authorization,omitempty"`
	URL string `json:"url"`
}

// Credentials are a user and a key.
type Credentials struct {
	User string `json:"user"`
}
"#,
    )
    .unwrap();
    let out = kubeidl(&["openapi", dir.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let endpoint = &doc["components"]["schemas"]["com.example.auth.Endpoint"];
    assert_eq!(
        endpoint["properties"]["authorization"]["type"], "string",
        "{endpoint}"
    );
    assert_eq!(
        endpoint["properties"]["url"]["type"], "string",
        "{endpoint}"
    );
    assert_eq!(
        endpoint["required"],
        serde_json::json!(["url", "authorization"]),
        "{endpoint}"
    );
}

#[test]
fn an_overlay_adds_tags_to_types_it_does_not_own() {
    let dir = tempfile::tempdir().unwrap();
    let overlay = dir.path().join("overlay.tags");
    std::fs::write(
        &overlay,
        "# tags for a package kubeidl does not own\n\
         example.com/kubeidl/testdata/*  Gadget              +kubeidl:native=ValidateDeployment\n\
         example.com/kubeidl/testdata/*  GadgetSpec.Name     +k8s:maxLength=20   # by Go name\n",
    )
    .unwrap();
    let out = kubeidl(&[
        "openapi",
        "--overlay",
        overlay.to_str().unwrap(),
        "testdata/go/tagged",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let schemas = &doc["components"]["schemas"];
    let gadget = schemas
        .as_object()
        .unwrap()
        .iter()
        .find(|(name, _)| name.ends_with("tagged.Gadget"))
        .map(|(_, s)| s)
        .unwrap();
    assert_eq!(gadget["x-kubeidl-native"], "ValidateDeployment");
    let spec = schemas
        .as_object()
        .unwrap()
        .iter()
        .find(|(name, _)| name.ends_with("tagged.GadgetSpec"))
        .map(|(_, s)| s)
        .unwrap();
    assert_eq!(spec["properties"]["name"]["maxLength"], 20, "{spec}");
    // A tag the source has too, with another value, conflicts as two written there would.
    std::fs::write(
        &overlay,
        "example.com/kubeidl/testdata/*  GadgetSpec.replicas +k8s:maximum=10\n",
    )
    .unwrap();
    let out = kubeidl(&[
        "openapi",
        "--overlay",
        overlay.to_str().unwrap(),
        "testdata/go/tagged",
    ]);
    assert!(
        stderr(&out)
            .contains("+k8s:maximum=Number(10) conflicts with Number(100) set by another tag"),
        "{}",
        stderr(&out)
    );
    // A malformed line is an error at its position.
    std::fs::write(&overlay, "example.com/x Gadget\n").unwrap();
    let out = kubeidl(&[
        "openapi",
        "--overlay",
        overlay.to_str().unwrap(),
        "testdata/go/tagged",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("overlay.tags:1:1: expected `<package> <Type>[.<field>] +<tag>`"),
        "{}",
        stderr(&out)
    );
}
