package patchtags

// Mismatch has patch tags that disagree between comment and struct tag.
type Mismatch struct {
	// +patchStrategy=merge
	// +optional
	Items []string `json:"items,omitempty" patchStrategy:"retainKeys"`
}
