// Package apimachinery is a parity pair: fields of apimachinery's value types (Quantity,
// IntOrString, Time, MicroTime, Duration), required, optional, defaulted and in collections,
// with rules that read them as timestamps and quantities.
//
// +k8s:openapi-gen=true
package apimachinery
