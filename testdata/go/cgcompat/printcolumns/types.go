// Package printcolumns: printer columns with zero values, on a kind without subresources.
// +groupName=printcolumns.cgcompat.example.com
package printcolumns

import metav1 "example.com/kubeidl/testdata/meta"

type Spec struct {
	Size   int32  `json:"size"`
	Reason string `json:"reason,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:printcolumn:name="Size",type=integer,JSONPath=".spec.size",priority=0
// +kubebuilder:printcolumn:name="Reason",type=string,JSONPath=".spec.reason",description="",priority=1
type Column struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              Spec `json:"spec,omitempty"`
}
