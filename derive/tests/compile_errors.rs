//! Compile errors of the derive, as a user sees them: each at the doc line that caused it, and
//! the only error of its build (`tests/compile_fail/*.rs` and their `.stderr`).

#[test]
fn bad_tags_and_rules_fail_the_build_at_their_doc_line() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/compile_fail/*.rs");
}
