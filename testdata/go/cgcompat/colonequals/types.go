// Package colonequals: controller-gen's `+name:=value` spelling of the topology markers.
// +groupName=colonequals.cgcompat.example.com
package colonequals

import metav1 "example.com/kubeidl/testdata/meta"

// Header is a name and a value.
type Header struct {
	Name  string `json:"name"`
	Value string `json:"value,omitempty"`
}

// Labels is a map replaced as a whole.
// +mapType:=atomic
type Labels map[string]string

type Spec struct {
	// +listType:=set
	Features []string `json:"features,omitempty"`
	// +listType:=map
	// +listMapKey:=name
	Headers []Header `json:"headers,omitempty"`
	// +mapType:=atomic
	Params map[string]string `json:"params,omitempty"`
	Labels Labels            `json:"labels,omitempty"`
}

// +kubebuilder:object:root=true
type Probe struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              Spec `json:"spec,omitempty"`
}
