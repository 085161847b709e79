package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:shortName=bk,scope=Namespaced
// +kubebuilder:printcolumn:name="Schedule",type=string,JSONPath=`.spec.schedule`

// Backup is the Schema for the backups API.
type Backup struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec BackupSpec `json:"spec"`
	// +optional
	Status *BackupStatus `json:"status,omitempty"`
}

// BackupSpec is what to back up, where to, and how often.
// +validationRule="!has(self.keepLast) || self.keepLast >= size(self.targets)",message="keepLast must keep a backup of every target"
type BackupSpec struct {
	// Schedule is when to back up, in cron syntax.
	// +k8s:minLength=9
	// +k8s:maxLength=64
	Schedule string `json:"schedule"`

	// Targets are the volumes to back up, keyed by name.
	// +listType=map
	// +listMapKey=name
	// +k8s:minItems=1
	// +k8s:maxItems=16
	Targets []Target `json:"targets"`

	// Destination is where backups are written.
	Destination Destination `json:"destination"`

	// Compression is how backups are compressed.
	// +optional
	Compression *Compression `json:"compression,omitempty"`

	// KeepLast is how many backups to keep.
	// +optional
	// +k8s:minimum=1
	KeepLast *int32 `json:"keepLast,omitempty"`

	// Suspend stops new backups from being scheduled.
	// +optional
	Suspend bool `json:"suspend,omitempty"`
}

// Target is one volume to back up.
type Target struct {
	// Name is the volume's name.
	// +k8s:format=k8s-short-name
	Name string `json:"name"`

	// Paths are the directories to back up; everything when empty.
	// +optional
	// +listType=set
	// +k8s:maxItems=32
	Paths []string `json:"paths,omitempty"`
}

// Destination is where backups are written: one of the members, named by `type`.
type Destination struct {
	// +k8s:unionDiscriminator
	// +kubebuilder:validation:Enum=S3;PVC
	Type string `json:"type"`

	// S3 is a bucket of an S3-compatible store.
	// +optional
	// +k8s:unionMember
	S3 *S3Destination `json:"s3,omitempty"`

	// PVC is a persistent volume claim in the backup's namespace.
	// +optional
	// +k8s:unionMember
	PVC *PVCDestination `json:"pvc,omitempty"`
}

// S3Destination is a bucket and a key prefix.
type S3Destination struct {
	// Bucket is the bucket's name.
	// +k8s:minLength=3
	// +k8s:maxLength=63
	Bucket string `json:"bucket"`

	// Prefix is prepended to every object's key.
	// +optional
	// +validationRule="!self.startsWith('/')",message="prefix must not start with a slash"
	Prefix string `json:"prefix,omitempty"`
}

// PVCDestination is a claim by name.
type PVCDestination struct {
	// ClaimName is the claim's name.
	// +k8s:format=k8s-long-name
	ClaimName string `json:"claimName"`
}

// Compression is how backups are compressed.
// +enum
type Compression string

const (
	// CompressionNone stores backups as they are.
	CompressionNone Compression = "none"
	// CompressionGzip is gzip.
	CompressionGzip Compression = "gzip"
	// CompressionZstd is zstd.
	CompressionZstd Compression = "zstd"
)

// BackupStatus is what was last seen of a backup.
type BackupStatus struct {
	// LastSuccess is when the last backup finished.
	// +optional
	LastSuccess *metav1.Time `json:"lastSuccess,omitempty"`

	// Backups is how many backups are kept.
	// +optional
	// +k8s:minimum=0
	Backups int32 `json:"backups,omitempty"`
}
