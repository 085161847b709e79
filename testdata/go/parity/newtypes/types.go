package newtypes

// Port is a TCP or UDP port.
// +k8s:minimum=1
// +k8s:maximum=65535
type Port int32

// Name is a DNS-1123 label.
// +k8s:format=k8s-short-name
// +k8s:maxLength=32
type Name string

// Ratio is a fraction.
// +kubebuilder:validation:Minimum=0
// +kubebuilder:validation:Maximum=1
type Ratio float64

// Labels are a few short words.
// +k8s:maxItems=4
// +k8s:eachVal=+k8s:maxLength=16
type Labels []string

// Service holds newtypes in every place a field can hold one.
type Service struct {
	// Port is where the service listens.
	Port Port `json:"port"`

	// Target is where traffic goes, an even port.
	// +optional
	// +kubebuilder:validation:MultipleOf=2
	Target *Port `json:"target,omitempty"`

	// Admin is the admin port, 9090 when not set.
	// +optional
	// +default=9090
	Admin Port `json:"admin,omitempty"`

	// Ports are more ports.
	// +optional
	// +k8s:maxItems=3
	Ports []Port `json:"ports,omitempty"`

	// Name names the service.
	// +optional
	Name Name `json:"name,omitempty"`

	// Weight is the service's share.
	// +optional
	Weight Ratio `json:"weight,omitempty"`

	// Labels label the service.
	// +optional
	Labels Labels `json:"labels,omitempty"`

	// Aliases are other names, by the name they stand for.
	// +optional
	Aliases map[string]Name `json:"aliases,omitempty"`
}
