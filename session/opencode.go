package session

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"
)

// opencode's session, as 1.18.33's own `opencode export <id>` prints it
// (see testdata/sessions/opencode). 1.18.33 keeps its sessions in SQLite
// ($XDG_DATA_HOME/opencode/opencode.db): readlens reads the export, the
// CLI's JSON of the same rows, and needs no SQLite driver. The export is
// one JSON document:
//
//	{"info": {id, directory, version, …},
//	 "messages": [{"info": {role, path: {cwd}, …}, "parts": [part, …]}, …]}
//
// A "tool" part is a call and its result: state.input as the model sent
// it, state.output (or state.error, status "error") as the model received
// it, state.attachments (an image, as a data URL), and metadata: the read
// tool's display says which lines it read of how many. A "patch" part
// names the files a step's snapshot saw change, the agent's edits and
// anyone else's.
//
// The document is read as a stream, one part at a time: a long session is
// never held whole.

var opencodeParts = map[string]bool{
	"text": true, "reasoning": true, "tool": true, "step-start": true, "step-finish": true, "patch": true,
	"file": true, "snapshot": true, "agent": true, "subtask": true, "retry": true, "compaction": true,
}

// opencodeEditors are the tools that change a file and name it filePath;
// apply_patch names its files in its patchText.
var opencodeEditors = map[string]bool{"edit": true, "write": true}

// isSQLite reports whether the stream is an SQLite database.
func isSQLite(br *bufio.Reader) bool {
	head, _ := br.Peek(16)
	return string(head) == "SQLite format 3\x00"
}

// isOpencodeExport reports whether the stream starts as opencode's export
// does: an object whose first key is "info" or "messages".
func isOpencodeExport(br *bufio.Reader) bool {
	head, _ := br.Peek(4096)
	dec := json.NewDecoder(bytes.NewReader(head))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return false
	}
	t, err := dec.Token()
	return err == nil && (t == "info" || t == "messages")
}

type opencodeParser struct {
	s     *Session
	cr    *countingReader
	dec   *json.Decoder
	last  map[string]int
	reads int
	cwd   string // the current message's working directory
	user  bool   // the current message is the user's
	known bool   // the current message's role is one the conversation holds (opencode.db)

	running   []*Call // calls pending or running, until a later assistant message
	compacted int     // results compaction cleared later
}

// countingReader counts the newlines handed to the decoder, to tell the
// line a value starts on.
type countingReader struct {
	r     io.Reader
	lines int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.lines += bytes.Count(p[:n], []byte{'\n'})
	return n, err
}

func parseOpencode(br *bufio.Reader, s *Session) {
	s.Agent, s.AgentName = "opencode", "opencode"
	p := &opencodeParser{s: s, cr: &countingReader{r: br}, last: map[string]int{}}
	p.dec = json.NewDecoder(p.cr)
	err := p.document()
	s.Lines = p.cr.lines
	if p.compacted > 0 {
		s.note(fmt.Sprintf("%d tool results were cleared later by opencode's compaction: the model had them in full until then", p.compacted))
	}
	switch {
	case err == nil:
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		s.bad(fmt.Sprintf("line %d: the export ends before its JSON does (cut short?); what came before is kept", p.line()))
	default:
		s.bad(fmt.Sprintf("line %d: %v; the rest is skipped", p.line(), err))
	}
}

// line is the line the next value starts on.
func (p *opencodeParser) line() int {
	rest, _ := io.ReadAll(p.dec.Buffered())
	n := 1 + p.cr.lines - bytes.Count(rest, []byte{'\n'})
	lead := len(rest) - len(bytes.TrimLeft(rest, " \t\r\n,:"))
	return n + bytes.Count(rest[:lead], []byte{'\n'})
}

func (p *opencodeParser) delim(want json.Delim) error {
	t, err := p.dec.Token()
	if err != nil {
		return err
	}
	if t != want {
		return fmt.Errorf("%v where the document has %v", t, want)
	}
	return nil
}

// object walks an object's keys, handing each value to f.
func (p *opencodeParser) object(f func(key string) error) error {
	if err := p.delim('{'); err != nil {
		return err
	}
	for p.dec.More() {
		t, err := p.dec.Token()
		if err != nil {
			return err
		}
		if err := f(t.(string)); err != nil {
			return err
		}
	}
	return p.delim('}')
}

func (p *opencodeParser) array(f func() error) error {
	if err := p.delim('['); err != nil {
		return err
	}
	for p.dec.More() {
		if err := f(); err != nil {
			return err
		}
	}
	return p.delim(']')
}

func (p *opencodeParser) skip() error {
	var v json.RawMessage
	return p.dec.Decode(&v)
}

func (p *opencodeParser) document() error {
	s := p.s
	return p.object(func(key string) error {
		switch key {
		case "info":
			var info struct {
				ID        string `json:"id"`
				Directory string `json:"directory"`
				Version   string `json:"version"`
				Time      struct {
					Created int64 `json:"created"`
				} `json:"time"`
			}
			if err := p.dec.Decode(&info); err != nil {
				return err
			}
			s.Records++
			s.ID, s.Cwd, s.Version = info.ID, info.Directory, info.Version
			if info.Time.Created > 0 {
				s.Started = time.UnixMilli(info.Time.Created).UTC()
			}
			return nil
		case "messages":
			return p.array(p.message)
		}
		s.Unknown["export key "+key]++
		return p.skip()
	})
}

func (p *opencodeParser) message() error {
	known := true
	return p.object(func(key string) error {
		switch key {
		case "info":
			n := p.line()
			var info opencodeMessage
			if err := p.dec.Decode(&info); err != nil {
				return err
			}
			known = p.messageInfo(n, &info)
			return nil
		case "parts":
			return p.array(func() error {
				n := p.line()
				var part opencodePart
				if err := p.dec.Decode(&part); err != nil {
					var typ *json.UnmarshalTypeError
					if errors.As(err, &typ) {
						p.s.bad(fmt.Sprintf("line %d: not a part: %q is a %s, skipped", n, typ.Field, typ.Value))
						return nil
					}
					return err
				}
				if known {
					p.part(n, &part)
				}
				return nil
			})
		}
		return p.skip()
	})
}

// opencodeMessage is what a message's info says of it, in the export and
// in opencode.db's message rows alike.
type opencodeMessage struct {
	Role string `json:"role"`
	Path struct {
		Cwd string `json:"cwd"`
	} `json:"path"`
}

// messageInfo starts a message: it reports whether its role is one the
// model's conversation holds, whose parts are then read.
func (p *opencodeParser) messageInfo(n int, info *opencodeMessage) bool {
	p.cwd = p.s.Cwd
	if info.Role != "user" && info.Role != "assistant" {
		p.s.Unknown["message "+info.Role]++
		return false
	}
	p.s.Records++
	p.user = info.Role == "user"
	if info.Path.Cwd != "" {
		p.cwd = info.Path.Cwd
	}
	if info.Role == "assistant" {
		p.interrupted(n)
	}
	return true
}

type opencodePart struct {
	ID     string   `json:"id"`
	Type   string   `json:"type"`
	Tool   string   `json:"tool"`
	CallID string   `json:"callID"`
	Files  []string `json:"files"` // patch
	// A text part's text; synthetic says opencode wrote it, not the user.
	Text      string `json:"text"`
	Synthetic bool   `json:"synthetic"`
	State     *struct {
		Status      string          `json:"status"`
		Input       json.RawMessage `json:"input"`
		Output      string          `json:"output"`
		Error       string          `json:"error"`
		Metadata    json.RawMessage `json:"metadata"`
		Attachments []struct {
			Mime string `json:"mime"`
			URL  string `json:"url"`
		} `json:"attachments"`
		Time struct {
			Start     int64 `json:"start"`
			Compacted int64 `json:"compacted"`
		} `json:"time"`
	} `json:"state"`
}

func (p *opencodeParser) part(n int, part *opencodePart) {
	s := p.s
	if !opencodeParts[part.Type] {
		s.Unknown["part "+part.Type]++
		return
	}
	s.Records++
	switch {
	case part.Type == "text" && p.user && !part.Synthetic && s.Prompt == "":
		s.Prompt = part.Text
		return
	case part.Type == "patch":
		for _, f := range part.Files {
			s.Changes = append(s.Changes, Change{Path: absIn(f, p.cwd), Line: n, By: "opencode's snapshot saw it change"})
		}
		return
	case part.Type != "tool" || part.State == nil:
		return
	}
	st := part.State
	c := &Call{N: len(s.Calls) + 1, Kind: KindOther, ID: part.CallID, Tool: part.Tool, Args: compact(st.Input), Line: n, Cwd: p.cwd}
	if st.Time.Start > 0 {
		c.Time = time.UnixMilli(st.Time.Start).UTC().Format("2006-01-02T15:04:05.000Z")
	}
	var in map[string]json.RawMessage
	_ = json.Unmarshal(st.Input, &in)
	str := func(key string) string {
		var v string
		_ = json.Unmarshal(in[key], &v)
		return v
	}
	key := ""
	switch {
	case part.Tool == "read":
		c.Kind = KindRead
		c.Path = absIn(str("filePath"), p.cwd)
		key = "read\x00" + c.Path + "\x00" + string(compact(in["offset"])) + "\x00" + string(compact(in["limit"]))
	case part.Tool == "bash":
		dir := p.cwd
		if d := str("workdir"); d != "" {
			dir = absIn(d, p.cwd)
		}
		if path, span, ok := shellRead(str("command")); ok {
			c.Kind, c.Command, c.Path, c.Span = KindShell, str("command"), absIn(path, dir), span
			key = "shell\x00" + c.Path + "\x00" + spanKey(span)
		}
	case opencodeEditors[part.Tool]:
		if c.Path = absIn(str("filePath"), p.cwd); c.Path != "" {
			s.Changes = append(s.Changes, Change{Path: c.Path, Line: n, Call: c.N, By: part.Tool})
		}
	case part.Tool == "apply_patch":
		for _, f := range patchFiles(str("patchText")) {
			s.Changes = append(s.Changes, Change{Path: absIn(f, p.cwd), Line: n, Call: c.N, By: part.Tool})
		}
	}
	if c.Kind != KindOther {
		p.reads++
		c.Index = p.reads
		c.RepeatOf = p.last[key]
		p.last[key] = c.Index
	}
	// As 1.18.33's toModelMessages sends each state: an error the user
	// interrupted is its metadata.output, sent as a result; a call still
	// pending or running when the next request is made is sent as
	// interrupted.
	var meta struct {
		Interrupted bool    `json:"interrupted"`
		Output      *string `json:"output"`
	}
	_ = json.Unmarshal(st.Metadata, &meta)
	switch st.Status {
	case "completed":
		c.Result = &Result{Output: s.text(st.Output), Attachments: []Attachment{}}
		for _, a := range st.Attachments {
			att := dataURL(a.URL)
			if a.Mime != "" {
				att.Mime = a.Mime
			}
			c.Result.Attachments = append(c.Result.Attachments, att)
		}
		if part.Tool == "read" {
			c.Result.File = opencodeFileView(s, st.Metadata)
		}
		if st.Time.Compacted != 0 {
			p.compacted++
		}
	case "error":
		c.Result = &Result{Output: s.text(st.Error), IsError: true, Attachments: []Attachment{}}
		if meta.Interrupted && meta.Output != nil {
			c.Result = &Result{Output: s.text(*meta.Output), Attachments: []Attachment{}}
		}
	case "pending", "running":
		p.running = append(p.running, c)
	}
	if c.Result != nil {
		c.Result.Source = Source{Record: "tool part", Line: n, Unit: s.Unit}
	}
	s.Calls = append(s.Calls, c)
}

// interrupted gives the calls left pending or running the result the next
// request sent for them.
func (p *opencodeParser) interrupted(n int) {
	for _, c := range p.running {
		c.Result = &Result{Output: TextOf("[Tool execution was interrupted]"), IsError: true, Attachments: []Attachment{},
			Source: Source{Record: "a later message", Line: n, Unit: p.s.Unit}}
	}
	p.running = nil
}

// opencodeFileView is what the read tool's metadata.display says it read.
func opencodeFileView(s *Session, meta json.RawMessage) *FileView {
	var m struct {
		Display *struct {
			Type       string `json:"type"`
			Text       string `json:"text"`
			LineStart  int    `json:"lineStart"`
			LineEnd    int    `json:"lineEnd"`
			TotalLines int    `json:"totalLines"`
		} `json:"display"`
	}
	if json.Unmarshal(meta, &m) != nil || m.Display == nil || m.Display.Type != "file" {
		return nil
	}
	d := m.Display
	return &FileView{Start: d.LineStart, Lines: d.LineEnd - d.LineStart + 1, Total: d.TotalLines, Content: s.text(d.Text)}
}
