package gemini

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/readlens/readlens/internal/oracle"
	"github.com/readlens/readlens/reader"
)

// ignoreTrees are two workspaces: "git" has a .git directory, so Gemini
// CLI applies .git/info/exclude, every .gitignore and the .geminiignore;
// "plain" has none, so only the .geminiignore counts. Every other name is
// a file holding "x\n".
var ignoreTrees = map[string]map[string]string{
	"git": {
		".git/info/exclude": "local.txt\n",
		".gitignore":        "dist/\n*.log\n!keep.log\n/rootonly.txt\ndocs/**/draft.md\nBuild\ntemp?.txt\n[ab]c.txt\n  spaced.txt  \n# comment.txt\n",
		".geminiignore":     "secret.txt\n!dist/public.js\n!notes.log\n/gen.txt\n",
		"src/.gitignore":    "gen/\n*.tmp\n/only_here.txt\n",
		"dist/a.js":         "", "dist/public.js": "", "a.log": "", "keep.log": "", "notes.log": "",
		"secret.txt": "", "src/secret.txt": "", "src/gen/g.go": "", "src/main.go": "",
		"src/x.tmp": "", "x.tmp": "", "src/only_here.txt": "", "only_here.txt": "",
		"rootonly.txt": "", "src/rootonly.txt": "", "docs/a/b/draft.md": "", "docs/draft.md": "",
		"build/x.txt": "", "temp1.txt": "", "temp10.txt": "", "ac.txt": "", "cc.txt": "",
		"local.txt": "", "gen.txt": "", "src/gen.txt": "", "main.go": "", "spaced.txt": "",
		"comment.txt": "", "SECRET.TXT": "",
	},
	"plain": {
		".geminiignore": "*.md\n!README.md\n",
		".gitignore":    "a.txt\n",
		"README.md":     "", "x.md": "", "a.txt": "",
	},
}

// ignoreRecording holds the real tool's answers, by tree and file.
var ignoreRecording = filepath.Join("..", "..", "..", "testdata", "oracle", "gemini-cli-ignore.json")

type ignoreAnswer struct {
	Output  string `json:"output"`
	IsError bool   `json:"is_error"`
}

func makeIgnoreTrees(t *testing.T) string {
	root := t.TempDir()
	for tree, files := range ignoreTrees {
		for name, body := range files {
			if body == "" {
				body = "x\n"
			}
			p := filepath.Join(root, tree, name)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return root
}

func ignoreCases() []string {
	var out []string
	for tree, files := range ignoreTrees {
		for name := range files {
			if !strings.HasPrefix(name, ".") {
				out = append(out, tree+"/"+name)
			}
		}
	}
	sort.Strings(out)
	return out
}

// TestIgnoreOracle: every file of both trees gets Gemini CLI's own answer,
// ignored or read, as recorded from the real read_file. With
// READLENS_RECORD_GEMINI_IGNORE=1 and GEMINI_CORE_DIR set, it records
// them again with shared/oracles/gemini_read_file.mjs.
func TestIgnoreOracle(t *testing.T) {
	root := makeIgnoreTrees(t)
	if os.Getenv("READLENS_RECORD_GEMINI_IGNORE") != "" {
		recordIgnore(t, root)
	}
	b, err := os.ReadFile(ignoreRecording)
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]ignoreAnswer
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	for _, c := range ignoreCases() {
		tree, _, _ := strings.Cut(c, "/")
		ws := filepath.Join(root, tree)
		path := filepath.Join(root, c)
		res, err := reader.Read(context.Background(), reader.Request{Profile: Profile, Args: Profile.Args(path, nil, nil), Cwd: ws, Worktree: ws})
		if err != nil {
			t.Fatal(err)
		}
		w, ok := want[c]
		if !ok {
			t.Errorf("%s: not recorded", c)
			continue
		}
		w.Output = strings.ReplaceAll(w.Output, oracle.RootVar, root)
		if res.Output != w.Output || res.IsError != w.IsError {
			t.Errorf("%s:\n got %q (error %v)\nwant %q (error %v)", c, res.Output, res.IsError, w.Output, w.IsError)
		}
	}
}

// TestIgnoreNote: readlens names the pattern that decided, in its own note.
func TestIgnoreNote(t *testing.T) {
	root := makeIgnoreTrees(t)
	for file, note := range map[string]string{
		"git/a.log":          "ignored by .gitignore:2 (`*.log`)",
		"git/src/gen/g.go":   "ignored by src/.gitignore:1 (`gen/`)",
		"git/dist/public.js": "ignored by .gitignore:1 (`dist/`)",
		"git/SECRET.TXT":     "ignored by .geminiignore:1 (`secret.txt`)",
		"git/local.txt":      "ignored by .git/info/exclude:1 (`local.txt`)",
		"plain/x.md":         "ignored by .geminiignore:1 (`*.md`)",
		"git/keep.log":       "",
	} {
		tree, _, _ := strings.Cut(file, "/")
		ws := filepath.Join(root, tree)
		res, err := reader.Read(context.Background(), reader.Request{Profile: Profile, Args: Profile.Args(filepath.Join(root, file), nil, nil), Cwd: ws, Worktree: ws})
		if err != nil {
			t.Fatal(err)
		}
		if res.Note != note {
			t.Errorf("%s: note %q, want %q", file, res.Note, note)
		}
	}
}

func recordIgnore(t *testing.T, root string) {
	core := os.Getenv("GEMINI_CORE_DIR")
	if core == "" {
		t.Fatal("set GEMINI_CORE_DIR to the folder holding node_modules/@google/gemini-cli-core")
	}
	script := filepath.Join("..", "..", "..", "..", "shared", "oracles", "gemini_read_file.mjs")
	got := map[string]ignoreAnswer{}
	for _, c := range ignoreCases() {
		tree, _, _ := strings.Cut(c, "/")
		cmd := exec.Command("timeout", "120", "node", script, "--root", filepath.Join(root, tree), filepath.Join(root, c))
		cmd.Env = append(os.Environ(), "GEMINI_CORE_DIR="+core, "GEMINI_CLI_HOME="+t.TempDir())
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: %v", c, err)
		}
		// The tool's debug log may come first: the answer starts at "{".
		if i := bytes.Index(out, []byte("\n{\n")); i >= 0 && !bytes.HasPrefix(out, []byte("{")) {
			out = out[i+1:]
		}
		head, text, _ := bytes.Cut(out, []byte("\n===BEGIN===\n"))
		var r struct {
			ValidationError *string `json:"validationError"`
			Error           *struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(head, &r); err != nil {
			t.Fatalf("%s: %v: %s", c, err, out)
		}
		var a ignoreAnswer
		switch {
		case r.ValidationError != nil:
			a = ignoreAnswer{Output: *r.ValidationError, IsError: true}
		case r.Error != nil:
			a = ignoreAnswer{Output: r.Error.Message, IsError: true}
		default:
			body, _, ok := bytes.Cut(text, []byte("\n===END===\n"))
			if !ok {
				t.Fatalf("%s: no text: %s", c, out)
			}
			a = ignoreAnswer{Output: string(body)}
		}
		a.Output = strings.ReplaceAll(a.Output, root, oracle.RootVar)
		got[c] = a
	}
	b, err := json.MarshalIndent(got, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(ignoreRecording, append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestIgnoreRulesKeptByText: an ignore file read again is compiled once,
// and a file whose text changed gets rules of its new text.
func TestIgnoreRulesKeptByText(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, ".gitignore")
	if err := os.WriteFile(file, []byte("kept-by-text-a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	first := gmLoad(reader.OS{}, dir, ".gitignore", ".", false)
	again := gmLoad(reader.OS{}, dir, ".gitignore", ".", false)
	if len(first) != 1 || len(again) != 1 || first[0] != again[0] {
		t.Fatalf("read twice: %v, then %v: not the kept rules", first, again)
	}
	if err := os.WriteFile(file, []byte("kept-by-text-b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	changed := gmLoad(reader.OS{}, dir, ".gitignore", ".", false)
	if len(changed) != 1 || changed[0].text != "kept-by-text-b" {
		t.Fatalf("after the file changed: %+v", changed)
	}
	if nested := gmLoad(reader.OS{}, dir, ".gitignore", "sub", false); len(nested) != 1 || nested[0] == changed[0] {
		t.Errorf("the same text at another base shares its rules: %+v", nested)
	}
}
