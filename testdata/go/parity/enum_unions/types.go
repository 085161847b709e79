package enum_unions

// Source is where a value comes from, as serde writes `#[serde(tag = "kind")]`: the kind, and
// the member it names.
type Source struct {
	// +k8s:unionDiscriminator
	// +kubebuilder:validation:Enum=Git;OCI;Inline
	Kind string `json:"kind"`

	// Git is a git repository.
	// +k8s:unionMember
	Git *GitSource `json:"git,omitempty"`

	// OCI is an artifact's reference.
	// +k8s:maxLength=253
	// +k8s:unionMember
	OCI *string `json:"oci,omitempty"`
}

// GitSource is a git repository.
type GitSource struct {
	// +k8s:format=k8s-long-name
	URL string `json:"url"`
}

// Target is one of two places, as serde writes an externally tagged enum: the member alone.
type Target struct {
	// Bucket names a bucket.
	// +k8s:unionMember
	Bucket *GitSource `json:"bucket,omitempty"`

	// +k8s:minLength=1
	// +k8s:unionMember
	Path *string `json:"path,omitempty"`
}

// Mount holds both unions.
type Mount struct {
	Source Source `json:"source"`

	// +optional
	Target *Target `json:"target,omitempty"`
}
