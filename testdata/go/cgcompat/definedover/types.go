// Package definedover: a defined type over another named type with markers (Gateway API's
// `type HTTPHeaderName HeaderName`).
// +groupName=definedover.cgcompat.example.com
package definedover

import metav1 "example.com/kubeidl/testdata/meta"

// +kubebuilder:validation:MinLength=1
// +kubebuilder:validation:MaxLength=256
// +kubebuilder:validation:Pattern=`^[A-Za-z0-9-]+$`
type HeaderName string

// HTTPHeaderName is a header name, case-insensitive.
type HTTPHeaderName HeaderName

type Spec struct {
	Direct HeaderName       `json:"direct"`
	Over   HTTPHeaderName   `json:"over"`
	Names  []HTTPHeaderName `json:"names,omitempty"`
}

// +kubebuilder:object:root=true
type Header struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              Spec `json:"spec,omitempty"`
}
