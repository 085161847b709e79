// Package enum_unions is a parity pair: Rust enums whose variants carry data, against the Go
// unions serde writes them as: an internally tagged enum as a union with a discriminator, an
// externally tagged one as a union without.
//
// +k8s:openapi-gen=true
package enum_unions
