// Package freetext: free text after a marker's name, which controller-gen reads as part of an
// unknown marker's name and ignores.
// +groupName=freetext.cgcompat.example.com
package freetext

import metav1 "example.com/kubeidl/testdata/meta"

type Spec struct {
	// Method to use.
	// +optional, default GET
	Method string `json:"method,omitempty"`
	// +required - the API URL.
	URL string `json:"url"`
}

// +kubebuilder:object:root=true
type Call struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              Spec `json:"spec,omitempty"`
}
