package lists

// Lists holds lists and maps of every kind.
type Lists struct {
	// Tags is a set of at most 4 strings of at most 16 characters.
	// +optional
	// +listType=set
	// +k8s:listType=set
	// +k8s:maxItems=4
	// +minItems=1
	// +k8s:eachVal=+k8s:maxLength=16
	Tags []string `json:"tags,omitempty"`

	// Ports is a map list keyed by name and protocol.
	// +optional
	// +listType=map
	// +listMapKey=name
	// +listMapKey=protocol
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:listMapKey=protocol
	// +k8s:maxItems=8
	Ports []Port `json:"ports,omitempty"`

	// Hosts is an atomic list whose items are unique.
	// +optional
	// +listType=atomic
	// +k8s:listType=atomic
	// +k8s:unique=set
	// +k8s:maxItems=4
	// +k8s:eachVal=+k8s:maxLength=63
	Hosts []string `json:"hosts,omitempty"`

	// Targets is an atomic list unique by name.
	// +optional
	// +k8s:listType=atomic
	// +k8s:unique=map
	// +k8s:listMapKey=name
	// +k8s:maxItems=4
	Targets []Target `json:"targets,omitempty"`

	// Backends are a map list by name whose uniqueness its own code checks.
	// +optional
	// +listType=map
	// +listMapKey=name
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:customUnique
	Backends []Target `json:"backends,omitempty"`

	// Labels have label-key keys and at most 8 entries.
	// +optional
	// +maxProperties=8
	// +minProperties=1
	// +k8s:eachKey=+k8s:format=k8s-label-key
	// +k8s:eachVal=+k8s:maxLength=63
	Labels map[string]string `json:"labels,omitempty"`

	// Selector is a granular map.
	// +optional
	// +mapType=granular
	Selector map[string]string `json:"selector,omitempty"`

	// Matrix is a list of lists.
	// +optional
	// +listType=atomic
	Matrix [][]int32 `json:"matrix,omitempty"`
}

// Port is one port.
type Port struct {
	Name     string `json:"name"`
	Protocol string `json:"protocol"`
	// +k8s:minimum=1
	Number int32 `json:"number"`
}

// Target is one target.
// +structType=atomic
type Target struct {
	Name string `json:"name"`
	// +optional
	Weight *int32 `json:"weight,omitempty"`
}
