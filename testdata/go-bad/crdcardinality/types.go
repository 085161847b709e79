package crdcardinality

import "example.com/kubeidl/bad/crdmeta"

// Fleet is a kind whose rule is cheap once but runs for every item of an unbounded list.
type Fleet struct {
	crdmeta.TypeMeta `json:",inline"`
	// +optional
	crdmeta.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Ships []Ship `json:"ships,omitempty"`
}

// Ship has a bounded list of cargo names.
type Ship struct {
	// +optional
	// +kubebuilder:validation:MaxItems=100
	// +validationRule="self.all(c, c.size() < 64)",message="cargo names are short"
	Cargo []string `json:"cargo,omitempty"`
}
