package toocostly

// Spec has a rule whose cost grows with the square of an unbounded list.
type Spec struct {
	// +optional
	// +validationRule="self.all(a, self.all(b, a == b || a.size() != b.size()))",message="names differ in length"
	Names []string `json:"names,omitempty"`
}
