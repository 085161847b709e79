// Package internal holds the controller's own copy of the CronJob type. Its package comment says
// `+kubebuilder:skip`, so it gives no CRD (and needs no +groupName).
// +kubebuilder:skip
package internal

import metav1 "example.com/kubeidl/testdata/meta"

// CronJob is the controller's internal form.
type CronJob struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
