package variant_fields

// Auth is how a client proves who it is.
// +kubebuilder:validation:XValidation:rule="!has(self.username) || (has(self.type) && self.type == 'Basic')",message="may only be specified when `type` is \"Basic\"",fieldPath=".username"
// +kubebuilder:validation:XValidation:rule="has(self.username) || !(has(self.type) && self.type == 'Basic')",message="must be specified when `type` is \"Basic\"",fieldPath=".username"
// +kubebuilder:validation:XValidation:rule="!has(self.secretRef) || (has(self.type) && self.type in ['Basic', 'Token'])",message="may only be specified when `type` is one of \"Basic\", \"Token\"",fieldPath=".secretRef"
// +kubebuilder:validation:XValidation:rule="has(self.secretRef) || !(has(self.type) && self.type in ['Basic', 'Token'])",message="must be specified when `type` is one of \"Basic\", \"Token\"",fieldPath=".secretRef"
// +kubebuilder:validation:XValidation:rule="!has(self.audience) || (has(self.type) && self.type == 'Token')",message="may only be specified when `type` is \"Token\"",fieldPath=".audience"
type Auth struct {
	// +kubebuilder:validation:Enum=Basic;Token;Anonymous
	Type string `json:"type"`

	// Username names the user.
	// +k8s:minLength=1
	Username *string `json:"username,omitempty"`

	// SecretRef names the Secret that holds the password or the token.
	// +k8s:format=k8s-long-name
	SecretRef *string `json:"secretRef,omitempty"`

	// Audience is who the token is meant for.
	Audience *string `json:"audience,omitempty"`
}

// Backend is what a client talks to, as serde writes `#[serde(tag = "kind", content =
// "name")]`: the kind, and the name every kind but the default has.
// +kubebuilder:validation:XValidation:rule="!has(self.name) || (has(self.kind) && self.kind in ['Service', 'Pod'])",message="may only be specified when `kind` is one of \"Service\", \"Pod\"",fieldPath=".name"
// +kubebuilder:validation:XValidation:rule="has(self.name) || !(has(self.kind) && self.kind in ['Service', 'Pod'])",message="must be specified when `kind` is one of \"Service\", \"Pod\"",fieldPath=".name"
type Backend struct {
	// +kubebuilder:validation:Enum=Service;Pod;Default
	Kind string `json:"kind"`

	Name *ServiceName `json:"name,omitempty"`
}

// ServiceName is a DNS label.
// +k8s:format=k8s-short-name
type ServiceName string

// Client holds the unions.
type Client struct {
	Auth    Auth    `json:"auth"`
	Backend Backend `json:"backend"`
}
