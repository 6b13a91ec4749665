package tui

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi/kitty"
	"github.com/readlens/readlens/internal/oracle"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/render"
)

// kittyOK is a terminal's OK to GraphicsQuery's kitty part.
var kittyOK = uv.KittyGraphicsEvent{Options: kitty.Options{ID: render.KittyQueryID}, Payload: []byte("OK")}

// imageInspector opens the inspector on a small image (a large one takes
// seconds to decode under -race), read by opencode, which sends it as it
// is, with the guess g, asking the terminal or not; it returns the raw
// writes of its start.
func imageInspector(t *testing.T, g render.Graphics, ask bool) (*Model, []string) {
	t.Helper()
	root := filepath.Join(oracle.Testdata(), "fixtures")
	m := New(Options{Cwd: root, Worktree: root, Dir: root, Graphics: g, AskGraphics: ask, Reads: []Read{{Profile: "opencode", Path: filepath.Join(root, "images/anim_small.gif")}}})
	sent := kittyEscapes(drive(m, tea.WindowSizeMsg{Width: 160, Height: 40}))
	return m, append(sent, kittyEscapes(drive(m, tea.BatchMsg{m.Init()}))...)
}

// drawsKitty says how the picture is drawn: kitty's placeholders or
// half blocks, never both.
func drawsKitty(t *testing.T, m *Model) bool {
	t.Helper()
	view := m.View().Content
	k, h := strings.Contains(view, "\U0010EEEE"), strings.Contains(view, "▀")
	if k == h {
		t.Fatalf("placeholders %v, half blocks %v:\n%s", k, h, screen(m))
	}
	return k
}

// TestInspectorAsksTheTerminal: asked to, the inspector sends
// GraphicsQuery once at start, and the terminal's answer settles how
// pictures are drawn, over what the environment said: kitty's OK then
// DA1 draws kitty's images (sent then); DA1 alone draws half blocks,
// even where the environment named kitty, and where DA1 lists sixel (the
// next frame would draw over a sixel image). A terminal that does not
// answer keeps the environment's guess; answers nobody asked for, or
// that come after DA1, change nothing.
func TestInspectorAsksTheTerminal(t *testing.T) {
	m, sent := imageInspector(t, render.HalfBlocks, true)
	if len(sent) != 1 || sent[0] != render.GraphicsQuery {
		t.Fatalf("start wrote %.80q, want the query alone", sent)
	}
	if drawsKitty(t, m) {
		t.Fatal("kitty before any answer")
	}
	if sent := kittyEscapes(drive(m, kittyOK)); len(sent) != 0 || drawsKitty(t, m) {
		t.Errorf("kitty's OK alone settled it: %.80q", sent)
	}
	sent = kittyEscapes(drive(m, uv.PrimaryDeviceAttributesEvent{62, 22}))
	if len(sent) != 1 || !strings.HasPrefix(sent[0], "\x1b_Ga=T,U=1,q=2,f=100,i=") || !drawsKitty(t, m) {
		t.Errorf("answered kitty: sent %.80q", sent)
	}
	drive(m, uv.PrimaryDeviceAttributesEvent{62, 4})
	if !drawsKitty(t, m) {
		t.Error("a second DA1 changed the answer")
	}

	for _, tc := range []struct {
		name    string
		guess   render.Graphics
		ask     bool
		answers []tea.Msg
		kitty   bool
	}{
		{"kitty named, DA1 alone", render.Kitty, true, []tea.Msg{uv.PrimaryDeviceAttributesEvent{62, 22}}, false},
		{"sixel in DA1", render.HalfBlocks, true, []tea.Msg{uv.PrimaryDeviceAttributesEvent{62, 4, 22}}, false},
		{"kitty's error", render.HalfBlocks, true, []tea.Msg{uv.KittyGraphicsEvent{Options: kitty.Options{ID: render.KittyQueryID}, Payload: []byte("EINVAL:bad")}, uv.PrimaryDeviceAttributesEvent{62}}, false},
		{"another image's OK", render.HalfBlocks, true, []tea.Msg{uv.KittyGraphicsEvent{Options: kitty.Options{ID: 7}, Payload: []byte("OK")}, uv.PrimaryDeviceAttributesEvent{62}}, false},
		{"OK after DA1", render.HalfBlocks, true, []tea.Msg{uv.PrimaryDeviceAttributesEvent{62}, kittyOK, uv.PrimaryDeviceAttributesEvent{62}}, false},
		{"kitty named, no answer", render.Kitty, true, nil, true},
		{"nothing named, no answer", render.HalfBlocks, true, nil, false},
		{"not asked", render.HalfBlocks, false, []tea.Msg{kittyOK, uv.PrimaryDeviceAttributesEvent{62}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, sent := imageInspector(t, tc.guess, tc.ask)
			if asked := strings.Count(strings.Join(sent, ""), render.GraphicsQuery); asked != map[bool]int{true: 1}[tc.ask] {
				t.Errorf("asked %d times", asked)
			}
			for _, a := range tc.answers {
				drive(m, a)
			}
			if got := drawsKitty(t, m); got != tc.kitty {
				t.Errorf("kitty %v, want %v", got, tc.kitty)
			}
			if release := m.KittyRelease(); (release != "") != tc.kitty {
				t.Errorf("release %.80q", release)
			}
		})
	}
}

// TestKittyImagesFreed: the images the inspector sent are deleted by
// number when it quits (KittyRelease, written by Run), and when the card
// that showed one is closed, with the next write; a reopened card's image
// is sent again.
func TestKittyImagesFreed(t *testing.T) {
	m, sent := imageInspector(t, render.Kitty, false)
	if len(sent) != 1 {
		t.Fatalf("sent %.80q", sent)
	}
	var id int
	if _, err := fmt.Sscanf(sent[0], "\x1b_Ga=T,U=1,q=2,f=100,i=%d,", &id); err != nil {
		t.Fatal(err)
	}
	del := fmt.Sprintf("\x1b_Ga=d,d=I,i=%d,q=2\x1b\\", id)
	if got := m.KittyRelease(); got != del {
		t.Errorf("release %q, want %q", got, del)
	}
	if got := New(Options{Graphics: render.Kitty}).KittyRelease(); got != "" {
		t.Errorf("nothing sent, release %q", got)
	}

	closing := kittyEscapes(press(m, "x"))
	if len(closing) != 1 || closing[0] != del {
		t.Errorf("closing the card wrote %.80q, want %q", closing, del)
	}
	if got := m.KittyRelease(); got != "" {
		t.Errorf("after the close, release %q", got)
	}
	if again := kittyEscapes(press(m, "u")); len(again) != 1 || !strings.HasPrefix(again[0], fmt.Sprintf("\x1b_Ga=T,U=1,q=2,f=100,i=%d,", id)) {
		t.Errorf("reopened, sent %.80q", again)
	}
}

// TestComparePicture: the compare view shows, below the table, the image
// the selected agent's model receives, in half blocks (never kitty's
// images); an agent that sends none shows none. Moving the selection
// shows the next agent's, the table cut so that the selected row stays in
// sight. A window too short for it shows the table alone.
func TestComparePicture(t *testing.T) {
	m, _ := imageInspector(t, render.Kitty, false)
	if sent := kittyEscapes(press(m, "c")); len(sent) != 0 {
		t.Errorf("the compare view sent %.80q", sent)
	}
	if m.cmp == nil || len(m.cmp.rows) != len(m.profiles) {
		t.Fatalf("compare view: %+v", m.cmp)
	}
	pictures := 0
	for i, r := range m.cmp.rows {
		if i > 0 {
			press(m, "down")
		}
		view := m.View().Content
		s := screen(m)
		caption := r.Profile + "'s model receives:"
		sends := slices.ContainsFunc(r.Images, func(a reader.Attachment) bool { return a.Pixels != nil })
		if sends {
			pictures++
		}
		if strings.Contains(s, caption) != sends || strings.Contains(view, "▀") != sends {
			t.Errorf("%s (sends a picture: %v): caption %v, half blocks %v:\n%s", r.Profile, sends, strings.Contains(s, caption), strings.Contains(view, "▀"), s)
		}
		if !strings.Contains(s, "▌ "+r.Profile+" ") {
			t.Errorf("%s: the selected row is out of sight:\n%s", r.Profile, s)
		}
		if strings.Contains(view, "\U0010EEEE") {
			t.Errorf("%s: kitty's placeholders in the compare view", r.Profile)
		}
	}
	if pictures == 0 || pictures == len(m.cmp.rows) {
		t.Errorf("%d of %d agents send a picture: the test needs both kinds", pictures, len(m.cmp.rows))
	}
	drive(m, tea.WindowSizeMsg{Width: 160, Height: 9})
	if strings.Contains(screen(m), "model receives:") {
		t.Errorf("a picture with no room for it:\n%s", screen(m))
	}
}
