package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:path=widgets,shortName=wd;wdg,categories=all,scope=Namespaced
// +kubebuilder:printcolumn:name="Replicas",type=integer,JSONPath=`.spec.replicas`
// +kubebuilder:printcolumn:name="Ready",type=integer,JSONPath=`.status.readyReplicas`,description="Replicas ready",priority=1
// +kubebuilder:selectablefield:JSONPath=`.spec.tier`
// +kubebuilder:storageversion

// Widget is the Schema for the widgets API.
type Widget struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec"`
	// +optional
	Status *WidgetStatus `json:"status,omitempty"`
}

// WidgetSpec is the desired state of a widget.
// +validationRule="self.minReplicas <= self.replicas",message="replicas must be at least minReplicas"
type WidgetSpec struct {
	// Replicas is how many widgets run.
	// +k8s:minimum=0
	// +k8s:maximum=100
	Replicas int32 `json:"replicas"`

	// MinReplicas is the fewest widgets to run.
	// +optional
	// +kubebuilder:default=1
	MinReplicas int32 `json:"minReplicas,omitempty"`

	// Tier is the widget's size class.
	// +optional
	// +kubebuilder:validation:Enum=small;large
	Tier string `json:"tier,omitempty"`

	// Protocol is what the widget speaks.
	Protocol Protocol `json:"protocol"`

	// Fallback is spoken when the protocol fails.
	// +optional
	Fallback *Protocol `json:"fallback,omitempty"`

	// Ports are keyed by name.
	// +optional
	// +listType=map
	// +listMapKey=name
	// +k8s:maxItems=8
	Ports []WidgetPort `json:"ports,omitempty"`

	// Names are short, and at most 16.
	// +optional
	// +k8s:maxItems=16
	// +k8s:eachVal=+k8s:maxLength=63
	// +validationRule="self.all(n, n.matches('^[a-z]+$'))",message="names are lower case"
	Names []string `json:"names,omitempty"`
}

// Protocol is a network protocol.
// +enum
type Protocol string

const (
	// ProtocolTCP is TCP.
	ProtocolTCP Protocol = "TCP"
	// ProtocolUDP is UDP.
	ProtocolUDP Protocol = "UDP"
)

// WidgetPort is one named port.
// +validationRule="self.port != 22 || self.name == 'ssh'",message="port 22 is ssh's"
type WidgetPort struct {
	// Name is a DNS-1123 label.
	// +k8s:format=k8s-short-name
	Name string `json:"name"`

	// Port is a TCP port.
	// +minimum=1
	// +maximum=65535
	Port int32 `json:"port"`
}

// WidgetStatus is the observed state of a widget.
type WidgetStatus struct {
	// ReadyReplicas is how many widgets are ready.
	// +optional
	ReadyReplicas int32 `json:"readyReplicas,omitempty"`

	// Phase is where the widget is in its life.
	// +optional
	Phase string `json:"phase,omitempty"`
}
