// Package crdmeta holds the two types that make a struct a kind, for the CRD cases.
package crdmeta

// TypeMeta is the kind and API version of an object.
type TypeMeta struct {
	// +optional
	Kind string `json:"kind,omitempty"`
	// +optional
	APIVersion string `json:"apiVersion,omitempty"`
}

// ObjectMeta is the name of an object.
type ObjectMeta struct {
	// +optional
	Name string `json:"name,omitempty"`
}
