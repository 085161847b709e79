// Package v1 is the next revision of ../../old: some validation tags changed, and a refactor
// that changes no validation (a field moved, comments reworded, a tag moved onto a type).
//
// +k8s:openapi-gen=true
// +groupName=widgets.example.com
package v1

// Handle names a widget to its owner.
//
// +k8s:maxLength=40
type Handle string

// Nick is a short name for a widget.
//
// +k8s:maxLength=20
type Nick string

// Tier is what a widget costs.
//
// +enum
type Tier string

const (
	TierGold   Tier = "Gold"
	TierSilver Tier = "Silver"
)

// WidgetSpec is what a widget should be.
//
// +kubebuilder:validation:XValidation:rule="self.minReplicas <= self.maxReplicas",message="minReplicas may not exceed maxReplicas"
type WidgetSpec struct {
	// labels of the widget, at most sixteen.
	// +k8s:maxProperties=16
	// +optional
	Labels map[string]string `json:"labels,omitempty"`

	// name of the widget.
	// +k8s:maxLength=32
	// +optional
	Name string `json:"name,omitempty"`

	// tier of the widget.
	// +optional
	Tier Tier `json:"tier,omitempty"`

	// owner of the widget.
	// +required
	Owner string `json:"owner,omitempty"`

	// handle the owner knows the widget by.
	// +optional
	Handle Handle `json:"handle,omitempty"`

	// replicas to run.
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:Maximum=5
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`

	// minReplicas is the fewest replicas to run.
	// +optional
	MinReplicas int32 `json:"minReplicas,omitempty"`

	// maxReplicas is the most replicas to run.
	// +optional
	MaxReplicas int32 `json:"maxReplicas,omitempty"`

	// nickname of the widget, as friends say it.
	// +optional
	Nickname Nick `json:"nickname,omitempty"`
}
