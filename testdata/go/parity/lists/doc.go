// Package lists is a parity pair: list types, map lists and their keys, uniqueness of atomic
// lists, counts, and tags on each item, key and value.
//
// +k8s:openapi-gen=true
package lists
