//! The Kubernetes API trees of the acceptance run, so the conformance test and the generation
//! benchmark generate exactly the same thing.

use kubeidl_gen::Generator;
use std::path::Path;

/// The generator for `api/`, `apimachinery/`, `apiextensions-apiserver/` and `kube-aggregator/`
/// checkouts under `sources`, with validations off (what an apiserver publishes).
pub fn kubernetes_generator(sources: &Path) -> Generator {
    Generator::new()
        .validations(false)
        .module("k8s.io/api", sources.join("api"))
        .module("k8s.io/apimachinery", sources.join("apimachinery"))
        .module(
            "k8s.io/apiextensions-apiserver",
            sources.join("apiextensions-apiserver"),
        )
        .module("k8s.io/kube-aggregator", sources.join("kube-aggregator"))
        .package("k8s.io/api/...")
        .package("k8s.io/apimachinery/pkg/...")
        .package("k8s.io/apiextensions-apiserver/pkg/apis/...")
        .package("k8s.io/kube-aggregator/pkg/apis/...")
}
