// Package variant_fields is a parity pair: a Rust enum tagged internally whose variants have
// several fields, against a Go struct of all of them whose XValidation rules say which fields
// each kind of value may and must have.
//
// +k8s:openapi-gen=true
package variant_fields
