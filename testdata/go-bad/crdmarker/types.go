package crdmarker

import "example.com/kubeidl/bad/crdmeta"

// Typo is a kind with a misspelled subresource marker.
// +kubebuilder:subresources:status
type Typo struct {
	crdmeta.TypeMeta `json:",inline"`
	// +optional
	crdmeta.ObjectMeta `json:"metadata,omitempty"`
}
