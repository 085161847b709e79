package rules

// Range is a range whose minimum may not exceed its maximum.
// +validationRule="self.min <= self.max",message="min must not exceed max"
// +kubebuilder:validation:XValidation:rule="self.max - self.min <= 1000",message="the range is at most 1000 wide"
type Range struct {
	// Min is the lower end.
	// +k8s:minimum=0
	Min int64 `json:"min"`

	// Max is the upper end.
	Max int64 `json:"max"`

	// Step may only grow.
	// +optional
	// +validationRule="self >= oldSelf",message="step may only grow"
	Step int32 `json:"step,omitempty"`

	// Unit is set once, at creation.
	// +k8s:immutable
	Unit string `json:"unit"`

	// Pool may be set later but not changed, nor cleared.
	// +optional
	// +k8s:update=NoModify
	// +k8s:update=NoUnset
	Pool *string `json:"pool,omitempty"`

	// Zone may not be set after creation.
	// +optional
	// +k8s:update=NoSet
	Zone *string `json:"zone,omitempty"`

	// Strategy has rules with reasons and field paths.
	// +optional
	// +validationRule="!(self.type == 'Recreate') || !has(self.rollingUpdate)",message="may not be specified when strategy `type` is Recreate",reason=Forbidden,field="rollingUpdate"
	Strategy Strategy `json:"strategy,omitempty"`

	// Labels are checked with a message expression.
	// +optional
	// +maxProperties=16
	// +k8s:validation:cel[0]:rule="self.all(k, k.size() <= 63)"
	// +k8s:validation:cel[0]:messageExpression="'a key is longer than 63: ' + self.filter(k, k.size() > 63).join(', ')"
	Labels map[string]string `json:"labels,omitempty"`
}

// Strategy is how things are replaced.
type Strategy struct {
	// +optional
	Type string `json:"type,omitempty"`
	// +optional
	RollingUpdate *RollingUpdate `json:"rollingUpdate,omitempty"`
}

// RollingUpdate tunes a rolling update.
type RollingUpdate struct {
	// +optional
	// +k8s:minimum=0
	MaxSurge *int32 `json:"maxSurge,omitempty"`
}
