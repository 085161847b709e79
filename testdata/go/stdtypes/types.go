// Package stdtypes holds fields of standard-library types as kubebuilder APIs use them: through
// a Type marker, as encoding.TextMarshaler strings, and named types over them.
// +groupName=std.example.com
// +versionName=v1
package stdtypes

import (
	"net"
	"net/netip"
	"net/url"
	"time"

	metav1 "example.com/kubeidl/testdata/meta"
)

// Epoch is a time kept as seconds since the epoch; a defined type has none of time.Time's
// methods, so its marker says what its JSON is.
// +kubebuilder:validation:Type=integer
type Epoch time.Time

// Key is a map key that marshals itself as text.
type Key struct{ Name, Namespace string }

// MarshalText writes the key as namespace/name.
func (k Key) MarshalText() ([]byte, error) { return []byte(k.Namespace + "/" + k.Name), nil }

// StringAlias is a string by another name.
type StringAlias = string

// LinkSpec is what a link points at.
type LinkSpec struct {
	// The target, written as a URL string by the type's own marshalling.
	// +kubebuilder:validation:Type=string
	// +kubebuilder:validation:Format=uri
	Target url.URL `json:"target"`
	// When the link was made.
	Since Epoch `json:"since,omitempty"`
	// An address.
	Address net.IP `json:"address,omitempty"`
	// A prefix.
	Prefix *netip.Prefix `json:"prefix,omitempty"`
	// Labels by key.
	ByKey map[Key]string `json:"byKey,omitempty"`
	// A pointer to an alias of a string.
	// +kubebuilder:validation:MaxLength=10
	Nickname *StringAlias `json:"nickname,omitempty"`
	// How long it lives.
	TTL time.Duration `json:"ttl,omitempty"`
}

// Link is a kind.
type Link struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec LinkSpec `json:"spec"`
}
