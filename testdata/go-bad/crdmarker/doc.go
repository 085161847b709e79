// +groupName=bad.example.com
package crdmarker
