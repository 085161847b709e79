// Package rules is a parity pair: CEL rules in the KEP's, kubebuilder's and kube-openapi's
// dialects, on structs and fields, with messages, reasons and field paths, transition rules, and
// the update tags (immutable, NoSet, NoModify, NoUnset).
//
// +k8s:openapi-gen=true
package rules
