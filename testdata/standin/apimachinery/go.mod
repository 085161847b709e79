// A stand-in for k8s.io/apimachinery, written for kubeidl's tests: TypeMeta (with the real
// descriptions), a small ObjectMeta, and the value types that
// kubeidl::apimachinery mirrors, with the methods the OpenAPI generator reads, and kubeidl's
// descriptions. The parity test of testdata/go/parity/apimachinery maps the import path here.
module k8s.io/apimachinery

go 1.22
