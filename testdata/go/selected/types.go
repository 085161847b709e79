package selected

// Included is selected by the package tag.
type Included struct {
	// Referenced is excluded itself, but referenced, so it still gets a definition.
	Ref *Excluded `json:"ref,omitempty"`
}

// Excluded opts out of the package tag.
// +k8s:openapi-gen=false
type Excluded struct {
	X string `json:"x"`
}

// NotAStruct never gets a definition.
type NotAStruct map[string]string

// codecSelferX is skipped by name (and unexported anyway).
type codecSelferX struct{}

// Generic types are skipped.
type Box[T any] struct {
	Value T `json:"value"`
}

// Named has a hand-written OpenAPIModelName, which wins over every other naming rule.
type Named struct {
	// +optional
	Value string `json:"value,omitempty"`
}

// OpenAPIModelName names the definition of Named.
func (Named) OpenAPIModelName() string { return "com.example.custom.Named" }
