package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/readlens/readlens/internal/fixtures"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/readlens/readlens/internal/oracle"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/all"
)

// auditOutput is the JSON form, parsed.
type auditOutput struct {
	Root      string        `json:"root"`
	Files     int           `json:"files"`
	Profiles  []string      `json:"profiles"`
	Findings  []jsonFinding `json:"findings"`
	ElapsedMS *int64        `json:"elapsed_ms"`
}

func parseAudit(t *testing.T, out string) auditOutput {
	t.Helper()
	var a auditOutput
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	if a.ElapsedMS == nil || a.Profiles == nil || a.Findings == nil {
		t.Fatalf("a key is missing or null: %s", out)
	}
	return a
}

// TestAuditAgreesWithRead: on the fixtures, as git lists them, every
// finding is a read the engine says was cut, refused or failed (or hid
// something in the lines it shows), and every such read is a finding: the
// audit against reader.Read, call by call, both ways. The engine's answer
// is judged here from its facts and parts, not through compare.
func TestAuditAgreesWithRead(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not on PATH")
	}
	for _, flags := range [][]string{nil, {"--no-tokens"}} {
		t.Run(strings.Join(append([]string{"audit"}, flags...), " "), func(t *testing.T) { auditAgreesWithRead(t, flags) })
	}
}

// auditAgreesWithRead is TestAuditAgreesWithRead for an audit run with
// flags: without tokens the audit's calls ask for no words at all.
func auditAgreesWithRead(t *testing.T, flags []string) {
	root := filepath.Join(oracle.Testdata(), "fixtures")
	code, out, _ := cli(t, append([]string{"audit", "--cwd", root, "--format", "json"}, flags...)...)
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	a := parseAudit(t, out)
	got := map[[2]string]map[string]jsonFinding{} // path, profile -> kind -> finding
	for _, f := range a.Findings {
		k := [2]string{f.Path, f.Profile}
		if got[k] == nil {
			got[k] = map[string]jsonFinding{}
		}
		if _, dup := got[k][f.Kind]; dup {
			t.Errorf("%s %s: two %s findings", f.Path, f.Profile, f.Kind)
		}
		got[k][f.Kind] = f
	}
	files := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		files++
		rel, _ := filepath.Rel(root, path)
		for _, p := range all.Profiles {
			name := p.Info().Name
			res, err := reader.Read(context.Background(), reader.Request{Profile: p, Args: p.Args(path, nil, nil), Cwd: root, Now: now})
			if err != nil {
				t.Fatal(err)
			}
			f := res.Facts
			failed := res.IsError || res.Note != "" && res.Output == "" && len(res.Attachments) == 0
			for _, part := range res.Parts {
				failed = failed || part.Kind == reader.PartError
			}
			tr := res.Truncation
			capped := tr.Cap != reader.CapNone && tr.Cap != reader.CapLimit
			bad := failed || f.Binary || f.Blocked != "" || f.TooLarge || f.Escaped || f.ImageOmitted || capped
			hidden := false
			for _, l := range res.Lines {
				hidden = hidden || l.Cut || l.CRLF || l.Replaced > 0
			}
			kinds := got[[2]string{rel, name}]
			verdict := 0
			for _, k := range []string{"cut", "refused", "error"} {
				if _, ok := kinds[k]; ok {
					verdict++
				}
			}
			switch {
			case verdict > 1:
				t.Errorf("%s %s: more than one verdict: %v", rel, name, kinds)
			case bad && verdict == 0:
				t.Errorf("%s %s: the read is cut, refused or failed (cap %q, error %v), and no finding says so", rel, name, tr.Cap, res.IsError)
			case !bad && verdict == 1:
				t.Errorf("%s %s: a finding %v, and the read is whole", rel, name, kinds)
			}
			if _, ok := kinds["unseen"]; ok != hidden {
				t.Errorf("%s %s: unseen finding %v, lines hiding something %v", rel, name, ok, hidden)
			}
			if x, ok := kinds["cut"]; ok && (x.FirstLine != tr.FirstLine || x.LastLine != tr.LastLine) {
				t.Errorf("%s %s: cut finding shows %d-%d, the read %d-%d", rel, name, x.FirstLine, x.LastLine, tr.FirstLine, tr.LastLine)
			}
			delete(got, [2]string{rel, name})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range got {
		t.Errorf("%s %s: findings %v for no file audited", k[0], k[1], v)
	}
	if a.Files != files {
		t.Errorf("audited %d files, the fixtures hold %d regular files", a.Files, files)
	}
}

// auditProject serves chosen fixtures at /project, as compare's tests do,
// so the outputs name a fixed root.
func auditProject(t *testing.T, names ...string) {
	t.Helper()
	tree := fstest.MapFS{}
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(oracle.Testdata(), "fixtures", n))
		if err != nil {
			t.Fatal(err)
		}
		tree[n] = &fstest.MapFile{Data: b, Mode: 0o644, ModTime: time.Unix(1700000000, 0)}
	}
	auditFS = reader.Mount(tree, "/project")
	t.Cleanup(func() { auditFS = nil })
}

var auditFiles = []string{"lines_3000.txt", "prog.exe", "crlf.txt", "long_5000.txt", "broken_utf8.txt"}

// TestAuditFormats: the json, github and text forms at a pinned root, exact.
func TestAuditFormats(t *testing.T) {
	auditProject(t, auditFiles...)
	for _, format := range []string{"json", "github", "text"} {
		t.Run(format, func(t *testing.T) {
			code, out, stderr := cli(t, "audit", "--cwd", "/project", "--format", format, "--profiles", "opencode,claude-code,codex,pi")
			if code != exitOK || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			if format == "json" {
				a := parseAudit(t, out)
				if a.Root != "/project" || a.Files != len(auditFiles) || len(a.Findings) == 0 {
					t.Fatalf("root %q, %d files, %d findings", a.Root, a.Files, len(a.Findings))
				}
			}
			golden.RequireEqual(t, out)
		})
	}
}

// TestAuditSARIF: what readlens puts in the SARIF it writes: one rule per
// kind, each result's rule, level and location (audit_sarif_test.go checks
// it against the official schema).
func TestAuditSARIF(t *testing.T) {
	auditProject(t, auditFiles...)
	code, out, _ := cli(t, "audit", "--cwd", "/project", "--format", "sarif")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	var doc struct {
		Version string `json:"version"`
		Schema  string `json:"$schema"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name  string `json:"name"`
					Rules []struct {
						ID               string `json:"id"`
						ShortDescription struct {
							Text string `json:"text"`
						} `json:"shortDescription"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Level     string `json:"level"`
				Message   struct {
					Text string `json:"text"`
				} `json:"message"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI       string `json:"uri"`
							URIBaseID string `json:"uriBaseId"`
						} `json:"artifactLocation"`
						Region struct {
							StartLine int `json:"startLine"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Version != "2.1.0" || !strings.Contains(doc.Schema, "sarif-2.1.0") || len(doc.Runs) != 1 {
		t.Fatalf("version %q, schema %q, %d runs", doc.Version, doc.Schema, len(doc.Runs))
	}
	run := doc.Runs[0]
	if run.Tool.Driver.Name == "" {
		t.Error("no driver name")
	}
	rules := map[string]int{}
	for i, r := range run.Tool.Driver.Rules {
		if r.ID == "" || r.ShortDescription.Text == "" {
			t.Errorf("rule %d: %+v", i, r)
		}
		rules[r.ID] = i
	}
	if len(rules) != 4 {
		t.Errorf("rules %v, want one per kind", rules)
	}
	if len(run.Results) == 0 {
		t.Fatal("no results")
	}
	for _, r := range run.Results {
		i, ok := rules[r.RuleID]
		if !ok || i != r.RuleIndex {
			t.Errorf("result rule %q index %d, rules %v", r.RuleID, r.RuleIndex, rules)
		}
		if r.Level != "warning" && r.Level != "error" || r.Message.Text == "" || len(r.Locations) != 1 {
			t.Errorf("result %+v", r)
			continue
		}
		l := r.Locations[0].PhysicalLocation
		if l.ArtifactLocation.URI == "" || l.ArtifactLocation.URIBaseID != "%SRCROOT%" || l.Region.StartLine < 1 {
			t.Errorf("location %+v", l)
		}
	}
	// Where a cut shows lines 1-2000, the location is line 2001.
	found := false
	for _, r := range run.Results {
		if r.RuleID == "cut" && r.Locations[0].PhysicalLocation.ArtifactLocation.URI == "lines_3000.txt" && r.Locations[0].PhysicalLocation.Region.StartLine == 2001 {
			found = true
		}
	}
	if !found {
		t.Error("no cut of lines_3000.txt located at line 2001")
	}
}

func TestSARIFURI(t *testing.T) {
	for _, c := range []struct{ path, uri, base string }{
		{"a/b.txt", "a/b.txt", "%SRCROOT%"},
		{"a b/c%d.txt", "a%20b/c%25d.txt", "%SRCROOT%"},
		{"c:x/y", "./c:x/y", "%SRCROOT%"},
		{"evil\x1bname\n.txt", "evil%1Bname%0A.txt", "%SRCROOT%"},
		{"/abs/x.txt", "file:///abs/x.txt", ""},
	} {
		uri, base := sarifURI(c.path)
		if uri != c.uri || base != c.base {
			t.Errorf("sarifURI(%q) = %q, %q; want %q, %q", c.path, uri, base, c.uri, c.base)
		}
	}
}

func TestGitHubEscapes(t *testing.T) {
	if got := ghProperty("a%b\r\nc:d,e"); got != "a%25b%0D%0Ac%3Ad%2Ce" {
		t.Errorf("ghProperty: %q", got)
	}
	if got := ghData("a%b\r\nc:d,e"); got != "a%25b%0D%0Ac:d,e" {
		t.Errorf("ghData: %q", got)
	}
}

// TestAuditFailOn: exit 1 only when a kind --fail-on names is found; 2 on
// a usage error.
func TestAuditFailOn(t *testing.T) {
	auditProject(t, "lines_3000.txt")
	for _, c := range []struct {
		args []string
		code int
	}{
		{nil, exitOK},
		{[]string{"--fail-on", "cut"}, 1},
		{[]string{"--fail-on", "refused,error"}, exitOK},
		{[]string{"--fail-on", "refused", "--fail-on", "cut"}, 1},
		{[]string{"--fail-on", "cut", "--profiles", "claude-code"}, 1}, // opencode's cut still counts: the lists add up
		{[]string{"--fail-on", "bogus"}, exitUsage},
		{[]string{"--format", "xml"}, exitUsage},
		{[]string{"--profiles", "nobody"}, exitUsage},
		{[]string{"missing.txt"}, exitUsage},
	} {
		args := append([]string{"audit", "--cwd", "/project", "--format", "json", "--profiles", "opencode"}, c.args...)
		if code, _, stderr := cli(t, args...); code != c.code {
			t.Errorf("%v: exit %d, want %d (%s)", c.args, code, c.code, stderr)
		}
	}
	// A --cwd that is not a directory is named as the mistake, not each PATH.
	for cwd, want := range map[string]string{
		"/nowhere":                "readlens: --cwd /nowhere: no such file or directory\n",
		"/project/lines_3000.txt": "readlens: --cwd /project/lines_3000.txt: not a directory\n",
	} {
		if code, out, stderr := cli(t, "audit", "--cwd", cwd, "lines_3000.txt"); code != exitUsage || out != "" || stderr != want {
			t.Errorf("--cwd %s: exit %d, stdout %q, stderr %q; want exit 2 and %q", cwd, code, out, stderr, want)
		}
	}
	// Claude Code shows all 3,000 lines: nothing to fail on.
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"--fail-on", "cut"}, exitOK},
		{[]string{"--fail-on", "cut,refused,error,unseen"}, exitOK},
	} {
		args := append([]string{"audit", "--cwd", "/project", "--format", "json", "--profiles", "claude-code"}, c.args...)
		if code, _, stderr := cli(t, args...); code != c.code {
			t.Errorf("%v: exit %d, want %d (%s)", c.args, code, c.code, stderr)
		}
	}
}

// TestAuditBadEntries: a FIFO, a symbolic link and a name with an escape
// sequence and a newline, on the disk, outside git: the FIFO and the link
// are skipped with their reasons, a FIFO named on the command line is each
// agent's own answer (never a hang), and the name is exact in JSON and
// shown as symbols in the text form.
func TestAuditBadEntries(t *testing.T) {
	dir := t.TempDir()
	if err := fixtures.Mkfifo(filepath.Join(dir, "pipe")); err != nil {
		t.Skip("no FIFO here:", err)
	}
	hostile := "evil\x1b[31mname\nx.txt"
	if err := os.WriteFile(filepath.Join(dir, hostile), []byte("a\r\nb\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/etc/passwd", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		code, out, stderr := cli(t, "audit", "--cwd", dir, "--format", "json", "--profiles", "opencode,pi")
		if code != exitOK {
			t.Errorf("exit %d: %s", code, stderr)
			return
		}
		a := parseAudit(t, out)
		if a.Files != 1 || len(a.Findings) != 1 || a.Findings[0].Path != hostile || a.Findings[0].Kind != "unseen" {
			t.Errorf("files %d, findings %+v", a.Files, a.Findings)
		}
		for _, want := range []string{"skipped pipe: a FIFO", "skipped link: a symbolic link"} {
			if !strings.Contains(stderr, want) {
				t.Errorf("stderr %q lacks %q", stderr, want)
			}
		}
		code, out, _ = cli(t, "audit", "--cwd", dir, "--profiles", "opencode")
		if code != exitOK || strings.ContainsAny(out, "\x1b") || !strings.Contains(out, "evil␛[31mname␊x.txt\n") {
			t.Errorf("text form: exit %d, %q", code, out)
		}
		code, out, _ = cli(t, "audit", "--cwd", dir, "--format", "json", "--profiles", "opencode", "pipe")
		a = parseAudit(t, out)
		if code != exitOK || a.Files != 1 || len(a.Findings) != 1 || a.Findings[0].Kind != "error" || a.Findings[0].Cap == nil || *a.Findings[0].Cap != "no_answer" {
			t.Errorf("the FIFO named: exit %d, %s", code, out)
		}
	}()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("audit hung")
	}
}

// TestAuditSparse: a 100 GB sparse file, one line of zeros, is each
// agent's answer: Codex and crush show its head and measure the rest, as
// their tools read the whole line, which readlens does without reading its
// hole (it took minutes read to the end).
func TestAuditSparse(t *testing.T) {
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "sparse.bin"))
	if err != nil {
		t.Fatal(err)
	}
	err = f.Truncate(100 << 30)
	f.Close()
	if err != nil {
		t.Skip("no 100 GB sparse file here:", err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		code, out, stderr := cli(t, "audit", "--cwd", dir, "--format", "json", "--no-tokens", "--profiles", "codex,crush,opencode")
		if code != exitOK {
			t.Errorf("exit %d: %s", code, stderr)
			return
		}
		var got []string
		for _, f := range parseAudit(t, out).Findings {
			got = append(got, fmt.Sprintf("%s %s %s %d-%d", f.Profile, f.Kind, *f.Cap, f.FirstLine, f.LastLine))
		}
		want := []string{"codex unseen per_line 1-1", "crush unseen per_line 1-1", "opencode refused binary 0-0"}
		if !slices.Equal(got, want) {
			t.Errorf("findings %q, want %q", got, want)
		}
	}()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("audit hung")
	}
}

// TestAuditGit: in a git work tree, the files git lists and no other:
// tracked, untracked but not ignored; a tracked file deleted from the work
// tree is skipped.
func TestAuditGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not on PATH")
	}
	dir := t.TempDir()
	git := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@t"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v: %s", args, err, out)
		}
	}
	write := func(name, text string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git("init", "-q")
	write(".gitignore", "ignored/\n*.log\n!keep.log\n")
	write("tracked.txt", "a\r\n")
	write("gone.txt", "a\r\n")
	write("sub/untracked.txt", "b\r\n")
	write("ignored/x.txt", "c\r\n")
	write("drop.log", "d\r\n")
	write("keep.log", "e\r\n")
	git("add", ".gitignore", "tracked.txt", "gone.txt")
	git("commit", "-qm", "x")
	if err := os.Remove(filepath.Join(dir, "gone.txt")); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := cli(t, "audit", "--cwd", dir, "--format", "json", "--profiles", "opencode")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	a := parseAudit(t, out)
	var paths []string
	for _, f := range a.Findings {
		paths = append(paths, f.Path)
	}
	if got, want := strings.Join(paths, " "), "keep.log sub/untracked.txt tracked.txt"; got != want && strings.Join(sorted(paths), " ") != want {
		t.Errorf("findings on %q, want %q", got, want)
	}
	if a.Files != 4 || !strings.Contains(stderr, "skipped gone.txt: listed by git, not in the work tree") {
		t.Errorf("files %d (want 4: .gitignore too), stderr %q", a.Files, stderr)
	}
}

func sorted(xs []string) []string {
	s := append([]string(nil), xs...)
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s
}

// TestAuditBaseline: --write-baseline records the findings; --baseline
// then reports none of them (and fails on none), only the findings it does
// not hold; a file that is no baseline is a usage error.
func TestAuditBaseline(t *testing.T) {
	auditProject(t, auditFiles...)
	dir := t.TempDir()
	base := filepath.Join(dir, "baseline.json")
	run := func(args ...string) (int, auditOutput) {
		t.Helper()
		code, out, stderr := cli(t, append([]string{"audit", "--cwd", "/project", "--format", "json"}, args...)...)
		if code == exitUsage {
			t.Fatalf("%v: %s", args, stderr)
		}
		return code, parseAudit(t, out)
	}
	code, all1 := run("--profiles", "opencode", "--write-baseline", base, "--fail-on", "cut")
	if code != 1 || len(all1.Findings) == 0 {
		t.Fatalf("writing: exit %d, %d findings", code, len(all1.Findings))
	}
	if code, again := run("--profiles", "opencode", "--baseline", base, "--fail-on", "cut,refused,error,unseen"); code != exitOK || len(again.Findings) != 0 || again.Files != len(auditFiles) {
		t.Errorf("against its own baseline: exit %d, %+v", code, again.Findings)
	}
	_, both := run("--profiles", "opencode,pi")
	_, fresh := run("--profiles", "opencode,pi", "--baseline", base)
	var want []jsonFinding
	for _, f := range both.Findings {
		if f.Profile == "pi" {
			want = append(want, f)
		}
	}
	if len(fresh.Findings) != len(want) || len(want) == 0 {
		t.Fatalf("new findings %+v, want pi's %+v", fresh.Findings, want)
	}
	for i := range want {
		if fresh.Findings[i].Path != want[i].Path || fresh.Findings[i].Kind != want[i].Kind {
			t.Errorf("new finding %d: %+v, want %+v", i, fresh.Findings[i], want[i])
		}
	}
	// Rewriting the baseline with both agents leaves nothing new.
	run("--profiles", "opencode,pi", "--write-baseline", base)
	if _, none := run("--profiles", "opencode,pi", "--baseline", base); len(none.Findings) != 0 {
		t.Errorf("after rewriting: %+v", none.Findings)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("the baseline's directory holds %d entries, want the baseline alone", len(entries))
	}
	bad := filepath.Join(dir, "bad.json")
	_ = os.WriteFile(bad, []byte(`{"findings": 3}`), 0o644)
	if code, _, _ := cli(t, "audit", "--cwd", "/project", "--baseline", bad); code != exitUsage {
		t.Errorf("a bad baseline: exit %d", code)
	}
	if code, _, _ := cli(t, "audit", "--cwd", "/project", "--baseline", filepath.Join(dir, "none.json")); code != exitUsage {
		t.Errorf("a missing baseline: exit %d", code)
	}
}

// TestAuditNoGit: in a git work tree with no git on PATH, audit lists
// what git would from git's own files (reader/audit's TestListWithoutGit
// checks that list against git's): here the ignored file is left out.
func TestAuditNoGit(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"a.txt": "a\r\n", "b.log": "b\r\n", ".gitignore": "*.log\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", "")
	code, out, stderr := cli(t, "audit", "--cwd", dir, "--format", "json", "--profiles", "opencode")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	a := parseAudit(t, out)
	if a.Files != 2 || len(a.Findings) != 1 || a.Findings[0].Path != "a.txt" {
		t.Errorf("files %d, findings %+v", a.Files, a.Findings)
	}
}

// TestAuditGitRefuses: where git will not work in a repository (one owned
// by another user, as in CI containers), audit lists it from git's own
// files, as without git, and says so once in git's words, rather than
// walking .git and the ignored files. The git here is a stand-in that
// answers as git 2.39.5 does.
func TestAuditGitRefuses(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in git is a shell script")
	}
	dir := t.TempDir()
	for _, d := range []string{".git/objects", ".git/refs"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, text := range map[string]string{"a.txt": "a\r\n", "b.log": "b\r\n", ".gitignore": "*.log\n", ".git/HEAD": "ref: refs/heads/main\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := t.TempDir()
	refusal := fmt.Sprintf("fatal: detected dubious ownership in repository at '%s'\nTo add an exception for this directory, call:\n\n\tgit config --global --add safe.directory %s\n", dir, dir)
	script := "#!/bin/sh\nprintf '%s\\n'"
	for _, line := range strings.Split(strings.TrimSuffix(refusal, "\n"), "\n") {
		script += " '" + strings.ReplaceAll(line, "'", `'\''`) + "'"
	}
	if err := os.WriteFile(filepath.Join(bin, "git"), []byte(script+" >&2\nexit 128\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin)
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", "")
	code, out, stderr := cli(t, "audit", "--cwd", dir, "--format", "json", "--profiles", "opencode")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	want := "readlens: git refuses the repository at " + dir + " (fatal: detected dubious ownership in repository at '" + dir + "'); listed from git's own files instead\n"
	if stderr != want {
		t.Errorf("stderr %q\nwant   %q", stderr, want)
	}
	a := parseAudit(t, out)
	if a.Files != 2 || len(a.Findings) != 1 || a.Findings[0].Path != "a.txt" {
		t.Errorf("files %d, findings %+v", a.Files, a.Findings)
	}
}

// TestAuditDistinct: a file or a profile named twice, a directory inside
// another one named, and a file inside a directory named are each audited
// once.
func TestAuditDistinct(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"a.txt": "a\r\n", "sub/b.txt": "b\r\n"} {
		mustWriteFile(t, filepath.Join(dir, name), text)
	}
	if err := os.Symlink("sub", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args     []string
		files    int
		findings []string
	}{
		{[]string{"a.txt", "a.txt", "./a.txt", "sub/../a.txt"}, 1, []string{"a.txt"}},
		// The link met in the listing is skipped, not counted.
		{[]string{".", "sub"}, 2, []string{"a.txt", "sub/b.txt"}},
		{[]string{"sub", "."}, 2, []string{"a.txt", "sub/b.txt"}},
		// A file named is audited where it is named.
		{[]string{".", "a.txt"}, 2, []string{"sub/b.txt", "a.txt"}},
		{[]string{"a.txt", "."}, 2, []string{"a.txt", "sub/b.txt"}},
		// A link named is followed: its files are listed under its name.
		{[]string{".", "link"}, 3, []string{"a.txt", "sub/b.txt", "link/b.txt"}},
	} {
		args := append([]string{"audit", "--cwd", dir, "--format", "json", "--profiles", "opencode,opencode, opencode"}, c.args...)
		code, out, stderr := cli(t, args...)
		if code != exitOK {
			t.Fatalf("%v: exit %d, stderr %q", c.args, code, stderr)
		}
		a := parseAudit(t, out)
		var got []string
		for _, f := range a.Findings {
			got = append(got, f.Path)
		}
		if a.Files != c.files || !slices.Equal(got, c.findings) || !slices.Equal(a.Profiles, []string{"opencode"}) {
			t.Errorf("%v: %d files, findings %q, profiles %q; want %d files, %q", c.args, a.Files, got, a.Profiles, c.files, c.findings)
		}
	}
}

// TestAuditDanglingLink: a PATH that is a link to nothing is there (it is
// no usage error) and is skipped as what it is.
func TestAuditDanglingLink(t *testing.T) {
	dir := t.TempDir()
	if err := os.Symlink("nowhere", filepath.Join(dir, "dangling")); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := cli(t, "audit", "--cwd", dir, "--format", "json", "dangling")
	if code != exitOK || stderr != "readlens: skipped dangling: a symbolic link to nothing that exists\n" || parseAudit(t, out).Files != 0 {
		t.Errorf("exit %d, stderr %q, output %s", code, stderr, out)
	}
}

// TestAuditNoTokens: --no-tokens finds the same, with every token figure
// null.
func TestAuditNoTokens(t *testing.T) {
	auditProject(t, auditFiles...)
	_, with, _ := cli(t, "audit", "--cwd", "/project", "--format", "json")
	_, without, _ := cli(t, "audit", "--cwd", "/project", "--format", "json", "--no-tokens")
	a, b := parseAudit(t, with), parseAudit(t, without)
	if len(a.Findings) != len(b.Findings) || len(a.Findings) == 0 {
		t.Fatalf("%d findings with tokens, %d without", len(a.Findings), len(b.Findings))
	}
	for i, f := range b.Findings {
		if f.Tokens != nil || a.Findings[i].Tokens == nil {
			t.Errorf("finding %d: tokens %v, with tokens %v", i, f.Tokens, a.Findings[i].Tokens)
		}
		f.Tokens = a.Findings[i].Tokens
		x, _ := json.Marshal(f)
		y, _ := json.Marshal(a.Findings[i])
		if string(x) != string(y) {
			t.Errorf("finding %d: %+v, with tokens %+v", i, f, a.Findings[i])
		}
	}
}

func mustWriteFile(t *testing.T, name, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestAuditCodexHarnessTail: a codex answer cut in its middle by the
// harness is a tokens cut whose finding gives the tail it keeps, in JSON
// and in words.
func TestAuditCodexHarnessTail(t *testing.T) {
	auditProject(t, "codex/harness/rows_3000.txt")
	code, out, stderr := cli(t, "audit", "--cwd", "/project", "--format", "json", "--profiles", "codex", "--no-tokens")
	want := `{"path":"codex/harness/rows_3000.txt","profile":"codex","kind":"cut","cap":"tokens","first_line":1,"last_line":322,"total_lines":3000,"resumes":1690,"ends":2000,"tokens":null,"message":null}`
	if code != exitOK || stderr != "" || !strings.Contains(out, "\n    "+want+"\n") {
		t.Errorf("exit %d, stderr %q, output:\n%s\nwant the finding %s", code, stderr, out, want)
	}
	code, out, _ = cli(t, "audit", "--cwd", "/project", "--profiles", "codex", "--no-tokens")
	if code != exitOK || !strings.Contains(out, "  codex  cut by its tokens cap · shows lines 1–322 and 1,690–2,000 of 3,000\n") {
		t.Errorf("exit %d, text:\n%s", code, out)
	}
}
