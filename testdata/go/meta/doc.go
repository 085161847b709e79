// Package meta holds kubeidl's own stand-ins for the apimachinery types that have special
// schemas: times, quantities, int-or-string, and the object metadata every kind embeds.
//
// +k8s:openapi-gen=true
package meta
