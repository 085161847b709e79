// Package enums is a parity pair: string enums (a string type with +enum and its constants; in
// Rust an enum of unit variants) as fields, pointers, list items and map values.
//
// +k8s:openapi-gen=true
package enums
