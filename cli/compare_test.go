package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/readlens/readlens/internal/fixtures"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/readlens/readlens/internal/oracle"
	"github.com/readlens/readlens/reader"
)

// project serves chosen fixtures at /project, with a fixed modification
// time: the outputs name the path (and envelope's the time), and compare
// counts their bytes and tokens, so the goldens need both fixed.
func project(t *testing.T, names ...string) {
	t.Helper()
	tree := fstest.MapFS{}
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(oracle.Testdata(), "fixtures", n))
		if err != nil {
			t.Fatal(err)
		}
		tree[n] = &fstest.MapFile{Data: b, Mode: 0o644, ModTime: time.Unix(1700000000, 0)}
	}
	compareFS = reader.Mount(tree, "/project")
	t.Cleanup(func() { compareFS = nil })
}

// TestCompareJSON: `readlens compare --json` on a file every agent pages
// differently: the shape issue 12 gives, for every agent.
func TestCompareJSON(t *testing.T) {
	project(t, "lines_3000.txt")
	code, out, stderr := cli(t, "compare", "lines_3000.txt", "--cwd", "/project", "--json")
	if code != exitOK || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	var got jsonCompare
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Agents) != 10 || got.Path != "/project/lines_3000.txt" || got.Size == nil || *got.Size != 28893 {
		t.Fatalf("path %q, size %v, %d agents", got.Path, got.Size, len(got.Agents))
	}
	golden.RequireEqual(t, out)
}

// TestCompareTable: the text form at fixed widths: exact at 100 columns,
// and at 30, where the table is too narrow for its columns and each agent
// is stacked; never wider than asked.
func TestCompareTable(t *testing.T) {
	files := []string{"lines_3000.txt", "prog.exe", "long_5000.txt", "crlf.txt"}
	project(t, files...)
	for _, width := range []int{12, 20, 30, 63, 64, 80, 100, 120} {
		for _, file := range files {
			code, out, _ := cli(t, "compare", file, "--cwd", "/project", "--width", strconv.Itoa(width))
			if code != exitOK {
				t.Fatalf("%s at %d: exit %d", file, width, code)
			}
			for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
				if w := ansi.StringWidth(l); w > width {
					t.Fatalf("%s at %d: a line %d wide: %q", file, width, w, l)
				}
			}
			if width == 100 {
				t.Run(strings.TrimSuffix(file, filepath.Ext(file)), func(t *testing.T) { golden.RequireEqual(t, out) })
			}
			if width == 30 && file == "lines_3000.txt" {
				t.Run("stacked", func(t *testing.T) { golden.RequireEqual(t, out) })
			}
		}
	}
}

func TestCompareUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"compare"}, "compare needs one PATH"},
		{[]string{"compare", "a", "b"}, "compare needs one PATH"},
		{[]string{"compare", "a", "--profiles", "opencode,nope"}, `--profiles: unknown profile "nope"`},
		{[]string{"compare", "a", "--max-calls", "0"}, "--max-calls must be at least 1"},
	} {
		code, stdout, stderr := cli(t, c.args...)
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, stdout, stderr, c.want)
		}
	}
}

// TestCompareFIFO: a FIFO with no writer is a row per agent, at once; an
// agent named twice is one row.
func TestCompareFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := fixtures.Mkfifo(fifo); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	code, out, _ := cli(t, "compare", fifo, "--json", "--profiles", "opencode,pi,cline,pi")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	var got jsonCompare
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"opencode error  opencode would block here",
		"pi error  pi would block here",
		"cline error Error reading file: Path is not a file: " + fifo + " ",
	}
	if got.Size != nil || len(got.Agents) != len(want) {
		t.Fatalf("size %v, %d agents", got.Size, len(got.Agents))
	}
	for i, a := range got.Agents {
		row := a.Profile + " " + a.Verdict + " " + a.Message + " " + a.Note
		if !strings.HasPrefix(row, want[i]) || len(a.Plan.Calls) != 1 {
			t.Errorf("row %q, want %q…", row, want[i])
		}
	}
}

// TestCompareDevice: a device read as a file has no size to give (stat
// says 0): size is null, and the table's heading names none.
func TestCompareDevice(t *testing.T) {
	if _, err := os.Stat("/dev/null"); err != nil {
		t.Skip("no /dev/null here")
	}
	_, out, _ := cli(t, "compare", "/dev/null", "--json", "--profiles", "opencode")
	var got jsonCompare
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Size != nil || len(got.Agents) != 1 {
		t.Errorf("size given: %v, %d agents: %s", got.Size != nil, len(got.Agents), out)
	}
	if _, table, _ := cli(t, "compare", "/dev/null", "--profiles", "opencode", "--width", "100"); !strings.HasPrefix(table, "/dev/null\n") {
		t.Errorf("heading %q", strings.SplitN(table, "\n", 2)[0])
	}
}

// TestCompareHostileName: a file name is shown on a terminal's table with
// its control characters as symbols; --json into a pipe keeps it exact.
func TestCompareHostileName(t *testing.T) {
	dir := t.TempDir()
	name := "a\x1b]52;c;aGk=\x07\x1b[2Jb.txt"
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, out, _ := cli(t, "compare", name, "--cwd", dir, "--worktree", dir, "--profiles", "opencode,claude-code")
	if strings.ContainsAny(out, "\x1b\x07") || !strings.Contains(out, "a␛]52;c;aGk=␇␛[2Jb.txt") {
		t.Errorf("table: %q", out)
	}
	_, out, _ = cli(t, "compare", name, "--cwd", dir, "--worktree", dir, "--profiles", "opencode", "--json")
	var got jsonCompare
	if err := json.Unmarshal([]byte(out), &got); err != nil || got.Path != path {
		t.Errorf("json path %q (%v)", got.Path, err)
	}
}

// TestCompareImage: compare says, per agent, what an image becomes: the
// size and format the model receives, and what the file was when the tool
// changed it; --no-images reads as for a text-only model.
func TestCompareImage(t *testing.T) {
	project(t, "images/big.png")
	code, out, stderr := cli(t, "compare", "/project/images/big.png", "--json", "--no-tokens", "--profiles", "pi,claude-code,opencode,cline")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got struct {
		Agents []struct {
			Profile string `json:"profile"`
			Images  []struct {
				Mime       string `json:"mime"`
				Width      int    `json:"width"`
				Height     int    `json:"height"`
				BytesExact bool   `json:"bytes_exact"`
				Original   *struct {
					Width, Height int
					Size          int64
				} `json:"original"`
			} `json:"images"`
		} `json:"agents"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"pi":          "image/png 2000x1333 exact=false from 3000x2000",
		"claude-code": "image/png 2000x1333 exact=false from 3000x2000",
		"opencode":    "image/png 2000x1333 exact=false from 3000x2000",
		"cline":       "image/png 3000x2000 exact=true",
	}
	for _, a := range got.Agents {
		if len(a.Images) != 1 {
			t.Errorf("%s: %d images", a.Profile, len(a.Images))
			continue
		}
		i := a.Images[0]
		s := i.Mime + " " + strconv.Itoa(i.Width) + "x" + strconv.Itoa(i.Height) + " exact=" + strconv.FormatBool(i.BytesExact)
		if i.Original != nil {
			s += " from " + strconv.Itoa(i.Original.Width) + "x" + strconv.Itoa(i.Original.Height)
		}
		if s != want[a.Profile] {
			t.Errorf("%s: %s, want %s", a.Profile, s, want[a.Profile])
		}
	}
	_, table, _ := cli(t, "compare", "/project/images/big.png", "--no-tokens", "--width", "160", "--profiles", "claude-code")
	if !strings.Contains(ansi.Strip(table), "image: 2000×1333 image/png ≈") || !strings.Contains(table, "from 3000×2000 23.2 KB") {
		t.Errorf("the table does not say what the image becomes:\n%s", table)
	}
	_, out, _ = cli(t, "compare", "/project/images/big.png", "--json", "--no-tokens", "--no-images", "--profiles", "cline")
	if strings.Contains(out, `"images"`) || !strings.Contains(out, "Current model does not support image input") {
		t.Errorf("--no-images: cline still sends the image:\n%s", out)
	}
}
