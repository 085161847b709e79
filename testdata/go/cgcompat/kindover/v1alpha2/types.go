// Package v1alpha2 declares its Widget over v1's and skips the version.
// +groupName=kindover.cgcompat.example.com
package v1alpha2

import v1 "example.com/kubeidl/testdata/cgcompat/kindover/v1"

// +kubebuilder:object:root=true
// +kubebuilder:skipversion
type Widget v1.Widget
