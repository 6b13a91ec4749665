package tui

import (
	"slices"
	"strings"
	"testing"
)

// TestUnseenShaded: expanded, a card past opencode's line cap shows the
// lines the model never got under the result, marked ░; a line the
// per-line cap cut shows its tail after the tool's marker.
func TestUnseenShaded(t *testing.T) {
	m := fixtureModel(t, "opencode", "lines_3000.txt")
	press(m, "ctrl+e", "G")
	rows := cardRows(m)
	for _, want := range []string{"░ not shown to the model: lines 2001–2500 of 3000 (the first 500 past the cap)", "░2001 │ line 2001", "░2500 │ line 2500"} {
		if !slices.Contains(rows, want) {
			t.Errorf("no row %q in the card", want)
		}
	}

	m = fixtureModel(t, "opencode", "long_cjk.txt")
	press(m, "ctrl+e")
	// The wrapped rows of the line joined: the tail follows the marker.
	if got := strings.Join(cardRows(m), ""); !strings.Contains(got, "... (line truncated to 2000 chars)░漢") {
		t.Errorf("the cut tail:\n%s", strings.Join(cardRows(m), "\n"))
	}
}
