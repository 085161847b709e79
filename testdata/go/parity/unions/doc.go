// Package unions is a parity pair: unions with and without a discriminator, zero-or-one-of
// members, and embedded (inlined, in Rust flattened) structs whose members join their parent.
//
// +k8s:openapi-gen=true
package unions
