package crdnogroup

import "example.com/kubeidl/bad/crdmeta"

// Orphan is a kind in a package without +groupName.
type Orphan struct {
	crdmeta.TypeMeta `json:",inline"`
	// +optional
	crdmeta.ObjectMeta `json:"metadata,omitempty"`
}
