// Package selected is a parity pair: tags on a field that reach into the members of the
// field's struct type, which the field's own declaration does not show. Subfields
// (+k8s:subfield), list items selected by their keys (+k8s:item), each item's or value's
// subfield (+k8s:eachVal=+k8s:subfield), members inlined from an embedded struct, and
// +nameFormat on a metadata-like member.
//
// +k8s:openapi-gen=true
package selected
