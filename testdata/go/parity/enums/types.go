package enums

// Protocol is a network protocol.
// +enum
type Protocol string

const (
	// ProtocolTCP is the TCP protocol.
	ProtocolTCP Protocol = "TCP"
	// ProtocolUDP is the UDP protocol.
	ProtocolUDP Protocol = "UDP"
	// ProtocolSCTP is the SCTP protocol,
	// on two lines.
	ProtocolSCTP Protocol = "SCTP"
)

// Phase is where a job stands.
// +enum
type Phase string

const (
	// PhasePending waits to start.
	PhasePending Phase = "Pending"
	// PhaseRunning runs.
	PhaseRunning Phase = "Running"
	// PhaseSucceeded is done, and went well.
	PhaseSucceeded Phase = "Succeeded"
	// PhaseFailed is done, and did not.
	PhaseFailed Phase = "Failed"
	// PhaseUnknown could not be told.
	PhaseUnknown Phase = "unknown"
)

// Endpoint holds enums in every place a field can hold one.
// +validationRule="self.protocol != 'SCTP' || !has(self.fallback)",message="SCTP has no fallback"
type Endpoint struct {
	// Protocol is how the endpoint is reached.
	Protocol Protocol `json:"protocol"`

	// Fallback is tried when the protocol fails.
	// +optional
	Fallback *Protocol `json:"fallback,omitempty"`

	// Also lists more protocols.
	// +optional
	// +k8s:maxItems=2
	Also []Protocol `json:"also,omitempty"`

	// Phases maps a name to a phase.
	// +optional
	Phases map[string]Phase `json:"phases,omitempty"`

	// Phase is where the endpoint's job stands.
	// +optional
	Phase Phase `json:"phase,omitempty"`

	// +optional
	Spare *Protocol `json:"spare,omitempty"`

	Bare *Phase `json:"bare,omitempty"`

	Plain Phase `json:"plain,omitempty"`
}
