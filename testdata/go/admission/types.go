package admission

import "example.com/kubeidl/testdata/meta"

// InitializerConfiguration lists initializers and the resources each one applies to.
type InitializerConfiguration struct {
	meta.TypeMeta `json:",inline"`
	// +optional
	meta.ObjectMeta `json:"metadata,omitempty"`

	// Initializers, in the order they run.
	// +optional
	// +listType=map
	// +listMapKey=name
	// +patchStrategy=merge
	// +patchMergeKey=name
	// +k8s:maxItems=64
	Initializers []Initializer `json:"initializers,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
}

// Initializer names an initializer, its failure policy, and the resources it applies to.
type Initializer struct {
	// Name is fully qualified: the webhook's name, then its organization's domain.
	// +k8s:required
	// +k8s:format=k8s-long-name
	Name string `json:"name"`

	// Rules select the operations the initializer cares about; any one matching is enough.
	// +optional
	// +listType=atomic
	// +k8s:maxItems=16
	Rules []Rule `json:"rules,omitempty"`

	// FailurePolicy says what happens when the initializer does not act in time.
	// +optional
	FailurePolicy *FailurePolicyType `json:"failurePolicy,omitempty"`
}

// Rule is a tuple of API groups, versions and resources; every expansion of it should be valid.
type Rule struct {
	// APIGroups are the groups of the resources; '*' is all groups.
	// +k8s:required
	// +listType=atomic
	// +k8s:maxItems=16
	// +k8s:eachVal=+k8s:maxLength=253
	// +validationRule="!self.exists(g, g == '*') || self.size() == 1",message="if '*' is present, the length of the slice must be one"
	APIGroups []string `json:"apiGroups,omitempty"`

	// APIVersions are the versions of the resources; '*' is all versions.
	// +k8s:required
	// +listType=atomic
	// +k8s:maxItems=16
	// +k8s:eachVal=+k8s:maxLength=63
	// +validationRule="!self.exists(v, v == '*') || self.size() == 1",message="if '*' is present, the length of the slice must be one"
	APIVersions []string `json:"apiVersions,omitempty"`

	// Resources are resources ('pods'), subresources ('pods/log'), all resources ('*'), all
	// subresources of one ('pods/*') or of all ('*/scale', '*/*').
	// +k8s:required
	// +listType=atomic
	// +k8s:maxItems=16
	// +k8s:eachVal=+k8s:maxLength=253
	// +validationRule="!self.exists(r, r == '*' || r == '*/*') || self.size() == 1",message="if '*' or '*/*' is present, the length of the slice must be one"
	Resources []string `json:"resources,omitempty"`
}

// FailurePolicyType says how errors of an admission hook are handled.
// +enum
type FailurePolicyType string

const (
	// Ignore drops the initializer when it times out.
	Ignore FailurePolicyType = "Ignore"
	// Fail fails the request.
	Fail FailurePolicyType = "Fail"
)

// ExternalAdmissionHookConfiguration lists external admission webhooks.
type ExternalAdmissionHookConfiguration struct {
	meta.TypeMeta `json:",inline"`
	// +optional
	meta.ObjectMeta `json:"metadata,omitempty"`

	// ExternalAdmissionHooks and the operations each one applies to.
	// +optional
	// +listType=map
	// +listMapKey=name
	// +patchStrategy=merge
	// +patchMergeKey=name
	// +k8s:maxItems=64
	ExternalAdmissionHooks []ExternalAdmissionHook `json:"externalAdmissionHooks,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
}

// ExternalAdmissionHook is an external admission webhook and what it applies to.
type ExternalAdmissionHook struct {
	// Name is fully qualified: the webhook's name, then its organization's domain.
	// +k8s:required
	// +k8s:format=k8s-long-name
	Name string `json:"name"`

	// ClientConfig says how to reach the hook.
	ClientConfig AdmissionHookClientConfig `json:"clientConfig"`

	// Rules select the operations the webhook cares about; any one matching is enough.
	// +optional
	// +listType=atomic
	// +k8s:maxItems=16
	Rules []RuleWithVerbs `json:"rules,omitempty"`

	// FailurePolicy says how errors of the hook are handled; Ignore when unset.
	// +optional
	// +default="Ignore"
	FailurePolicy *FailurePolicyType `json:"failurePolicy,omitempty"`
}

// RuleWithVerbs is a Rule with the verbs it applies to.
type RuleWithVerbs struct {
	// Verbs are CREATE, UPDATE, DELETE, CONNECT, or '*' for all of them.
	// +k8s:required
	// +listType=atomic
	// +k8s:maxItems=4
	// +validationRule="!self.exists(v, v == '*') || self.size() == 1",message="if '*' is present, the length of the slice must be one"
	Verbs []OperationType `json:"verbs,omitempty"`

	Rule `json:",inline"`
}

// OperationType is a verb an admission hook can be called for.
// +enum
// +k8s:enum
type OperationType string

const (
	VerbAll OperationType = "*"
	Create  OperationType = "CREATE"
	Update  OperationType = "UPDATE"
	Delete  OperationType = "DELETE"
	Connect OperationType = "CONNECT"
)

// AdmissionHookClientConfig is how to open a TLS connection to a webhook.
type AdmissionHookClientConfig struct {
	// Service is the webhook's service: port 443 if it has several ports, else its one port.
	Service ServiceReference `json:"service"`

	// CABundle is the PEM-encoded CA bundle that signed the webhook's serving certificate.
	// +k8s:required
	CABundle []byte `json:"caBundle"`
}

// ServiceReference names a Service.
type ServiceReference struct {
	// Namespace of the service.
	// +k8s:required
	// +k8s:format=k8s-short-name
	Namespace string `json:"namespace"`

	// Name of the service.
	// +k8s:required
	// +k8s:format=k8s-short-name
	Name string `json:"name"`
}
