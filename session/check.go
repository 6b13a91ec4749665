package session

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/all"
)

// Verdict is what Check found for one read.
type Verdict string

const (
	// Same: readlens gives what the model received.
	Same Verdict = "same"
	// Changed: readlens gives something else, and the session shows that
	// the file changed (an edit, a read that saw other lines) or the file
	// is gone: the old content cannot be had, so nothing is proved.
	Changed Verdict = "changed"
	// Differs: readlens gives something else and nothing says the file
	// changed: readlens and the agent disagree.
	Differs Verdict = "differs"
	// Shell: a shell command's output, shown as recorded, never run again.
	Shell Verdict = "shell"
	// Unanswered: the session has no result for the call.
	Unanswered Verdict = "unanswered"
	// Recorded: a read by a tool readlens has no profile of, shown as
	// recorded, never run again.
	Recorded Verdict = "recorded"
)

// Checked is one read run again.
type Checked struct {
	Call    *Call
	Verdict Verdict
	Reason  string // why, for changed, differs and a stub's same
	// What readlens gives now, with the session's working directory put
	// back where CheckOptions.Dir moved it. Check leaves it empty for a
	// read that is Same (it is the recorded result), so that checking a
	// long session does not hold every file it read again; CheckOne
	// keeps it.
	Output      string
	IsError     bool
	Attachments []Attachment
	Note        string // readlens's own remark on the call (reader.Result.Note)
	// Modified is the file's modification time now (zero when it cannot
	// be had): a file modified after the read may have changed since.
	Modified time.Time
}

// CheckOptions say where the session's files are now.
type CheckOptions struct {
	// Dir is where the session's working directory is now: every path
	// under the session's cwd is read under Dir instead ("" reads the
	// session's own paths). readlens's recorded sessions have $ROOT there.
	Dir string
	Now func() time.Time // nil is time.Now
}

// Check runs every read of the session again through the engine, with the
// agent's profile, the call's arguments and its working directory, and
// compares the answer with the result the model received.
func Check(ctx context.Context, s *Session, opt CheckOptions) ([]Checked, error) {
	p, err := all.Lookup(s.Agent)
	if err != nil {
		return nil, err
	}
	var out []Checked
	reads := s.Reads()
	for _, c := range reads {
		ch := opt.check(ctx, s, p, reads, c)
		if ch.Verdict == Same {
			ch.Output = ""
		}
		out = append(out, ch)
	}
	return out, nil
}

// CheckOne runs one read of the session again, as Check does: the
// inspector's r on a session's card.
func CheckOne(ctx context.Context, s *Session, c *Call, opt CheckOptions) (Checked, error) {
	p, err := all.Lookup(s.Agent)
	if err != nil {
		return Checked{}, err
	}
	return opt.check(ctx, s, p, s.Reads(), c), nil
}

func (opt CheckOptions) check(ctx context.Context, s *Session, p reader.Profile, reads []*Call, c *Call) Checked {
	ch := Checked{Call: c}
	switch {
	case c.Kind == KindShell:
		ch.Verdict, ch.Reason = Shell, "not run again"
	case c.Unchecked != "":
		ch.Verdict, ch.Reason = Recorded, c.Unchecked
	case c.Result == nil:
		ch.Verdict, ch.Reason = Unanswered, "the session holds no result for this call"
	default:
		res, err := reader.Read(ctx, reader.Request{Profile: p, Args: opt.mapArgs(s, c.Args), Cwd: opt.mapPath(s, c.Cwd), Now: opt.Now})
		if err != nil {
			ch.Verdict, ch.Reason = Differs, "readlens could not run the call: "+err.Error()
			break
		}
		ch.Output, ch.IsError, ch.Note = opt.unmap(s, res.Output), res.IsError, res.Note
		if fi, err := os.Stat(opt.mapPath(s, c.Path)); err == nil {
			ch.Modified = fi.ModTime()
		}
		ch.Attachments = []Attachment{}
		for _, a := range res.Attachments {
			ch.Attachments = append(ch.Attachments, Attachment{Mime: a.Mime, Size: a.Size, SHA256: a.SHA256})
		}
		want, what := c.Result, ""
		if c.Stub {
			if w := standsFor(reads, c); w != nil {
				want, what = w.Result, fmt.Sprintf("the stub stands for read %d", w.Index)
			}
		}
		if ch.same(want) {
			ch.Verdict, ch.Reason = Same, what
			break
		}
		ch.Verdict = Differs
		if why := s.changed(c, opt.mapPath(s, c.Path), res); why != "" {
			ch.Verdict, ch.Reason = Changed, why
		} else if what != "" {
			ch.Reason = what + ", which readlens does not give"
		}
	}
	return ch
}

func (ch *Checked) same(r *Result) bool {
	if len(ch.Output) != r.Output.Len() || ch.Output != r.Output.String() || ch.IsError != r.IsError || len(ch.Attachments) != len(r.Attachments) {
		return false
	}
	for i, a := range ch.Attachments {
		if b := r.Attachments[i]; a.Mime != b.Mime || a.SHA256 != b.SHA256 {
			return false
		}
	}
	return true
}

// standsFor is the latest earlier read that a stub's content is: the same
// path, offset and limit, and not itself a stub.
func standsFor(reads []*Call, c *Call) *Call {
	for i := c.RepeatOf; i > 0; i = reads[i-1].RepeatOf {
		if r := reads[i-1]; !r.Stub && r.Result != nil {
			return r
		}
	}
	return nil
}

// changed says what in the session (or on disk) shows that c's file
// changed, or "".
func (s *Session) changed(c *Call, path string, now *reader.Result) string {
	tools := agentTools[s.Agent]
	if missing := tools.missing; missing != "" && now.IsError && strings.HasPrefix(now.Output, missing) && !strings.HasPrefix(c.Result.Output.Prefix(len(missing)).String(), missing) {
		return "the file is gone"
	}
	if _, err := os.Lstat(path); now.IsError && !c.Result.IsError && errors.Is(err, fs.ErrNotExist) {
		return "the file is gone" // in any agent's words
	}
	for _, ch := range s.Changes {
		if ch.Path != c.Path {
			continue
		}
		if ch.Call != 0 {
			return fmt.Sprintf("edited by call %d (%s, %s %d)", ch.Call, ch.By, unitOr(s.Unit), ch.Line)
		}
		return fmt.Sprintf("%s (%s %d)", ch.By, unitOr(s.Unit), ch.Line)
	}
	for _, o := range s.Calls {
		if o.Kind == KindRead && o != c && o.Path == c.Path && o.Result != nil && c.Result.File != nil && o.Result.File != nil &&
			disagree(c.Result.File, o.Result.File) {
			return fmt.Sprintf("read %d saw other content", o.Index)
		}
	}
	for _, o := range s.Calls {
		// The same call, answered otherwise: the file changed between them.
		if o != c && o.Kind == KindRead && o.Path == c.Path && bytes.Equal(o.Args, c.Args) && o.Result != nil && !o.Stub && !c.Stub &&
			!sameResult(o.Result, c.Result) {
			return fmt.Sprintf("read %d, the same call, got other content", o.Index)
		}
	}
	base := filepath.Base(c.Path)
	for _, o := range s.Calls {
		if o.Kind == KindOther && slices.Contains(tools.shell, o.Tool) && base != "" && strings.Contains(o.command(), base) {
			return fmt.Sprintf("call %d, a shell command, names it and may have changed it", o.N)
		}
	}
	return ""
}

// agentTools are what Check needs to know of each agent's tools, by
// profile: one entry per format in formats.
var agentTools = map[string]struct {
	// missing begins the read tool's error for a file that does not
	// exist, in the agent's words (the oracles' recordings).
	missing string
	// shell are the tools that run a shell command, which may change a file.
	shell []string
	// pathArg is the read tool's argument naming the file.
	pathArg string
}{
	"claude-code": {missing: "File does not exist", shell: []string{"Bash"}, pathArg: "file_path"},
	"pi":          {missing: "ENOENT: no such file or directory", shell: []string{"bash"}, pathArg: "path"},
	// Codex's read_file (0.57.0 to 0.105.0); its shells across releases.
	"codex":      {missing: "failed to read file: No such file or directory", shell: []string{"exec_command", "shell", "shell_command", "local_shell"}, pathArg: "file_path"},
	"gemini-cli": {missing: "File not found: ", shell: []string{"run_shell_command"}, pathArg: "file_path"},
	"opencode":   {missing: "File not found: ", shell: []string{"bash"}, pathArg: "filePath"},
}

func (c *Call) command() string {
	if c.Command != "" {
		return c.Command
	}
	var in struct {
		Command string `json:"command"`
	}
	_ = json.Unmarshal(c.Args, &in)
	return in.Command
}

// disagree reports whether two reads of a file saw different lines where
// they overlap, or a different length.
func disagree(a, b *FileView) bool {
	if a.Total != b.Total {
		return true
	}
	al, bl := strings.Split(a.Content.String(), "\n"), strings.Split(b.Content.String(), "\n")
	for i, l := range al {
		j := a.Start + i - b.Start
		if j >= 0 && j < len(bl) && bl[j] != l {
			return true
		}
	}
	return false
}

func (o CheckOptions) mapPath(s *Session, p string) string {
	switch {
	case o.Dir == "" || s.Cwd == "":
		return p
	case p == s.Cwd:
		return o.Dir
	case strings.HasPrefix(p, s.Cwd+"/"):
		return o.Dir + p[len(s.Cwd):]
	}
	return p
}

func (o CheckOptions) unmap(s *Session, out string) string {
	if o.Dir == "" || s.Cwd == "" {
		return out
	}
	return strings.ReplaceAll(out, o.Dir, s.Cwd)
}

// mapArgs moves the path argument (the agent's pathArg) under Dir,
// leaving every other byte of the arguments as the model sent them.
func (o CheckOptions) mapArgs(s *Session, args []byte) []byte {
	var in map[string]json.RawMessage
	if o.Dir == "" || json.Unmarshal(args, &in) != nil {
		return args
	}
	key := agentTools[s.Agent].pathArg
	if key == "" { // a session of no known agent: Claude Code's name
		key = "file_path"
	}
	raw, ok := in[key]
	var path string
	if !ok || json.Unmarshal(raw, &path) != nil {
		return args
	}
	moved := o.mapPath(s, path)
	if moved == path {
		return args
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(moved)
	return bytes.Replace(args, raw, bytes.TrimSuffix(b.Bytes(), []byte("\n")), 1)
}

// Counts sums a check: how many reads got each verdict.
func Counts(checked []Checked) map[Verdict]int {
	n := map[Verdict]int{}
	for _, c := range checked {
		n[c.Verdict]++
	}
	return n
}
