// +groupName=bad.example.com
package crdcardinality
