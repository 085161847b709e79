package itemdefault

// PullPolicy has a default on its declaration, which conflicts with the enforced default of
// slice items.
// +default="Always"
type PullPolicy string

// Policies lists pull policies.
type Policies struct {
	// +optional
	Items []PullPolicy `json:"items,omitempty"`
}
