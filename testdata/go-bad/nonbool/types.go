package nonbool

// Spec has a rule that is not a condition.
type Spec struct {
	// +validationRule="self.size()"
	Name string `json:"name"`
}
