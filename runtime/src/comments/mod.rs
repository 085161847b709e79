//! Comment conventions openapi-gen established and every front door of kubeidl shares: how a
//! comment's lines become a `description`, how `+key=value` lines are read, and which of them
//! become `x-kubernetes-*` extensions. The Go generator reads them from `//` comments, the derive
//! macro from `///` doc comments.

pub mod defaults;
pub mod description;
pub mod extensions;
pub mod tags;

pub use description::description;
pub use extensions::extensions;
