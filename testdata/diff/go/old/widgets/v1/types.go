// Package v1 is a small API whose next revision (../../new) changes its validation tags, for
// the tests of `kubeidl diff` on Go package trees.
//
// +k8s:openapi-gen=true
// +groupName=widgets.example.com
package v1

// Handle names a widget to its owner.
//
// +k8s:maxLength=63
type Handle string

// Tier is what a widget costs.
//
// +enum
type Tier string

const (
	TierGold   Tier = "Gold"
	TierSilver Tier = "Silver"
	TierBronze Tier = "Bronze"
)

// WidgetSpec is what a widget should be.
type WidgetSpec struct {
	// name of the widget.
	// +k8s:maxLength=63
	// +optional
	Name string `json:"name,omitempty"`

	// tier of the widget.
	// +optional
	Tier Tier `json:"tier,omitempty"`

	// owner of the widget.
	// +optional
	Owner string `json:"owner,omitempty"`

	// handle the owner knows the widget by.
	// +optional
	Handle Handle `json:"handle,omitempty"`

	// replicas to run.
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:Maximum=10
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`

	// minReplicas is the fewest replicas to run.
	// +optional
	MinReplicas int32 `json:"minReplicas,omitempty"`

	// maxReplicas is the most replicas to run.
	// +optional
	MaxReplicas int32 `json:"maxReplicas,omitempty"`

	// nickname of the widget.
	// +k8s:maxLength=20
	// +optional
	Nickname string `json:"nickname,omitempty"`

	// labels of the widget.
	// +k8s:maxProperties=16
	// +optional
	Labels map[string]string `json:"labels,omitempty"`
}
