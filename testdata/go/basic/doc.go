// Package basic exercises descriptions, property names, required and optional members, inline
// members, aliases and defined types.
//
// +k8s:openapi-gen=true
// +groupName=basic.example.com
package basic
