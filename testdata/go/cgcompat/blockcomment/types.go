// Package blockcomment: markers in `/* */` comments, which controller-gen does not read.
// +groupName=blockcomment.cgcompat.example.com
package blockcomment

import metav1 "example.com/kubeidl/testdata/meta"

/*
Mode selects a module.
+kubebuilder:validation:Enum=DSM
*/
type Mode string

type Spec struct {
	/* Mode of operation */
	Mode Mode `json:"mode"`
	/*
		Name of the module.
		+kubebuilder:validation:MinLength=1
	*/
	// +kubebuilder:validation:MaxLength=63
	Name string `json:"name"`
}

// +kubebuilder:object:root=true
type Module struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              Spec `json:"spec,omitempty"`
}
