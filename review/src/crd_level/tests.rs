//! CRD-level changes on small CRDs: pairing, stored versions, defaults, directions and verdicts,
//! the apiserver's errors, and input of the wrong shape.

use super::*;
use crate::{diff, read_revision, rule_of, Direction, Updates};

fn rev(yaml: &str, file: &str) -> Revision {
    read_revision(yaml.as_bytes(), file).expect("a CRD")
}

/// A CRD of `example.com`, kind Widget, with `versions` (YAML list items, indented by
/// four) and `rest` (further `spec` fields, indented by two) and `tail` (after `spec`).
fn crd(versions: &str, rest: &str, tail: &str) -> String {
    format!(
        "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {{name: widgets.example.com}}\nspec:\n  group: example.com\n  names: {{kind: Widget, plural: widgets}}\n  scope: Namespaced\n{rest}  versions:\n{versions}{tail}"
    )
}

fn rules(old: &str, new: &str) -> Vec<(String, String, Direction, Option<Updates>)> {
    let (old, new) = (rev(old, "old.yaml"), rev(new, "new.yaml"));
    findings(&old, &new)
        .findings
        .into_iter()
        .map(|f| (f.rule.to_string(), f.path, f.direction, f.updates))
        .collect()
}

#[test]
fn every_rule_is_in_the_table_and_every_change_names_one_of_them() {
    for id in RULE_IDS {
        assert!(rule_of(id).is_some(), "{id} is not in RULES");
    }
    let change = Change::VersionAdded {
        version: "v2".into(),
        served: true,
    };
    assert!(reports(change.rule()));
    assert!(!reports("definition-removed"));
}

#[test]
fn directions_and_updates_follow_what_the_apiserver_and_clients_do() {
    use Direction::*;
    let v = || "v1".to_string();
    let cases = [
        // Refused: nothing changes, no update fails.
        (
            Change::Immutable {
                field: Field::Scope,
                old: "Namespaced".into(),
                new: "Cluster".into(),
                renamed: None,
            },
            Incompatible,
            Some(Updates::None),
        ),
        (
            Change::StoredVersionRemoved {
                version: v(),
                index: 0,
                listed: true,
            },
            Incompatible,
            Some(Updates::None),
        ),
        // An endpoint gone: every request through it fails.
        (
            Change::ServedVersionRemoved {
                version: v(),
                status_known: false,
            },
            Incompatible,
            Some(Updates::EveryUpdate),
        ),
        (
            Change::StatusRemoved { version: v() },
            Incompatible,
            Some(Updates::EveryUpdate),
        ),
        // Status dropped silently, selectors refused: nothing rejects an update.
        (
            Change::StatusAdded { version: v() },
            Incompatible,
            Some(Updates::None),
        ),
        (
            Change::SelectableRemoved {
                version: v(),
                field: ".spec.color".into(),
            },
            Incompatible,
            Some(Updates::None),
        ),
        (
            Change::NamesRemoved {
                list: NameList::ShortNames,
                names: vec!["wd".into()],
            },
            Tightening,
            Some(Updates::None),
        ),
        (
            Change::NamesAdded {
                list: NameList::Categories,
                names: vec!["all".into()],
            },
            Loosening,
            None,
        ),
        (
            Change::UnservedVersionRemoved {
                version: v(),
                status_known: true,
            },
            Neutral,
            None,
        ),
        (
            Change::ScalePath {
                version: v(),
                key: "labelSelectorPath",
                old: None,
                new: Some(".status.selector".into()),
            },
            Loosening,
            None,
        ),
        (
            Change::ScalePath {
                version: v(),
                key: "labelSelectorPath",
                old: Some(".status.selector".into()),
                new: None,
            },
            Incompatible,
            Some(Updates::None),
        ),
        (
            Change::StrategyChanged {
                old: "Webhook".into(),
                new: "None".into(),
                versions: 2,
            },
            Incompatible,
            Some(Updates::EveryUpdate),
        ),
        (
            Change::StrategyChanged {
                old: "Webhook".into(),
                new: "None".into(),
                versions: 1,
            },
            Neutral,
            None,
        ),
        (
            Change::StrategyChanged {
                old: "None".into(),
                new: "Webhook".into(),
                versions: 2,
            },
            Neutral,
            None,
        ),
        (
            Change::ReviewVersionsChanged {
                old: vec!["v1".into()],
                new: vec!["v2".into()],
                refused: true,
            },
            Incompatible,
            Some(Updates::None),
        ),
    ];
    for (change, direction, updates) in cases {
        let mut report = Report::default();
        report.emit(change.clone(), String::new(), None, None);
        let f = &report.out[0];
        assert_eq!((f.direction, f.updates), (direction, updates), "{change:?}");
        // The table's usual direction is the one a rule gives unless it decides per change.
        let usual = rule_of(f.rule).unwrap();
        if !usual.summary.contains("when") {
            assert_eq!(usual.direction, direction, "{}", f.rule);
        }
    }
}

#[test]
fn refusals_quote_the_apiserver() {
    let stored = Change::StoredVersionRemoved {
        version: "v1beta1".into(),
        index: 1,
        listed: true,
    };
    assert!(stored.message().starts_with(
        "the apiserver refuses the new CRD: status.storedVersions[1]: Invalid value: \"v1beta1\": missing from spec.versions; v1beta1 was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in v1beta1 and removes v1beta1 from status.storedVersions ("
    ));
    let scope = Change::Immutable {
        field: Field::Scope,
        old: "Namespaced".into(),
        new: "Cluster".into(),
        renamed: None,
    };
    assert!(scope
        .message()
        .contains(": spec.scope: Invalid value: \"Cluster\": field is immutable;"));
    let review = Change::ReviewVersionsChanged {
        old: vec!["v1".into()],
        new: vec!["v2".into(), "v3".into()],
        refused: true,
    };
    assert_eq!(
        review.message(),
        "the apiserver refuses the new CRD: spec.conversion.conversionReviewVersions: Invalid value: []string{\"v2\", \"v3\"}: must include at least one of v1, v1beta1"
    );
}

#[test]
fn stored_versions_come_from_the_status_or_the_storage_version() {
    let versions = "  - {name: v1alpha1, served: false, storage: false}\n  - {name: v1beta1, served: true, storage: false}\n  - {name: v1, served: true, storage: true}\n";
    let only_v1 = "  - {name: v1, served: true, storage: true}\n";
    // Without a status, only the storage version is known to be stored.
    let got = rules(&crd(versions, "", ""), &crd(only_v1, "", ""));
    assert_eq!(
        got.iter()
            .map(|(r, p, ..)| (r.as_str(), p.as_str()))
            .collect::<Vec<_>>(),
        [
            ("unserved-version-removed", "spec.versions[v1alpha1]"),
            ("served-version-removed", "spec.versions[v1beta1]"),
        ]
    );
    // With one, each listed version must stay.
    let status = "status:\n  storedVersions: [v1alpha1, v1]\n";
    let (old, new) = (
        rev(&crd(versions, "", status), "old.yaml"),
        rev(&crd(only_v1, "", ""), "new.yaml"),
    );
    let found = findings(&old, &new).findings;
    assert_eq!(found[0].rule, "stored-version-removed");
    assert!(found[0]
        .message
        .contains("status.storedVersions[0]: Invalid value: \"v1alpha1\""));
    assert!(found[0]
        .message
        .contains("the old file's status.storedVersions lists v1alpha1"));
    let site = found[0].old.as_ref().unwrap();
    assert_eq!(
        (site.text.as_str(), site.line, site.column),
        ("name: v1alpha1", Some(9), Some(12))
    );
    assert_eq!(found[1].rule, "served-version-removed");
    // The storage version dropped, with no status: refused, as for [v1].
    let two = "  - {name: v1, served: true, storage: false}\n  - {name: v2, served: true, storage: true}\n";
    let got = rules(
        &crd(only_v1, "", ""),
        &crd("  - {name: v2, served: true, storage: true}\n", "", ""),
    );
    assert_eq!(got[0].0, "stored-version-removed");
    let got = rules(&crd(only_v1, "", ""), &crd(two, "", ""));
    assert_eq!(
        got.iter().map(|(r, ..)| r.as_str()).collect::<Vec<_>>(),
        ["version-added", "storage-version-changed"]
    );
}

#[test]
fn defaults_count_and_unchanged_crds_give_nothing() {
    let v1 = "  - {name: v1, served: true, storage: true}\n";
    let plain = crd(v1, "", "");
    let explicit = plain.replace(
        "names: {kind: Widget, plural: widgets}",
        "names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}",
    );
    assert!(rules(&plain, &explicit).is_empty());
    assert!(rules(&plain, &plain).is_empty());
    let conversion = "  conversion: {strategy: None}\n";
    assert!(rules(&plain, &crd(v1, conversion, "")).is_empty());
}

#[test]
fn removed_and_added_versions_are_not_also_definition_findings() {
    let old = crd(
        "  - {name: v1beta1, served: true, storage: false}\n  - {name: v1, served: true, storage: true}\n",
        "",
        "",
    );
    let new = crd(
        "  - {name: v1, served: true, storage: true}\n  - {name: v2, served: false, storage: false}\n",
        "",
        "",
    );
    let found = diff(&rev(&old, "old.yaml"), &rev(&new, "new.yaml"));
    let got: Vec<(&str, &str)> = found
        .iter()
        .map(|f| (f.rule, f.definition.as_str()))
        .collect();
    assert_eq!(
        got,
        [
            ("served-version-removed", "widgets.example.com"),
            ("version-added", "widgets.example.com"),
        ]
    );
}

#[test]
fn a_crd_of_another_name_is_another_object() {
    let v1 = "  - {name: v1, served: true, storage: true}\n";
    let old = crd(v1, "", "");
    let new = old
        .replace("widgets.example.com", "gadgets.example.com")
        .replace("plural: widgets", "plural: gadgets")
        .replace("storage: true", "storage: false");
    let got = rules(&old, &new);
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(got[0].0, "plural-changed");
    let (old, new) = (rev(&old, "old.yaml"), rev(&new, "new.yaml"));
    let message = &findings(&old, &new).findings[0].message;
    assert!(message.contains("another object"), "{message}");
    assert!(!message.contains("refuses"), "{message}");
}

#[test]
fn fields_of_the_wrong_shape_are_read_as_absent() {
    let old = crd(
        "  - {name: v1, served: true, storage: true, subresources: 3, selectableFields: {a: 1}, additionalPrinterColumns: [1, {name: 2}]}\n",
        "  conversion: [1]\n",
        "status: {storedVersions: v1}\n",
    )
    .replace("kind: Widget,", "kind: Widget, shortNames: wd, categories: [1],");
    let new = crd(
        "  - {name: v1, served: yes, storage: [], deprecated: 1, subresources: {scale: 1}}\n",
        "  conversion: {strategy: 7, webhook: {conversionReviewVersions: v1}}\n",
        "",
    );
    let got = rules(&old, &new);
    let ids: Vec<&str> = got.iter().map(|(r, ..)| r.as_str()).collect();
    // `storage: []` is no storage version, `served: yes` a served one; scale appeared.
    assert_eq!(ids, ["scale-subresource-added"], "{got:?}");
}

#[test]
fn subresources_of_a_version_served_on_neither_side_are_not_compared() {
    // Gateway API v1.4 -> v1.5: BackendTLSPolicy v1alpha3 gains a status subresource while it
    // is served: false on both sides; no request reaches it.
    let versions = |served: bool, status: bool| {
        let status = if status {
            "      subresources: {status: {}}\n"
        } else {
            ""
        };
        format!(
            "    - {{name: v1, served: true, storage: true, schema: {{openAPIV3Schema: {{type: object}}}}}}\n    - name: v1alpha3\n      served: {served}\n      storage: false\n      schema: {{openAPIV3Schema: {{type: object}}}}\n{status}"
        )
    };
    let unserved = rules(
        &crd(&versions(false, false), "", ""),
        &crd(&versions(false, true), "", ""),
    );
    assert!(unserved.is_empty(), "{unserved:?}");
    let served = rules(
        &crd(&versions(true, false), "", ""),
        &crd(&versions(true, true), "", ""),
    );
    let ids: Vec<&str> = served.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(ids, ["status-subresource-added"], "{served:?}");
}
