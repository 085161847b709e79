// Package patchkeys: +patchMergeKey written twice with different values, and +patchStrategy
// and +patchMergeKey in a comment without the struct tag; controller-gen knows neither marker.
// +groupName=patchkeys.cgcompat.example.com
package patchkeys

import metav1 "example.com/kubeidl/testdata/meta"

type Eviction struct {
	Reason string `json:"reason"`
	Cause  string `json:"cause"`
}

type Status struct {
	// +optional
	// +listType=map
	// +listMapKey=reason
	// +listMapKey=cause
	// +patchStrategy=merge
	// +patchMergeKey=reason
	// +patchMergeKey=cause
	Evictions []Eviction `json:"evictions,omitempty"`
}

// +kubebuilder:object:root=true
type Workload struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            Status `json:"status,omitempty"`
}
