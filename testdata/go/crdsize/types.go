package crdsize

import "example.com/kubeidl/testdata/meta"

// Archive keeps copies of a volume.
type Archive struct {
	meta.TypeMeta   `json:",inline"`
	meta.ObjectMeta `json:"metadata,omitempty"`

	Spec ArchiveSpec `json:"spec"`
}

// ArchiveSpec is what to copy, and how.
type ArchiveSpec struct {
	// Schedule says when copies are taken. It is a cron expression in the five-field form
	// that the cron daemon reads, evaluated in the controller's time zone unless a zone is
	// named. A schedule that never fires is accepted, and no copy is then ever taken, which
	// is rarely what anyone wants but is not refused. Changing it does not touch copies
	// already taken; the next copy follows the new schedule.
	Schedule string `json:"schedule"`

	// Retention says how long copies are kept. Copies older than this are deleted by the
	// controller on its next pass, oldest first, but never the last remaining copy, so that a
	// volume always has at least one copy to restore from. A zero retention keeps every copy.
	Retention int32 `json:"retention"`

	// Target is where copies go. It names a bucket and the prefix within it.
	Target Target `json:"target"`

	// Paused stops new copies.
	Paused bool `json:"paused"`
}

// Target is a bucket and a prefix.
type Target struct {
	// Bucket is the name of the bucket copies are written to. The bucket must exist before
	// the first copy is taken; the controller does not create it, and reports a condition on
	// the archive until it exists. Its name is not checked here beyond being non-empty text.
	Bucket string `json:"bucket"`

	// Prefix is prepended to the name of every object written. Short.
	Prefix string `json:"prefix"`
}
