package unknowntag

// Spec has a misspelt validation tag.
type Spec struct {
	// +k8s:maxLenght=10
	Name string `json:"name"`
}
