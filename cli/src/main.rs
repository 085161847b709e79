//! The `kubeidl` command line: argument parsing and dispatch to one module per subcommand.
//! The work is the libraries': kubeidl-gen generates, kubeidl validates, kubeidl-admission
//! admits, kubeidl-review reviews; this crate reads arguments and files and prints.

mod admit;
mod admit_test;
mod cel;
mod check_policies;
mod cluster;
mod crd;
mod diff;
mod inputs;
mod lint;
mod lsp;
mod openapi;
mod request;
mod review;
mod settings;
mod tags;
mod validate;
mod validate_report;

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// Kubernetes declarative validation: OpenAPI and CRDs from Go API types and their tags.
#[derive(Parser)]
#[command(name = "kubeidl", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Generate OpenAPI v3 component schemas from Go API packages.
    ///
    /// Reads the packages with tree-sitter (no Go toolchain) and follows openapi-gen's rules, so the
    /// output for k8s.io/api equals what a Kubernetes apiserver publishes. Types get definitions
    /// when their package's doc.go has `+k8s:openapi-gen=true` (minus types tagged `=false`) or
    /// when they carry `+k8s:openapi-gen=true` themselves; every type they reference gets one too.
    ///
    /// Examples:
    ///
    ///   kubeidl openapi ./testdata/go/basic
    ///
    ///   kubeidl openapi --module k8s.io/api=$API --module k8s.io/apimachinery=$APIMACHINERY \
    ///       k8s.io/api/apps/... -o apps.json
    ///
    ///   kubeidl openapi --check -o apps.json ...   # exit 1 when apps.json is stale
    #[command(verbatim_doc_comment)]
    Openapi(OpenapiArgs),
    /// Generate CustomResourceDefinitions from Go API packages.
    ///
    /// A kind is a struct that embeds both TypeMeta and ObjectMeta. Its CRD takes the group from
    /// the package's `+groupName=`, the version from `+versionName=` (else the package name),
    /// and names and scope from `+kubebuilder:resource:path=,singular=,shortName=a;b,
    /// categories=,scope=Cluster` (or `+genclient:nonNamespaced`); the plural defaults to the
    /// lower-case English plural of the kind. `+kubebuilder:subresource:status`,
    /// `:subresource:scale:specpath=,statuspath=,selectorpath=`, `+kubebuilder:printcolumn:...`,
    /// `+kubebuilder:selectablefield:JSONPath=`, `+kubebuilder:storageversion`,
    /// `:unservedversion`, `:skipversion` and `:deprecatedversion:warning=` work as in
    /// controller-gen. Packages of one group make the versions of one CRD.
    ///
    /// The schema is the kind's OpenAPI with validation tags lowered (as `kubeidl openapi`
    /// makes it), inlined and structural: no $ref, int-or-string and free-form nodes as a CRD
    /// spells them, root metadata reduced to `type: object` (its rules, such as +nameFormat's,
    /// move to the root), ObjectMeta below the root reduced to name, namespace, labels,
    /// annotations and finalizers, OpenAPI-only extensions (x-kubernetes-strip-zero, patch
    /// strategies) left out. The apiserver's checks run at build time: structural invariants,
    /// list types and map keys, and every CEL rule compiled with its cost multiplied by how
    /// often it can run per object. Errors point at the Go tag or type. Recursive types are an
    /// error (a CRD schema cannot describe them).
    ///
    /// Output is YAML with sorted keys, the same bytes on every run.
    ///
    /// A CRD bigger than a client-side `kubectl apply` can record (262144 bytes of annotations:
    /// the CRD's JSON) gets a warning; --max-size trims its descriptions, longest first, until
    /// it fits.
    ///
    /// Examples:
    ///
    ///   kubeidl crd ./testdata/go/tagged
    ///
    ///   kubeidl crd --max-size 262144 -o config/crd/bases ./api/...   # fits kubectl apply
    ///
    ///   kubeidl crd --module k8s.io/apimachinery=$APIMACHINERY ./api/... -o config/crd/bases
    ///
    ///   kubeidl crd --check -o config/crd/bases ./api/...   # exit 1 when a file is stale
    #[command(verbatim_doc_comment)]
    Crd(CrdArgs),
    /// Evaluate a CEL expression as Kubernetes would: type-check it, estimate its cost, run it.
    ///
    /// `self` (and `oldSelf` with --old-self) is the given JSON. With --schema it is typed by a
    /// schema node, as in a CRD's x-kubernetes-validations: integers are ints, numbers doubles,
    /// date-time strings timestamps, only declared properties are visible (with escaped names),
    /// and list types give sets and map lists their equality. Without it, self is typed from the
    /// JSON itself. The Kubernetes libraries (lists, regex, url, ip, cidr, format, quantity,
    /// semver, sets, strings, optionals) are available.
    ///
    /// Prints the result, its type, and the estimated and actual cost; exits 0 with a result,
    /// 1 when the expression does not parse, check or evaluate, 2 on unusable input.
    ///
    /// Examples:
    ///
    ///   kubeidl cel "self.minReplicas <= self.maxReplicas" --self '{"minReplicas": 1, "maxReplicas": 3}'
    ///
    ///   kubeidl cel "self.spec.replicas >= oldSelf.spec.replicas" --self @new.json --old-self @old.json \
    ///       --schema apps_v1.json#/components/schemas/io.k8s.api.apps.v1.Deployment -o json
    ///
    ///   kubeidl cel --library kep-formats "self.validateFormat('k8s-short-name')" --self '"My_Name"'
    #[command(verbatim_doc_comment)]
    Cel(CelArgs),
    /// Validate manifests as a Kubernetes apiserver would, without contacting one.
    ///
    /// Built-in kinds need nothing but the manifest: the schemas of every built-in kind of
    /// Kubernetes 1.30 to 1.36 are inside kubeidl (--kube-version picks one; the newest by
    /// default), with the enum values and declarative validations the apiserver enforces.
    /// Custom kinds come from CustomResourceDefinitions (--crds); --schemas adds or overrides
    /// kinds from OpenAPI v3 documents (kinds found through x-kubernetes-group-version-kind).
    ///
    /// Each document of each FILE (YAML or JSON, several documents per file, - for stdin,
    /// directories searched for .yaml/.yml/.json, files checked in parallel, reported in order)
    /// is decoded as the apiserver decodes it (unknown fields fail the document alone, unless
    /// --field-validation says otherwise), then checked: types, required, enums, bounds,
    /// lengths, patterns, formats, list types, metadata, and CEL rules. A
    /// CustomResourceDefinition document is also checked as apiextensions checks a CRD (its
    /// schema structural, its rules compiling within their cost). With --old, objects found
    /// there (by kind, namespace and name) are validated as updates: transition rules see
    /// oldSelf and unchanged values are ratcheted.
    ///
    /// Errors print as the apiserver prints them, after the file:line:col of the offending
    /// node, and a summary line follows on stderr. Exit code: 0 all valid, 1 some document
    /// invalid, 2 unusable input (unreadable YAML, no kind, a kind without schema).
    ///
    /// Examples:
    ///
    ///   kubeidl validate deploy.yaml
    ///
    ///   kubeidl validate --kube-version 1.33 -o json manifests/
    ///
    ///   kubeidl validate --crds config/crd/ --old live.yaml config/samples/
    ///
    ///   kubeidl validate --ignore-missing-schemas --skip-kinds Secret,example.com/v1/Widget repo/
    #[command(verbatim_doc_comment)]
    Validate(ValidateArgs),
    /// Run requests through the admission chain, as an apiserver would, without one:
    /// MutatingAdmissionPolicies, then ValidatingAdmissionPolicies on the object they make; or
    /// (--explain) say which policies and webhooks each request reaches.
    ///
    /// Policies and their bindings (--policies) are read with the API's defaults and their
    /// expressions compiled once. MutatingAdmissionPolicies run first: their apply
    /// configurations are merged as server-side apply merges, by the kind's schema, and their
    /// JSON patches applied; the object they change is validated by its schema; then the
    /// ValidatingAdmissionPolicies decide on it. Mutating webhooks cannot run offline: those a
    /// request reaches are named, and taken to leave the object unchanged. Each REQUEST document is an AdmissionReview (its `request`
    /// as an apiserver fills it) or a manifest, made into a request by --operation (CREATE by
    /// default), --old, --subresource, --user and --groups. Built-in kinds are resolved to their
    /// resources from the embedded Kubernetes release (--kube-version), custom kinds from
    /// --crds. A namespace not given with --namespaces is taken to exist with only the
    /// `kubernetes.io/metadata.name` label; a manifest without a namespace is in `default`.
    ///
    /// Each request prints its verdict with the manifest's file:line:col, the apiserver's
    /// message when denied, what the mutating policies changed (as JSON Patch operations), its
    /// warnings and audit annotations (-v: every policy, binding and param considered, and
    /// why). -o json prints one AdmissionReview response per request (with patchType and patch
    /// when mutated, the mutatedObject beside it, and the request's source position).
    /// Exit code: 0 all admitted, 1 some denied, 2 unusable input.
    ///
    /// Examples:
    ///
    ///   kubeidl admit --policies policies/ deploy.yaml
    ///
    ///   kubeidl admit --policies policy.yaml --params limits.yaml --namespaces ns.yaml -o json deploy.yaml
    ///
    ///   kubeidl admit --policies policy.yaml --operation UPDATE --old live.yaml deploy.yaml
    ///
    ///   kubeidl admit --policies policy.yaml --rbac rbac/ --user ann --groups team-leads deploy.yaml
    ///
    ///   kubeidl admit --policies policy.yaml review.json     # an AdmissionReview request
    ///
    ///   kubeidl admit --policies mutating-policy.yaml --crds crds/ -o json pod.yaml
    ///
    /// With --explain, --policies also takes Validating- and MutatingWebhookConfigurations, and
    /// each request lists every mutating webhook, policy binding and validating webhook in the
    /// order the apiserver calls them (configurations by name), each called or not and why:
    /// the namespace or object selector, the rules (and equivalent versions), matchConditions
    /// with the webhook's failurePolicy, a dry run and side effects. -o json prints one entry
    /// per request: {uid, mutatingWebhooks, validatingAdmissionPolicies, validatingWebhooks,
    /// error}.
    ///
    ///   kubeidl admit --explain --policies cluster-config/ --namespaces ns.yaml deploy.yaml
    ///
    /// With --check-policies, each policy and binding is checked as the apiserver checks it on
    /// create (field errors: `spec.validationActions: Invalid value: ...: must not contain both
    /// Deny and Warn ...`, expressions that do not compile), and each policy's expressions are
    /// type-checked against the schemas of the kinds its rules name, as the apiserver writes
    /// status.typeChecking (`apps/v1, Kind=Deployment: ERROR: <input>:1:7: undefined field
    /// 'replicas'`). -o json: one entry per object, {kind, name, errors: [{field, type,
    /// message}], expressionWarnings: [{fieldRef, warning}], notes}; notes are kubeidl's own,
    /// which the apiserver does not give: variables no expression reads, and worst-case cost
    /// estimates over the runtime limits (per expression 1,000,000; 10,000,000 together).
    ///
    ///   kubeidl admit --check-policies --policies policies/
    ///
    /// `kubeidl admit test` runs policy test suites (`kubeidl admit test --help`; the suites of
    /// the documentation's policies are in examples/admission-tests/). A request file named
    /// `test` is given as `./test`.
    #[command(verbatim_doc_comment)]
    Admit(AdmitArgs),
    /// Print the reference of the validation tags.
    ///
    /// Every tag kubeidl reads, family by family, from the registry itself: its spelling in each
    /// dialect (KEP-4153, validation-gen, kubebuilder, kube-openapi) with the payload it takes,
    /// where it may stand, what it means and an example. The tag reference in docs/tags.md is
    /// `kubeidl tags -o markdown`.
    ///
    /// Examples:
    ///
    ///   kubeidl tags
    ///
    ///   kubeidl tags -o json
    #[command(verbatim_doc_comment)]
    Tags(TagsArgs),
    /// Say what a schema change does to the objects it accepts, for API review.
    ///
    /// OLD and NEW are two directories of Go packages, two OpenAPI documents (v3
    /// components.schemas, or v2 definitions) or two files of CustomResourceDefinitions (YAML or
    /// JSON). Go package trees are generated as `kubeidl openapi` does, validation tags lowered,
    /// every package below each directory counting (a kubebuilder project's too), definitions
    /// named as openapi-gen names them (com.example.widgets.v1.WidgetSpec). OpenAPI component
    /// schemas are matched by name; each CRD version's openAPIV3Schema is
    /// `<group reversed>.<version>.<Kind>` (com.example.widgets.v1.Widget). References, allOf
    /// wrappers and alias chains are followed and enum and required compared as sets, so a
    /// refactor that changes no validation gives no finding.
    ///
    /// With --git-base REV, the Go packages under each PATH as they were at git revision REV
    /// (read with git ls-tree and cat-file: no checkout) are OLD and the working tree is NEW.
    /// With --crd-versions FILE, each CRD's served versions are compared in order (v1alpha1,
    /// v1beta1, v1), each pair a definition naming both (com.example.widgets.v1beta1->v1.Widget).
    ///
    /// Each finding has a rule ID (--rules lists them), the field (definition.path, `[*]` for
    /// list items, `{*}` for map values), a direction (tightening: something valid before is
    /// rejected; loosening; neutral; incompatible: removals, type and list-type changes; unknown)
    /// and, for tightenings and incompatible changes, which updates of unchanged stored objects
    /// are rejected under the apiserver's ratcheting: none, field-edited, parent-edited or
    /// every-update. Old and new keywords are printed with their file:line:col; for Go inputs,
    /// the tag that caused the change (or the field's declaration) with its source line, and the
    /// field and alias types a type's tag came through.
    ///
    /// A policy says which findings the API's promise forbids; nested from the laxest:
    ///
    ///   wire         incompatible changes (removals, type, format, cardinality, list types)
    ///   stored-data  also tightenings that reject an update of an unchanged stored object
    ///                (updates other than none)
    ///   writers      also every other tightening, and every unknown change
    ///   strict       also loosenings and default changes: any change but neutral ones
    ///
    /// --policy auto (the default) picks by each definition's version: GA (v1, v2) strict,
    /// beta stored-data, alpha wire, no version writers. A finding the policy forbids is an
    /// error (text: an `error: violates policy ...` line; JSON: "violates": "<policy>"), unless
    /// the exception file accepts it (the one `kubeidl lint` reads, with entries naming diff
    /// rules; kubeidl-exceptions.yaml in the current directory when it exists).
    ///
    /// With --witnesses, each tightening (and change of unknown direction) comes with a small
    /// object of its definition that OLD accepts and NEW rejects for that field, found by
    /// varying the schemas' own bounds, lengths, enum values and defaults and checked with
    /// kubeidl's validator on both sides. With --replay PATH, the manifests there are checked
    /// as stored objects: valid under OLD, then under NEW as a create and as an update that
    /// changes nothing (which ratcheting lets through where only unchanged values fail).
    ///
    /// Exit code: 0 when no finding violates its policy, 1 when some does (or an exception
    /// is stale, or a replayed object is rejected even on an unchanged update), 2 on unusable
    /// input (a missing file, bad YAML, neither an OpenAPI document nor a CRD, a directory
    /// with no Go types, a bad tag, a revision git does not know).
    ///
    /// Examples:
    ///
    ///   kubeidl diff old/api new/api                   # two trees of Go packages
    ///
    ///   kubeidl diff --git-base origin/main ./api       # ./api at origin/main against the working tree
    ///
    ///   kubeidl diff --git-base HEAD~1 -o json ./api/v1 ./api/v1beta1
    ///
    ///   kubeidl diff --module ../apimachinery 1.34/api/apps 1.35/api/apps
    ///
    ///   kubeidl diff --crd-versions config/crd/bases/example.com_widgets.yaml
    ///
    ///   kubeidl diff old/widgets.yaml new/widgets.yaml
    ///
    ///   kubeidl diff -o json apps-v1-1.34.json apps-v1-1.35.json
    ///
    ///   kubeidl diff --policy wire old/api new/api      # fail only on incompatible changes
    ///
    ///   kubeidl diff --policy strict --exceptions api/kubeidl-exceptions.yaml old/api new/api
    ///
    ///   kubeidl diff -o sarif --git-base origin/main ./api > diff.sarif
    ///
    ///   kubeidl diff -o github --git-base origin/main ./api   # annotations in a GitHub Actions step
    ///
    ///   kubeidl diff -o markdown --git-base origin/main ./api > comment.md
    ///
    ///   kubeidl diff --witnesses old/openapi.json new/openapi.json
    ///
    ///   kubeidl diff --replay manifests/ old/widgets.yaml new/widgets.yaml
    ///
    ///   kubeidl diff --rules
    #[command(verbatim_doc_comment)]
    Diff(DiffArgs),
    /// Check one revision of an API on its own: versions of a type against each other, and
    /// each definition's keywords and CEL rules against themselves.
    ///
    /// Version consistency: a type served in several versions of a group
    /// (io.example.widgets.v1beta1.WidgetSpec and ...v1.WidgetSpec) must validate each field
    /// both versions have in the same way. Versions are compared in order (v1alpha1, v1beta1,
    /// v1, v2...), each with the next, by the same walk as `kubeidl diff`; each difference names
    /// the stricter version. A property or type in one version only is not reported.
    ///
    /// Self-consistency: bounds that admit nothing, enum values and defaults the field's own
    /// schema rejects, map-list keys neither required nor defaulted, lists without a list
    /// type, CEL rules that read optional fields without has(), are always true or false, or
    /// range over lists, maps or strings without a size bound.
    ///
    /// Accepted findings go in an exception file (kubeidl-exceptions.yaml in the current
    /// directory is read when it exists), one entry per finding:
    ///
    ///   exceptions:
    ///     - rule: version-max-length
    ///       type: io.example.widgets.WidgetSpec
    ///       path: name
    ///       versions: v1beta1/v1
    ///       reason: v1 shortened names on purpose
    ///       owner: "@widgets-reviewers"
    ///
    /// An exception no finding matches is stale, and an error. Accepted findings are still
    /// shown, marked as excepted. The same file holds `kubeidl diff`'s exceptions.
    ///
    /// With --baseline REV, only findings new since git revision REV are reported: the same
    /// inputs are read as they were at REV (no checkout) and linted, and a finding with the
    /// same rule, definition, path and message there is left out.
    ///
    /// Exit code: 0 when no finding remains but excepted ones, 1 when a finding or a stale
    /// exception remains, 2 on unusable input (with its file:line:col).
    ///
    /// Examples:
    ///
    ///   kubeidl lint ./api                       # Go package trees
    ///
    ///   kubeidl lint crds/widgets.yaml
    ///
    ///   kubeidl lint -o json openapi/autoscaling-v1.json openapi/autoscaling-v2.json
    ///
    ///   kubeidl lint --exceptions api/kubeidl-exceptions.yaml api/openapi.json
    ///
    ///   kubeidl lint --baseline origin/main ./api     # only what this branch adds
    ///
    ///   kubeidl lint -o sarif ./api > lint.sarif
    ///
    ///   kubeidl lint -o github --baseline origin/main ./api
    ///
    ///   kubeidl lint --rules
    #[command(verbatim_doc_comment)]
    Lint(LintArgs),
    /// A language server on stdin and stdout, for editors: kubeidl's checks where you type.
    ///
    /// YAML and JSON manifests (CRDs and admission policies among them) get `kubeidl validate`'s
    /// errors as you type, with the CRDs of the workspace and the release and CRDs the
    /// `validate:` section of its .kubeidl.yaml names; hover gives a field's type and
    /// constraints, completion the fields a mapping may have and a field's values. Go
    /// `types.go` files get `kubeidl openapi`'s tag and CEL errors at the tag, hover on a tag
    /// its reference entry, completion of tag names after `// +`. Quick fixes correct a
    /// misspelt tag or unknown field. docs/editors.md sets it up in Neovim, VS Code, Helix
    /// and Zed:
    ///
    ///   nvim: vim.lsp.start({name = "kubeidl", cmd = {"kubeidl", "lsp"}, root_dir = vim.fn.getcwd()})
    #[command(verbatim_doc_comment)]
    Lsp,
}

#[derive(Args)]
pub struct LintArgs {
    /// Output format: text (a finding per group of lines, counts on stderr); json
    /// ({"findings": [{ruleId, definition, path, versions, stricter, sites, message,
    /// excepted}]}); sarif (SARIF 2.1.0, for code scanning); github (GitHub Actions
    /// annotations: ::error file=F,line=L,col=C,title=RULE::message); markdown (a summary for
    /// a pull request comment).
    #[arg(short = 'o', long = "output", value_name = "FORMAT", default_value = "text", value_parser = review::FORMATS)]
    pub output: String,
    /// Print every rule ID with what it reports, and exit.
    #[arg(long, exclusive = true)]
    pub rules: bool,
    /// The exception file (default: kubeidl-exceptions.yaml, when it exists).
    #[arg(long, value_name = "FILE")]
    pub exceptions: Option<PathBuf>,
    /// The rule configuration: each rule's severity, or off, per path glob (default: the
    /// nearest .kubeidl.yaml from the current directory up; docs/lint.md shows its form).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Report only findings new since this git revision: the inputs are also read as they
    /// were at REV (git ls-tree and cat-file, no checkout), and findings already there (same
    /// rule, definition, path and message) are left out.
    #[arg(long, value_name = "REV")]
    pub baseline: Option<String>,
    /// Where packages live, for Go package trees: IMPORT_PATH=DIR, or a directory holding
    /// go.mod. Repeatable. Trees find their go.mod by themselves.
    #[arg(long = "module", value_name = "IMPORT_PATH=DIR|DIR")]
    pub modules: Vec<String>,
    /// Go package trees (directories, every package below each, generated with validations
    /// and enums on), OpenAPI documents or files of CRDs, read together as one revision.
    #[arg(value_name = "INPUT", required_unless_present = "rules")]
    pub inputs: Vec<PathBuf>,
}

#[derive(Args)]
pub struct DiffArgs {
    /// Output format: text (a finding per group of lines, with source snippets for Go inputs;
    /// counts on stderr); json ({"findings": [{ruleId, definition, path, direction, updates,
    /// old, new, message, violates, excepted}]}); sarif (SARIF 2.1.0, for code scanning:
    /// violations are errors, other findings warnings); github (GitHub Actions annotations:
    /// ::error file=F,line=L,col=C,title=RULE::message); markdown (a summary table by
    /// direction and the violations, for a pull request comment).
    #[arg(short = 'o', long = "output", value_name = "FORMAT", default_value = "text", value_parser = review::FORMATS)]
    pub output: String,
    /// The policy findings are checked against: wire, stored-data, writers, strict, or auto
    /// (by each definition's version: GA strict, beta stored-data, alpha wire, none writers).
    #[arg(long, value_name = "POLICY", default_value = "auto", value_parser = clap::builder::PossibleValuesParser::new(review::policy_names()))]
    pub policy: String,
    /// The exception file (default: kubeidl-exceptions.yaml, when it exists); its entries
    /// naming diff rules accept findings, which then violate no policy.
    #[arg(long, value_name = "FILE")]
    pub exceptions: Option<PathBuf>,
    /// The rule configuration: each rule's severity, or off, per path glob (default: the
    /// nearest .kubeidl.yaml from the current directory up; docs/lint.md shows its form).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Print every rule ID with its usual direction and what it reports, and exit.
    #[arg(long, exclusive = true)]
    pub rules: bool,
    /// Compare the Go packages under each PATH at this git revision (OLD) with the working tree
    /// (NEW). Positions on the old side read `REV:path/types.go`.
    #[arg(long, value_name = "REV", conflicts_with = "crd_versions")]
    pub git_base: Option<String>,
    /// Compare the served versions of each CRD in FILE with each other, in version order.
    #[arg(long, value_name = "FILE")]
    pub crd_versions: Option<PathBuf>,
    /// For Go inputs, where packages live on both sides: IMPORT_PATH=DIR, or a directory
    /// holding go.mod. Repeatable. Directories given as OLD and NEW find their go.mod by
    /// themselves.
    #[arg(long = "module", value_name = "IMPORT_PATH=DIR|DIR")]
    pub modules: Vec<String>,
    /// For each tightening and change of unknown direction, look for an object OLD accepts and
    /// NEW rejects (text: a `witness:` line; JSON: "witness": {object, error} or null).
    #[arg(long)]
    pub witnesses: bool,
    /// Manifests (files or directories of YAML or JSON) to replay as stored objects: each is
    /// said to stay valid, to be rejected on create but pass an unchanged update (ratcheted),
    /// to be rejected even on an unchanged update, or to be invalid already under OLD.
    /// Repeatable.
    #[arg(long, value_name = "PATH", conflicts_with = "crd_versions")]
    pub replay: Vec<PathBuf>,
    /// As --module, for the old side only.
    #[arg(long = "old-module", value_name = "IMPORT_PATH=DIR|DIR")]
    pub old_modules: Vec<String>,
    /// As --module, for the new side only.
    #[arg(long = "new-module", value_name = "IMPORT_PATH=DIR|DIR")]
    pub new_modules: Vec<String>,
    /// OLD and NEW: two directories of Go packages, two directories of CRD files (compared
    /// CRD by CRD, matched by name), two OpenAPI documents or two files of CRDs;
    /// with --git-base, the PATHs (directories of Go packages) to compare.
    #[arg(value_name = "OLD NEW | PATH", required_unless_present_any = ["rules", "crd_versions"])]
    pub inputs: Vec<PathBuf>,
}

#[derive(Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct AdmitArgs {
    #[command(subcommand)]
    pub command: Option<AdmitCommand>,
    /// Validating- and MutatingAdmissionPolicies, their bindings, and Validating- and
    /// MutatingWebhookConfigurations: files or directories of YAML or JSON documents.
    /// Repeatable.
    #[arg(long = "policies", value_name = "PATH")]
    pub policies: Vec<PathBuf>,
    /// Objects paramKinds select (any kind). Repeatable.
    #[arg(long = "params", value_name = "PATH")]
    pub params: Vec<PathBuf>,
    /// Roles, ClusterRoles, RoleBindings and ClusterRoleBindings that answer `authorizer`
    /// checks in expressions, as RBAC would (members of system:masters may do anything).
    /// Without them every check is denied, its reason saying so. Repeatable.
    #[arg(long = "rbac", value_name = "PATH")]
    pub rbac: Vec<PathBuf>,
    /// Namespace objects, for namespace selectors and `namespaceObject`. Repeatable.
    #[arg(long = "namespaces", value_name = "PATH")]
    pub namespaces: Vec<PathBuf>,
    /// CustomResourceDefinitions serving custom kinds (of requests and of params). Repeatable.
    #[arg(long = "crds", value_name = "PATH")]
    pub crds: Vec<PathBuf>,
    /// The Kubernetes version whose built-in kinds to resolve (1.30 to 1.36).
    #[arg(long = "kube-version", value_name = "VERSION", default_value = kubeidl::kube::NEWEST)]
    pub kube_version: String,
    /// The operation of requests made from manifests: CREATE, UPDATE, DELETE or CONNECT.
    #[arg(long, value_name = "OP", default_value = "CREATE")]
    pub operation: String,
    /// The stored objects, found by kind, namespace and name: the old object of an UPDATE, the
    /// object a DELETE removes.
    #[arg(long, value_name = "FILE")]
    pub old: Option<PathBuf>,
    /// The subresource of requests made from manifests (`status`, `scale`...).
    #[arg(long, value_name = "NAME")]
    pub subresource: Option<String>,
    /// The user sending requests made from manifests.
    #[arg(long, value_name = "NAME")]
    pub user: Option<String>,
    /// That user's groups, comma-separated.
    #[arg(long, value_name = "GROUPS", value_delimiter = ',')]
    pub groups: Vec<String>,
    /// Requests made from manifests are dry runs (webhooks with side effects refuse them).
    #[arg(long)]
    pub dry_run: bool,
    /// Instead of deciding requests, check the policies and bindings of --policies: the
    /// errors the apiserver's API validation refuses them with, and the type-checking warnings
    /// it writes to a policy's status (against the embedded schemas, --schemas and --crds).
    /// Exit code 1 when some object has errors or warnings. No REQUEST is read.
    #[arg(long)]
    pub check_policies: bool,
    /// OpenAPI v3 documents (a file, or a directory of .json files) whose kinds add to or
    /// replace the built-in ones, for --check-policies. Repeatable.
    #[arg(long = "schemas", value_name = "PATH")]
    pub schemas: Vec<PathBuf>,
    /// Instead of deciding, say which webhooks and policies each request reaches, in the
    /// apiserver's call order, and why each is or is not called. Exit code 1 when a request
    /// is rejected on the way.
    #[arg(long)]
    pub explain: bool,
    /// Also print every policy, binding and param considered, and why it applied or not.
    #[arg(short = 'v', long)]
    pub verbose: bool,
    /// Output format: text, or json (an AdmissionReview response per request).
    #[arg(short = 'o', long = "output", value_name = "FORMAT", default_value = "text", value_parser = ["text", "json"])]
    pub output: String,
    /// Requests: AdmissionReview documents or manifests; files, directories, or - for stdin.
    #[arg(value_name = "REQUEST", required_unless_present = "check_policies")]
    pub requests: Vec<String>,
}

#[derive(Subcommand)]
pub enum AdmitCommand {
    /// Run policy test suites: requests and the decisions expected of them, as policy authors
    /// unit-test their policies in CI.
    ///
    /// Each PATH is a suite file, or a directory searched for YAML files with documents of
    /// `kind: AdmissionTest` (other documents beside them, the policies themselves, are not
    /// read as suites). A suite names the cluster's files, relative to the suite file, as
    /// `kubeidl admit` takes them with flags, and its tests: a request (written out, or an
    /// AdmissionReview file) and what the apiserver is expected to answer. Every field of
    /// `expect` that is given is compared; `message` is the Status message exactly as the
    /// apiserver returns it (and `kubeidl admit` prints it), `warnings` the whole list,
    /// `auditAnnotations` the whole map.
    ///
    ///     apiVersion: kubeidl.dev/v1alpha1
    ///     kind: AdmissionTest
    ///     metadata: {name: replica-limit}
    ///     policies: [policy.yaml]         # also params, namespaces, crds, rbac: files or dirs
    ///     kubeVersion: "1.35"             # the newest embedded release by default
    ///     tests:
    ///     - name: four replicas are denied
    ///       request:
    ///         operation: CREATE           # the default; UPDATE needs oldObject(File)
    ///         objectFile: deploy.yaml     # or object: {...}; oldObject, oldObjectFile
    ///         namespace: prod             # default: the object's, else `default`
    ///         userInfo: {username: ann, groups: [dev]}
    ///         subResource: scale
    ///         dryRun: false
    ///       # review: review.json         # instead of request: an AdmissionReview
    ///       expect:
    ///         allowed: false              # required
    ///         code: 422
    ///         reason: Invalid
    ///         messageContains: must be no greater than 3    # or message: the whole text
    ///         warnings: []
    ///         auditAnnotations: {}
    ///
    /// Each test prints PASS or FAIL after its file:line:col; each failed expectation its own
    /// file:line:col with what was expected and what the apiserver would answer. -o json: one
    /// entry per test, {suite, test, at, passed, failures: [{field, at, expected, got}]}.
    /// Exit code: 0 all pass, 1 some fail, 2 unusable input (an unknown key, a missing file,
    /// a test without expect: errors at their file:line:col).
    ///
    /// Examples:
    ///
    ///   kubeidl admit test examples/admission-tests/
    ///
    ///   kubeidl admit test -o json examples/admission-tests/replica-limit/tests.yaml
    #[command(verbatim_doc_comment)]
    Test(AdmitTestArgs),
}

#[derive(Args)]
pub struct AdmitTestArgs {
    /// Output format: text, or json (an entry per test).
    #[arg(short = 'o', long = "output", value_name = "FORMAT", default_value = "text", value_parser = ["text", "json"])]
    pub output: String,
    /// Suite files, or directories searched for them.
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<PathBuf>,
}

#[derive(Args)]
pub struct TagsArgs {
    #[arg(short = 'o', long = "output", value_name = "FORMAT", default_value = "text", value_parser = ["text", "markdown", "json"])]
    pub output: String,
}

#[derive(Args)]
pub struct ValidateArgs {
    /// The Kubernetes version whose built-in kinds to use (1.30 to 1.36; 1.35.2 and v1.35 name
    /// 1.35). Default: the `validate.kubeVersion` of the nearest .kubeidl.yaml, else 1.36.
    #[arg(long = "kube-version", value_name = "VERSION")]
    pub kube_version: Option<String>,
    /// OpenAPI v3 documents (a file, or a directory searched for .json files), whose kinds add
    /// to or replace the built-in ones. Repeatable.
    #[arg(long = "schemas", value_name = "PATH")]
    pub schemas: Vec<PathBuf>,
    /// CustomResourceDefinitions (a YAML/JSON file, a directory of them, or - for stdin; other
    /// documents there are skipped, and listed with -v). Repeatable. CRDs among the manifests
    /// themselves are used too, for kinds these do not define, and the `validate.crds` of the
    /// nearest .kubeidl.yaml.
    #[arg(long = "crds", value_name = "PATH")]
    pub crds: Vec<PathBuf>,
    /// The current objects, to validate FILE's objects as updates of them.
    #[arg(long = "old", value_name = "FILE")]
    pub old: Option<PathBuf>,
    /// Kinds not to validate, comma-separated: `Secret`, or with group and version
    /// `apps/v1/Deployment`, `v1/ConfigMap`. Repeatable.
    #[arg(long = "skip-kinds", value_name = "KINDS", value_delimiter = ',')]
    pub skip_kinds: Vec<String>,
    /// Skip documents whose kind has no schema, and documents with no kind or apiVersion
    /// (plain configuration files), instead of counting them as unusable.
    #[arg(long)]
    pub ignore_missing_schemas: bool,
    /// What unknown fields do: strict (the document fails with them alone, as kubectl's
    /// default), warn (dropped with a warning, the rest validated), or ignore (dropped).
    #[arg(long = "field-validation", value_name = "MODE", default_value = "strict", value_parser = ["strict", "warn", "ignore"])]
    pub field_validation: String,
    /// Report objects of deprecated API versions as findings (exit 1), not only as the
    /// apiserver's warning. Versions the release no longer serves are always errors.
    #[arg(long)]
    pub deprecations: bool,
    /// Leave out files and directories whose path (as shown) or name matches this glob
    /// (`*/charts/*`, `values.yaml`, `**/testdata/**`). Repeatable. Directories whose names start
    /// with a dot (.git, .github) are left out of a walk anyway, unless named.
    #[arg(long = "exclude", value_name = "GLOB")]
    pub exclude: Vec<String>,
    /// Leave out paths in which this regular expression is found, as kubeconform's
    /// -ignore-filename-pattern does (`--ignore-filename-pattern 'test(data)?/'`). Repeatable.
    #[arg(long = "ignore-filename-pattern", value_name = "REGEX")]
    pub ignore_filename_pattern: Vec<String>,
    /// Say more: documents skipped and why, non-CRD documents in --crds.
    #[arg(short = 'v', long)]
    pub verbose: bool,
    /// Output format: text (errors after their file:line:col), json (by file, a Status per
    /// object with its line, column, kind, name and namespace; skipped ones with why), junit
    /// (JUnit XML, a test case per object), tap (TAP 14), sarif (SARIF 2.1.0, for code
    /// scanning) or github (annotations in a GitHub Actions step).
    #[arg(short = 'o', long = "output", value_name = "FORMAT", default_value = "text", value_parser = ["text", "json", "junit", "tap", "sarif", "github"])]
    pub output: String,
    /// After the text output, kubeconform's summary line (resources, files, valid, invalid,
    /// errors, skipped).
    #[arg(long)]
    pub summary: bool,
    /// Manifests: files, directories, or - for stdin.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<String>,
}

#[derive(Args)]
pub struct CrdArgs {
    /// Where packages live: IMPORT_PATH=DIR, or a directory holding go.mod. Repeatable.
    #[arg(long = "module", value_name = "IMPORT_PATH=DIR|DIR")]
    pub modules: Vec<String>,
    /// Report bad validation tags as warnings and leave them out, instead of failing.
    #[arg(long)]
    pub lenient: bool,
    /// Do what controller-gen does where kubeidl differs on purpose, so a project can switch with
    /// a zero diff: descriptions keep their line breaks, `required` lists are sorted, unknown
    /// `+kubebuilder:` markers are warnings instead of errors. `=RELEASE` names the release to
    /// match (v0.17 to v0.21, or main for controller-tools' unreleased branch); without it,
    /// the newest release.
    #[arg(
        long,
        value_name = "RELEASE",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = kubeidl_gen::controller_gen::NEWEST
    )]
    pub controller_gen_compat: Option<String>,
    /// With --controller-gen-compat, accept float fields (`type: number`), which controller-gen
    /// refuses unless `crd:allowDangerousTypes=true` (their encoding differs across languages).
    #[arg(long)]
    pub allow_dangerous_types: bool,
    /// Leave unexported fields out without a warning (they are left out either way, as
    /// encoding/json never writes them), as controller-gen's `crd:ignoreUnexportedFields=true`.
    #[arg(long)]
    pub ignore_unexported_fields: bool,
    /// With --controller-gen-compat, still give an ObjectMeta below the root (a pod template's
    /// metadata) its name, namespace, labels, annotations and finalizers, as controller-gen's
    /// `crd:generateEmbeddedObjectMeta=true`; without --controller-gen-compat they are always
    /// there, so the apiserver does not prune them.
    #[arg(long)]
    pub generate_embedded_object_meta: bool,
    /// Write this file's text (a license header, as comment lines) before each CRD, as
    /// controller-gen's `crd:headerFile`.
    #[arg(long, value_name = "FILE")]
    pub header_file: Option<PathBuf>,
    /// Cut schema descriptions to at most N bytes (at a sentence end, else a space and "..."),
    /// as controller-gen's maxDescLen; 0 drops them. Keeps big CRDs under the 256 KiB a
    /// client-side `kubectl apply` can record.
    #[arg(long, value_name = "N")]
    pub max_desc_len: Option<usize>,
    /// Trim schema descriptions until each CRD, as a client-side `kubectl apply` records it
    /// (its JSON, in annotations of at most 262144 bytes), takes at most BYTES: longest (then
    /// deepest) first, each cut to its first sentence, and only if that is not enough removed;
    /// the others stay whole. A CRD that does not fit without any is an error.
    #[arg(long, value_name = "BYTES")]
    pub max_size: Option<usize>,
    /// Write one file per CRD, `<group>_<plural>.yaml`, into DIR (atomically, and only when it
    /// changed) instead of printing them all to stdout.
    #[arg(short = 'o', long = "output-dir", value_name = "DIR")]
    pub output_dir: Option<PathBuf>,
    /// Do not write; compare with the files in -o DIR and exit 1 naming each stale or missing one.
    #[arg(long, requires = "output_dir")]
    pub check: bool,
    /// Packages: import paths, directories, or either ending in /... for every package below.
    #[arg(value_name = "PACKAGE", required = true)]
    pub packages: Vec<String>,
}

#[derive(Args)]
pub struct CelArgs {
    /// The expression.
    #[arg(value_name = "EXPR")]
    pub expr: String,
    /// The value of `self`: JSON, or @FILE to read it from a file.
    #[arg(long = "self", value_name = "JSON|@FILE")]
    pub self_value: Option<String>,
    /// The value of `oldSelf` (declares `oldSelf`): JSON, or @FILE.
    #[arg(long = "old-self", value_name = "JSON|@FILE")]
    pub old_self: Option<String>,
    /// The schema node typing `self`: a JSON file (an OpenAPI document, a schema) and a JSON
    /// pointer to the node, e.g. `doc.json#/components/schemas/io.k8s.api.apps.v1.DeploymentSpec`.
    #[arg(long, value_name = "FILE#/path/to/node")]
    pub schema: Option<String>,
    /// Output format.
    #[arg(short = 'o', long = "output", value_name = "FORMAT", default_value = "text", value_parser = ["text", "json"])]
    pub output: String,
    /// Also declare an opt-in library (repeatable). Rules that use one will not compile in a
    /// CRD or a ValidatingAdmissionPolicy on a real cluster.
    ///
    /// kep-formats: KEP-4153's string helpers, named by a `format` library name or a
    /// `+k8s:format` one:
    ///   self.isFormat('dns1123Label')             true or false
    ///   self.validateFormat('k8s-short-name')     the messages, [] when valid
    /// Names: dns1123Label, dns1123Subdomain, dns1035Label, qualifiedName, labelValue, uuid,
    /// uri, byte, date, datetime and the *Prefix forms; k8s-short-name, k8s-long-name,
    /// dns1035label, k8s-label-key, k8s-label-value, k8s-uuid.
    ///
    /// mutation: the types a MutatingAdmissionPolicy's mutations build (the apiserver declares
    /// them there only), to try one on an object:
    ///   Object{spec: Object.spec{replicas: self.spec.replicas + 1}}
    ///   [JSONPatch{op: 'add', path: '/metadata/labels/' + jsonpatch.escapeKey('a/b'), value: 'x'}]
    #[arg(long = "library", value_name = "NAME", value_parser = clap::builder::PossibleValuesParser::new(kubeidl::cel::ExtraLibrary::ALL.map(|l| l.name())), verbatim_doc_comment)]
    pub libraries: Vec<String>,
}

#[derive(Args)]
pub struct OpenapiArgs {
    /// Where packages live: IMPORT_PATH=DIR, or a directory holding go.mod. Repeatable.
    /// Directories given as PACKAGE find their go.mod by themselves.
    #[arg(long = "module", value_name = "IMPORT_PATH=DIR|DIR")]
    pub modules: Vec<String>,
    /// Emit `enum` for `+enum` string types (and the "Possible enum values" description suffix).
    /// Off by default, as on a Kubernetes apiserver.
    #[arg(long)]
    pub enums: bool,
    /// Do not lower validation tags. The output then equals what a Kubernetes apiserver publishes.
    ///
    /// With validations on (the default), tags in any dialect (`+minimum=1`, `+k8s:minimum=1`,
    /// `+kubebuilder:validation:Minimum=1`, `+k8s:validation:minimum=1`) become OpenAPI keywords
    /// or `x-kubernetes-validations` rules, and non-pointer fields whose zero value means unset
    /// get `x-kubernetes-strip-zero`. An unknown, misplaced or malformed tag is an error at its
    /// file:line:col.
    #[arg(long)]
    pub no_validations: bool,
    /// Report bad validation tags as warnings and leave them out, instead of failing.
    #[arg(long, conflicts_with = "no_validations")]
    pub lenient: bool,
    /// Print to stderr how many validation tags were read, lowered, and only documentation.
    #[arg(long)]
    pub summary: bool,
    /// Also lower tags under a stage wrapper (`+k8s:alpha(since: "1.36")=+k8s:maxItems=16`,
    /// `+k8s:beta(...)`). Off by default: the apiserver runs them only in shadow of its
    /// handwritten validation, so they count as documentation.
    #[arg(long, conflicts_with = "no_validations")]
    pub shadowed: bool,
    /// Let rules call an opt-in CEL library no apiserver has (repeatable), when they are
    /// checked at build time: kep-formats gives `<string>.isFormat(name)` and
    /// `<string>.validateFormat(name)` (`kubeidl cel --help` lists the names). A document whose
    /// rules use one is for tools that have the library too, not for an apiserver.
    #[arg(
        long = "cel-library",
        value_name = "NAME",
        conflicts_with = "no_validations"
    )]
    pub cel_libraries: Vec<kubeidl::cel::ExtraLibrary>,
    /// Add the tag lines of an overlay FILE to the types it names, as if written in their doc
    /// comments: lines of `<package> <Type>[.<field>] +<tag>` (`*` for any one package segment).
    /// kubeidl's own overlay of k8s.io/api, runtime/src/kube/native/overlay.tags in its
    /// repository, declares the apiserver's hand-written checks of the built-in kinds:
    ///   kubeidl openapi --overlay overlay.tags --module k8s.io/api=../api k8s.io/api/apps/v1
    #[arg(long, value_name = "FILE", verbatim_doc_comment)]
    pub overlay: Option<PathBuf>,
    /// Write the document to FILE (atomically: a temporary file renamed into place) instead of stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Do not write; compare with the existing -o FILE and exit 1 with a summary when they differ.
    #[arg(long, requires = "output")]
    pub check: bool,
    /// Packages: import paths, directories, or either ending in /... for every package below.
    #[arg(value_name = "PACKAGE", required = true)]
    pub packages: Vec<String>,
}

/// The package loader for `--module` arguments.
fn loader(modules: &[String]) -> Result<kubeidl_gen::go::Loader, kubeidl_gen::Error> {
    let mut map = kubeidl_gen::go::ModuleMap::new();
    for m in modules {
        map.add_argument(m)?;
    }
    Ok(kubeidl_gen::go::Loader::new(map))
}

/// Writes generated text to stdout.
fn print(text: &str) -> Result<(), kubeidl_gen::Error> {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|_| stdout.flush())
        .map_err(|e| kubeidl_gen::Error::new(format!("writing to stdout: {e}")))
}

/// Parses the arguments and runs the subcommand; errors print with their source line and exit 2.
fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Openapi(args) => openapi::run(args),
        Command::Crd(args) => crd::run(args),
        Command::Cel(args) => cel::run(args),
        Command::Validate(args) => validate::run(args),
        Command::Admit(args) => admit::run(args),
        Command::Tags(args) => tags::run(args),
        Command::Diff(args) => diff::run(args),
        Command::Lint(args) => lint::run(args),
        Command::Lsp => lsp::run(),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {}", err.render_with_source());
            ExitCode::from(2)
        }
    }
}
