// Package keyword: a rule selects a property named by a CEL reserved word (`namespace`) as
// written, as apiservers since 1.32 accept it.
// +groupName=keyword.cgcompat.example.com
package keyword

import metav1 "example.com/kubeidl/testdata/meta"

type Ref struct {
	Name      string `json:"name"`
	Namespace string `json:"namespace,omitempty"`
}

// +kubebuilder:validation:XValidation:rule="!has(self.ref.namespace) || self.ref.namespace == 'default'",message="ns"
type NsSpec struct {
	Ref Ref `json:"ref"`
}

// +kubebuilder:object:root=true
type Ns struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              NsSpec `json:"spec,omitempty"`
}
