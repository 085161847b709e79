// Package v1beta1 declares its Widget over v1's.
// +groupName=kindover.cgcompat.example.com
package v1beta1

import v1 "example.com/kubeidl/testdata/cgcompat/kindover/v1"

// Widget is the older version, the same type.
// +kubebuilder:object:root=true
// +kubebuilder:printcolumn:name="Size",type=integer,JSONPath=".spec.size"
type Widget v1.Widget
