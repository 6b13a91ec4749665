package render

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/theme"
)

// State is where a call is.
type State int

const (
	Running State = iota
	Done
	Failed
)

// ToolCall is what a card's first line shows: one call of a tool.
type ToolCall struct {
	Profile string
	Tool    string
	Args    json.RawMessage
	Cwd     string // paths inside it are shown relative
	Home    string // and the home directory as ~
	State   State

	pathRoom int // when positive, the cells the path may take (cut from its left)
}

// Call draws a call on one row of at most width cells, the way the agent's
// own TUI draws it.
//
// A path too long for the row loses its head, not its file name:
// "…/very_long_directory_name_02/server.go".
func Call(st *theme.Styles, width int, c ToolCall) string {
	args, _ := reader.ParseArgs(c.Args)
	draw := func(c ToolCall) string {
		switch c.Profile {
		case "opencode", "opencode-legacy", "dmcc":
			return opencodeCall(st, c, args)
		case "pi":
			return piCall(st, c, args)
		case "crush":
			return crushCall(st, c, args)
		}
		return genericCall(st, c, args)
	}
	line := draw(c)
	if over := ansi.StringWidth(line) - width; over > 0 {
		// Directories go first; the file name stays whole, after "…/".
		p := shortPath(c, pathArg(args))
		keep := ansi.StringWidth(p[strings.LastIndexByte(p, '/')+1:]) + 2
		if w := ansi.StringWidth(p); w > keep {
			c.pathRoom = max(w-over, keep)
			line = draw(c)
		}
	}
	return ansi.Truncate(line, width, "…")
}

// opencode: "→ Read src/app.ts [offset=10, limit=50]" (the session's Read
// row; "~ Reading file..." while it runs).
func opencodeCall(st *theme.Styles, c ToolCall, a reader.Args) string {
	if c.State == Running {
		return st.Hint.Render("~ Reading file...")
	}
	icon, text := st.Hint, st.Hint
	if c.State == Failed {
		icon, text = st.CallError, st.CallError
	}
	var kv []string
	for _, k := range a.Keys() {
		if k == "filePath" {
			continue
		}
		if v, ok := primitive(a.Get(k)); ok {
			kv = append(kv, Plain(k)+"="+v)
		}
	}
	extra := ""
	if len(kv) > 0 {
		extra = "[" + strings.Join(kv, ", ") + "]"
	}
	return icon.Render("→") + " " + text.Render("Read "+shortPath(c, pathArg(a))+" "+extra)
}

// pi: "read src/app.ts:10-50", the range when offset or limit is given.
func piCall(st *theme.Styles, c ToolCall, a reader.Args) string {
	path := st.CallPath.Render(shortPath(c, pathArg(a)))
	if pathArg(a) == "" {
		path = st.Hint.Render("...")
	}
	off, lim := a.Get("offset"), a.Get("limit")
	rng := ""
	if off.Kind != reader.Missing || lim.Kind != reader.Missing {
		start := 1.0
		if off.Kind == reader.Number {
			start = off.Num
		}
		rng = ":" + num(start)
		if lim.Kind == reader.Number && start+lim.Num-1 != 0 {
			rng += "-" + num(start+lim.Num-1)
		}
	}
	tool := st.CallTool
	if c.State == Failed {
		tool = st.CallError.Bold(true)
	}
	if rng != "" {
		path += st.CallArgs.Render(rng)
	}
	return tool.Render("read") + " " + path
}

// crush: "✓ View src/app.ts (limit=3, offset=99)".
func crushCall(st *theme.Styles, c ToolCall, a reader.Args) string {
	icon := map[State]string{Running: "●", Done: "✓", Failed: "×"}[c.State]
	var kv []string
	for _, k := range []string{"limit", "offset"} {
		if v := a.Get(k); v.Kind == reader.Number && v.Num != 0 {
			kv = append(kv, k+"="+num(v.Num))
		}
	}
	extra := ""
	if len(kv) > 0 {
		extra = " " + st.CallArgs.Render("("+strings.Join(kv, ", ")+")")
	}
	return stateIcon(st, c.State, icon) + " " + st.CallTool.Render("View") + " " + subject(st, c, pathArg(a)) + extra
}

// Other agents: "● read_file src/app.ts (start_line=10, end_line=50)".
func genericCall(st *theme.Styles, c ToolCall, a reader.Args) string {
	icon := map[State]string{Running: "●", Done: "✓", Failed: "×"}[c.State]
	path := pathArg(a)
	var kv []string
	for _, l := range leaves(a) {
		if l.val != path && !pathKeys[l.key] {
			kv = append(kv, Plain(l.key)+"="+l.val)
		}
	}
	extra := ""
	if len(kv) > 0 {
		extra = " " + st.CallArgs.Render("("+strings.Join(kv, ", ")+")")
	}
	return stateIcon(st, c.State, icon) + " " + st.CallTool.Render(Plain(c.Tool)) + " " + subject(st, c, path) + extra
}

// subject is what a call line names: the path, or arguments that are not
// an object, which have no names to show (Codex reads an array as its
// fields in order, crush names the kind it could not decode), whole.
func subject(st *theme.Styles, c ToolCall, path string) string {
	if raw, ok := notObject(c.Args); ok {
		return st.CallArgs.Render(Plain(raw))
	}
	return st.CallPath.Render(shortPath(c, path))
}

// notObject is args compacted, when they are JSON but not an object.
func notObject(args json.RawMessage) (string, bool) {
	if t := bytes.TrimSpace(args); len(t) == 0 || t[0] == '{' {
		return "", false // the common case, drawn with every frame: nothing to compact
	}
	var b bytes.Buffer
	if json.Compact(&b, args) != nil {
		return "", false
	}
	return b.String(), true
}

func stateIcon(st *theme.Styles, s State, icon string) string {
	switch s {
	case Failed:
		return st.CallError.Render(icon)
	case Running:
		return st.Hint.Render(icon)
	}
	return st.CallIcon.Render(icon)
}

// pathKeys are the names tools give a path argument.
var pathKeys = map[string]bool{"filePath": true, "file_path": true, "path": true, "absolute_path": true}

// leaf is a string, number or boolean inside the arguments, named by its
// own key ("start_line" inside Cline's files), at its place in them.
type leaf struct{ at, key, val string }

// leaves are the arguments' primitives, nested ones included, in order.
func leaves(a reader.Args) []leaf {
	var out []leaf
	for _, k := range a.Keys() {
		leavesOf(k, k, a.Get(k).Raw, &out)
	}
	return out
}

func leavesOf(key, at string, raw json.RawMessage, out *[]leaf) {
	v, err := reader.ParseValue(raw)
	if err != nil {
		return
	}
	switch v.Kind {
	case reader.Array:
		var elems []json.RawMessage
		json.Unmarshal(raw, &elems)
		for i, e := range elems {
			leavesOf(key, at+"["+strconv.Itoa(i)+"]", e, out)
		}
	case reader.Object:
		if o, err := reader.ParseArgs(raw); err == nil {
			for _, k := range o.Keys() {
				leavesOf(k, at+"."+k, o.Get(k).Raw, out)
			}
		}
	default:
		if s, ok := primitive(v); ok {
			*out = append(*out, leaf{at, key, s})
		}
	}
}

// pathArg is the path a call names, whatever the tool calls it.
func pathArg(a reader.Args) string {
	for _, k := range []string{"filePath", "file_path", "path", "absolute_path"} {
		if v := a.Get(k); v.Kind == reader.String {
			return v.Str
		}
	}
	if files := a.Get("files"); files.Kind == reader.Array {
		var list []struct {
			Path string `json:"path"`
		}
		if json.Unmarshal(files.Raw, &list) == nil && len(list) > 0 {
			names := make([]string, len(list))
			for i, f := range list {
				names[i] = f.Path
			}
			return strings.Join(names, ", ")
		}
	}
	return ""
}

// shortPath shows a path relative to the working directory when inside it,
// and the home directory as ~.
func shortPath(c ToolCall, p string) string {
	switch {
	case c.Cwd != "" && p == c.Cwd:
		p = "."
	case c.Cwd != "" && strings.HasPrefix(p, c.Cwd+"/"):
		p = p[len(c.Cwd)+1:]
	case c.Home != "" && (p == c.Home || strings.HasPrefix(p, c.Home+"/")):
		p = "~" + p[len(c.Home):]
	}
	p = Plain(p)
	if c.pathRoom > 0 && ansi.StringWidth(p) > c.pathRoom {
		// Cut from the left, at a directory's end where one falls in reach.
		tail := ansi.TruncateLeft(p, ansi.StringWidth(p)-c.pathRoom+1, "")
		if i := strings.IndexByte(tail, '/'); i >= 0 {
			tail = tail[i:]
		}
		p = "…" + tail
	}
	return p
}

// primitive formats a string, number or boolean argument for a call line.
func primitive(v reader.Value) (string, bool) {
	switch v.Kind {
	case reader.String:
		return Plain(v.Str), true
	case reader.Number:
		return num(v.Num), true
	case reader.Bool:
		return strconv.FormatBool(v.Bool), true
	}
	return "", false
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
