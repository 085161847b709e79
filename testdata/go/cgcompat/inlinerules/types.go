// Package inlinerules: rules on structs embedded inline, which controller-gen merges into the
// embedding struct after its own.
// +groupName=inlinerules.cgcompat.example.com
package inlinerules

import metav1 "example.com/kubeidl/testdata/meta"

// +kubebuilder:validation:XValidation:rule="!has(self.port) || self.port > 0",message="port positive"
type Port struct {
	// +optional
	Port *int32 `json:"port,omitempty"`
}

// +kubebuilder:validation:XValidation:rule="self.kind == 'Service' ? has(self.port) : true",message="port required for Service"
type ObjectRef struct {
	Kind string `json:"kind"`
	Port `json:",inline"`
}

// +kubebuilder:validation:XValidation:rule="!has(self.weight) || self.weight <= 100",message="weight at most 100"
type BackendRef struct {
	ObjectRef `json:",inline"`
	// +optional
	Weight *int32 `json:"weight,omitempty"`
}

type Spec struct {
	Backends []BackendRef `json:"backends,omitempty"`
}

// +kubebuilder:object:root=true
type Route struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              Spec `json:"spec,omitempty"`
}
