package selected

// Selected holds fields whose tags look into their types' members.
type Selected struct {
	// Meta names the object; its name is a DNS subdomain.
	// +nameFormat=dns1123subdomain
	Meta Meta `json:"meta"`

	// Reference names a gadget by name, in a kind that must be given.
	// +optional
	// +k8s:subfield(name)=+k8s:format=k8s-long-name
	// +k8s:subfield(kind)=+k8s:required
	// +k8s:subfield(replicas)=+k8s:minimum=1
	Reference *Reference `json:"reference,omitempty"`

	// Owner is a reference held by value, whose version (an inlined member) is not v0.
	// +k8s:subfield(version)=+k8s:neq="v0"
	// +k8s:subfield(kind)=+k8s:optional
	Owner Reference `json:"owner"`

	// Conditions are a map list: at most one of Ready and Failed, and Progressing once
	// written does not change.
	// +optional
	// +listType=map
	// +listMapKey=type
	// +k8s:listType=map
	// +k8s:listMapKey=type
	// +k8s:item(type: "Ready")=+k8s:zeroOrOneOfMember
	// +k8s:item(type: "Failed")=+k8s:zeroOrOneOfMember
	// +k8s:item(type: "Progressing")=+k8s:immutable
	// +k8s:maxItems=8
	Conditions []Condition `json:"conditions,omitempty"`

	// Ports are keyed by number and protocol; port 80 over TCP does not change.
	// +optional
	// +listType=map
	// +listMapKey=port
	// +listMapKey=protocol
	// +k8s:item(port: 80, protocol: "TCP")=+k8s:immutable
	// +k8s:maxItems=4
	Ports []Port `json:"ports,omitempty"`

	// Backups are references with short names.
	// +optional
	// +k8s:eachVal=+k8s:subfield(name)=+k8s:maxLength=16
	Backups []Reference `json:"backups,omitempty"`

	// Peers are references by role; each has a kind.
	// +optional
	// +k8s:eachVal=+k8s:subfield(kind)=+k8s:required
	Peers map[string]Reference `json:"peers,omitempty"`
}

// Meta is a name, or a prefix to generate one from.
type Meta struct {
	// +optional
	Name string `json:"name,omitempty"`

	// +optional
	GenerateName string `json:"generateName,omitempty"`
}

// Reference points at a gadget.
type Reference struct {
	// +optional
	Kind string `json:"kind,omitempty"`

	Name string `json:"name"`

	// +optional
	Replicas *int32 `json:"replicas,omitempty"`

	Versioned `json:",inline"`
}

// Versioned is the version part of a reference.
type Versioned struct {
	// +optional
	Version string `json:"version,omitempty"`
}

// Condition is one observed state.
type Condition struct {
	// +k8s:maxLength=32
	Type string `json:"type"`

	// +optional
	Reason string `json:"reason,omitempty"`
}

// Port is a port number and its protocol.
type Port struct {
	Port int32 `json:"port"`

	// +k8s:maxLength=8
	Protocol string `json:"protocol"`
}
