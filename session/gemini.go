package session

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/readlens/readlens/internal/lazyregexp"
)

// Gemini CLI's chat recording, as 0.61.0 writes it
// (~/.gemini/tmp/<project>/chats/session-<time>-<id>.jsonl; see
// testdata/sessions/gemini-cli), one record a line, of four kinds:
//
//   - the first: the session's metadata (sessionId, projectHash, startTime);
//   - {"$set": {...}}: an update of the metadata; the first one sets
//     "messages" to the session context the CLI sends first (it names the
//     workspace directory);
//   - {"$rewindTo": id}: the conversation was rewound to a message;
//   - a message, with an id and a type (user, gemini, info, error,
//     warning). A "gemini" message is written again, under the same id,
//     once its toolCalls are done: each call holds its args and its result
//     (the parts of the function response). The "user" message that
//     follows holds the function responses as the next request sends
//     them: what the model received.
//
// The file does not say which release wrote it, nor the working directory
// but in the session context's "Workspace Directories".

// geminiMessageTypes are the message types 0.61.0 writes.
var geminiMessageTypes = map[string]bool{"user": true, "gemini": true, "info": true, "error": true, "warning": true}

// geminiEditors are the tools that change a file (0.61.0's EDIT_TOOL_NAME
// and WRITE_FILE_TOOL_NAME); both name it file_path.
var geminiEditors = map[string]bool{"replace": true, "write_file": true}

type geminiRecord struct {
	SessionID   string          `json:"sessionId"`
	ProjectHash string          `json:"projectHash"`
	Set         json.RawMessage `json:"$set"`
	RewindTo    *string         `json:"$rewindTo"`
	geminiMessage
}

type geminiMessage struct {
	ID        string           `json:"id"`
	Timestamp string           `json:"timestamp"`
	Type      *string          `json:"type"`
	Content   json.RawMessage  `json:"content"`
	ToolCalls []geminiToolCall `json:"toolCalls"`
}

type geminiToolCall struct {
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Args      json.RawMessage `json:"args"`
	Result    json.RawMessage `json:"result"`
	Status    string          `json:"status"`
	Timestamp string          `json:"timestamp"`
}

// geminiPart is a part of a Content, as far as a result is concerned.
type geminiPart struct {
	Text             *string `json:"text"`
	FunctionResponse *struct {
		ID       string          `json:"id"`
		Name     string          `json:"name"`
		Response json.RawMessage `json:"response"`
	} `json:"functionResponse"`
	InlineData *struct {
		Data     string `json:"data"`
		MimeType string `json:"mimeType"`
	} `json:"inlineData"`
}

type geminiParser struct {
	s     *Session
	calls map[string]*Call // by the tool call's id
	last  map[string]int   // a read's key -> the Index of the latest read with it
	reads int
}

func newGemini(s *Session) *geminiParser {
	s.Agent, s.AgentName = "gemini-cli", "Gemini CLI"
	return &geminiParser{s: s, calls: map[string]*Call{}, last: map[string]int{}}
}

// isGeminiFirst reports whether a session's first line is Gemini CLI's
// metadata record.
func isGeminiFirst(line []byte) bool {
	var r struct {
		SessionID   *string `json:"sessionId"`
		ProjectHash *string `json:"projectHash"`
	}
	return json.Unmarshal(line, &r) == nil && r.SessionID != nil && r.ProjectHash != nil
}

func (p *geminiParser) line(n int, b []byte) error {
	var r geminiRecord
	if err := decodeRecord(b, &r, "geminiMessage"); err != nil {
		return err
	}
	s := p.s
	switch {
	case r.SessionID != "" && r.ProjectHash != "":
		s.Records++
		if s.ID == "" {
			s.ID = r.SessionID
		}
	case len(r.Set) > 0:
		s.Records++
		var set struct {
			Messages []geminiMessage `json:"messages"`
		}
		_ = json.Unmarshal(r.Set, &set)
		for i := range set.Messages {
			p.message(n, &set.Messages[i])
		}
	case r.RewindTo != nil:
		s.Records++
		s.note(fmt.Sprintf("line %d: the conversation was rewound to message %s; the reads after it are kept, but the model no longer had them", n, *r.RewindTo))
	case r.ID != "" && r.Type != nil && geminiMessageTypes[*r.Type]:
		s.Records++
		p.message(n, &r.geminiMessage)
	case r.ID != "" && r.Type != nil:
		s.Unknown["message "+*r.Type]++
	default:
		var keys map[string]json.RawMessage
		_ = json.Unmarshal(b, &keys)
		if len(keys) == 0 {
			return errors.New("a JSON object of no kind Gemini CLI writes")
		}
		var names []string
		for k := range keys {
			names = append(names, k)
		}
		sort.Strings(names)
		s.Unknown["record {"+strings.Join(names, ",")+"}"]++
	}
	return nil
}

func (p *geminiParser) message(n int, m *geminiMessage) {
	if m.Type == nil {
		return
	}
	switch *m.Type {
	case "user":
		parts := geminiParts(m.Content)
		if p.s.Cwd == "" {
			for _, x := range parts {
				if x.Text != nil {
					p.s.Cwd = workspaceDir(*x.Text)
				}
			}
		}
		if p.s.Prompt == "" {
			p.s.Prompt = geminiPrompt(parts)
		}
		p.responses(n, parts)
	case "gemini":
		for _, tc := range m.ToolCalls {
			p.toolCall(n, m, tc)
		}
	}
}

// workspaceDir is the first of the session context's workspace
// directories: the working directory the CLI started in.
func workspaceDir(text string) string {
	const head = "- **Workspace Directories:**\n"
	_, rest, ok := strings.Cut(text, head)
	if !ok {
		return ""
	}
	line, _, _ := strings.Cut(rest, "\n")
	dir, ok := strings.CutPrefix(strings.TrimSpace(line), "- ")
	if !ok {
		return ""
	}
	return dir
}

func (p *geminiParser) toolCall(n int, m *geminiMessage, tc geminiToolCall) {
	c := p.calls[tc.ID]
	if c == nil {
		c = p.newCall(n, m, tc)
	}
	if c.Result != nil && c.Result.Source.Record == "user" {
		return // the request's form is known already
	}
	if len(tc.Result) == 0 || tc.Result[0] != '[' || (tc.Status != "success" && tc.Status != "error") {
		return
	}
	var parts []geminiPart
	if json.Unmarshal(tc.Result, &parts) != nil {
		return
	}
	if res := geminiResults(p.s, parts)[tc.ID]; res != nil {
		res.Source = Source{Record: "gemini", Line: n}
		c.Result = res
	}
}

func (p *geminiParser) newCall(n int, m *geminiMessage, tc geminiToolCall) *Call {
	s := p.s
	cwd := s.Cwd
	c := &Call{N: len(s.Calls) + 1, Kind: KindOther, ID: tc.ID, Tool: tc.Name, Args: compact(tc.Args), Line: n, Cwd: cwd, Time: tc.Timestamp}
	if c.Time == "" {
		c.Time = m.Timestamp
	}
	var in map[string]json.RawMessage
	_ = json.Unmarshal(tc.Args, &in)
	str := func(key string) string {
		var v string
		_ = json.Unmarshal(in[key], &v)
		return v
	}
	key := ""
	switch {
	case tc.Name == "read_file":
		c.Kind = KindRead
		c.Path = absIn(str("file_path"), cwd)
		key = "read\x00" + c.Path
		for _, k := range []string{"start_line", "end_line", "offset", "limit"} {
			key += "\x00" + string(compact(in[k]))
		}
	case tc.Name == "run_shell_command":
		dir := cwd
		if d := str("dir_path"); d != "" {
			dir = absIn(d, cwd)
		}
		if path, span, ok := shellRead(str("command")); ok {
			c.Kind, c.Command, c.Path, c.Span = KindShell, str("command"), absIn(path, dir), span
			key = "shell\x00" + c.Path + "\x00" + spanKey(span)
		}
	case geminiEditors[tc.Name]:
		if c.Path = absIn(str("file_path"), cwd); c.Path != "" {
			s.Changes = append(s.Changes, Change{Path: c.Path, Line: n, Call: c.N, By: tc.Name})
		}
	}
	if c.Kind != KindOther {
		p.reads++
		c.Index = p.reads
		c.RepeatOf = p.last[key]
		p.last[key] = c.Index
	}
	s.Calls = append(s.Calls, c)
	if tc.ID != "" {
		p.calls[tc.ID] = c
	}
	return c
}

// responses takes the function responses of a user message: the form the
// next request sent, which the model received.
func (p *geminiParser) responses(n int, parts []geminiPart) {
	for id, res := range geminiResults(p.s, parts) {
		c := p.calls[id]
		if c == nil {
			continue
		}
		res.Source = Source{Record: "user", Line: n}
		if c.Result != nil {
			res.Transcript = !sameResult(c.Result, res)
		}
		c.Result = res
	}
}

func geminiParts(content json.RawMessage) []geminiPart {
	var parts []geminiPart
	if len(content) == 0 || content[0] != '[' || json.Unmarshal(content, &parts) != nil {
		return nil
	}
	return parts
}

// geminiResults are the results in a list of parts, by call id: a
// function response, and the parts after it up to the next one (the
// image of a read, as inline data). The session keeps each text, and
// what a cut read says it read.
func geminiResults(s *Session, parts []geminiPart) map[string]*Result {
	out := map[string]*Result{}
	var cur *Result
	var output string // cur's text
	var texts []string
	flush := func() {
		if cur == nil {
			return
		}
		if len(texts) > 0 {
			output = strings.Join(append([]string{output}, texts...), "\n")
		}
		texts = nil
		cur.Output, cur.File = s.text(output), geminiFileView(s, cur, output)
	}
	for _, x := range parts {
		switch {
		case x.FunctionResponse != nil:
			flush()
			cur, output = &Result{Attachments: []Attachment{}}, ""
			var resp struct {
				Output *string `json:"output"`
				Error  *string `json:"error"`
			}
			_ = json.Unmarshal(x.FunctionResponse.Response, &resp)
			switch {
			case resp.Error != nil:
				output, cur.IsError = *resp.Error, true
			case resp.Output != nil:
				output = *resp.Output
			default:
				output = string(compact(x.FunctionResponse.Response))
			}
			out[x.FunctionResponse.ID] = cur
		case cur == nil:
		case x.InlineData != nil:
			data, _ := base64.StdEncoding.DecodeString(x.InlineData.Data)
			sum := sha256.Sum256(data)
			cur.Attachments = append(cur.Attachments, Attachment{Mime: x.InlineData.MimeType, Size: int64(len(data)), SHA256: hex.EncodeToString(sum[:])})
		case x.Text != nil:
			texts = append(texts, *x.Text)
		}
	}
	flush()
	return out
}

// geminiTruncated is the status line read_file puts before a cut text.
var geminiTruncated = lazyregexp.New(`\AIMPORTANT: The file content has been truncated\.\nStatus: Showing lines ([0-9]+)-([0-9]+) of ([0-9]+) total lines\.\n`)

// geminiFileView is what a cut read says it read: read_file says so only
// when it cuts.
func geminiFileView(s *Session, r *Result, output string) *FileView {
	if r.IsError {
		return nil
	}
	m := geminiTruncated.FindStringSubmatch(strings.TrimPrefix(output, "\n"))
	if m == nil {
		return nil
	}
	from, _ := strconv.Atoi(m[1])
	to, _ := strconv.Atoi(m[2])
	total, _ := strconv.Atoi(m[3])
	_, content, _ := strings.Cut(output, "\n--- FILE CONTENT (truncated) ---\n")
	return &FileView{Start: from, Lines: to - from + 1, Total: total, Content: s.text(content)}
}

// absIn is path made absolute against cwd; a path under cwd as written is
// kept, so that readlens's recorded sessions keep $ROOT.
func absIn(path, cwd string) string {
	if path == "" {
		return ""
	}
	return (&claude{}).abs(path, cwd)
}
