package strings

// Names holds strings with formats and patterns.
type Names struct {
	// Name is a DNS-1123 label.
	// +k8s:required
	// +k8s:format=k8s-short-name
	Name string `json:"name"`

	// Alias is a DNS-1035 label (a KEP format no server knows yet).
	// +optional
	// +format=dns1035label
	Alias string `json:"alias,omitempty"`

	// Code is short and upper case.
	// +optional
	// +minLength=2
	// +maxLength=8
	// +pattern=^[A-Z]+$
	Code string `json:"code,omitempty"`

	// UID is a lowercase UUID.
	// +optional
	// +k8s:format=k8s-uuid
	UID string `json:"uid,omitempty"`

	// Owner is a label key.
	// +optional
	// +k8s:format=k8s-label-key
	Owner string `json:"owner,omitempty"`

	// Contact is an email address.
	// +optional
	// +kubebuilder:validation:Format=email
	Contact string `json:"contact,omitempty"`

	// Tier is one of a few words.
	// +optional
	// +kubebuilder:validation:Enum=gold;silver;bronze
	Tier string `json:"tier,omitempty"`

	// Mode may not be "Legacy".
	// +optional
	// +k8s:neq="Legacy"
	Mode string `json:"mode,omitempty"`

	// Secret may not be set.
	// +k8s:forbidden
	Secret *string `json:"secret,omitempty"`

	// Host is an IP address or a host name.
	// +optional
	// +kubebuilder:validation:Pattern=`^[a-z0-9.:-]+$`
	Host string `json:"host,omitempty"`

	// Label is short and lower case, with messages of its own.
	// +optional
	// +k8s:maxLength=16
	// +k8s:error(maxLength)="must be at most 16 letters"
	// +pattern=^[a-z]+$
	// +k8s:error(keyword: pattern, reason: Forbidden)="must be lower-case letters"
	Label string `json:"label,omitempty"`
}
