//! ValidatingAdmissionPolicies written elsewhere, run as their authors run them, through
//! `kubeidl admit`:
//!
//! - kolteq's Pod Security Standards as policies (`kolteq/validating-admission-policies-pss`):
//!   its test script applies each `policy.yaml` with its `binding.yaml` in a namespace labelled
//!   for the restricted level, and expects its `test.yaml` to be denied; tests with a
//!   `# Command: kubectl debug ...` line add an ephemeral container (the `--custom` file merged
//!   into it) through the `ephemeralcontainers` subresource, which is emulated here. Besides:
//!   every policy and binding passes `--check-policies` without errors or warnings (they are
//!   applied to clusters as they are), and a Pod meeting the restricted level is admitted by
//!   all of them at once.
//! - Gateway API's `safe-upgrades` policy (`kubernetes-sigs/gateway-api`,
//!   `config/crd/standard/gateway.networking.k8s.io_vap_safeupgrades.yaml`) on its own CRDs:
//!   bundles older than v1.5 are refused, experimental CRDs over standard ones are refused.
//!
//! `KUBEIDL_VAP_CORPUS` points at a directory holding checkouts named
//! `kolteq+validating-admission-policies-pss` and `kubernetes-sigs+gateway-api`; the test skips
//! without it, and skips a checkout that is absent.

mod support;

use kubeidl::document::read_documents;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use support::{kubeidl, stdout};

fn corpus(name: &str) -> Option<PathBuf> {
    let Some(root) = std::env::var_os("KUBEIDL_VAP_CORPUS").map(PathBuf::from) else {
        eprintln!("skipped: set KUBEIDL_VAP_CORPUS to a directory of policy checkouts");
        return None;
    };
    let dir = root.join(name);
    if !dir.is_dir() {
        eprintln!("skipped: {} is not there", dir.display());
        return None;
    }
    Some(dir)
}

/// The documents of a YAML file, comments-only documents left out.
fn documents(path: &Path) -> Vec<Value> {
    let bytes = std::fs::read(path).unwrap();
    read_documents(&bytes)
        .into_iter()
        .map(|d| {
            d.unwrap_or_else(|e| panic!("{}: {e}", path.display()))
                .value
        })
        .filter(|v| !v.is_null())
        .collect()
}

fn write_json(dir: &Path, name: &str, value: &Value) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_vec(value).unwrap()).unwrap();
    path
}

fn policy_dirs(root: &Path) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.file_name().is_some_and(|n| n == "policy.yaml") {
                dirs.push(dir.clone());
            }
        }
    }
    dirs.sort();
    dirs
}

/// The namespace kolteq's test script creates.
const NAMESPACE: &str = "apiVersion: v1
kind: Namespace
metadata:
  name: policy-test
  labels:
    pss.security.kolteq.com/enforce: restricted
    pss.security.kolteq.com/audit: restricted
    pss.security.kolteq.com/warn: restricted
";

/// A Pod the restricted level admits.
const RESTRICTED_POD: &str = "apiVersion: v1
kind: Pod
metadata:
  name: good
  namespace: policy-test
spec:
  securityContext:
    runAsNonRoot: true
    runAsUser: 1000
    seccompProfile:
      type: RuntimeDefault
  containers:
  - name: main
    image: busybox:1.36
    securityContext:
      allowPrivilegeEscalation: false
      capabilities:
        drop: [ALL]
";

#[test]
fn kolteq_pod_security_policies_deny_their_tests() {
    let Some(checkout) = corpus("kolteq+validating-admission-policies-pss") else {
        return;
    };
    let policies = checkout.join("policies");
    let tmp = tempfile::tempdir().unwrap();
    let namespace = tmp.path().join("namespace.yaml");
    std::fs::write(&namespace, NAMESPACE).unwrap();
    let namespace = namespace.to_str().unwrap();
    let (mut denied, mut debug_denied) = (0, 0);
    let mut wrong = Vec::new();
    for dir in policy_dirs(&policies) {
        let test = dir.join("test.yaml");
        let text = std::fs::read_to_string(&test).unwrap();
        let policy = dir.join("policy.yaml");
        let binding = dir.join("binding.yaml");
        let mut args: Vec<String> = [
            "admit",
            "--policies",
            policy.to_str().unwrap(),
            "--policies",
            binding.to_str().unwrap(),
            "--namespaces",
            namespace,
        ]
        .map(String::from)
        .to_vec();
        let debug = text
            .lines()
            .any(|l| l.starts_with("# Command: kubectl debug"));
        if debug {
            // `kubectl debug POD --image=busybox:1.36 --custom=FILE`: an ephemeral container,
            // the custom fields merged into it, added through the subresource.
            let old = documents(&test).remove(0);
            let custom = documents(&dir.join("test-kubectl-debug-custom.yaml"))
                .pop()
                .unwrap_or(json!({}));
            let mut container = json!({"name": "debugger-x7k2p", "image": "busybox:1.36",
                "stdin": true, "tty": true, "terminationMessagePolicy": "File"});
            for (k, v) in custom.as_object().expect("custom fields") {
                container[k] = v.clone();
            }
            let mut new = old.clone();
            new["spec"]["ephemeralContainers"] = json!([container]);
            let old = write_json(tmp.path(), "old.json", &old);
            let new = write_json(tmp.path(), "new.json", &new);
            args.extend(
                [
                    "--operation",
                    "UPDATE",
                    "--subresource",
                    "ephemeralcontainers",
                    "--old",
                    old.to_str().unwrap(),
                    new.to_str().unwrap(),
                ]
                .map(String::from),
            );
        } else {
            args.push(test.to_str().unwrap().to_string());
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = kubeidl(&args);
        match out.status.code() {
            Some(1) if debug => debug_denied += 1,
            Some(1) => denied += 1,
            code => wrong.push(format!(
                "{}: exit {code:?}\n{}",
                dir.display(),
                stdout(&out)
            )),
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    eprintln!("kolteq: {denied} tests and {debug_denied} kubectl debug tests denied");
    assert!(
        denied >= 60 && debug_denied >= 10,
        "{denied} {debug_denied}"
    );

    // Every policy at once: a Pod meeting the restricted level is admitted.
    let pod = tmp.path().join("pod.yaml");
    std::fs::write(&pod, RESTRICTED_POD).unwrap();
    let out = kubeidl(&[
        "admit",
        "--policies",
        policies.to_str().unwrap(),
        "--namespaces",
        namespace,
        pod.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stdout(&out).ends_with(": CREATE Pod policy-test/good: allowed\n"));

    // The API would take every policy and binding as it is, and type checking finds nothing.
    let out = kubeidl(&[
        "admit",
        "--check-policies",
        "--policies",
        policies.to_str().unwrap(),
        "-o",
        "json",
    ]);
    let all: Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    let all = all.as_array().expect("entries");
    assert!(all.len() > 500, "{}", all.len());
    for entry in all {
        assert_eq!(entry["errors"], json!([]), "{entry}");
        assert_eq!(entry["expressionWarnings"], json!([]), "{entry}");
    }
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn gateway_api_safe_upgrades_refuse_old_and_experimental_bundles() {
    let Some(checkout) = corpus("kubernetes-sigs+gateway-api") else {
        return;
    };
    let crds = checkout.join("config/crd");
    let policy = crds.join("standard/gateway.networking.k8s.io_vap_safeupgrades.yaml");
    let tmp = tempfile::tempdir().unwrap();
    let bundle = |channel: &str, version: &str| {
        let path = crds
            .join(channel)
            .join("gateway.networking.k8s.io_gateways.yaml");
        let mut crd = documents(&path).remove(0);
        crd["metadata"]["annotations"]["gateway.networking.k8s.io/bundle-version"] = json!(version);
        write_json(tmp.path(), &format!("{channel}-{version}.json"), &crd)
    };
    let old_standard = bundle("standard", "v1.2.0");
    let standard = bundle("standard", "v1.5.0");
    let experimental = bundle("experimental", "v1.5.0");
    let admit = |extra: &[&str]| {
        let mut args = vec!["admit", "--policies", policy.to_str().unwrap()];
        args.extend(extra);
        kubeidl(&args)
    };
    let out = admit(&[old_standard.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(
        stdout(&out).contains(
            "denied request: Installing CRDs with version before v1.5.0 is prohibited by default."
        ),
        "{}",
        stdout(&out)
    );
    let out = admit(&[standard.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let out = admit(&[
        "--operation",
        "UPDATE",
        "--old",
        standard.to_str().unwrap(),
        experimental.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stdout(&out).contains("denied request: Installing experimental CRDs on top of standard channel CRDs is prohibited by default."), "{}", stdout(&out));
    // Over experimental CRDs, experimental ones may be installed.
    let out = admit(&[
        "--operation",
        "UPDATE",
        "--old",
        experimental.to_str().unwrap(),
        experimental.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
}
