package session

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/readlens/readlens/internal/lazyregexp"
)

// pi's session, as 0.73.1 writes it
// ($PI_CODING_AGENT_DIR/sessions/--<cwd, / as ->--/<time>_<uuid>.jsonl;
// the package's docs/session-format.md, shared/research/sessions.md and
// testdata/sessions/pi):
//
//   - the first line is the header {"type":"session","version":3,"id",
//     "cwd"}: version is the format's; no record names pi's version;
//   - "message" records hold one message each: an assistant message's
//     toolCall blocks (id, name, arguments), a toolResult message's
//     content blocks (text, image with base64 data) and details;
//   - the records form a tree by id and parentId (a /tree branch, a fork):
//     every branch's calls are listed, in the file's order.
//
// pi sends a tool result's content as stored: the session's form is the
// model's, so a result's source is its toolResult record.

// piTypes are the entry types of pi's session format 3.
var piTypes = map[string]bool{
	"session": true, "message": true, "model_change": true, "thinking_level_change": true,
	"compaction": true, "branch_summary": true, "custom": true, "custom_message": true,
	"label": true, "session_info": true,
}

// piFormat is the session format pi 0.73.1 writes (its header's version).
const piFormat = 3

// piEditors are pi's tools that change the file their path names.
var piEditors = map[string]bool{"edit": true, "write": true}

type piRecord struct {
	Type      string `json:"type"`
	Version   int    `json:"version"` // the header's: the format's
	ID        string `json:"id"`
	Cwd       string `json:"cwd"`
	Timestamp string `json:"timestamp"`
	Message   *struct {
		Role       string          `json:"role"`
		Content    json.RawMessage `json:"content"`
		ToolCallID string          `json:"toolCallId"`
		IsError    bool            `json:"isError"`
		Details    json.RawMessage `json:"details"`
	} `json:"message"`
}

type piBlock struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
	Data      string          `json:"data"`
	MimeType  string          `json:"mimeType"`
}

type pi struct {
	s       *Session
	pending map[string]*Call // calls awaiting their result, by toolCall id
	last    map[string]int   // a read's key -> the Index of the latest read with it
	reads   int
}

func newPi(s *Session) *pi {
	s.Agent, s.AgentName = "pi", "pi"
	return &pi{s: s, pending: map[string]*Call{}, last: map[string]int{}}
}

func (p *pi) line(n int, b []byte) error {
	var r piRecord
	if err := decodeRecord(b, &r, ""); err != nil {
		return err
	}
	if r.Type == "" {
		return errors.New("a JSON value with no record type")
	}
	if !piTypes[r.Type] {
		p.s.Unknown[r.Type]++
		return nil
	}
	p.s.Records++
	switch {
	case r.Type == "session":
		if p.s.ID == "" {
			p.s.ID, p.s.Cwd = r.ID, r.Cwd
			if r.Version != piFormat {
				p.s.note(fmt.Sprintf("this session is in pi's session format %d; readlens reads format %d (pi 0.73.1's), so records it does not know are skipped", r.Version, piFormat))
			}
		}
	case r.Type == "message" && r.Message != nil:
		var blocks []piBlock
		if c := bytes.TrimSpace(r.Message.Content); len(c) > 0 && c[0] == '[' {
			_ = json.Unmarshal(c, &blocks)
		}
		switch r.Message.Role {
		case "user":
			if p.s.Prompt == "" {
				p.s.Prompt = blockTexts(blocks)
			}
		case "assistant":
			p.assistant(n, &r, blocks)
		case "toolResult":
			p.result(n, &r, blocks)
		}
	}
	return nil
}

// piPath is the file a path argument names, as pi's resolveToCwd makes it:
// a leading @ dropped, ~ left as written, relative to the cwd.
func piPath(path, cwd string) string {
	path = strings.TrimPrefix(path, "@")
	if path == "" {
		return ""
	}
	// A path under the cwd as written is kept: readlens's recorded
	// sessions have $ROOT for both.
	underCwd := cwd != "" && (path == cwd || strings.HasPrefix(path, cwd+"/"))
	if !filepath.IsAbs(path) && !strings.HasPrefix(path, "~") && cwd != "" && !underCwd {
		path = filepath.Join(cwd, path)
	}
	return filepath.Clean(path)
}

func (p *pi) assistant(n int, r *piRecord, blocks []piBlock) {
	for _, b := range blocks {
		if b.Type != "toolCall" {
			continue
		}
		c := &Call{N: len(p.s.Calls) + 1, Kind: KindOther, ID: b.ID, Tool: b.Name, Args: compact(b.Arguments),
			Line: n, Cwd: p.s.Cwd, Time: r.Timestamp}
		var in map[string]json.RawMessage
		_ = json.Unmarshal(b.Arguments, &in)
		var path, command string
		_ = json.Unmarshal(in["path"], &path)
		_ = json.Unmarshal(in["command"], &command)
		key := ""
		switch {
		case b.Name == "read":
			c.Kind, c.Path = KindRead, piPath(path, c.Cwd)
			key = "read\x00" + c.Path + "\x00" + string(compact(in["offset"])) + "\x00" + string(compact(in["limit"]))
		case b.Name == "bash":
			if file, span, ok := shellRead(command); ok {
				c.Kind, c.Command, c.Path, c.Span = KindShell, command, piPath(file, c.Cwd), span
				key = "shell\x00" + c.Path + "\x00" + spanKey(span)
			}
		case piEditors[b.Name] && path != "":
			c.Path = piPath(path, c.Cwd)
			p.s.Changes = append(p.s.Changes, Change{Path: c.Path, Line: n, Call: c.N, By: b.Name})
		}
		if c.Kind != KindOther {
			p.reads++
			c.Index = p.reads
			c.RepeatOf = p.last[key]
			p.last[key] = c.Index
		}
		p.s.Calls = append(p.s.Calls, c)
		if b.ID != "" {
			p.pending[b.ID] = c
		}
	}
}

// piContinue is the notice pi's read appends to a text it cut: "[1000 more
// lines in file. Use offset=2002 to continue.]", "[Showing lines 1-2000 of
// 3001. Use offset=2001 to continue.]".
var piContinue = lazyregexp.New(`\n\n\[[^\n]*Use offset=[0-9]+ to continue\.\]$`)

func (p *pi) result(n int, r *piRecord, blocks []piBlock) {
	c := p.pending[r.Message.ToolCallID]
	if c == nil {
		return
	}
	delete(p.pending, r.Message.ToolCallID)
	res := &Result{IsError: r.Message.IsError, Attachments: []Attachment{}, Source: Source{Record: "toolResult", Line: n}}
	var texts []string
	for _, b := range blocks {
		switch b.Type {
		case "text":
			texts = append(texts, b.Text)
		case "image":
			data, _ := base64.StdEncoding.DecodeString(b.Data)
			sum := sha256.Sum256(data)
			res.Attachments = append(res.Attachments, Attachment{Mime: b.MimeType, Size: int64(len(data)), SHA256: hex.EncodeToString(sum[:])})
		default:
			texts = append(texts, "["+b.Type+" block]")
		}
	}
	output := strings.Join(texts, "\n")
	res.Output = p.s.text(output)
	if c.Kind == KindRead && !res.IsError {
		var d struct {
			Truncation *struct {
				Truncated bool `json:"truncated"`
			} `json:"truncation"`
		}
		_ = json.Unmarshal(r.Message.Details, &d)
		var in struct {
			Offset *int `json:"offset"`
			Limit  *int `json:"limit"`
		}
		// A limit that is not a whole number (pi slices with it as
		// JavaScript does: -5 counts from the end) leaves in nil.
		integers := json.Unmarshal(c.Args, &in) == nil
		res.Cut = (d.Truncation != nil && d.Truncation.Truncated) || piContinue.MatchString(output) ||
			(in.Offset != nil && *in.Offset > 1)
		if integers && (in.Limit == nil || *in.Limit >= 0) && len(blocks) == 1 && blocks[0].Type == "text" {
			start := 1
			if in.Offset != nil && *in.Offset > 1 {
				start = *in.Offset
			}
			res.File = piFileView(output, start)
			if res.File != nil {
				// The view's lines begin the output: one place for both.
				res.File.Content = res.Output.Prefix(res.File.Content.Len())
			}
		}
	}
	c.Result = res
}

var (
	piShowing = lazyregexp.New(`\n\n\[Showing lines ([0-9]+)-([0-9]+) of ([0-9]+)[^\n\]]*\. Use offset=[0-9]+ to continue\.\]$`)
	piMore    = lazyregexp.New(`\n\n\[([0-9]+) more lines in file\. Use offset=([0-9]+) to continue\.\]$`)
)

// piFileView is what pi's read of a text file says it read, from its text:
// the lines before its notice, pi splitting the file at every "\n" (so a
// final newline ends in an empty line), and the total its notice gives.
// A line over pi's byte limit is answered with a notice alone: nil. The
// content is held: the caller puts it where the output is.
func piFileView(out string, start int) *FileView {
	atoi := func(s string) int { n, _ := strconv.Atoi(s); return n }
	if m := piShowing.FindStringSubmatchIndex(out); m != nil {
		from, to, total := atoi(out[m[2]:m[3]]), atoi(out[m[4]:m[5]]), atoi(out[m[6]:m[7]])
		return &FileView{Start: from, Lines: to - from + 1, Total: total, Content: TextOf(out[:m[0]])}
	}
	if m := piMore.FindStringSubmatchIndex(out); m != nil {
		more, next := atoi(out[m[2]:m[3]]), atoi(out[m[4]:m[5]])
		if next < start {
			return nil
		}
		return &FileView{Start: start, Lines: next - start, Total: next - 1 + more, Content: TextOf(out[:m[0]])}
	}
	if strings.HasPrefix(out, "[Line ") && strings.HasSuffix(out, "]") && strings.Contains(out, " limit. Use bash: ") {
		return nil
	}
	if strings.HasPrefix(out, "Read image file [") {
		return nil // an image whose bytes pi left out: its note alone
	}
	n := strings.Count(out, "\n") + 1
	return &FileView{Start: start, Lines: n, Total: start - 1 + n, Content: TextOf(out)}
}
