// Package dupname: a field beside an inline-embedded struct's field of the same JSON name
// (Prometheus Operator's ProbeSpec.authorization and HTTPConfigWithoutTLS.authorization).
// +groupName=dupname.cgcompat.example.com
package dupname

import metav1 "example.com/kubeidl/testdata/meta"

type Inner struct {
	// auth from the struct embedded two levels down.
	// +optional
	Auth *string `json:"auth,omitempty"`
	// +optional
	Token *string `json:"token,omitempty"`
}

type HTTPConfig struct {
	Inner `json:",inline"`
}

type Spec struct {
	// auth from the outer struct
	// +optional
	Auth *string `json:"auth,omitempty"`
	// token from the outer struct
	// +optional
	Token *string `json:"token,omitempty"`
	// only the outer struct has it
	// +optional
	Own *string `json:"own,omitempty"`

	HTTPConfig `json:",inline"`
}

// +kubebuilder:object:root=true
type Probe struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              Spec `json:"spec,omitempty"`
}
