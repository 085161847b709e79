//! A MutatingAdmissionPolicy's patches on any input: the bytes are JSON `[object, patch]`; the
//! patch is applied as a JSON Patch (when it is a list of operations) and merged as an apply
//! configuration by the Deployment schema of the newest release. Either gives an object or an
//! error; never a panic, a hang or unbounded memory.
#![no_main]

use kubeidl_admission::json_patch::{apply, Operation};
use kubeidl_admission::{ClusterSchemas, GroupVersionKind, KindSchemas};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use std::sync::OnceLock;

fn schemas() -> &'static ClusterSchemas {
    static SCHEMAS: OnceLock<ClusterSchemas> = OnceLock::new();
    SCHEMAS.get_or_init(|| {
        ClusterSchemas::new(&kubeidl::kube::release(kubeidl::kube::NEWEST).expect("embedded"))
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(Value::Array(pair)) = serde_json::from_slice::<Value>(data) else { return };
    let [object, patch] = pair.as_slice() else { return };
    if let Value::Array(ops) = patch {
        let ops: Vec<Operation> = ops.iter().map(Operation::of_json).collect();
        let _ = apply(object, &ops);
    }
    let kind = GroupVersionKind::new("apps", "v1", "Deployment");
    if let Some(schema) = schemas().schema(&kind) {
        let _ = kubeidl_admission::merge_apply_configuration(object, patch, schema);
    }
});
