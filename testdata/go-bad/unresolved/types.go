package unresolved

import "example.com/nowhere/pkg"

// Dangling refers to a package no module provides.
type Dangling struct {
	// Thing is from nowhere.
	Thing pkg.Thing `json:"thing"`
}
