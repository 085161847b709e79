//! The example binary as a user runs it: the CRD printed, then manifests checked.

use std::process::Command;

fn run(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_kube-crd"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.is_empty(), "{stderr}");
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
    )
}

#[test]
fn prints_the_crd() {
    let (code, yaml) = run(&[]);
    assert_eq!(code, 0);
    let documents = kubeidl::document::read_documents(yaml.as_bytes());
    let crd = &documents[0].as_ref().unwrap().value;
    assert_eq!(crd["metadata"]["name"], "backups.backups.example.com");
    let spec = &crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"];
    assert_eq!(
        spec["x-kubernetes-validations"][0]["rule"],
        "!has(self.keepLast) || self.keepLast >= size(self.targets)"
    );
    assert_eq!(
        spec["properties"]["targets"]["x-kubernetes-list-type"],
        "map"
    );
}

#[test]
fn checks_manifests_typed_or_against_the_crd() {
    let (code, out) = run(&[
        "resources/nightly.yaml",
        "resources/rules.yaml",
        "resources/broken.yaml",
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("resources/nightly.yaml: Backup \"nightly\" is valid"),
        "{out}"
    );
    // Read as a Backup: the derived validator, paths from the object's root (the value of an
    // object is left out, as the apiserver leaves it out).
    assert!(
        out.contains("  spec: Invalid value: keepLast must keep a backup of every target\n"),
        "{out}"
    );
    assert!(
        out.contains("  spec.destination.s3.prefix: Invalid value: \"/weekday\": prefix must not start with a slash\n"),
        "{out}"
    );
    // Not a Backup serde reads (`lz4`): the CRD's schema, as the apiserver checks it.
    assert!(
        out.contains("  spec.compression: Unsupported value: \"lz4\": supported values: \"gzip\", \"none\", \"zstd\"\n"),
        "{out}"
    );
}
