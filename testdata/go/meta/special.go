package meta

import "time"

// Time is a timestamp serialized as RFC 3339.
//
// +protobuf.options.marshal=false
type Time struct {
	time.Time `protobuf:"-"`
}

// UnmarshalJSON is hand-written, so a Time field never gets an enforced default.
func (t *Time) UnmarshalJSON(b []byte) error { return nil }

// OpenAPISchemaType makes Time a string in OpenAPI.
func (_ Time) OpenAPISchemaType() []string { return []string{"string"} }

// OpenAPISchemaFormat gives the format of Time.
func (_ Time) OpenAPISchemaFormat() string { return "date-time" }

// Quantity is a fixed-point number with a suffix.
//
// The serialization format is:
//
//	<quantity>        ::= <signedNumber><suffix>
//	<suffix>          ::= <binarySI> | <decimalSI>
//
// TODO: nothing here reaches the description.
type Quantity struct {
	value string
}

func (q *Quantity) UnmarshalJSON(b []byte) error { return nil }

func (_ Quantity) OpenAPISchemaType() []string { return []string{"string"} }

func (_ Quantity) OpenAPISchemaFormat() string { return "" }

// OpenAPIV3OneOfTypes is spread over lines, with a comment inside.
func (Quantity) OpenAPIV3OneOfTypes() []string {
	// TODO: a comment inside the body
	return []string{"string", "number"}
}

// IntOrString holds an int32 or a string.  Two spaces after a period stay.
type IntOrString struct {
	Type   int    `protobuf:"varint,1,opt,name=type"`
	IntVal int32  `protobuf:"varint,2,opt,name=intVal"`
	StrVal string `protobuf:"bytes,3,opt,name=strVal"`
}

func (intstr *IntOrString) UnmarshalJSON(value []byte) error { return nil }

func (IntOrString) OpenAPISchemaType() []string { return []string{"string"} }

func (IntOrString) OpenAPISchemaFormat() string { return "int-or-string" }

func (IntOrString) OpenAPIV3OneOfTypes() []string { return []string{"integer", "string"} }

// Anything is free-form JSON: no type at all.
type Anything struct {
	Raw []byte `json:"-"`
}

func (_ Anything) OpenAPISchemaType() []string {
	// TODO: return actual types when anyOf is supported
	return nil
}

func (_ Anything) OpenAPISchemaFormat() string { return "" }

// Duration is a duration as a string, like "1h3m".
type Duration struct {
	time.Duration `protobuf:"varint,1,opt,name=duration,casttype=time.Duration"`
}

func (d *Duration) UnmarshalJSON(b []byte) error { return nil }

func (_ Duration) OpenAPISchemaType() []string { return []string{"string"} }

func (_ Duration) OpenAPISchemaFormat() string { return "" }

// RawExtension has no exported JSON fields, so it is an object with no properties.
type RawExtension struct {
	// Raw is the underlying serialization.
	Raw []byte `json:"-"`
}
