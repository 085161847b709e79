// Package bounds is a parity pair: its Rust twin (types.rs) must yield the same OpenAPI.
// It covers numeric bounds, lengths and counts in the KEP's, validation-gen's, kubebuilder's and
// kube-openapi's dialects, scalar widths, defaults, and presence.
//
// +k8s:openapi-gen=true
package bounds
