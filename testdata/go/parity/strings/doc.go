// Package strings is a parity pair: formats, patterns, enums, forbidden values and the KEP's
// name formats, in every dialect, on strings.
//
// +k8s:openapi-gen=true
package strings
