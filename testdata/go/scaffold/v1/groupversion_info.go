// Package v1 contains API Schema definitions for the batch v1 API group, laid out as a
// kubebuilder scaffold lays it out: the package markers are here, not in a doc.go.
// +kubebuilder:object:generate=true
// +groupName=batch.scaffold.example.com
package v1

// GroupVersion is group version used to register these objects (a scaffold registers its kinds
// with controller-runtime's scheme builder here).
const GroupVersion = "batch.scaffold.example.com/v1"
