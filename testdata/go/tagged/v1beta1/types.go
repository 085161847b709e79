package v1beta1

import "example.com/kubeidl/testdata/meta"

// Gadget is the v1beta1 Gadget: a spec of two fields.
//
// +kubebuilder:deprecatedversion:warning="tagged.example.com/v1beta1 Gadget is deprecated; use v1"
type Gadget struct {
	meta.TypeMeta `json:",inline"`
	// +optional
	// +nameFormat='dns1123subdomain'
	meta.ObjectMeta `json:"metadata,omitempty"`

	Spec GadgetSpec `json:"spec"`
}

// GadgetSpec is what v1beta1 knew of a gadget.
type GadgetSpec struct {
	// Replicas is at least zero.
	// +minimum=0
	Replicas int32 `json:"replicas"`

	// Name is a DNS-1123 label.
	// +k8s:format=k8s-short-name
	// +optional
	Name string `json:"name,omitempty"`
}
