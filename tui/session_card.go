package tui

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/aymanbagabas/go-udiff"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/render"
	"github.com/readlens/readlens/session"
	"github.com/readlens/readlens/theme"
)

// recorded is a session's call on a card: a read drawn as its agent draws
// it with the result the model received, or one dim row for another call.
type recorded struct {
	call  *session.Call
	from  *sessionView
	check *render.Recheck // the read run again now (r); nil before
}

// setCall puts a session's call on the card: a later, fuller form of the
// same call replaces an earlier one.
func (c *card) setCall(call *session.Call) {
	if c.rec == nil {
		c.rec = &recorded{}
	}
	c.rec.call = call
	c.tool, c.args, c.path = call.Tool, call.Args, call.Path
	if call.Kind == session.KindOther {
		n, tool, brief := call.N, call.Tool, call.Brief()
		if rel, ok := strings.CutPrefix(brief, call.Cwd+"/"); ok && call.Cwd != "" {
			brief = rel
		}
		c.fixed = func(st *theme.Styles, width int) render.Extra {
			return render.Extra{N: 1, Build: func() []string { return []string{render.OtherCall(st, width, n, tool, brief)} }}
		}
	} else {
		// Made when the card is drawn (result), and dropped again when it
		// scrolls away (shed).
		c.res, c.measure = nil, nil
	}
	c.invalidate()
}

// sameDrawing reports whether two forms of a call draw the same card: a
// long session's finished form leaves most of its cards as they were.
func sameDrawing(agent string, a, b *session.Call) bool {
	if a.Kind != b.Kind || a.Tool != b.Tool || a.Status(agent) != b.Status(agent) || a.Range() != b.Range() || string(a.Args) != string(b.Args) {
		return false
	}
	ra, rb := a.Result, b.Result
	switch {
	case ra == nil || rb == nil:
		return ra == rb
	case ra.IsError != rb.IsError || ra.Source != rb.Source || !ra.Output.Equal(rb.Output) || !ra.Harness.Equal(rb.Harness):
		return false
	}
	return slices.Equal(ra.Attachments, rb.Attachments)
}

// recordedResult is the result as the model received it, for drawing.
// The session keeps no image bytes: attachments are their type and size.
func recordedResult(call *session.Call) *reader.Result {
	r := call.Result
	if r == nil {
		return &reader.Result{Note: "the session holds no result for this call: it ended first"}
	}
	res := &reader.Result{Output: r.Output.String(), IsError: r.IsError}
	if res.Output != "" {
		// The recorded text is all one piece: the session keeps no account
		// of which bytes are the file's lines (Line 0 says so).
		res.Parts = []reader.Part{{Kind: reader.PartLine, Text: res.Output}}
	}
	for _, a := range r.Attachments {
		res.Attachments = append(res.Attachments, reader.Attachment{Mime: a.Mime, Size: a.Size, SHA256: a.SHA256})
	}
	if f := r.File; f != nil && f.Lines > 0 && !r.IsError {
		// The lines the tool said it showed: the status line and the
		// minimap say where in the file the read was.
		res.Truncation = reader.Truncation{FirstLine: f.Start, LastLine: f.Start + f.Lines - 1, TotalLines: f.Total, TotalKnown: f.Total > 0}
	}
	if r.Harness.Len() > 0 {
		res.Note = fmt.Sprintf("the agent sent %s of its own with this result (system reminders), not shown", render.Size(int64(r.Harness.Len())))
	}
	return res
}

// recordedRows are the rows under a recorded read's call line, counted
// now and drawn when first shown.
func (c *card) recordedRows(st *theme.Styles, width int) render.Extra {
	call := c.rec.call
	r := render.Recorded{Index: call.Index, Status: call.Status(c.profile), Range: call.Range(), Line: call.Line, Time: call.Time}
	if call.Kind == session.KindShell {
		r.Shell = call.Command
	}
	if call.Result != nil && call.Result.Source.Record != "" {
		r.Source = call.Result.Source.String()
	}
	if meta := c.rec.from.meta; meta.version != "" {
		if release, differs := session.ReleaseDiffers(meta.agent, meta.version); differs {
			r.Version = fmt.Sprintf("%s %s (the profile is of %s)", meta.name, meta.version, release)
		}
	}
	var check []string
	if c.rec.check != nil {
		check = render.RecheckRows(st, width, *c.rec.check)
	}
	return render.Extra{N: render.RecordedCount(r) + len(check), Build: func() []string {
		return append(render.RecordedRows(st, width, r), check...)
	}}
}

type recheckMsg struct {
	id    int
	check render.Recheck
}

// maxDiffBytes bounds the texts a card diffs: past it, the card says how
// long each is and where they first part.
const maxDiffBytes = 1 << 20

// recheck runs a recorded read again now, with the engine at the
// session's working directory (or where the project moved), and says
// whether readlens gives what the model got.
func (m *Model) recheck(c *card) tea.Cmd {
	v := m.sess
	switch {
	case c.rec.call.Kind == session.KindOther:
		return m.say("not a read: only reads are run again")
	case v == nil || v.s == nil:
		return m.say("the session is still being read: r runs a read again once it is all read")
	}
	s, call, id := v.s, c.rec.call, c.id
	opt := session.CheckOptions{Dir: v.file.Dir, Now: m.now}
	c.rec.check = &render.Recheck{Running: true}
	c.invalidate()
	ctx := m.ctx
	return func() tea.Msg {
		ch, err := session.CheckOne(ctx, s, call, opt)
		if err != nil {
			return recheckMsg{id, render.Recheck{Verdict: "differs", Reason: err.Error()}}
		}
		return recheckMsg{id, recheckOf(ch)}
	}
}

// recheckOf is what a card shows of a read run again: the verdict, whether
// the file was modified after the read, and the diff when they differ.
func recheckOf(ch session.Checked) render.Recheck {
	k := render.Recheck{Verdict: string(ch.Verdict), Reason: ch.Reason}
	call := ch.Call
	if ch.Verdict == session.Same {
		return k // the file may have been touched since, but reads the same
	}
	if at, err := time.Parse(time.RFC3339Nano, call.Time); err == nil && !ch.Modified.IsZero() && ch.Modified.After(at) {
		k.Since = fmt.Sprintf("modified %s, after the read at %s", ch.Modified.UTC().Format(time.RFC3339), at.UTC().Format(time.RFC3339))
	}
	if ch.Verdict != session.Changed && ch.Verdict != session.Differs || call.Result == nil {
		return k
	}
	was, now := call.Result.Output.String(), ch.Output
	switch {
	case was == now:
		k.Diff = fmt.Sprintf("@@ the text is the same: the error flag (recorded %v, now %v) or the attachments differ\n", call.Result.IsError, ch.IsError)
	case len(was)+len(now) > maxDiffBytes:
		at := 0
		for at < len(was) && at < len(now) && was[at] == now[at] {
			at++
		}
		k.Diff = fmt.Sprintf("@@ %s recorded, %s now: too long to diff here; they part at byte %d\n", render.Size(int64(len(was))), render.Size(int64(len(now))), at)
	default:
		name := filepath.Base(call.Path)
		k.Diff = udiff.Unified("recorded/"+name, "now/"+name, was, now)
	}
	return k
}
