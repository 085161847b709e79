// Package crdsize is a kind whose fields have long comments, for `kubeidl crd --max-size`:
// descriptions trimmed, longest and deepest first, until the CRD fits.
//
// +groupName=crdsize.example.com
// +versionName=v1
package crdsize
