package v1beta1

// Widget is the kind.
type Widget struct {
	Spec WidgetSpec `json:"spec"`
}

// Mode says how a widget runs.
// +enum
type Mode string

const (
	ModeActive  Mode = "Active"
	ModePassive Mode = "Passive"
)

// Hostname is a DNS subdomain, in both versions.
// +k8s:format=k8s-long-name
type Hostname string

// WidgetSpec is the desired state.
// +k8s:validation:cel[0]:rule="!has(self.minReplicas) || !has(self.replicas) || self.minReplicas <= self.replicas"
// +k8s:validation:cel[0]:message="minReplicas may not exceed replicas"
type WidgetSpec struct {
	// Name of the widget.
	// +optional
	// +k8s:maxLength=63
	Name string `json:"name,omitempty"`

	// Mode, Active or Passive.
	// +optional
	Mode Mode `json:"mode,omitempty"`

	// Replicas wanted.
	// +optional
	// +k8s:minimum=0
	Replicas *int32 `json:"replicas,omitempty"`

	// MinReplicas kept.
	// +optional
	// +k8s:minimum=0
	MinReplicas *int32 `json:"minReplicas,omitempty"`

	// Host the widget answers on.
	// +optional
	Host Hostname `json:"host,omitempty"`

	// Ports served.
	// +optional
	// +listType=atomic
	Ports []Port `json:"ports,omitempty"`

	// Paused stops the widget.
	// +optional
	Paused *bool `json:"paused,omitempty"`
}

// Port is a named port.
type Port struct {
	// +required
	// +pattern=^[a-z0-9-]+$
	Name string `json:"name"`
	// +required
	// +k8s:minimum=1
	// +k8s:maximum=65535
	Port int32 `json:"port"`
}
