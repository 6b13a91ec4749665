package tui

import (
	"encoding/json"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/theme"
)

// form edits the line window of a new call of the selected card's path, in
// the tool's own parameters: offset and limit for most, start_line and
// end_line for Gemini CLI, start_line and limit for envelope.
type form struct {
	names  [2]string // the parameters edited
	own    bool      // names are the tool's top-level parameters, set as typed
	fields [2]input
	at     int
	err    string // what is wrong with what was typed, said until it is fixed
}

// fieldWidth fits a 64-bit number.
const fieldWidth = 20

// newForm edits the window of p's calls, starting from the card's own
// offset and limit.
func newForm(p reader.Profile, offset, limit *int) *form {
	f := &form{names: [2]string{"offset", "limit"}}
	if names := windowParams(p.Info()); len(names) == 2 {
		f.names, f.own = [2]string{names[0], names[1]}, true
	}
	for i, v := range []*int{offset, limit} {
		f.fields[i].accept = digits
		if v != nil && (!f.own || f.names[i] == []string{"offset", "limit"}[i]) {
			f.fields[i].value = strconv.Itoa(*v)
		}
	}
	return f
}

// windowParams are a tool's number parameters, in its schema's order: its
// line window (a tool whose window sits deeper, as Cline's, has none).
func windowParams(info reader.Info) []string {
	var names []string
	for _, p := range info.Params {
		if strings.HasPrefix(p.Type, "integer") || strings.HasPrefix(p.Type, "number") {
			names = append(names, p.Name)
		}
	}
	return names
}

func (f *form) update(msg tea.KeyPressMsg) {
	switch msg.String() {
	case "tab", "shift+tab", "up", "down":
		f.at = 1 - f.at
		return
	}
	if !f.fields[f.at].update(msg) && msg.Text != "" {
		f.err = f.names[f.at] + " takes a whole number: " + strconv.Quote(msg.Text) + " is not a digit"
		return
	}
	f.err = ""
}

// values are the numbers typed, nil where a field is empty (no argument),
// or what is wrong with them.
func (f *form) values() (out [2]*int, problem string) {
	for i, fl := range f.fields {
		if fl.value == "" {
			continue
		}
		n, err := strconv.Atoi(fl.value)
		switch {
		case err != nil && strings.Contains(err.Error(), "range"):
			return out, f.names[i] + " " + fl.value + " is too large for a line number"
		case err != nil:
			return out, f.names[i] + " takes a whole number, not " + strconv.Quote(fl.value)
		}
		out[i] = &n
	}
	return out, ""
}

// args are the call's arguments: the tool's own parameters set as typed,
// or the offset and limit the profile turns into its own.
func (f *form) args(p reader.Profile, path string, v [2]*int) json.RawMessage {
	if !f.own {
		return p.Args(path, v[0], v[1])
	}
	raw := p.Args(path, nil, nil)
	for i, n := range v {
		if n == nil {
			continue
		}
		a, err := reader.ParseArgs(raw)
		if err != nil {
			break
		}
		raw = a.With(f.names[i], *n)
	}
	return raw
}

// convenience is the offset and limit a card keeps for asking another agent
// the same thing, when the form edited them.
func (f *form) convenience(v [2]*int) (offset, limit *int) {
	if f.own && (f.names != [2]string{"offset", "limit"}) {
		return nil, nil
	}
	return v[0], v[1]
}

func (f *form) view(st *theme.Styles, width int) string {
	var b strings.Builder
	for i, fl := range f.fields {
		if i > 0 {
			b.WriteString("   ")
		}
		b.WriteString(st.Hint.Render(f.names[i] + " "))
		b.WriteString(st.Filter.Render("[") + fl.view(fieldWidth, i == f.at, st.Cursor) + st.Filter.Render("]"))
	}
	if f.err != "" {
		b.WriteString("   " + st.ErrorText.Render(f.err))
	} else {
		b.WriteString(st.Hint.Render("   enter reads · esc cancels"))
	}
	return ansi.Truncate(b.String(), width, "…")
}
