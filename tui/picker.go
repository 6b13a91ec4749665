package tui

import (
	"cmp"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/gabriel-vasile/mimetype"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/render"
	"github.com/readlens/readlens/theme"
)

// kind is what an entry looks like, sniffed from its first bytes.
type kind int

const (
	kindUnknown kind = iota
	kindDir
	kindText
	kindMedia
	kindBinary
	kindSpecial
)

type entry struct {
	name string
	kind kind
	size int64
}

// classifyLimit bounds how many entries a listing sniffs: a directory of
// 100,000 files still lists at once, its later entries unmarked.
const classifyLimit = 2000

// listDir lists a directory off the UI loop: directories first, then files,
// each sorted as people sort them. It reads the directory a batch at a
// time and sorts without lower-casing copies of the names: a directory of
// 300,000 entries costs its entries, not its sort.
func listDir(fsys reader.FS, dir string) tea.Cmd {
	return func() tea.Msg {
		d, err := fsys.Open(dir)
		if err != nil {
			return dirListedMsg{dir: dir, err: err}
		}
		var out []entry
		for {
			des, err := d.ReadDir(listBatch)
			for _, de := range des {
				out = append(out, describe(fsys, dir, de, len(out) < classifyLimit))
			}
			if err == io.EOF || err == nil && len(des) == 0 {
				break
			}
			if err != nil {
				d.Close()
				return dirListedMsg{dir: dir, err: err}
			}
		}
		d.Close()
		slices.SortStableFunc(out, func(a, b entry) int {
			if (a.kind == kindDir) != (b.kind == kindDir) {
				if a.kind == kindDir {
					return -1
				}
				return 1
			}
			return compareLower(a.name, b.name)
		})
		return dirListedMsg{dir: dir, entries: out}
	}
}

const listBatch = 4096

// describe is one entry of a listing; sniffed says to look at its bytes.
func describe(fsys reader.FS, dir string, de fs.DirEntry, sniffed bool) entry {
	e := entry{name: de.Name(), kind: kindUnknown}
	full := path.Join(dir, de.Name())
	st, err := fsys.Stat(full) // follows links, as the agents do
	switch {
	case err != nil:
		e.kind = kindSpecial
	case st.IsDir():
		e.kind = kindDir
	case !st.Mode().IsRegular():
		e.kind = kindSpecial
	default:
		e.size = st.Size()
		if sniffed {
			e.kind = sniff(fsys, full)
		}
	}
	return e
}

// compareLower orders a and b as strings.ToLower(a) and strings.ToLower(b)
// compare, without making either: rune by rune, lower-cased, a byte that is
// not UTF-8 standing for U+FFFD as it does in ToLower's result.
func compareLower(a, b string) int {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if la, lb := unicode.ToLower(ra), unicode.ToLower(rb); la != lb {
			return cmp.Compare(la, lb)
		}
		a, b = a[na:], b[nb:]
	}
	return cmp.Compare(len(a), len(b))
}

// sniff reads a file's first bytes to mark it text, media or binary.
func sniff(fsys reader.FS, name string) kind {
	f, err := fsys.Open(name)
	if err != nil {
		return kindUnknown
	}
	defer f.Close()
	head := make([]byte, 3072)
	n, _ := io.ReadFull(f, head)
	m := mimetype.Detect(head[:n])
	switch {
	case strings.HasPrefix(m.String(), "image/"), m.Is("application/pdf"):
		return kindMedia
	case strings.HasPrefix(m.String(), "text/"), m.Is("application/json"):
		return kindText
	}
	for p := m; p != nil; p = p.Parent() {
		if p.Is("text/plain") {
			return kindText
		}
	}
	return kindBinary
}

// picker chooses a path: a list of one directory, filtered as you type.
// Typing a path that names a directory ("src/", "../", "/etc/", "~/")
// goes there.
type picker struct {
	fsys    reader.FS
	home    string
	dir     string
	entries []entry
	err     error
	loading bool
	filter  input
	cursor  int
	top     int
	// matched caches matches for the filter it was made for: every frame
	// and key asks for it, and a large directory must not be filtered again
	// each time.
	matched    []entry
	matchedFor string
	matchedOK  bool
	keep       bool // the listing on its way is a refresh: keep the cursor
	// waiting is a key that picks from the listing (open, read as is,
	// compare, complete), pressed while the listing was on its way: it
	// acts once the listing comes, as it would have a moment later. A
	// paste of "src/main⏎" otherwise read the path src/main, not found.
	waiting *tea.KeyPressMsg
}

type dirListedMsg struct {
	dir     string
	entries []entry
	err     error
}

func (p *picker) open(dir string) tea.Cmd {
	p.dir, p.loading, p.err = dir, true, nil
	p.entries, p.cursor, p.top = nil, 0, 0
	p.waiting = nil // what was typed for another directory
	p.filter.value = ""
	p.matchedOK = false
	return listDir(p.fsys, dir)
}

// refresh lists the directory again, keeping the filter and the cursor:
// files created since it was listed appear.
func (p *picker) refresh() tea.Cmd {
	if p.dir == "" || p.loading {
		return nil
	}
	p.keep = true
	return listDir(p.fsys, p.dir)
}

func (p *picker) listed(msg dirListedMsg) {
	if msg.dir != p.dir {
		return // an older listing
	}
	p.loading, p.entries, p.err = false, msg.entries, msg.err
	if !p.keep {
		p.cursor, p.top = 0, 0
	}
	p.keep = false
	p.matchedOK = false
	p.move(0)
}

// matches are the entries the filter keeps, best first: names starting
// with it, then names containing it.
func (p *picker) matches() []entry {
	if p.filter.value == "" {
		return p.entries
	}
	if !p.matchedOK || p.matchedFor != p.filter.value {
		p.matched, p.matchedFor, p.matchedOK = p.match(), p.filter.value, true
	}
	return p.matched
}

func (p *picker) match() []entry {
	f := strings.ToLower(p.filter.value)
	var first, rest []entry
	for _, e := range p.entries {
		n := strings.ToLower(e.name)
		switch {
		case strings.HasPrefix(n, f):
			first = append(first, e)
		case strings.Contains(n, f):
			rest = append(rest, e)
		}
	}
	return append(first, rest...)
}

// selected is the entry under the cursor.
func (p *picker) selected() (entry, bool) {
	m := p.matches()
	if p.cursor < 0 || p.cursor >= len(m) {
		return entry{}, false
	}
	return m[p.cursor], true
}

func (p *picker) move(n int) {
	p.cursor = min(max(p.cursor+n, 0), max(len(p.matches())-1, 0))
}

// typed handles the filter after a change: a typed directory path is
// followed at once.
func (p *picker) typed() tea.Cmd {
	v := p.filter.value
	p.cursor, p.top = 0, 0
	if !strings.HasSuffix(v, "/") {
		return nil
	}
	target := v
	switch {
	case strings.HasPrefix(v, "~/") && p.home != "":
		target = p.home + v[1:]
	case !strings.HasPrefix(v, "/"):
		target = path.Join(p.dir, v)
	}
	if st, err := p.fsys.Stat(target); err == nil && st.IsDir() {
		return p.open(path.Clean(target))
	}
	return nil
}

// complete extends the filter to what every match starts with, or enters
// the only directory left.
func (p *picker) complete() tea.Cmd {
	m := p.matches()
	if len(m) == 0 {
		return nil
	}
	prefix := m[0].name
	for _, e := range m[1:] {
		for !strings.HasPrefix(strings.ToLower(e.name), strings.ToLower(prefix)) {
			prefix = prefix[:len(prefix)-1]
		}
	}
	if len(m) == 1 && m[0].kind == kindDir {
		return p.open(path.Join(p.dir, m[0].name))
	}
	if len(prefix) > len(p.filter.value) {
		p.filter.value = prefix
	}
	return nil
}

func (p *picker) parent() tea.Cmd {
	if p.dir == "/" {
		return nil
	}
	return p.open(path.Dir(p.dir))
}

// view draws the picker in width by height cells.
func (p *picker) view(st *theme.Styles, width, height int, focused bool) string {
	rows := make([]string, 0, height)
	// A long directory keeps its end, where the reader is.
	dir := render.Plain(p.dir)
	if w := ansi.StringWidth(dir); w > width && width > 1 {
		dir = "…" + ansi.TruncateLeft(dir, w-width+1, "")
	}
	rows = append(rows, st.Dir.Render(ansi.Truncate(dir, width, "")))
	rows = append(rows, st.Filter.Render("› ")+p.filter.view(width-2, focused, st.Cursor))
	list := height - len(rows)
	m := p.matches()
	switch {
	case p.err != nil:
		rows = append(rows, st.ErrorText.Render(ansi.Truncate(render.Plain(p.err.Error()), width, "…")))
	case p.loading:
		rows = append(rows, st.Hint.Render("listing…"))
	case len(m) == 0:
		rows = append(rows, st.Hint.Render("no match"))
	}
	if p.cursor < p.top {
		p.top = p.cursor
	}
	if list > 0 && p.cursor >= p.top+list {
		p.top = p.cursor - list + 1
	}
	for i := p.top; i < len(m) && len(rows) < height; i++ {
		rows = append(rows, p.row(st, m[i], width, focused && i == p.cursor))
	}
	for len(rows) > height {
		rows = rows[:height]
	}
	return strings.Join(rows, "\n")
}

// row is an entry behind a column that marks the cursor with › as well as
// with colour (NO_COLOR has none).
func (p *picker) row(st *theme.Styles, e entry, width int, cursor bool) string {
	lead := " "
	if cursor {
		lead = "›"
	}
	if width < 2 {
		return ""
	}
	return lead + p.entryRow(st, e, width-1, cursor)
}

func (p *picker) entryRow(st *theme.Styles, e entry, width int, cursor bool) string {
	mark, style := "  ", st.File
	switch e.kind {
	case kindDir:
		mark, style = "▸ ", st.Dir
	case kindMedia:
		mark, style = "▣ ", st.Media
	case kindBinary:
		mark, style = "◆ ", st.Binary
	case kindSpecial:
		mark, style = "◇ ", st.Binary
	}
	name := render.Plain(e.name)
	if e.kind == kindDir {
		name += "/"
	}
	size := ""
	if e.kind != kindDir && e.kind != kindSpecial {
		size = " " + render.Size(e.size)
	}
	room := width - ansi.StringWidth(mark) - ansi.StringWidth(size)
	if room < 4 {
		size, room = "", width-ansi.StringWidth(mark)
	}
	name = ansi.Truncate(name, max(room, 0), "…")
	gap := strings.Repeat(" ", max(room-ansi.StringWidth(name), 0))
	line := style.Render(mark+name) + gap + st.Size.Render(size)
	if cursor {
		line = st.Cursor.Render(ansi.Strip(mark + name + gap + size))
	}
	return ansi.Truncate(line, width, "")
}

// resolve is the path a name typed or picked stands for: relative to the
// listed directory, absolute, or under ~.
func (p *picker) resolve(name string) string {
	switch {
	case strings.HasPrefix(name, "/"):
		return path.Clean(name)
	case strings.HasPrefix(name, "~/") && p.home != "":
		return path.Clean(p.home + name[1:])
	}
	return path.Join(p.dir, name)
}
