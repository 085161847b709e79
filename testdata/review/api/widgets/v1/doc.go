// Package v1 is version v1 of the widgets API, kubeidl's review fixture.
//
// +k8s:openapi-gen=true
// +groupName=widgets.example.com
package v1
