//! Definition names: a hand-written `OpenAPIModelName()` method, else `+k8s:openapi-model-package`
//! on the type, then in the package's `doc.go`, else the REST-friendly form of the Go name.

use super::comment_tags;
use crate::go::{Package, ReturnLiteral, TypeExpr};
pub use kubeidl::schema::rest_friendly_name;

/// The definition name of type `name` declared in `pkg`.
pub fn definition_name(pkg: &Package, name: &str) -> String {
    if let Some(m) = pkg.method(name, "OpenAPIModelName") {
        if m.param_count == 0 && m.results == [TypeExpr::Builtin("string".into())] {
            if let Some(ReturnLiteral::String(model)) = &m.returns {
                return model.clone();
            }
        }
    }
    let tag = "k8s:openapi-model-package";
    let on_type = pkg
        .types
        .get(name)
        .and_then(|d| comment_tags::first_value(&d.comments, tag));
    match on_type.or_else(|| comment_tags::first_value(&pkg.doc_comments, tag)) {
        Some(prefix) if !prefix.is_empty() => format!("{prefix}.{name}"),
        _ => rest_friendly_name(&format!("{}.{}", pkg.path, name)),
    }
}

#[cfg(test)]
mod tests {
    use super::rest_friendly_name;

    #[test]
    fn reverses_the_domain() {
        assert_eq!(
            rest_friendly_name("k8s.io/api/apps/v1.DeploymentSpec"),
            "io.k8s.api.apps.v1.DeploymentSpec"
        );
        assert_eq!(
            rest_friendly_name("k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1.JSON"),
            "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSON"
        );
        assert_eq!(rest_friendly_name("example.com/x.T"), "com.example.x.T");
    }
}
