package bounds

// Limits holds bounded values of every scalar width.
type Limits struct {
	// Replicas in the KEP's dialect and in validation-gen's.
	// +minimum=0
	// +k8s:minimum=0
	// +maximum=100
	Replicas int32 `json:"replicas"`

	// Ratio in kubebuilder's dialect.
	// +optional
	// +kubebuilder:validation:Minimum=0.5
	// +kubebuilder:validation:ExclusiveMaximum=true
	// +kubebuilder:validation:Maximum=10
	// +kubebuilder:validation:MultipleOf=0.5
	Ratio *float64 `json:"ratio,omitempty"`

	// Weight in kube-openapi's dialect.
	// +optional
	// +k8s:validation:minimum=1
	// +k8s:validation:maximum=9
	Weight int64 `json:"weight,omitempty"`

	// Threshold with exclusive bounds.
	// +optional
	// +exclusiveMinimum=0
	// +exclusiveMaximum=1
	Threshold *float32 `json:"threshold,omitempty"`

	// Small is a byte.
	// +optional
	Small int8 `json:"small,omitempty"`

	// Port is defaulted.
	// +default=8080
	// +k8s:maximum=65535
	Port int32 `json:"port,omitempty"`

	// Enabled is a flag.
	Enabled bool `json:"enabled"`

	// Sizes are counted.
	// +listType=atomic
	// +k8s:minItems=1
	// +k8s:maxItems=8
	// +optional
	Sizes []int64 `json:"sizes,omitempty"`

	// Labels are counted too.
	// +kubebuilder:validation:MaxProperties=16
	// +optional
	Labels map[string]string `json:"labels,omitempty"`

	// Name has lengths.
	// +minLength=1
	// +maxLength=63
	Name string `json:"name"`

	// Note is free text.
	//
	// It has two paragraphs,
	// and an indented example:
	//   note: hello
	// TODO: this line never reaches the description.
	// +optional
	// +k8s:maxLength=256
	// +k8s:ifEnabled(ShortNotes)=+k8s:maxLength=64
	// +k8s:ifDisabled(LongNotes)=+k8s:maxLength=128
	Note string `json:"note,omitempty"`

	// Data is raw bytes.
	// +optional
	Data []byte `json:"data,omitempty"`

	// Inner is another struct.
	// +optional
	Inner *Inner `json:"inner,omitempty"`

	// Items are structs.
	// +optional
	Items []Inner `json:"items,omitempty"`

	// Required holds a struct by value.
	Required Inner `json:"required"`

	// Tiers are distinct.
	// +optional
	// +kubebuilder:validation:UniqueItems=true
	Tiers []int32 `json:"tiers,omitempty"`

	// Limit may be written as null.
	// +optional
	// +nullable
	Limit *int64 `json:"limit,omitempty"`

	// Level is an integer, as its type says.
	// +optional
	// +kubebuilder:validation:Type=integer
	Level int32 `json:"level,omitempty"`

	// Opaque is checked by its own type's tags only.
	// +optional
	// +k8s:opaqueType
	Opaque *Inner `json:"opaque,omitempty"`
}

// Inner is referred to from Limits.
type Inner struct {
	// Count is small.
	// +k8s:maximum=3
	Count uint16 `json:"count"`

	// Keys are strings.
	// +optional
	Keys map[string][]string `json:"keys,omitempty"`
}
