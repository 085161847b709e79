// +k8s:openapi-gen=true
package kepformats
