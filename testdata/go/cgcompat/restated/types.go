// Package restated: fields whose markers restate their type's type and format, as
// metav1.Condition's lastTransitionTime does.
// +groupName=restated.cgcompat.example.com
package restated

import metav1 "example.com/kubeidl/testdata/meta"

type Status struct {
	// +kubebuilder:validation:Type=string
	// +kubebuilder:validation:Format=date-time
	LastTransitionTime metav1.Time `json:"lastTransitionTime"`
	// +kubebuilder:validation:Type=string
	// +optional
	Window *metav1.Duration `json:"window,omitempty"`
}

// +kubebuilder:object:root=true
type Check struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            Status `json:"status,omitempty"`
}
