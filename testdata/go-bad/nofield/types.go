package nofield

// Spec has a rule about a field it does not have.
// +validationRule="self.minReplicas <= self.maxReplica",message="min above max"
type Spec struct {
	MinReplicas int32 `json:"minReplicas"`
	MaxReplicas int32 `json:"maxReplicas"`
}
