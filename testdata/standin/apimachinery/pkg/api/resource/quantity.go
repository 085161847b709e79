package resource

// A fixed-point number with an optional suffix: a binary one (Ki, Mi, Gi, Ti, Pi, Ei), a decimal one (n, u, m, k, M, G, T, P, E) or a decimal exponent (e3, E-2). Written as a string, such as "500m" or "1.5Gi".
type Quantity struct {
	text string
}

func (q *Quantity) UnmarshalJSON(b []byte) error { return nil }

func (_ Quantity) OpenAPISchemaType() []string { return []string{"string"} }

func (_ Quantity) OpenAPISchemaFormat() string { return "" }

func (Quantity) OpenAPIV3OneOfTypes() []string { return []string{"string", "number"} }
