package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// The official SARIF 2.1.0 schema (OASIS, errata 01), as committed in
// testdata/sarif with its source; see testdata/sarif/SOURCE.
const sarifSchemaFile = "../testdata/sarif/sarif-schema-2.1.0.json"

// sarifValidator compiles the schema, with its formats (uri,
// uri-reference, date-time) asserted rather than only annotated.
func sarifValidator(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(sarifSchemaFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("sarif-schema-2.1.0.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func validateSARIF(t *testing.T, s *jsonschema.Schema, out string) {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
	if err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if err := s.Validate(inst); err != nil {
		t.Errorf("the SARIF 2.1.0 schema rejects the output: %v\n%s", err, out)
	}
}

// TestAuditSARIFSchema: what audit writes validates against the official
// schema: every agent on the fixtures, and, on disk, hostile names and a
// file outside the root (a file: URI).
func TestAuditSARIFSchema(t *testing.T) {
	s := sarifValidator(t)
	auditProject(t, auditFiles...)
	code, out, stderr := cli(t, "audit", "--cwd", "/project", "--format", "sarif")
	if code != exitOK || !strings.Contains(out, `"results":[`) {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	validateSARIF(t, s, out)
	auditFS = nil

	dir, outside := t.TempDir(), t.TempDir()
	long := strings.Repeat("x", 3000) + "\n"
	for _, name := range []string{"evil\x1b[31mname\n.txt", "c:colon.txt", "per%cent #1?.txt", "ü/naïve.txt"} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(strings.Repeat(long, 3)+"a\r\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	far := filepath.Join(outside, "far away.txt")
	if err := os.WriteFile(far, []byte(long), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr = cli(t, "audit", "--cwd", dir, "--format", "sarif", dir, far)
	if code != exitOK || !strings.Contains(out, "file://") || !strings.Contains(out, "per%25cent%20%231%3F.txt") {
		t.Fatalf("exit %d, stderr %q, output\n%s", code, stderr, out)
	}
	validateSARIF(t, s, out)
}

// TestSARIFSchemaRejects: the check can fail: the schema refuses a result
// with no message and a level SARIF does not know.
func TestSARIFSchemaRejects(t *testing.T) {
	s := sarifValidator(t)
	bad := `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"readlens"}},"results":[{"ruleId":"cut","level":"severe"}]}]}`
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(bad))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(inst); err == nil {
		t.Error("the schema accepts a result with no message and level \"severe\"")
	}
}
