// Package admission holds the dynamic admission control configuration types of the
// "dynamic-admission-control-configuration" design, with the rules its comments state in prose
// ("Required", "if '*' is present, the length of the slice must be one") written as tags.
//
// +k8s:openapi-gen=true
// +groupName=admissionregistration.example.com
package admission
