package v1

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
	ModeDrained Mode = "Drained"
)

// Hostname is a DNS subdomain, in both versions.
// +k8s:format=k8s-long-name
type Hostname string

// WidgetSpec is the desired state.
// +k8s:validation:cel[0]:rule="!has(self.minReplicas) || !has(self.replicas) || self.minReplicas <= self.replicas"
// +k8s:validation:cel[0]:message="minReplicas may not exceed replicas"
// +k8s:validation:cel[1]:rule="self.description.matches('^[^<>]*$')"
// +k8s:validation:cel[1]:message="the description may not hold angle brackets"
type WidgetSpec struct {
	// Name of the widget: shorter than in v1beta1.
	// +optional
	// +k8s:maxLength=32
	Name string `json:"name,omitempty"`

	// Mode, Active, Passive or Drained.
	// +optional
	Mode Mode `json:"mode,omitempty"`

	// Replicas wanted, now bounded.
	// +optional
	// +k8s:minimum=0
	// +k8s:maximum=100
	Replicas *int32 `json:"replicas,omitempty"`

	// MinReplicas kept.
	// +optional
	// +k8s:minimum=0
	MinReplicas *int32 `json:"minReplicas,omitempty"`

	// Host the widget answers on.
	// +optional
	Host Hostname `json:"host,omitempty"`

	// Ports served, merged by name.
	// +optional
	// +listType=map
	// +listMapKey=name
	// +listMapKey=protocol
	Ports []Port `json:"ports,omitempty"`

	// Paused stops the widget.
	// +optional
	// +default=false
	Paused *bool `json:"paused,omitempty"`

	// Aliases of the widget.
	// +optional
	// +k8s:maxItems=4
	Aliases []string `json:"aliases,omitempty"`

	// Description, free text.
	// +optional
	Description string `json:"description,omitempty"`

	// Priority, a default outside its own bounds.
	// +optional
	// +k8s:maximum=10
	// +default=20
	Priority *int32 `json:"priority,omitempty"`
}

// Port is a named port.
type Port struct {
	// +required
	// +pattern=^[a-z0-9-]+$
	Name string `json:"name"`
	// +optional
	Protocol string `json:"protocol,omitempty"`
	// +required
	// +k8s:minimum=1
	// +k8s:maximum=65535
	Port int32 `json:"port"`
}
