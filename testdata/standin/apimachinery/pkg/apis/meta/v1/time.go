package v1

import "time"

// An instant, written as an RFC 3339 date and time in UTC at second precision.
type Time struct {
	time.Time `protobuf:"-"`
}

func (t *Time) UnmarshalJSON(b []byte) error { return nil }

func (_ Time) OpenAPISchemaType() []string { return []string{"string"} }

func (_ Time) OpenAPISchemaFormat() string { return "date-time" }

// An instant, written as an RFC 3339 date and time in UTC at microsecond precision.
type MicroTime struct {
	time.Time `protobuf:"-"`
}

func (t *MicroTime) UnmarshalJSON(b []byte) error { return nil }

func (_ MicroTime) OpenAPISchemaType() []string { return []string{"string"} }

func (_ MicroTime) OpenAPISchemaFormat() string { return "date-time" }

// A span of time, written in Go's duration syntax: numbers with units h, m, s, ms, us and ns, such as "1h30m" or "250ms".
type Duration struct {
	time.Duration `protobuf:"varint,1,opt,name=duration,casttype=time.Duration"`
}

func (d *Duration) UnmarshalJSON(b []byte) error { return nil }

func (_ Duration) OpenAPISchemaType() []string { return []string{"string"} }

func (_ Duration) OpenAPISchemaFormat() string { return "" }
