package tagged

import "example.com/kubeidl/testdata/meta"

// Gadget is a kind whose names follow DNS-1123 subdomain rules.
//
// +kubebuilder:storageversion
type Gadget struct {
	meta.TypeMeta `json:",inline"`
	// +optional
	// +nameFormat='dns1123subdomain'
	meta.ObjectMeta `json:"metadata,omitempty"`

	Spec GadgetSpec `json:"spec"`
}

// GadgetSpec carries the value validations, each in several dialects.
type GadgetSpec struct {
	// Replicas in the KEP's dialect and in validation-gen's: one minimum.
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

	// Threshold with the KEP's exclusive bounds.
	// +optional
	// +exclusiveMinimum=0
	// +exclusiveMaximum=1
	Threshold *float64 `json:"threshold,omitempty"`

	// Name is a DNS-1123 label.
	// +k8s:required
	// +k8s:format=k8s-short-name
	Name string `json:"name"`

	// Alias is a DNS-1035 label (a KEP format no server knows yet).
	// +optional
	// +format=dns1035label
	Alias string `json:"alias,omitempty"`

	// Code is short and upper case.
	// +optional
	// +minLength=2
	// +maxLength=8
	// +pattern=^[A-Z]+$
	Code string `json:"code,omitempty"`

	// Note is bounded in kubebuilder's and kube-openapi's dialects.
	// +optional
	// +kubebuilder:validation:MinLength=1
	// +k8s:validation:maxLength=64
	Note string `json:"note,omitempty"`

	// UID is a lowercase UUID.
	// +optional
	// +k8s:format=k8s-uuid
	UID string `json:"uid,omitempty"`

	// Owner is a label key.
	// +optional
	// +k8s:format=k8s-label-key
	Owner string `json:"owner,omitempty"`

	// Contact is an email address.
	// +optional
	// +kubebuilder:validation:Format=email
	Contact string `json:"contact,omitempty"`

	// Tier is one of a few words.
	// +optional
	// +kubebuilder:validation:Enum=gold;silver;bronze
	Tier string `json:"tier,omitempty"`

	// Phase is an enum type: its constants are its values.
	// +optional
	Phase Phase `json:"phase,omitempty"`

	// Mode may not be "Legacy".
	// +optional
	// +k8s:neq="Legacy"
	Mode string `json:"mode,omitempty"`

	// Secret may not be set.
	// +k8s:forbidden
	Secret *string `json:"secret,omitempty"`

	// Tags is a set of at most 4 strings of at most 16 characters.
	// +optional
	// +listType=set
	// +k8s:listType=set
	// +k8s:maxItems=4
	// +minItems=1
	// +k8s:eachVal=+k8s:maxLength=16
	Tags []string `json:"tags,omitempty"`

	// Ports is a map list keyed by name and protocol.
	// +optional
	// +listType=map
	// +listMapKey=name
	// +listMapKey=protocol
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:listMapKey=protocol
	// +k8s:maxItems=8
	Ports []Port `json:"ports,omitempty"`

	// Hosts is an atomic list whose items are unique.
	// +optional
	// +listType=atomic
	// +k8s:listType=atomic
	// +k8s:unique=set
	// +k8s:maxItems=4
	// +k8s:eachVal=+k8s:maxLength=63
	Hosts []string `json:"hosts,omitempty"`

	// Targets is an atomic list unique by name.
	// +optional
	// +k8s:listType=atomic
	// +k8s:unique=map
	// +k8s:listMapKey=name
	// +k8s:maxItems=4
	Targets []Target `json:"targets,omitempty"`

	// Conditions are a map list of which at most one of Ready and Failed is present.
	// +optional
	// +listType=map
	// +listMapKey=type
	// +k8s:listType=map
	// +k8s:listMapKey=type
	// +k8s:customUnique
	// +k8s:maxItems=8
	// +k8s:item(type: "Ready")=+k8s:zeroOrOneOfMember
	// +k8s:item(type: "Failed")=+k8s:zeroOrOneOfMember
	Conditions []Condition `json:"conditions,omitempty"`

	// Labels have label-key keys and at most 8 entries.
	// +optional
	// +maxProperties=8
	// +minProperties=1
	// +k8s:eachKey=+k8s:format=k8s-label-key
	// +k8s:eachVal=+k8s:maxLength=63
	Labels map[string]string `json:"labels,omitempty"`

	// Class is set once, at creation.
	// +k8s:immutable
	Class string `json:"class"`

	// Pool may be set later but not changed, nor cleared.
	// +optional
	// +k8s:update=NoModify
	// +k8s:update=NoUnset
	Pool *string `json:"pool,omitempty"`

	// Zone may not be set after creation.
	// +optional
	// +k8s:update=NoSet
	Zone *string `json:"zone,omitempty"`

	// Reference names a gadget by name.
	// +optional
	// +k8s:subfield(name)=+k8s:format=k8s-long-name
	Reference *Reference `json:"reference,omitempty"`

	// Source is a union: exactly one member is set.
	// +optional
	Source *Source `json:"source,omitempty"`

	// Strategy is the KEP's deployment strategy, with its rules.
	// +optional
	// +validationRule="!(self.type == 'Recreate') || !has(self.rollingUpdate)",message="may not be specified when strategy `type` is Recreate",reason=Forbidden,field="rollingUpdate"
	// +validationRule="!(self.type == 'RollingUpdate') || has(self.rollingUpdate)",message="this should be defaulted and never be nil",reason=Required,field="rollingUpdate"
	Strategy Strategy `json:"strategy,omitempty"`

	// Component has all three tags of the KEP's alias chain.
	// +validationRule="self.matches('[a-z][1-9]+')"
	// +optional
	Component PartId `json:"component,omitempty"`

	// Part only has the tag of its type.
	// +optional
	Part Identifier `json:"part,omitempty"`

	// Pod is a pod-like spec with the KEP's hostNetwork rule.
	// +optional
	Pod *PodSpec `json:"pod,omitempty"`

	// Size defaults in kubebuilder's dialect.
	// +optional
	// +kubebuilder:default=3
	Size int32 `json:"size,omitempty"`

	// Limit is nullable.
	// +optional
	// +nullable
	Limit *int32 `json:"limit,omitempty"`
}

// Phase is where a gadget is in its life.
// +enum
// +k8s:enum
type Phase string

const (
	// PhasePending is before it runs.
	PhasePending Phase = "Pending"
	// PhaseRunning is while it runs.
	PhaseRunning Phase = "Running"
)

// Port is one port of a gadget.
type Port struct {
	// +k8s:required
	// +k8s:format=k8s-short-name
	Name string `json:"name"`
	// +k8s:required
	Protocol string `json:"protocol"`
	// +k8s:minimum=1
	// +kubebuilder:validation:Maximum=65535
	Number int32 `json:"number"`
}

// Target is one target of a gadget.
type Target struct {
	// +k8s:required
	Name string `json:"name"`
	// +optional
	Weight int32 `json:"weight,omitempty"`
}

// Condition is an observation.
type Condition struct {
	// +k8s:required
	Type string `json:"type"`
	// +k8s:required
	Status string `json:"status"`
}

// Reference points at a gadget.
type Reference struct {
	// +optional
	Name string `json:"name,omitempty"`
	// +optional
	Namespace string `json:"namespace,omitempty"`
}

// Source is a discriminated union.
type Source struct {
	// Kind says which member is set.
	// +k8s:unionDiscriminator
	// +k8s:required
	Kind string `json:"kind"`
	// +optional
	// +k8s:unionMember
	Git *GitSource `json:"git,omitempty"`
	// +optional
	// +k8s:unionMember(memberName: "Image")
	OCI *string `json:"oci,omitempty"`
}

// GitSource is a git repository.
type GitSource struct {
	// +k8s:required
	URL string `json:"url"`
}

// Strategy is how a gadget is replaced.
type Strategy struct {
	// +optional
	Type string `json:"type,omitempty"`
	// +optional
	RollingUpdate *RollingUpdate `json:"rollingUpdate,omitempty"`
}

// RollingUpdate tunes a rolling update.
// +kubebuilder:validation:XValidation:rule="!has(self.maxSurge) || self.maxSurge >= 0",message="maxSurge may not be negative"
// +k8s:validation:cel[0]:rule="!has(self.maxUnavailable) || self.maxUnavailable <= 10"
// +k8s:validation:cel[0]:messageExpression="'maxUnavailable is ' + string(self.maxUnavailable) + ', above 10'"
// +k8s:validation:cel[1]:rule>!has(self.maxSurge) ||
// +k8s:validation:cel[1]:rule> !has(self.maxUnavailable) || self.maxSurge + self.maxUnavailable > 0
// +k8s:validation:cel[1]:message="maxSurge and maxUnavailable may not both be 0"
type RollingUpdate struct {
	// +optional
	MaxSurge *int32 `json:"maxSurge,omitempty"`
	// +optional
	MaxUnavailable *int32 `json:"maxUnavailable,omitempty"`
}

// PartId is an identifier of at most 20 characters.
// +maxLength=20
type PartId = Identifier

// Identifier is a DNS-1123 label.
// +format=dns1123label
type Identifier string

// PodSpec is a pod-like spec: host ports equal container ports on the host network.
// +validationRule="!has(self.hostNetwork) || !self.hostNetwork || self.containers.all(c, !has(c.ports) || c.ports.all(p, !has(p.hostPort) || p.hostPort == p.containerPort))",message="hostPort must equal containerPort when hostNetwork is true",reason=Invalid,field="containers"
type PodSpec struct {
	// +optional
	HostNetwork bool `json:"hostNetwork,omitempty"`
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=16
	Containers []Container `json:"containers"`
}

// Container is one container of a pod-like spec.
type Container struct {
	// +k8s:required
	// +k8s:format=k8s-short-name
	Name string `json:"name"`
	// +optional
	// +k8s:maxItems=8
	Ports []ContainerPort `json:"ports,omitempty"`
}

// ContainerPort is a port of a container.
type ContainerPort struct {
	// +k8s:minimum=1
	ContainerPort int32 `json:"containerPort"`
	// +optional
	HostPort *int32 `json:"hostPort,omitempty"`
}

// Gizmo is a cluster-scoped kind with a status and a scale subresource. Its markers name the
// resource, its columns and its selectable field.
//
// +genclient
// +genclient:nonNamespaced
// +kubebuilder:object:root=true
// +kubebuilder:resource:shortName=gz;gzm,categories=all
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector
// +kubebuilder:printcolumn:name="Replicas",type=integer,JSONPath=".spec.replicas"
// +kubebuilder:printcolumn:name="Age",type=date,JSONPath=".metadata.creationTimestamp",priority=1
// +kubebuilder:selectablefield:JSONPath=".spec.tier"
// +validationRule="self.spec.replicas >= self.status.replicas || !has(self.status)",message="status may not run ahead of spec"
type Gizmo struct {
	meta.TypeMeta `json:",inline"`
	// +optional
	meta.ObjectMeta `json:"metadata,omitempty"`

	Spec GizmoSpec `json:"spec"`
	// +optional
	Status GizmoStatus `json:"status,omitempty"`
}

// GizmoSpec is the desired state of a Gizmo.
type GizmoSpec struct {
	// Replicas is how many to run.
	// +k8s:minimum=0
	Replicas int32 `json:"replicas"`

	// Tier is one of two tiers.
	Tier Tier `json:"tier"`

	// Template is a pod template: its metadata keeps labels and annotations in a CRD.
	// +optional
	Template *Template `json:"template,omitempty"`

	// Ports are keyed by name and protocol; protocol has a default, as a CRD's map keys need.
	// +listType=map
	// +listMapKey=name
	// +listMapKey=protocol
	// +kubebuilder:validation:MaxItems=16
	// +optional
	Ports []NamedPort `json:"ports,omitempty"`

	// Volumes are named sources; each has exactly one source, as a pod's volumes have.
	// +listType=map
	// +listMapKey=name
	// +k8s:maxItems=8
	// +optional
	Volumes []Volume `json:"volumes,omitempty"`
}

// Volume is a name and a source whose members are inlined into the volume: their union is
// checked on the volume, the parent path of the embedded struct.
type Volume struct {
	// +required
	Name string `json:"name"`
	VolumeSource `json:",inline"`
}

// VolumeSource is a union of sources.
type VolumeSource struct {
	// +optional
	// +k8s:unionMember
	EmptyDir *EmptyDir `json:"emptyDir,omitempty"`
	// +optional
	// +k8s:unionMember
	HostPath *string `json:"hostPath,omitempty"`
}

// EmptyDir is a scratch directory.
type EmptyDir struct {
	// +optional
	SizeLimit *int64 `json:"sizeLimit,omitempty"`
}

// Tier is the class of service.
// +enum
type Tier string

const (
	// TierGold is the best.
	TierGold Tier = "Gold"
	// TierSilver is good.
	TierSilver Tier = "Silver"
)

// Template is metadata and a pod spec.
type Template struct {
	// +optional
	meta.ObjectMeta `json:"metadata,omitempty"`
	// +optional
	Spec PodSpec `json:"spec,omitempty"`
}

// NamedPort is a port with a name and a protocol.
type NamedPort struct {
	// +required
	Name string `json:"name"`
	// +default="TCP"
	// +optional
	Protocol string `json:"protocol,omitempty"`
	// +k8s:minimum=1
	// +k8s:maximum=65535
	Port int32 `json:"port"`
}

// GizmoStatus is the observed state of a Gizmo.
type GizmoStatus struct {
	// Replicas is how many run.
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
	// Selector is the label selector of the replicas, as text.
	// +optional
	Selector string `json:"selector,omitempty"`
}
