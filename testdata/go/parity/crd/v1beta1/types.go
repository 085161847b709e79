package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:path=widgets,shortName=wd;wdg,categories=all,scope=Namespaced
// +kubebuilder:printcolumn:name="Replicas",type=integer,JSONPath=`.spec.replicas`
// +kubebuilder:deprecatedversion:warning="widgets.example.com/v1beta1 is deprecated; use v1"

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
type WidgetSpec struct {
	// Replicas is how many widgets run.
	// +k8s:minimum=0
	Replicas int32 `json:"replicas"`
}

// WidgetStatus is the observed state of a widget.
type WidgetStatus struct {
	// ReadyReplicas is how many widgets are ready.
	// +optional
	ReadyReplicas int32 `json:"readyReplicas,omitempty"`
}
