package meta

// TypeMeta describes an individual object in an API response or request with strings
// representing the type of the object and its API schema version.
type TypeMeta struct {
	// Kind is a string value representing the REST resource this object represents.
	// +optional
	Kind string `json:"kind,omitempty"`

	// APIVersion defines the versioned schema of this representation of an object.
	// +optional
	APIVersion string `json:"apiVersion,omitempty"`
}

// ObjectMeta is metadata that all persisted resources must have.
type ObjectMeta struct {
	// Name must be unique within a namespace.
	// +optional
	Name string `json:"name,omitempty"`

	// GenerateName is a prefix the server completes into a unique name.
	// +optional
	GenerateName string `json:"generateName,omitempty"`

	// Labels are string keys and values that organize objects.
	// +optional
	Labels map[string]string `json:"labels,omitempty"`

	// CreationTimestamp is set by the server.
	// +optional
	CreationTimestamp Time `json:"creationTimestamp,omitempty"`
}

// ListMeta describes metadata that synthetic resources must have.
type ListMeta struct {
	// Continue may be set if the user set a limit on the number of items returned.
	// +optional
	Continue string `json:"continue,omitempty"`
}
