package render

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/all"
	"github.com/readlens/readlens/theme"
)

// readPicture reads a fixture image with its pixels kept, as the inspector
// and read --render do.
func readPicture(t *testing.T, profile, path string, pictures bool) *reader.Result {
	t.Helper()
	p, err := all.Lookup(profile)
	if err != nil {
		t.Fatal(err)
	}
	res, err := reader.Read(context.Background(), reader.Request{
		Profile: p, Args: p.Args(fixtureRoot+"/"+path, nil, nil),
		Cwd: fixtureRoot, Worktree: fixtureRoot, FS: fixtureFS(), Pictures: pictures,
	})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestBodyPicture: an image card shows the picture the model receives,
// scaled to the card, then what it was and what was sent; any window of
// rows is the same rows as the whole.
func TestBodyPicture(t *testing.T) {
	st := theme.New(true)
	res := readPicture(t, "pi", "images/big.png", true)
	if len(res.Attachments) != 1 || res.Attachments[0].Pixels == nil {
		t.Fatalf("no pixels kept: %+v", res.Attachments)
	}
	for _, o := range []Options{{}, {Expanded: true}, {Depth: Colors256}, {Depth: Mono}} {
		b := NewBody(st, 120, res, o)
		all := b.Rows(0, b.Len())
		// pi's two lines of text, then the picture: 3000×2000 in 120
		// cells is 120×80 pixels, 40 rows; collapsed, held to 12 rows, 36×24.
		rows, cells := 40, 120
		if !o.Expanded {
			rows, cells = 12, 36
		}
		pic := all[2 : 2+rows]
		for i, row := range pic {
			if w := ansi.StringWidth(row); w != cells {
				t.Fatalf("%+v: picture row %d is %d cells, want %d", o, i, w, cells)
			}
		}
		if o.Depth == Mono && strings.Contains(strings.Join(pic, ""), "\x1b") {
			t.Errorf("a mono picture holds escape sequences")
		}
		caption := ansi.Strip(all[2+rows])
		if want := "▣ 3000×2000 · 22.7 KiB → 2000×1333 · image/png · ≈"; !strings.HasPrefix(caption, want) {
			t.Errorf("caption %q, want it to start %q", caption, want)
		}
		for from := 0; from < len(all); from += 3 {
			if got := b.Rows(from, from+5); !slices.Equal(got, all[from:min(from+5, len(all))]) {
				t.Fatalf("%+v: rows %d..%d differ from the whole", o, from, from+5)
			}
		}
	}
}

// TestBodyNoPixels: without pixels (a read that did not ask for them, an
// image the tool omits) the card says what the image is and draws nothing.
func TestBodyNoPixels(t *testing.T) {
	st := theme.New(true)
	res := readPicture(t, "pi", "images/big.png", false)
	b := NewBody(st, 40, res, Options{})
	if s := b.String(); strings.Contains(s, halfBlock) || !strings.Contains(s, "▣ 3000×2000") {
		t.Errorf("want a caption and no picture:\n%s", ansi.Strip(s))
	}
}

// TestNoPictureOfABomb: a header declaring more pixels than a picture is
// worth decoding (100000×100000 in 65 bytes) gets a caption and no
// picture, and nothing near its size is allocated.
func TestNoPictureOfABomb(t *testing.T) {
	for _, profile := range []string{"opencode", "gemini-cli", "claude-code", "pi"} {
		for _, name := range []string{"images/bomb.png", "images/bomb_rgba.png"} {
			res := readPicture(t, profile, name, true)
			for _, a := range res.Attachments {
				if a.Pixels != nil {
					t.Errorf("%s %s: pixels of a bomb", profile, name)
				}
			}
		}
	}
}
