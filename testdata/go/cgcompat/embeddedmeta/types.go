// Package embeddedmeta: an ObjectMeta below the root (a template's), which controller-gen's
// generateEmbeddedObjectMeta gives a fixed schema.
// +groupName=embeddedmeta.cgcompat.example.com
package embeddedmeta

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Template struct {
	// Metadata of the objects made from the template.
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Size              int32 `json:"size"`
}

type Spec struct {
	Template Template `json:"template"`
}

// +kubebuilder:object:root=true
type Pool struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              Spec `json:"spec,omitempty"`
}
