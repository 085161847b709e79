// Package v1beta1 is the older, deprecated version of the parity pair's kind; its Rust twin
// writes the kind's markers in the Go spelling, in the spec's doc comment.
//
// +k8s:openapi-gen=true
// +groupName=widgets.example.com
package v1beta1
