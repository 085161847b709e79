//! The Go front end: reads Go API packages with tree-sitter, without a Go toolchain.
//!
//! [`Loader`] maps import paths to directories through a [`ModuleMap`], parses packages (in
//! parallel, and only when reached) into the declarations of [`model`], and answers lookups of
//! named types across packages.

mod build_constraint;
mod comments;
mod loader;
pub mod model;
mod modules;
mod overlay;
pub mod parse;
pub mod struct_tag;

pub use loader::{is_generated, Loader};
pub use model::*;
pub use modules::ModuleMap;
pub use overlay::Overlay;
