#!/usr/bin/env python3
"""Run a corpus of MutatingAdmissionPolicies written elsewhere through `kubeidl admit` and compare
with what each source says the apiserver does.

Every case is a directory holding a case.yaml (see README.md for its keys). For each case the runner
  1. runs `kubeidl admit --check-policies` on its policies (with its CRDs) and compares the errors
     with `checkPolicies` (default: no errors; a policy the apiserver accepts must not be refused);
  2. unless `checkPolicies.expectRefused` is set, runs `kubeidl admit -o json` on its requests and
     compares each AdmissionReview response with `expect[i]` (allowed, code, reason, message /
     messageContains, the object after admission).
The object after admission is `mutatedObject` when kubeidl mutated, else the request's object.
Objects are compared after dropping empty maps/lists/nulls on both sides (the apiserver decodes
into Go types whose empty maps and slices are omitted, and upstream tests compare with
cmpopts.EquateEmpty / equality.Semantic), after removing `ignore` paths from the expected object
(fields the apiserver's Go defaulting adds, which kubeidl does not claim to produce), and after
dropping the server-set metadata fields the upstream tests also wipe.

Usage: runner.py [--bin PATH] [--json OUT] [CASE_DIR_OR_ROOT ...]
Exit status: 0 when every case agrees, or differs only where its case.yaml records why with
`knownDifference` (something kubeidl does not model), 1 otherwise.
"""
import argparse
import copy
import json
import os
import subprocess
import sys

import yaml

ROOT = os.path.dirname(os.path.abspath(__file__))
SERVER_SET = ["uid", "resourceVersion", "creationTimestamp", "managedFields", "generation"]


def load_docs(path):
    with open(path) as f:
        return [d for d in yaml.safe_load_all(f) if d is not None]


def prune(v):
    """Drop nulls, empty maps and empty lists, recursively (EquateEmpty)."""
    if isinstance(v, dict):
        out = {}
        for k, x in v.items():
            x = prune(x)
            if x is None or x == {} or x == []:
                continue
            out[k] = x
        return out
    if isinstance(v, list):
        return [prune(x) for x in v]
    return v


def remove_path(obj, path):
    """Remove a dotted path, or a JSON pointer when it starts with '/'; `*` matches every list item or map value."""
    if path.startswith("/"):
        parts = [p.replace("~1", "/").replace("~0", "~") for p in path[1:].split("/")]
    else:
        parts = path.split(".")

    def rec(o, i):
        if o is None:
            return
        key = parts[i]
        last = i == len(parts) - 1
        if key == "*":
            items = o if isinstance(o, list) else (list(o.values()) if isinstance(o, dict) else [])
            for x in items:
                rec(x, i + 1) if not last else None
            return
        if isinstance(o, dict) and key in o:
            if last:
                del o[key]
            else:
                rec(o[key], i + 1)
        elif isinstance(o, list) and key.isdigit() and int(key) < len(o):
            if last:
                del o[int(key)]
            else:
                rec(o[int(key)], i + 1)

    rec(obj, 0)


def strip_server_set(obj):
    md = obj.get("metadata") if isinstance(obj, dict) else None
    if isinstance(md, dict):
        for k in SERVER_SET:
            md.pop(k, None)


def diff(exp, got, path=""):
    """Readable list of differences between two pruned JSON values."""
    out = []
    if isinstance(exp, dict) and isinstance(got, dict):
        for k in sorted(set(exp) | set(got), key=str):
            p = f"{path}.{k}"
            if k not in got:
                out.append(f"{p}: expected {json.dumps(exp[k])}, got nothing")
            elif k not in exp:
                out.append(f"{p}: expected nothing, got {json.dumps(got[k])}")
            else:
                out += diff(exp[k], got[k], p)
    elif isinstance(exp, list) and isinstance(got, list) and len(exp) == len(got):
        for i, (a, b) in enumerate(zip(exp, got)):
            out += diff(a, b, f"{path}[{i}]")
    elif exp != got:
        out.append(f"{path or '.'}: expected {json.dumps(exp)}, got {json.dumps(got)}")
    return out


def subset_diff(exp, got, path=""):
    out = []
    if isinstance(exp, dict):
        if not isinstance(got, dict):
            return [f"{path or '.'}: expected {json.dumps(exp)}, got {json.dumps(got)}"]
        for k, v in exp.items():
            if k not in got:
                out.append(f"{path}.{k}: expected {json.dumps(v)}, got nothing")
            else:
                out += subset_diff(v, got[k], f"{path}.{k}")
        return out
    if isinstance(exp, list) and isinstance(got, list) and len(exp) == len(got):
        for i, (a, b) in enumerate(zip(exp, got)):
            out += subset_diff(a, b, f"{path}[{i}]")
        return out
    if exp != got:
        out.append(f"{path or '.'}: expected {json.dumps(exp)}, got {json.dumps(got)}")
    return out


def run(cmd, cwd):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def flags(case):
    args = []
    for f in case.get("admitPolicies", []) or []:
        args += ["--policies", f]
    for key, flag in [("policies" if not case.get("admitPolicies") else "_none", "--policies"), ("crds", "--crds"), ("params", "--params"),
                      ("namespaces", "--namespaces"), ("rbac", "--rbac")]:
        for f in case.get(key, []) or []:
            args += [flag, f]
    return args


def object_ref(case_dir, ref):
    path, _, idx = ref.partition("#")
    docs = load_docs(os.path.join(case_dir, path))
    return docs[int(idx or 0)]


def check_case(case_dir, binary):
    with open(os.path.join(case_dir, "case.yaml")) as f:
        case = yaml.safe_load(f)
    name = os.path.join(*os.path.normpath(case_dir).split(os.sep)[-2:])
    result = {"case": name, "source": case.get("source", ""), "failures": [], "notes": [],
              "crash": None, "checkPolicies": None}
    kv = ["--kube-version", str(case["kubeVersion"])] if case.get("kubeVersion") else []

    # 1. --check-policies
    cp = case.get("checkPolicies", {}) or {}
    cmd = [binary, "admit", "--check-policies", "-o", "json"] + kv + \
        [a for k in ("policies", "crds") for f in case.get(k, []) or []
         for a in ({"policies": "--policies", "crds": "--crds"}[k], f)]
    rc, out, err = run(cmd, case_dir)
    if rc not in (0, 1, 2) or "panicked" in err:
        result["crash"] = f"--check-policies exit {rc}: {err.strip()[:2000]}"
    try:
        entries = json.loads(out) if out.strip() else []
    except json.JSONDecodeError:
        entries = []
        result["failures"].append(f"--check-policies printed no JSON (exit {rc}): {err.strip()[:500]}")
    errors = [f"{e['kind']} {e['name']}: {x.get('field', '')}: {x['message']}"
              for e in entries for x in e.get("errors", [])]
    warnings = [f"{e['kind']} {e['name']}: {w.get('fieldRef', '')}: {w['warning']}"
                for e in entries for w in e.get("expressionWarnings", [])]
    notes = [f"{e['kind']} {e['name']}: {n}" for e in entries for n in e.get("notes", [])]
    result["checkPolicies"] = {"exit": rc, "errors": errors, "warnings": warnings, "notes": notes,
                               "stderr": err.strip()[:1000]}
    if rc == 2 and not cp.get("expectRefused"):
        result["failures"].append(f"--check-policies: unusable input (exit 2): {err.strip()[:800]}")
    if cp.get("expectRefused"):
        want = cp.get("errorContains", "")
        blob = "\n".join(errors) + "\n" + err
        if not errors and rc != 2:
            result["failures"].append(f"--check-policies: the apiserver refuses this policy ({want!r}), kubeidl accepted it")
        elif want and want not in blob:
            result["failures"].append(f"--check-policies: expected an error containing {want!r}, got: {blob.strip()[:800]}")
    elif errors:
        result["failures"].append("--check-policies refused a policy the apiserver accepts: " + " | ".join(errors))

    # 2. admission
    if cp.get("expectRefused") and not case.get("expect"):
        return result
    cmd = [binary, "admit", "-o", "json"] + kv + flags(case)
    if case.get("operation"):
        cmd += ["--operation", case["operation"]]
    if case.get("old"):
        cmd += ["--old", case["old"]]
    if case.get("subresource"):
        cmd += ["--subresource", case["subresource"]]
    if case.get("user"):
        cmd += ["--user", case["user"]]
    if case.get("groups"):
        cmd += ["--groups", ",".join(case["groups"])]
    cmd += case["requests"]
    result["command"] = " ".join(cmd[1:])
    rc, out, err = run(cmd, case_dir)
    if rc not in (0, 1, 2) or "panicked" in err:
        result["crash"] = f"admit exit {rc}: {err.strip()[:2000]}"
    try:
        reviews = json.loads(out)
    except json.JSONDecodeError:
        result["failures"].append(f"admit printed no JSON (exit {rc}): {err.strip()[:800]}")
        return result
    if err.strip():
        result["notes"].append("stderr: " + err.strip()[:600])
    expects = case.get("expect", [])
    if len(reviews) != len(expects):
        result["failures"].append(f"{len(reviews)} responses for {len(expects)} expectations")
    req_docs = []
    for r in case["requests"]:
        req_docs += load_docs(os.path.join(case_dir, r))
    for i, (rev, ex) in enumerate(zip(reviews, expects)):
        resp = rev.get("response", {})
        tag = f"request {i}"
        st0 = resp.get("status", {}) or {}
        result.setdefault("observed", []).append({"allowed": resp.get("allowed"), "code": st0.get("code"),
                                                   "reason": st0.get("reason"), "message": st0.get("message"),
                                                   "mutated": "mutatedObject" in rev})
        if "allowed" in ex and resp.get("allowed") != ex["allowed"]:
            result["failures"].append(
                f"{tag}: allowed expected {ex['allowed']}, got {resp.get('allowed')} "
                f"({resp.get('status', {}).get('message', '')})")
        st = resp.get("status", {}) or {}
        if "code" in ex and st.get("code") != ex["code"]:
            result["failures"].append(f"{tag}: code expected {ex['code']}, got {st.get('code')}")
        if "reason" in ex and st.get("reason") != ex["reason"]:
            result["failures"].append(f"{tag}: reason expected {ex['reason']}, got {st.get('reason')}")
        if "message" in ex and st.get("message") != ex["message"]:
            result["failures"].append(f"{tag}: message expected {ex['message']!r}, got {st.get('message')!r}")
        wants = ex.get("messageContains", [])
        for want in ([wants] if isinstance(wants, str) else wants):
            if want not in (st.get("message") or ""):
                result["failures"].append(f"{tag}: message expected to contain {want!r}, got {st.get('message')!r}")
        if "object" in ex or "objectSubset" in ex:
            got = rev.get("mutatedObject")
            if got is None and i < len(req_docs):
                got = copy.deepcopy(req_docs[i])
            exp = object_ref(case_dir, ex.get("object") or ex.get("objectSubset"))
            exp = copy.deepcopy(exp)
            got = copy.deepcopy(got)
            for p in ex.get("ignore", []) or []:
                remove_path(exp, p)
            for p in ex.get("ignoreGot", []) or []:
                remove_path(got, p)
            strip_server_set(exp)
            strip_server_set(got)
            if "objectSubset" in ex:
                d = subset_diff(prune(exp), prune(got))
            else:
                d = diff(prune(exp), prune(got))
            if d:
                result["failures"].append(f"{tag}: object differs: " + "; ".join(d))
            if ex.get("ignore"):
                result["notes"].append(f"{tag}: apiserver-defaulted fields not compared: {', '.join(ex['ignore'])}")
    kd = case.get("knownDifference")
    if kd and result["failures"]:
        result["known"] = kd
    return result


def find_cases(paths):
    out = []
    for p in paths:
        p = os.path.abspath(p)
        if os.path.isfile(os.path.join(p, "case.yaml")):
            out.append(p)
            continue
        for d, _, files in os.walk(p):
            if "case.yaml" in files:
                out.append(d)
    return sorted(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.environ.get("KUBEIDL", "kubeidl"))
    ap.add_argument("--json")
    ap.add_argument("paths", nargs="*", default=[ROOT])
    a = ap.parse_args()
    if os.sep in a.bin:
        # Commands run in each case's directory.
        a.bin = os.path.abspath(a.bin)
    results = [check_case(d, a.bin) for d in find_cases(a.paths)]
    bad = 0
    for r in results:
        if r["crash"]:
            verdict = "CRASH"
        elif r["failures"] and r.get("known"):
            verdict = "known"
        elif r["failures"]:
            verdict = "DIFFERS"
        else:
            verdict = "agree"
        r["verdict"] = verdict
        if verdict not in ("agree", "known"):
            bad += 1
        print(f"{verdict:8} {r['case']}")
        if r.get("known"):
            print(f"           known: {r['known']}")
        for f in r["failures"]:
            print(f"           - {f}")
        if r["crash"]:
            print(f"           ! {r['crash']}")
        cpw = r["checkPolicies"] or {}
        for w in cpw.get("warnings", []):
            print(f"           ~ check-policies warning: {w}")
    known = sum(1 for r in results if r["verdict"] == "known")
    print(f"\n{len(results)} cases: {len(results) - bad - known} agree, {known} known differences, {bad} differ or crash")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(results, f, indent=1)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
