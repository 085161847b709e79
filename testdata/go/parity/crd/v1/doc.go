// Package v1 is the storage version of a parity pair of CRDs: a kind whose Rust twin declares it
// on its spec with #[kubeidl(kind = ...)], beside v1beta1, whose twin uses the Go markers.
//
// +k8s:openapi-gen=true
// +groupName=widgets.example.com
package v1
