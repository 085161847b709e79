package v1

import "example.com/kubeidl/bad/crdmeta"

// Pair is a kind in two versions, neither marked as the storage version.
type Pair struct {
	crdmeta.TypeMeta `json:",inline"`
	// +optional
	crdmeta.ObjectMeta `json:"metadata,omitempty"`
}
