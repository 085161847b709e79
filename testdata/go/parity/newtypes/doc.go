// Package newtypes is a parity pair: defined non-struct types with tags of their own (in Rust
// newtypes: `struct Port(u16)`, `#[serde(transparent)]`), whose tags hold at each use, with the
// use's own tags after them.
//
// +k8s:openapi-gen=true
package newtypes
