// +groupName=bad.example.com
package v1
