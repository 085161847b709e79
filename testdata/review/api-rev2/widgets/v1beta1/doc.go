// Package v1beta1 is version v1beta1 of the widgets API, kubeidl's review fixture.
//
// +k8s:openapi-gen=true
// +groupName=widgets.example.com
package v1beta1
