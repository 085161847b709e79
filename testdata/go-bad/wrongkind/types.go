package wrongkind

// Spec bounds the length of a number.
type Spec struct {
	// +k8s:maxLength=10
	Count int32 `json:"count"`
}
