// +k8s:openapi-gen=true
// +k8s:openapi-model-package=com.example.defaults.v1

// Package defaults exercises every kind of default, and names its definitions with
// +k8s:openapi-model-package.
package defaults
