package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"

	"github.com/readlens/readlens/reader/agents/all"
	"github.com/readlens/readlens/render"
	"github.com/readlens/readlens/session"
)

// The --json form of a session.
type sessionJSON struct {
	File           string `json:"file"`
	Agent          string `json:"agent"`
	AgentName      string `json:"agent_name"`
	Version        string `json:"version"`
	ProfileRelease string `json:"profile_release"`
	SessionID      string `json:"session_id"`
	Cwd            string `json:"cwd"`
	Lines          int    `json:"lines"`
	// LineUnit is "row" for opencode.db, whose lines, line and bad_lines
	// count its rows (the session's, then each message's and part's).
	LineUnit string          `json:"line_unit,omitempty"`
	Records  int             `json:"records"`
	BadLines int             `json:"bad_lines"`
	Unknown  map[string]int  `json:"unknown_records"`
	Notes    []string        `json:"notes"`
	Summary  session.Summary `json:"summary"`
	Check    map[string]int  `json:"check,omitempty"`
	Reads    []sessionReadJS `json:"reads"`
}

type sessionReadJS struct {
	Index    int             `json:"index"`
	Call     int             `json:"call"`
	Line     int             `json:"line"`
	ID       string          `json:"id"`
	Tool     string          `json:"tool"`
	Shell    bool            `json:"shell"`
	Command  string          `json:"command,omitempty"`
	Args     json.RawMessage `json:"args"`
	Cwd      string          `json:"cwd"`
	Path     string          `json:"path"`
	Range    string          `json:"range"`
	Bytes    int64           `json:"bytes"`
	Cut      bool            `json:"cut"`
	RepeatOf int             `json:"repeat_of,omitempty"`
	Stub     bool            `json:"unchanged_stub"`
	Result   *sessionResJS   `json:"result"`
	Check    *sessionCheckJS `json:"check,omitempty"`
}

type sessionResJS struct {
	Output      string               `json:"output"`
	IsError     bool                 `json:"is_error"`
	Attachments []session.Attachment `json:"attachments"`
	// Harness is what Claude Code appended inside the result (system
	// reminders): the model received it too, after Output.
	Harness string `json:"harness,omitempty"`
	Source  struct {
		Record  string `json:"record"`
		Line    int    `json:"line"`
		Hash    string `json:"hash,omitempty"`
		Trimmed bool   `json:"trimmed,omitempty"`
	} `json:"source"`
	TranscriptDiffers bool `json:"transcript_differs"`
	File              *struct {
		Start int `json:"start_line"`
		Lines int `json:"lines"`
		Total int `json:"total_lines"`
	} `json:"file,omitempty"`
}

type sessionCheckJS struct {
	Verdict string `json:"verdict"`
	Reason  string `json:"reason,omitempty"`
	// readlens's answer, when it is not the recorded one.
	Output      *string              `json:"output,omitempty"`
	IsError     bool                 `json:"is_error"`
	Attachments []session.Attachment `json:"attachments,omitempty"`
	Note        string               `json:"note,omitempty"`
}

// writeSessionJSON prints the session as one JSON document. The reads
// come last and are encoded one at a time, each with its result's text
// read back then: a session of hundreds of megabytes is never held whole
// as JSON (to a terminal, which colours the whole document, it is).
func writeSessionJSON(w io.Writer, file string, s *session.Session, checked []session.Checked, notes []string, check, terminal bool) error {
	j := sessionJSON{File: file, Agent: s.Agent, AgentName: s.AgentName, Version: s.Version, SessionID: s.ID, Cwd: s.Cwd,
		Lines: s.Lines, LineUnit: s.Unit, Records: s.Records, BadLines: s.Bad, Unknown: s.Unknown, Notes: notes, Summary: session.Summarize(s),
		Reads: []sessionReadJS{}}
	if p, err := all.Lookup(s.Agent); err == nil {
		j.ProfileRelease = p.Info().Release
	}
	if j.Notes == nil {
		j.Notes = []string{}
	}
	if check {
		j.Check = map[string]int{}
		for v, n := range session.Counts(checked) {
			j.Check[string(v)] = n
		}
	}
	if terminal {
		var b bytes.Buffer
		if err := writeSessionDoc(&b, j, s.Reads(), checked, check); err != nil {
			return err
		}
		_, err := w.Write(render.JSON(b.Bytes()))
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	if err := writeSessionDoc(bw, j, s.Reads(), checked, check); err != nil {
		return err
	}
	return bw.Flush()
}

// writeSessionDoc writes j with reads as its "reads", indented as
// encodeJSON indents: the head encoded with no reads, then each read at
// the depth the array puts it.
func writeSessionDoc(w io.Writer, j sessionJSON, reads []*session.Call, checked []session.Checked, check bool) error {
	var head bytes.Buffer
	enc := json.NewEncoder(&head)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(j); err != nil {
		return err
	}
	const empty = "\"reads\": []\n}\n"
	h := head.Bytes()
	if len(reads) == 0 || !bytes.HasSuffix(h, []byte(empty)) {
		_, err := w.Write(h)
		return err
	}
	if _, err := w.Write(h[:len(h)-len(empty)+len(`"reads": [`)]); err != nil {
		return err
	}
	var item bytes.Buffer
	ienc := json.NewEncoder(&item)
	ienc.SetEscapeHTML(false)
	ienc.SetIndent("    ", "  ")
	for i, c := range reads {
		item.Reset()
		if i > 0 {
			item.WriteByte(',')
		}
		item.WriteString("\n    ")
		var ch *session.Checked
		if check {
			ch = &checked[i]
		}
		if err := ienc.Encode(readJSON(c, ch)); err != nil {
			return err
		}
		if _, err := w.Write(bytes.TrimSuffix(item.Bytes(), []byte("\n"))); err != nil {
			return err
		}
	}
	_, err := io.WriteString(w, "\n  ]\n}\n")
	return err
}

// readJSON is one read as --json gives it, its texts read back.
func readJSON(c *session.Call, ch *session.Checked) sessionReadJS {
	r := sessionReadJS{Index: c.Index, Call: c.N, Line: c.Line, ID: c.ID, Tool: c.Tool, Shell: c.Kind == session.KindShell,
		Command: c.Command, Args: c.Args, Cwd: c.Cwd, Path: c.Path, Range: c.Range(), Bytes: c.Bytes(), Cut: c.Cut(),
		RepeatOf: c.RepeatOf, Stub: c.Stub}
	if len(r.Args) == 0 {
		r.Args = json.RawMessage("null")
	}
	if res := c.Result; res != nil {
		rj := &sessionResJS{Output: res.Output.String(), IsError: res.IsError, Attachments: res.Attachments, Harness: res.Harness.String(),
			TranscriptDiffers: res.Transcript}
		if rj.Attachments == nil {
			rj.Attachments = []session.Attachment{}
		}
		rj.Source.Record, rj.Source.Line, rj.Source.Hash, rj.Source.Trimmed = res.Source.Record, res.Source.Line, res.Source.Hash, res.Source.Trimmed
		if f := res.File; f != nil {
			rj.File = &struct {
				Start int `json:"start_line"`
				Lines int `json:"lines"`
				Total int `json:"total_lines"`
			}{f.Start, f.Lines, f.Total}
		}
		r.Result = rj
	}
	if ch != nil {
		cj := &sessionCheckJS{Verdict: string(ch.Verdict), Reason: ch.Reason, IsError: ch.IsError, Attachments: ch.Attachments, Note: ch.Note}
		if ch.Verdict == session.Changed || ch.Verdict == session.Differs {
			out := ch.Output
			cj.Output = &out
		}
		r.Check = cj
	}
	return r
}
