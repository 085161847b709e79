// Package tagged is a small API group whose types carry every validation tag kubeidl reads, in
// each of its dialects: KEP-4153's (`+minimum`, `+validationRule`, `+nameFormat`), validation-gen's
// (`+k8s:`), kubebuilder's markers and kube-openapi's `+k8s:validation:` lines, and the KEP's
// own examples. Its kinds are also generated as CRDs (`kubeidl crd`), with a second version
// of Gadget in package v1beta1.
//
// +k8s:openapi-gen=true
// +groupName=tagged.example.com
// +versionName=v1
package tagged
