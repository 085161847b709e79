package defaults

import "example.com/kubeidl/testdata/meta"

// Protocol is a network protocol.
// +enum
type Protocol string

const (
	// ProtocolTCP is the TCP protocol.
	ProtocolTCP Protocol = "TCP"
	// ProtocolUDP is the UDP protocol,
	// with a comment on two lines.
	ProtocolUDP Protocol = "UDP"
	// ProtocolSCTP is SCTP.
	ProtocolSCTP Protocol = "SCTP"
	// Deprecated spelling of TCP, with a longer comment that therefore wins the tie.
	ProtocolTCPAlias Protocol = ProtocolTCP
)

// DefaultPolicy is referenced by +default=ref(...).
const DefaultPolicy = "IfNotPresent"

// DefaultPort is an int constant.
const DefaultPort = 8080

// PullPolicy has a default on its declaration.
// +default="Always"
type PullPolicy string

// Defaults shows explicit, referenced and enforced defaults.
type Defaults struct {
	// Explicit string default.
	// +default="TCP"
	// +optional
	Protocol Protocol `json:"protocol,omitempty"`

	// Explicit number default.
	// +default=86400
	// +optional
	Seconds *int64 `json:"seconds,omitempty"`

	// Explicit bool default.
	// +default=false
	// +optional
	Enabled *bool `json:"enabled,omitempty"`

	// Explicit object default.
	// +default={"a": 1.0, "b": [true]}
	// +optional
	Object map[string]string `json:"object,omitempty"`

	// Referenced default in this package.
	// +default=ref(DefaultPolicy)
	// +optional
	Policy *string `json:"policy,omitempty"`

	// Referenced default by full package path.
	// +default=ref(example.com/kubeidl/testdata/defaults.DefaultPort)
	// +optional
	Port *int32 `json:"port,omitempty"`

	// A default found on the type's declaration.
	// +optional
	Pull PullPolicy `json:"pull,omitempty"`

	// Enforced zero values of non-omitempty builtins.
	Name string `json:"name"`
	Count int32 `json:"count"`
	Ratio float64 `json:"ratio"`
	On bool `json:"on"`

	// An omitempty builtin gets no enforced default.
	// +optional
	Note string `json:"note,omitempty"`

	// A struct gets {} even when optional.
	// +optional
	Inner Inner `json:"inner,omitempty"`

	// A pointer to a struct gets nothing.
	// +optional
	InnerPtr *Inner `json:"innerPtr,omitempty"`

	// A struct whose only member is embedded takes that member's default.
	Wrapped Wrapper `json:"wrapped"`

	// Custom unmarshalling means no enforced default.
	Created meta.Time `json:"created"`

	// Items and map values get defaults from their element type.
	Names []string `json:"names,omitempty"`
	Counts []int64 `json:"counts,omitempty"`
	Inners []Inner `json:"inners,omitempty"`
	Pointers []*Inner `json:"pointers,omitempty"`
	ByName map[string]string `json:"byName,omitempty"`
	Protocols []Protocol `json:"protocols,omitempty"`
	ProtocolsByName map[string]Protocol `json:"protocolsByName,omitempty"`
}

// Inner is a plain struct.
type Inner struct {
	// +optional
	Value string `json:"value,omitempty"`
}

// Wrapper has exactly one member, embedded.
type Wrapper struct {
	meta.Time `json:",inline"`
}
