package badmethod

// Computed returns its schema type from code kubeidl cannot evaluate.
type Computed struct{}

func (Computed) OpenAPISchemaType() []string { return types() }

func (Computed) OpenAPISchemaFormat() string { return "" }

func types() []string { return []string{"string"} }
