package apimachinery

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Budget is what a job may use, and when.
// +validationRule="!has(self.deadline) || self.deadline > self.start",message="the deadline must follow the start"
// +validationRule="!has(self.cpu) || quantity(self.cpu).isGreaterThan(quantity('10m'))",message="at least 10m of CPU"
type Budget struct {
	// CPU the job may use, if bounded.
	// +optional
	CPU *resource.Quantity `json:"cpu,omitempty"`

	// Memory per replica.
	Memory resource.Quantity `json:"memory"`

	// Limits per resource name.
	// +optional
	Limits map[string]resource.Quantity `json:"limits,omitempty"`

	// Port to report on, by number or name.
	Port intstr.IntOrString `json:"port"`

	// MaxSurge is how far above the count a rollout may go.
	// +optional
	// +default="25%"
	MaxSurge *intstr.IntOrString `json:"maxSurge,omitempty"`

	// Start is when the job may begin.
	Start metav1.Time `json:"start"`

	// Deadline is when the job must be done.
	// +optional
	Deadline *metav1.Time `json:"deadline,omitempty"`

	// Heartbeat is when the job last reported.
	// +optional
	Heartbeat *metav1.MicroTime `json:"heartbeat,omitempty"`

	// Timeout of one attempt.
	// +optional
	// +default="30s"
	Timeout *metav1.Duration `json:"timeout,omitempty"`

	// Checkpoints the job passed.
	// +listType=atomic
	// +optional
	Checkpoints []metav1.Time `json:"checkpoints,omitempty"`
}
