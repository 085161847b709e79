package v1

// TypeMeta describes an individual object in an API response or request
// with strings representing the type of the object and its API schema version.
// Structures that are versioned or persisted should inline TypeMeta.
type TypeMeta struct {
	// Kind is a string value representing the REST resource this object represents.
	// Servers may infer this from the endpoint the client submits requests to.
	// Cannot be updated.
	// In CamelCase.
	// More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds
	// +optional
	Kind string `json:"kind,omitempty" protobuf:"bytes,1,opt,name=kind"`

	// APIVersion defines the versioned schema of this representation of an object.
	// Servers should convert recognized schemas to the latest internal value, and
	// may reject unrecognized values.
	// More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources
	// +optional
	APIVersion string `json:"apiVersion,omitempty" protobuf:"bytes,2,opt,name=apiVersion"`
}

// The metadata every persisted object has.
type ObjectMeta struct {
	// The object's name, unique within its namespace.
	// +optional
	Name string `json:"name,omitempty"`

	// A prefix the server completes into a unique name.
	// +optional
	GenerateName string `json:"generateName,omitempty"`

	// The namespace the object is in.
	// +optional
	Namespace string `json:"namespace,omitempty"`

	// The server's unique identifier of the object.
	// +optional
	UID string `json:"uid,omitempty"`

	// The version of the object the server holds.
	// +optional
	ResourceVersion string `json:"resourceVersion,omitempty"`

	// A sequence number for the desired state.
	// +optional
	Generation int64 `json:"generation,omitempty"`

	// When the server created the object.
	// +optional
	CreationTimestamp Time `json:"creationTimestamp,omitempty"`

	// When the server will delete the object.
	// +optional
	DeletionTimestamp *Time `json:"deletionTimestamp,omitempty"`

	// Keys and values that organize and select objects.
	// +optional
	Labels map[string]string `json:"labels,omitempty"`

	// Keys and values that tools keep with the object.
	// +optional
	Annotations map[string]string `json:"annotations,omitempty"`

	// What must be done before the object is deleted.
	// +optional
	Finalizers []string `json:"finalizers,omitempty"`
}
