package syntax

// Broken misses a closing brace.
type Broken struct {
	Name string `json:"name"`

type Next struct{}
