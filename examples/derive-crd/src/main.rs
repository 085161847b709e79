//! `kubeidl-crd`: the CustomResourceDefinition of a kind written in Rust, as a project's
//! `config/crd/` holds it. The kind `Gadget` has two versions, each declared on its spec type:
//! `v1` with `#[kubeidl(...)]` arguments, `v1alpha1` with the Go markers in its doc comment;
//! `kubeidl::crd::merge` makes one CRD of them, with `v1` as the storage version, checked as the
//! apiserver checks a CRD (structural schema, CEL cost).
//!
//! ```sh
//! cargo run -p derive-crd-example --bin kubeidl-crd              # writes config/crd/gadgets.example.com_gadgets.yaml
//! cargo run -p derive-crd-example --bin kubeidl-crd -- out/crds  # into another directory
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

pub mod v1 {
    use kubeidl_derive::{Schema, Validate};
    use serde::{Deserialize, Serialize};

    /// GadgetSpec is the desired state of a gadget.
    /// +validationRule="self.minReplicas <= self.replicas",message="replicas must be at least minReplicas"
    #[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug)]
    #[kubeidl(package = "example.com/gadgets/v1")]
    #[kubeidl(
        kind = "Gadget",
        group = "gadgets.example.com",
        version = "v1",
        status = "GadgetStatus"
    )]
    #[kubeidl(shortNames = ["gd"], categories = ["all"], storageversion)]
    #[kubeidl(printcolumn(name = "Replicas", type = "integer", JSONPath = ".spec.replicas"))]
    #[serde(rename_all = "camelCase")]
    pub struct GadgetSpec {
        /// Replicas is how many gadgets run.
        /// +k8s:minimum=0
        /// +k8s:maximum=100
        pub replicas: i32,

        /// MinReplicas is the fewest gadgets to run.
        /// +optional
        /// +default=1
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub min_replicas: Option<i32>,

        /// Owners are at most 8 DNS labels.
        /// +optional
        /// +listType=set
        /// +k8s:maxItems=8
        /// +k8s:eachVal=+k8s:format=k8s-short-name
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub owners: Vec<String>,
    }

    /// GadgetStatus is what was last seen of a gadget.
    #[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug, Default)]
    #[kubeidl(package = "example.com/gadgets/v1")]
    #[serde(rename_all = "camelCase")]
    pub struct GadgetStatus {
        /// ReadyReplicas is how many gadgets are ready.
        /// +optional
        #[serde(default)]
        pub ready_replicas: i32,
    }
}

pub mod v1alpha1 {
    use kubeidl_derive::{Schema, Validate};
    use serde::{Deserialize, Serialize};

    /// GadgetSpec is the desired state of a gadget.
    /// +kubebuilder:resource:shortName=gd,categories=all
    /// +kubebuilder:deprecatedversion:warning="gadgets.example.com/v1alpha1 is deprecated; use v1"
    #[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug)]
    #[kubeidl(package = "example.com/gadgets/v1alpha1")]
    #[kubeidl(kind = "Gadget", group = "gadgets.example.com", version = "v1alpha1")]
    #[serde(rename_all = "camelCase")]
    pub struct GadgetSpec {
        /// Replicas is how many gadgets run.
        /// +k8s:minimum=0
        pub replicas: i32,
    }
}

fn main() -> ExitCode {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "config/crd".into()),
    );
    let crd =
        match kubeidl::crd::merge([v1::Gadget::crd_version(), v1alpha1::Gadget::crd_version()]) {
            Ok(crd) => crd,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        };
    let path = dir.join(&crd.file_name);
    let written = std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(&path, &crd.text));
    match written {
        Ok(()) => {
            println!("{}", path.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {}: {e}", path.display());
            ExitCode::FAILURE
        }
    }
}
