package mapkey

// IntKeys has a map whose keys are not strings.
type IntKeys struct {
	// Counts by number.
	Counts map[int]string `json:"counts"`
}
