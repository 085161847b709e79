//! Documents to validate: JSON and (multi-document) YAML read into JSON values, with the line and
//! column of every node kept beside them so errors can point into the file, and duplicate keys,
//! excessive nesting, excessive aliasing and bad bytes reported per document without losing the
//! others.

mod budget;
mod positions;
mod yaml;

pub use budget::{EXCESSIVE_ALIASING, MAX_NODES};
pub use positions::{pointer_key, pointer_token, SourcePosition};
pub use yaml::{chunks, read_documents, Chunk, Document, DocumentError, MAX_DEPTH};
