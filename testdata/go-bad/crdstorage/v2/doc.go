// +groupName=bad.example.com
package v2
