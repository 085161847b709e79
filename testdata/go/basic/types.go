package basic

import (
	"example.com/kubeidl/testdata/meta"
	other "example.com/kubeidl/testdata/extensions"
)

// Widget is a kind with spec and status.
// It shows how descriptions are joined.
//
// A blank line starts a new paragraph.
// TODO: a TODO line is dropped.
// +genclient
// Indented lines keep their own line:
//   - first item
//	  - tab-indented item
// and the text goes on.
//
//---
// Everything after the triple dash is cut.
type Widget struct {
	meta.TypeMeta `json:",inline"`
	// Standard object metadata.
	// +optional
	meta.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state.
	Spec WidgetSpec `json:"spec"`

	// Status is the observed state.
	// +optional
	Status *WidgetStatus `json:"status,omitempty"`
}

// WidgetList is a list of widgets.
type WidgetList struct {
	meta.TypeMeta `json:",inline"`
	// +optional
	meta.ListMeta `json:"metadata,omitempty"`

	// Items are the widgets.
	Items []Widget `json:"items"`
}

// WidgetSpec shows required and optional members.
type WidgetSpec struct {
	// required because the json tag has no omitempty
	Replicas int32 `json:"replicas"`

	// optional because of omitempty
	Paused bool `json:"paused,omitempty"`

	// +required
	// required by tag despite omitempty
	Selector *Selector `json:"selector,omitempty"`

	// +optional
	// optional by tag despite no omitempty
	ServiceName string `json:"serviceName"`

	// NoTag has no json tag, so its Go name is its JSON name.
	NoTag string

	// Skipped is not serialized.
	Skipped string `json:"-"`

	// EmptyName has an empty JSON name and is skipped.
	EmptyName string `json:",omitempty"`

	// Internal is excluded from OpenAPI.
	// +k8s:openapi-gen=false
	Internal string `json:"internal,omitempty"`

	// AsString is serialized as a string.
	Count int64 `json:"count,string"`

	// Data is raw bytes.
	Data []byte `json:"data,omitempty"`

	// Free is any JSON value.
	Free interface{} `json:"free,omitempty"`

	// Matrix is a list of lists.
	Matrix [][]float64 `json:"matrix,omitempty"`

	// Fixed is an array with a fixed length.
	Fixed [4]uint8 `json:"fixed,omitempty"`

	// Extra maps names to lists.
	Extra map[string]ExtraValue `json:"extra,omitempty"`

	// Nested maps.
	Nested map[string]map[string]int16 `json:"nested,omitempty"`

	Undocumented string `json:"undocumented,omitempty"`

	// Detached comments do not describe a field.

	Detached string `json:"detached,omitempty"` // trailing comments describe nothing either

	// Kind is a defined string type.
	Kind WidgetKind `json:"kind,omitempty"`

	// Alias is a Go alias of a defined type.
	Alias KindAlias `json:"alias,omitempty"`

	// Foreign is a defined type over a struct of another package.
	Foreign Mirror `json:"foreign,omitempty"`

	// Parts use a defined slice type.
	Parts PartList `json:"parts,omitempty"`

	// Timeout uses a special type.
	// +optional
	Timeout *meta.Duration `json:"timeout,omitempty"`

	// Size is a quantity.
	Size meta.Quantity `json:"size"`

	// Port is an int or a string.
	Port meta.IntOrString `json:"port"`

	// Sizes are quantities by name.
	Sizes map[string]meta.Quantity `json:"sizes,omitempty"`

	// Blob is free-form.
	Blob *meta.Anything `json:"blob,omitempty"`

	// Raw is embedded raw JSON.
	Raw meta.RawExtension `json:"raw,omitempty"`

	/* Block is described by a block comment
	   spread over two lines. */
	Block string `json:"block,omitempty"`

	// First and Second share one declaration and one comment.
	First, Second string
}

// ExtraValue is a defined slice of strings.
type ExtraValue []string

// WidgetKind names a kind of widget.
type WidgetKind string

// KindAlias is transparent: fields of this type are fields of WidgetKind.
type KindAlias = WidgetKind

// Mirror copies the fields of another package's struct (with their comments) but not its
// methods, and has its own definition.
type Mirror other.Mirrored

// PartList is a defined slice of structs.
type PartList []Part

// Part is one part.
type Part struct {
	// Name of the part.
	Name string `json:"name"`
}

// Selector is embedded inline elsewhere.
type Selector struct {
	// MatchLabels selects by label.
	// +optional
	MatchLabels map[string]string `json:"matchLabels,omitempty"`
}

// WidgetStatus inlines members of other structs.
type WidgetStatus struct {
	// Inline members are spliced in at their place.
	Selector `json:",inline"`

	// Observed is observed.
	Observed int64 `json:"observed"`

	// Pointers are followed when inlining.
	*Conditions `json:",inline"`
}

// Conditions are inlined through a pointer.
type Conditions struct {
	// Ready says the widget is ready.
	Ready bool `json:"ready"`
}

// hidden is not exported, so it gets no definition.
type hidden struct {
	X string `json:"x"`
}
