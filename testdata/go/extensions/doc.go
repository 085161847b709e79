// Package extensions exercises the x-kubernetes-* extensions and unions. Its doc.go does not
// select the package, so only types tagged one by one get definitions.
package extensions
