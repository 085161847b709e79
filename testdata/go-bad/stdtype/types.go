// +groupName=bad.example.com
package stdtype

import (
	"net/url"

	"example.com/kubeidl/bad/crdmeta"
)

// LinkSpec holds a URL without a marker saying what its JSON is.
type LinkSpec struct {
	Name   string  `json:"name"`
	Target url.URL `json:"target"`
}

// Link is a kind.
type Link struct {
	crdmeta.TypeMeta `json:",inline"`
	// +optional
	crdmeta.ObjectMeta `json:"metadata,omitempty"`
	Spec LinkSpec `json:"spec"`
}
