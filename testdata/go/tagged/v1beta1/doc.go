// Package v1beta1 is the older version of the tagged group's Gadget: with the Gadget of package
// tagged (version v1) it makes one CRD of two versions, this one served but not stored.
//
// +k8s:openapi-gen=true
// +groupName=tagged.example.com
package v1beta1
