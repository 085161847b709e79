package kepformats

// Spec has a rule that calls KEP-4153's opt-in format helper.
type Spec struct {
	// +k8s:maxLength=63
	// +validationRule="self.isFormat('dns1123Label')",message="must be a DNS label"
	Name string `json:"name"`
}
