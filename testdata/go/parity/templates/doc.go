// Package templates is a parity pair: a struct type shared by two fields, one of which
// overrides two of its members' tags for its own use.
//
// +k8s:openapi-gen=true
package templates
