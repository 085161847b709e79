//! What the whole pipeline costs against only parsing: 20,000 real-shaped manifests
//! (Deployments, Services, ConfigMaps and Ingresses, 200 files of 100 documents, written once
//! per run to a temporary directory), side by side:
//!
//! - `yaml_rust2_parse`: each file parsed by yaml-rust2 into its documents, nothing else; the
//!   floor any YAML-reading validator pays.
//! - `kubeidl_read`: each file read into documents with positions, as `kubeidl validate` reads.
//! - `kubeidl_validate`: read, looked up by kind among the embedded Kubernetes 1.36 kinds, and
//!   validated: schema, declarative validations, names, and the apiserver's hand-written rules
//!   (`kubeidl::kube::native_check`) of every kind here.
//!
//! The ratio kubeidl_validate / yaml_rust2_parse is the pipeline's cost over a parse. One thread,
//! so wall time is CPU time.
//!
//! Run: `cargo bench -p kubeidl --bench native`

use kubeidl::document::read_documents;
use kubeidl::validate::{Catalog, Gvk};
use std::path::PathBuf;
use std::sync::OnceLock;
use yaml_rust2::YamlLoader;

const MANIFESTS: usize = 20_000;
const PER_FILE: usize = 100;

fn main() {
    divan::main();
    if let Some(dir) = MANIFEST_DIR.get() {
        // Best effort: a leftover temporary directory is harmless.
        let _ = std::fs::remove_dir_all(dir);
    }
}

fn deployment(i: usize) -> String {
    format!(
        r#"apiVersion: apps/v1
kind: Deployment
metadata:
  name: web-{i}
  namespace: prod
  labels:
    app: web
    tier: frontend
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 1
  template:
    metadata:
      labels:
        app: web
        tier: frontend
    spec:
      containers:
      - name: web
        image: nginx:1.27
        args: ["--port", "8080"]
        ports:
        - name: http
          containerPort: 8080
          protocol: TCP
        env:
        - name: MODE
          value: production
        - name: POD_IP
          valueFrom:
            fieldRef:
              fieldPath: status.podIP
        resources:
          requests:
            cpu: 100m
            memory: 64Mi
          limits:
            cpu: 500m
            memory: 128Mi
        readinessProbe:
          httpGet:
            path: /healthz
            port: http
          periodSeconds: 5
        volumeMounts:
        - name: config
          mountPath: /etc/web
      volumes:
      - name: config
        configMap:
          name: web-config
      nodeSelector:
        kubernetes.io/os: linux
      tolerations:
      - key: dedicated
        operator: Equal
        value: web
        effect: NoSchedule
"#
    )
}

fn manifest(i: usize) -> String {
    match i % 4 {
        0 => deployment(i),
        1 => format!(
            "apiVersion: v1\nkind: Service\nmetadata:\n  name: web-{i}\nspec:\n  selector:\n    app: web\n  ports:\n  - name: http\n    port: 80\n    targetPort: http\n  - name: https\n    port: 443\n    targetPort: 8443\n"
        ),
        2 => format!(
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web-{i}\ndata:\n  mode: production\n  retries: \"3\"\n  app.properties: |\n    a=1\n    b=2\n"
        ),
        _ => format!(
            "apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: web-{i}\n  annotations:\n    nginx.ingress.kubernetes.io/rewrite-target: /\nspec:\n  ingressClassName: nginx\n  tls:\n  - hosts: [web.example.com]\n    secretName: web-tls\n  rules:\n  - host: web.example.com\n    http:\n      paths:\n      - path: /\n        pathType: Prefix\n        backend:\n          service:\n            name: web-{i}\n            port:\n              name: http\n"
        ),
    }
}

static MANIFEST_DIR: OnceLock<PathBuf> = OnceLock::new();

fn manifest_dir() -> &'static PathBuf {
    MANIFEST_DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("kubeidl-native-bench-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temporary directory");
        for file in 0..MANIFESTS / PER_FILE {
            let text: Vec<String> = (0..PER_FILE)
                .map(|doc| manifest(file * PER_FILE + doc))
                .collect();
            std::fs::write(dir.join(format!("m{file:03}.yaml")), text.join("---\n"))
                .expect("write manifest");
        }
        dir
    })
}

fn files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(manifest_dir())
        .expect("manifest directory")
        .map(|e| e.expect("directory entry").path())
        .collect();
    files.sort();
    files
}

fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        let mut catalog = Catalog::new();
        let release = kubeidl::kube::release(kubeidl::kube::NEWEST).expect("embedded release");
        catalog.add_release(&release).expect("embedded kinds load");
        catalog
    })
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn yaml_rust2_parse(bencher: divan::Bencher) {
    let files = files();
    bencher.bench_local(|| {
        let mut documents = 0;
        for file in &files {
            let text = std::fs::read_to_string(file).expect("manifest file");
            documents += YamlLoader::load_from_str(&text).expect("YAML").len();
        }
        assert_eq!(documents, MANIFESTS);
    });
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn kubeidl_read(bencher: divan::Bencher) {
    let files = files();
    bencher.bench_local(|| {
        let mut documents = 0;
        for file in &files {
            let bytes = std::fs::read(file).expect("manifest file");
            documents += read_documents(&bytes).len();
        }
        assert_eq!(documents, MANIFESTS);
    });
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn kubeidl_validate(bencher: divan::Bencher) {
    let files = files();
    let catalog = catalog();
    bencher.bench_local(|| {
        let (mut documents, mut invalid) = (0, 0);
        for file in &files {
            let bytes = std::fs::read(file).expect("manifest file");
            for doc in read_documents(&bytes) {
                let doc = doc.expect("generated YAML reads");
                let gvk = Gvk::of(
                    doc.value["apiVersion"].as_str().unwrap_or_default(),
                    doc.value["kind"].as_str().unwrap_or_default(),
                );
                let validator = catalog.validator(&gvk);
                let validator = validator.as_ref().as_ref().expect("known kind");
                documents += 1;
                let report = validator.validate(&doc.value);
                if !report.is_valid() {
                    invalid += 1;
                    eprintln!("{gvk:?}: {:?}", report.errors);
                }
            }
        }
        assert_eq!((documents, invalid), (MANIFESTS, 0));
    });
}
