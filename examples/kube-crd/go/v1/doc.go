// Package v1 is the Go twin of the example's Rust types (src/lib.rs): `kubeidl crd` on this
// package writes the CRD that the kube-rs CRD is compared with (tests/equivalence.rs).
//
// +k8s:openapi-gen=true
// +groupName=backups.example.com
package v1
