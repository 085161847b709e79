//! What the generator's tests share with its benchmark and the `kube_data` example.

pub mod k8s;
