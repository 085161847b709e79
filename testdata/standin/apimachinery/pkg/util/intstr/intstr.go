package intstr

// A value that is either a 32-bit integer or a string, written as the one it holds: a port as 8080 or "http", a surge as 1 or "25%".
type IntOrString struct {
	Type   int    `protobuf:"varint,1,opt,name=type"`
	IntVal int32  `protobuf:"varint,2,opt,name=intVal"`
	StrVal string `protobuf:"bytes,3,opt,name=strVal"`
}

func (v *IntOrString) UnmarshalJSON(b []byte) error { return nil }

func (IntOrString) OpenAPISchemaType() []string { return []string{"string"} }

func (IntOrString) OpenAPISchemaFormat() string { return "int-or-string" }

func (IntOrString) OpenAPIV3OneOfTypes() []string { return []string{"integer", "string"} }
