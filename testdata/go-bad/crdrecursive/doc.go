// +groupName=bad.example.com
package crdrecursive
