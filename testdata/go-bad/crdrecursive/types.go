package crdrecursive

import "example.com/kubeidl/bad/crdmeta"

// Tree is a kind whose spec is a recursive type.
type Tree struct {
	crdmeta.TypeMeta `json:",inline"`
	// +optional
	crdmeta.ObjectMeta `json:"metadata,omitempty"`

	Spec Node `json:"spec"`
}

// Node has children of its own type.
type Node struct {
	// +optional
	Children []Node `json:"children,omitempty"`
}
