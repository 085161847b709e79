package unions

// Source is a discriminated union: exactly one member is set, the one Kind names.
type Source struct {
	// Kind says which member is set.
	// +k8s:unionDiscriminator
	Kind string `json:"kind"`

	// +optional
	// +k8s:unionMember
	Git *GitSource `json:"git,omitempty"`

	// +optional
	// +k8s:unionMember
	OCI *string `json:"oci,omitempty"`
}

// GitSource is a git repository.
type GitSource struct {
	// +k8s:format=k8s-long-name
	URL string `json:"url"`
}

// Volume is a name and a source whose members are inlined into the volume.
type Volume struct {
	// Name names the volume.
	Name string `json:"name"`

	VolumeSource `json:",inline"`

	// Retention is at most one of two ways.
	// +optional
	// +k8s:zeroOrOneOfMember
	Days *int32 `json:"days,omitempty"`

	// +optional
	// +k8s:zeroOrOneOfMember
	Forever *bool `json:"forever,omitempty"`
}

// VolumeSource is the source of a volume.
type VolumeSource struct {
	// HostPath is a path on the host.
	// +optional
	HostPath *string `json:"hostPath,omitempty"`

	// Size is the size of an empty directory.
	Size int64 `json:"size"`
}
