// Package oneof: one-of markers beside an explicit rule, whose form and order depend on the
// controller-gen release.
// +groupName=oneof.cgcompat.example.com
package oneof

import metav1 "example.com/kubeidl/testdata/meta"

// +kubebuilder:validation:AtLeastOneOf=a;c
// +kubebuilder:validation:ExactlyOneOf=c;d
// +kubebuilder:validation:AtMostOneOf=a;b
// +kubebuilder:validation:XValidation:rule="has(self.a) || has(self.b)",message="one of a or b is required"
type Spec struct {
	A *string `json:"a,omitempty"`
	B *string `json:"b,omitempty"`
	C *string `json:"c,omitempty"`
	D *string `json:"d,omitempty"`
}

// +kubebuilder:object:root=true
type Choice struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              Spec `json:"spec,omitempty"`
}
