package extensions

// Lists shows list and map extensions.
// +k8s:openapi-gen=true
// +structType=atomic
type Lists struct {
	// Ports are keyed by port and protocol.
	// +patchMergeKey=containerPort
	// +patchStrategy=merge
	// +listType=map
	// +listMapKey=containerPort
	// +listMapKey=protocol
	Ports []Port `json:"ports,omitempty" patchStrategy:"merge" patchMergeKey:"containerPort"`

	// Finalizers are a set.
	// +listType=set
	// +patchStrategy=merge,retainKeys
	Finalizers []string `json:"finalizers,omitempty" patchStrategy:"merge,retainKeys"`

	// Args are atomic.
	// +listType=atomic
	Args []string `json:"args,omitempty"`

	// Labels are granular.
	// +mapType=granular
	Labels map[string]string `json:"labels,omitempty"`

	// Custom asks for an extension by name.
	// +k8s:openapi-gen=x-kubernetes-embedded-resource:true
	Custom Port `json:"custom,omitempty"`

	// Legacy carries raw validations.
	// +validations=rule
	Legacy string `json:"legacy,omitempty"`
}

// Port is a list item.
// +k8s:openapi-gen=true
type Port struct {
	// ContainerPort is the port.
	ContainerPort int32 `json:"containerPort"`
	// Protocol defaults to TCP.
	// +default="TCP"
	// +optional
	Protocol string `json:"protocol,omitempty"`
}

// Profile is a union with a discriminator.
// +k8s:openapi-gen=true
// +union
type Profile struct {
	// Type picks the member.
	// +unionDiscriminator
	Type string `json:"type"`
	// Localhost is one member.
	// +optional
	Localhost *string `json:"localhost,omitempty"`
	// Remote is another member.
	// +optional
	Remote *string `json:"remote,omitempty"`
}

// Strategy has deprecated union members and inlines a union.
// +k8s:openapi-gen=true
type Strategy struct {
	// Kind discriminates.
	// +unionDiscriminator
	Kind string `json:"kind,omitempty"`
	// +unionDeprecated
	// +optional
	Rolling *string `json:"rolling,omitempty"`
	// +unionDeprecated
	// +optional
	Recreate *string `json:"recreate,omitempty"`

	Profile `json:",inline"`
}

// Mirrored is copied by a defined type in another package.
type Mirrored struct {
	// Level is copied with this comment.
	Level string `json:"level"`
	// Weight gets the enforced zero.
	Weight int32 `json:"weight"`
}

// HasMethods proves methods are not copied to defined types.
func (Mirrored) OpenAPISchemaType() []string { return []string{"string"} }

func (Mirrored) OpenAPISchemaFormat() string { return "" }

// Excluded is not selected: no tag, and the package is not selected.
type Excluded struct {
	X string `json:"x"`
}
