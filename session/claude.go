package session

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"

	"github.com/readlens/readlens/reader/node"
)

// Claude Code's transcript, as 2.1.330 writes it
// ($CLAUDE_CONFIG_DIR/projects/<cwd, / as ->/<session id>.jsonl; see
// shared/research/sessions.md and testdata/sessions/claude-code):
//
//   - an "assistant" record holds the model's tool_use blocks (one API
//     answer may be split over several records);
//   - a "user" record holds the tool_result the tool gave, and a
//     structured toolUseResult (for a text read: the file's lines);
//   - an "api-request-blob" record holds a message of the next request as
//     it was sent: the tool_result there is what the model received. The
//     harness trims the end of the result's text (the transcript keeps
//     "4\t", the model got "4") and then appends its reminders, inside the
//     tool_result: "\n\n<system-reminder>…" to a text, text blocks after
//     an image.
//
// So a result's form is the request's, split at the end of the
// transcript's trimmed text: before it the tool's words, after it the
// harness's. When the session ends before the next request (a session
// still running), the transcript's form is used, trimmed the same way.

// claudeTypes are the record types Claude Code 2.1.330 was seen writing,
// and those earlier releases wrote; any other is counted as unknown.
var claudeTypes = map[string]bool{
	"queue-operation": true, "user": true, "attachment": true, "atis-latch": true,
	"api-request-shape": true, "api-request-blob": true, "api-request": true,
	"last-prompt": true, "tools-used": true, "assistant": true, "cost-state": true,
	"summary": true, "system": true, "file-history-snapshot": true,
}

// claudeStubs begin the results Claude Code gives instead of a file's
// content when the model reads it again unchanged. 2.1.330 recognises all
// three (lan() in its Read tool's module) but did not send one in the
// recorded session: its repeat read returned the content again.
var claudeStubs = []string{
	"File unchanged since last read. The content from the earlier Read tool_result in this conversation is still current \u2014 refer to that instead of re-reading.",
	"Wasted call \u2014 file unchanged since your last Read. Refer to that earlier tool_result instead.",
	"<system-reminder>This file is already in your context",
}

// IsStub reports whether a Read result is one of Claude Code's "file
// unchanged" stubs.
func IsStub(output string) bool {
	for _, s := range claudeStubs {
		if strings.HasPrefix(output, s) {
			return true
		}
	}
	return false
}

// isStubText is IsStub of a result's text, reading no more of it than a
// stub's start.
func isStubText(t Text) bool {
	for _, s := range claudeStubs {
		if t.Len() >= len(s) && t.Prefix(len(s)).String() == s {
			return true
		}
	}
	return false
}

// claudeEditors are the tools that change a file, with the argument that names it.
var claudeEditors = map[string]string{"Edit": "file_path", "Write": "file_path", "MultiEdit": "file_path", "NotebookEdit": "notebook_path"}

type claudeRecord struct {
	Type      string `json:"type"`
	Cwd       string `json:"cwd"`
	Version   string `json:"version"`
	SessionID string `json:"sessionId"`
	Timestamp string `json:"timestamp"`
	IsMeta    bool   `json:"isMeta"` // a user record the harness wrote, not the user
	Hash      string `json:"hash"`   // api-request-blob
	Message   *struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"message"`
	ToolUseResult json.RawMessage `json:"toolUseResult"`
	Attachment    *struct {
		Type     string `json:"type"`
		Filename string `json:"filename"`
	} `json:"attachment"`
}

type claudeBlock struct {
	Type      string          `json:"type"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
	Content   json.RawMessage `json:"content"`
	IsError   bool            `json:"is_error"`
	Text      string          `json:"text"`
	Source    *struct {
		MediaType string `json:"media_type"`
		Data      string `json:"data"`
	} `json:"source"`
}

// form is one record's form of a tool_result.
type form struct {
	str      string // the content, when it is a string
	isString bool
	blocks   []formBlock
	isError  bool
}

type formBlock struct {
	text   string
	isText bool
	att    Attachment
}

type claude struct {
	s       *Session
	pending map[string]*pendingCall // calls whose request form is not yet seen, by tool_use id
	last    map[string]int          // a read's key -> the Index of the latest read with it
	reads   int
}

type pendingCall struct {
	call       *Call
	transcript *form // the user record's form, once seen
	line       int
}

func newClaude(s *Session) *claude {
	return &claude{s: s, pending: map[string]*pendingCall{}, last: map[string]int{}}
}

func (p *claude) line(n int, b []byte) error {
	var r claudeRecord
	if err := decodeRecord(b, &r, ""); err != nil {
		return err
	}
	if r.Type == "" {
		return errors.New("a JSON value with no record type")
	}
	if !claudeTypes[r.Type] {
		p.s.Unknown[r.Type]++
		return nil
	}
	p.s.Records++
	s := p.s
	if s.Agent == "" {
		s.Agent, s.AgentName = "claude-code", "Claude Code"
	}
	if s.Version == "" && r.Version != "" {
		s.Version = r.Version
	}
	if s.ID == "" && r.SessionID != "" {
		s.ID = r.SessionID
	}
	if s.Cwd == "" && r.Cwd != "" {
		s.Cwd = r.Cwd
	}
	switch r.Type {
	case "assistant":
		p.assistant(n, &r)
	case "user":
		p.user(n, &r)
	case "api-request-blob":
		p.blob(n, &r)
	case "attachment":
		// Claude Code tells the model that a file it read has changed.
		if a := r.Attachment; a != nil && a.Type == "edited_text_file" && a.Filename != "" {
			s.Changes = append(s.Changes, Change{Path: p.abs(a.Filename, r.Cwd), Line: n, By: "Claude Code noticed an edit"})
		}
	}
	return nil
}

func (p *claude) blocks(r *claudeRecord) []claudeBlock {
	if r.Message == nil || len(r.Message.Content) == 0 || r.Message.Content[0] != '[' {
		return nil
	}
	var bs []claudeBlock
	if json.Unmarshal(r.Message.Content, &bs) != nil {
		return nil
	}
	return bs
}

func (p *claude) abs(path, cwd string) string {
	if path == "" {
		return ""
	}
	// A path under the cwd as written is kept: readlens's recorded
	// sessions have $ROOT for both.
	if !filepath.IsAbs(path) && cwd != "" && path != cwd && !strings.HasPrefix(path, cwd+"/") {
		path = filepath.Join(cwd, path)
	}
	return filepath.Clean(path)
}

func (p *claude) assistant(n int, r *claudeRecord) {
	cwd := r.Cwd
	if cwd == "" {
		cwd = p.s.Cwd
	}
	for _, b := range p.blocks(r) {
		if b.Type != "tool_use" {
			continue
		}
		c := &Call{N: len(p.s.Calls) + 1, Kind: KindOther, ID: b.ID, Tool: b.Name, Args: compact(b.Input),
			Line: n, Cwd: cwd, Time: r.Timestamp}
		var in map[string]json.RawMessage
		_ = json.Unmarshal(b.Input, &in)
		str := func(key string) string {
			var s string
			_ = json.Unmarshal(in[key], &s)
			return s
		}
		key := ""
		switch {
		case b.Name == "Read":
			c.Kind = KindRead
			c.Path = p.abs(str("file_path"), cwd)
			key = "read\x00" + c.Path + "\x00" + string(compact(in["offset"])) + "\x00" + string(compact(in["limit"])) + "\x00" + string(compact(in["pages"]))
		case b.Name == "Bash":
			if path, span, ok := shellRead(str("command")); ok {
				c.Kind, c.Command, c.Path, c.Span = KindShell, str("command"), p.abs(path, cwd), span
				key = "shell\x00" + c.Path + "\x00" + spanKey(span)
			}
		case claudeEditors[b.Name] != "":
			c.Path = p.abs(str(claudeEditors[b.Name]), cwd)
			if c.Path != "" {
				p.s.Changes = append(p.s.Changes, Change{Path: c.Path, Line: n, Call: c.N, By: b.Name})
			}
		}
		if c.Kind != KindOther {
			p.reads++
			c.Index = p.reads
			c.RepeatOf = p.last[key]
			p.last[key] = c.Index
		}
		p.s.Calls = append(p.s.Calls, c)
		if b.ID != "" {
			p.pending[b.ID] = &pendingCall{call: c}
		}
	}
}

func (p *claude) user(n int, r *claudeRecord) {
	p.firstPrompt(r)
	var results []claudeBlock
	for _, b := range p.blocks(r) {
		if b.Type == "tool_result" {
			results = append(results, b)
		}
	}
	for _, b := range results {
		pc := p.pending[b.ToolUseID]
		if pc == nil || pc.transcript != nil {
			continue
		}
		f := parseForm(b)
		pc.transcript, pc.line = &f, n
		c := pc.call
		// Until the request's form is seen, the transcript's, trimmed.
		c.Result = f.trimmed(p.s)
		c.Result.Source = Source{Record: "user", Line: n, Trimmed: true}
		if len(results) == 1 {
			c.Result.File = fileView(p.s, r.ToolUseResult)
		}
		c.Stub = c.Kind == KindRead && isStubText(c.Result.Output)
	}
}

func (p *claude) blob(n int, r *claudeRecord) {
	for _, b := range p.blocks(r) {
		if b.Type != "tool_result" {
			continue
		}
		pc := p.pending[b.ToolUseID]
		if pc == nil {
			continue
		}
		delete(p.pending, b.ToolUseID)
		f := parseForm(b)
		c := pc.call
		var file *FileView
		if c.Result != nil {
			file = c.Result.File
		}
		c.Result = f.result(p.s, pc.transcript)
		c.Result.Source = Source{Record: "api-request-blob", Line: n, Hash: r.Hash}
		c.Result.File = file
		c.Stub = c.Kind == KindRead && isStubText(c.Result.Output)
	}
}

func parseForm(b claudeBlock) form {
	f := form{isError: b.IsError}
	c := bytes.TrimSpace(b.Content)
	switch {
	case len(c) == 0 || c[0] == 'n': // absent or null
		f.isString = true
	case c[0] == '"':
		f.isString = true
		_ = json.Unmarshal(c, &f.str)
	case c[0] == '[':
		var bs []claudeBlock
		_ = json.Unmarshal(c, &bs)
		for _, x := range bs {
			switch {
			case x.Type == "text":
				f.blocks = append(f.blocks, formBlock{text: x.Text, isText: true})
			case x.Source != nil:
				data, _ := base64.StdEncoding.DecodeString(x.Source.Data)
				sum := sha256.Sum256(data)
				f.blocks = append(f.blocks, formBlock{att: Attachment{Mime: x.Source.MediaType, Size: int64(len(data)), SHA256: hex.EncodeToString(sum[:])}})
			default:
				f.blocks = append(f.blocks, formBlock{text: "[" + x.Type + " block]", isText: true})
			}
		}
	}
	return f
}

func trimEnd(s string) string { return strings.TrimRightFunc(s, node.IsSpace) }

// result is the model's form f split into the tool's part and the
// harness's, using the transcript's form t when there is one; with f nil
// it is t trimmed as the request trims it.
func (f form) result(s *Session, t *form) *Result {
	if t == nil && f.isString {
		// No transcript: what follows the tool's text is the harness's
		// run of system reminders.
		out, harness := splitReminders(f.str)
		return &Result{Output: s.text(out), Harness: s.text(harness), IsError: f.isError}
	}
	if t != nil && t.isString && f.isString {
		tool := trimEnd(t.str)
		if strings.HasPrefix(f.str, tool) {
			return &Result{Output: s.text(tool), Harness: s.text(f.str[len(tool):]), IsError: f.isError, Transcript: tool != t.str}
		}
		out, harness := splitReminders(f.str)
		return &Result{Output: s.text(out), Harness: s.text(harness), IsError: f.isError, Transcript: true}
	}
	if f.isString { // a string now, blocks in the transcript
		out, harness := splitReminders(f.str)
		return &Result{Output: s.text(out), Harness: s.text(harness), IsError: f.isError, Transcript: true}
	}
	// Blocks: the tool's are the transcript's count; the harness's follow.
	n := len(f.blocks)
	if t != nil && !t.isString && len(t.blocks) <= n {
		n = len(t.blocks)
	} else {
		for n > 0 && f.blocks[n-1].isText && strings.HasPrefix(f.blocks[n-1].text, "<system-reminder>") {
			n--
		}
	}
	r := &Result{IsError: f.isError, Attachments: []Attachment{}}
	var texts, harness []string
	for i, b := range f.blocks {
		switch {
		case i >= n:
			harness = append(harness, b.text)
		case b.isText:
			texts = append(texts, b.text)
		default:
			r.Attachments = append(r.Attachments, b.att)
		}
	}
	r.Output, r.Harness = s.text(strings.Join(texts, "\n")), s.text(strings.Join(harness, "\n"))
	if t != nil {
		r.Transcript = !sameBlocks(t.blocks, f.blocks[:n])
	}
	return r
}

// trimmed is the transcript's form alone, trimmed as the request trims
// a text result.
func (f form) trimmed(s *Session) *Result {
	if f.isString {
		return &Result{Output: s.text(trimEnd(f.str)), IsError: f.isError, Transcript: trimEnd(f.str) != f.str}
	}
	return f.result(s, &f)
}

func sameBlocks(a, b []formBlock) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// splitReminders splits off the system reminders the harness appended to
// a text: each "\n\n<system-reminder>\n…</system-reminder>" at its end.
func splitReminders(s string) (tool, harness string) {
	tool = s
	for strings.HasSuffix(tool, "</system-reminder>") {
		i := strings.LastIndex(tool, "\n\n<system-reminder>")
		if i < 0 {
			break
		}
		tool = tool[:i]
	}
	return tool, s[len(tool):]
}

// fileView reads Claude Code's toolUseResult for a text read.
func fileView(s *Session, raw json.RawMessage) *FileView {
	var t struct {
		Type string `json:"type"`
		File struct {
			Content    string `json:"content"`
			NumLines   int    `json:"numLines"`
			StartLine  int    `json:"startLine"`
			TotalLines int    `json:"totalLines"`
		} `json:"file"`
	}
	if len(raw) == 0 || raw[0] != '{' || json.Unmarshal(raw, &t) != nil || t.Type != "text" {
		return nil
	}
	return &FileView{Start: t.File.StartLine, Lines: t.File.NumLines, Total: t.File.TotalLines, Content: s.text(t.File.Content)}
}

func compact(raw json.RawMessage) []byte {
	if len(raw) == 0 {
		return nil
	}
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return raw
	}
	return b.Bytes()
}
