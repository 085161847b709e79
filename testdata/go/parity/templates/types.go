package templates

// Template is a shape several fields share.
type Template struct {
	// Capacity is how much the template holds.
	// +k8s:required
	// +k8s:minimum=1
	Capacity int32 `json:"capacity"`

	// Name names the template.
	// +optional
	// +k8s:maxLength=63
	Name string `json:"name,omitempty"`
}

// Pool uses the template twice.
type Pool struct {
	// Main is the template as it is.
	// +k8s:required
	Main Template `json:"main"`

	// Spare may leave its capacity out, and its name is shorter.
	// +optional
	// +k8s:override(capacity)=+k8s:optional
	// +k8s:override(name)=+k8s:maxLength=16
	Spare *Template `json:"spare,omitempty"`
}
