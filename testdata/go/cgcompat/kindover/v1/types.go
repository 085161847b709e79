// Package v1: a kind whose older version is declared over it (Gateway API's v1beta1 Gateway).
// +groupName=kindover.cgcompat.example.com
package v1

import metav1 "example.com/kubeidl/testdata/meta"

type WidgetSpec struct {
	Size int32 `json:"size"`
}

// Widget is the current version.
// +kubebuilder:object:root=true
// +kubebuilder:storageversion
// +kubebuilder:resource:shortName=wd
// +kubebuilder:subresource:status
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec `json:"spec,omitempty"`
}
