package v1

import (
	// A scaffold imports k8s.io/apimachinery; the tests use the stand-in meta package.
	metav1 "example.com/kubeidl/testdata/meta"
)

// CronJobSpec defines the desired state of CronJob.
type CronJobSpec struct {
	// Schedule in Cron format.
	// +kubebuilder:validation:MinLength=1
	Schedule string `json:"schedule"`

	// JobTemplate names the job to run (required, and after schedule in Go order).
	JobTemplate string `json:"jobTemplate"`

	// Suspend tells the controller to suspend subsequent executions.
	// +optional
	Suspend *bool `json:"suspend,omitempty"`

	// SuccessfulJobsHistoryLimit is how many finished jobs to keep.
	// +kubebuilder:validation:Minimum=0
	// +optional
	SuccessfulJobsHistoryLimit *int32 `json:"successfulJobsHistoryLimit,omitempty"`

	// Paused is left out of the JSON when false (Go 1.24's omitzero), so it is optional.
	Paused bool `json:"paused,omitzero"`

	// Notify is where to report runs.
	// +optional
	Notify *Endpoint `json:"notify,omitempty"`

	// Weights are keyed by endpoints (TextMarshaler keys are strings).
	// +optional
	Weights map[Endpoint]int32 `json:"weights,omitempty"`

	// Every is how often to run.
	// +optional
	Every *Interval `json:"every,omitempty"`

	// ConcurrencyPolicy defaults in controller-gen's marker syntax:
	// a bare word is a string.
	// +kubebuilder:default=Allow
	// +optional
	ConcurrencyPolicy string `json:"concurrencyPolicy,omitempty"`

	// Tags default to a list written in braces.
	// +kubebuilder:default={nightly,batch}
	// +optional
	Tags []string `json:"tags,omitempty"`

	// Finalizers default to an empty list (`{}` on a list).
	// +kubebuilder:default={}
	// +optional
	Finalizers []string `json:"finalizers,omitempty"`

	// Owner has both defaults; controller-gen applies the kubebuilder one last, so it wins.
	// +default="nobody"
	// +kubebuilder:default=batch-team
	// +optional
	Owner string `json:"owner,omitempty"`

	// lastSchedule is the controller's own: encoding/json never sees an unexported field.
	lastSchedule string
}

// CronJobStatus defines the observed state of CronJob.
type CronJobStatus struct {
	// Active holds the names of the running jobs.
	// +optional
	// +listType=atomic
	Active []string `json:"active,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:storageversion
// +kubebuilder:metadata:annotations="api-approved.kubernetes.io=unapproved, experimental";"example.com/owner=batch-team"
// +kubebuilder:printcolumn:name="Schedule",type=string,JSONPath=`.spec.schedule`
// +kubebuilder:printcolumn:name="Suspend",type=boolean,JSONPath=`.spec.suspend`

// CronJob is the Schema for the cronjobs API.
type CronJob struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   CronJobSpec   `json:"spec,omitempty"`
	Status CronJobStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// CronJobList contains a list of CronJob.
type CronJobList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []CronJob `json:"items"`
}

// Endpoint is written as a string: it implements encoding.TextMarshaler, so neither kubeidl nor
// controller-gen looks at its fields.
type Endpoint struct {
	Host string
	Port int
}

// MarshalText writes host:port.
func (e Endpoint) MarshalText() ([]byte, error) {
	return []byte(e.Host), nil
}

// +kubebuilder:validation:Type=integer
// Interval marshals itself as a number of seconds (MarshalJSON); its Type marker says so.
type Interval struct {
	seconds int64
}

// MarshalJSON writes the number of seconds.
func (i Interval) MarshalJSON() ([]byte, error) {
	return nil, nil
}
