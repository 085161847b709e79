// Package v1alpha1 declares its Widget over v1's, without a doc comment of its own.
// +groupName=kindover.cgcompat.example.com
package v1alpha1

import v1 "example.com/kubeidl/testdata/cgcompat/kindover/v1"

// +kubebuilder:object:root=true
// +kubebuilder:deprecatedversion:warning="v1alpha1 is deprecated"
type Widget v1.Widget
