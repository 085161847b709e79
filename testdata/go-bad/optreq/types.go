package optreq

// Both has a field that is both optional and required.
type Both struct {
	// +optional
	// +required
	Name string `json:"name,omitempty"`
}
