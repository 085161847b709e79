package badpayload

// Spec gives a string where a number belongs.
type Spec struct {
	// +kubebuilder:validation:Minimum=ten
	Count int32 `json:"count"`
}
