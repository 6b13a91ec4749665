package tui

import (
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/readlens/readlens/theme"
)

// form edits the offset and limit of a new call of the selected card's path.
type form struct {
	fields [2]input // offset, limit
	at     int
}

func newForm(offset, limit *int) *form {
	f := &form{}
	for i, v := range []*int{offset, limit} {
		f.fields[i].accept = digits
		if v != nil {
			f.fields[i].value = strconv.Itoa(*v)
		}
	}
	return f
}

func (f *form) update(msg tea.KeyPressMsg) {
	switch msg.String() {
	case "tab", "shift+tab", "up", "down":
		f.at = 1 - f.at
	default:
		f.fields[f.at].update(msg)
	}
}

// values are the numbers typed; an empty field is no argument.
func (f *form) values() (offset, limit *int, ok bool) {
	var out [2]*int
	for i, fl := range f.fields {
		if fl.value == "" {
			continue
		}
		n, err := strconv.Atoi(fl.value)
		if err != nil {
			return nil, nil, false
		}
		out[i] = &n
	}
	return out[0], out[1], true
}

func (f *form) view(st *theme.Styles, width int) string {
	label := []string{"offset ", "limit "}
	var b strings.Builder
	for i, fl := range f.fields {
		if i > 0 {
			b.WriteString("   ")
		}
		b.WriteString(st.Hint.Render(label[i]))
		b.WriteString(st.Filter.Render("[") + fl.view(8, i == f.at, st.Cursor) + st.Filter.Render("]"))
	}
	b.WriteString(st.Hint.Render("   enter reads · esc cancels"))
	return ansi.Truncate(b.String(), width, "…")
}
