package compare_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/all"
)

// TestHeldSameAsDisk: each agent's calls on every committed fixture, the
// first and the ones its continuation asks for, give the same results
// (output, parts, lines, truncation, facts) from a file held in memory
// (reader.Snapshot, which the engine cuts into lines in place) as from the
// disk, with Marks carried from call to call in both. Stats.BytesRead is
// left out: a call resumed from a mark reads the disk in chunks, where
// memory serves the rest of the file at once.
func TestHeldSameAsDisk(t *testing.T) {
	ctx := context.Background()
	held := 0
	for _, f := range fixtureFiles(t) {
		data, info, ok := reader.ReadOnce(reader.OS{}, f, 32<<20, nil)
		if !ok {
			continue
		}
		held++
		for _, p := range all.Profiles {
			disk, mem := request(filepath.Dir(f)), request(filepath.Dir(f))
			disk.Profile, mem.Profile = p, p
			disk.Marks, mem.Marks = reader.NewMarks(), reader.NewMarks()
			mem.FS = reader.Snapshot(reader.OS{}, &reader.StatCache{}, f, data, info)
			args := p.Args(f, nil, nil)
			for call := 1; call <= 4 && args != nil; call++ {
				disk.Args, mem.Args = args, args
				want, err := reader.Read(ctx, disk)
				if err != nil {
					t.Fatal(err)
				}
				got, err := reader.Read(ctx, mem)
				if err != nil {
					t.Fatal(err)
				}
				if g, w := heldView(got), heldView(want); g != w {
					at := 0
					for at < len(g) && at < len(w) && g[at] == w[at] {
						at++
					}
					from := max(0, at-200)
					t.Fatalf("%s, %s, call %d: from byte %d, held\n%.300s\nfrom the disk\n%.300s", f, p.Info().Name, call, at, g[from:], w[from:])
				}
				args = want.Truncation.Next
			}
		}
	}
	if held < 150 {
		t.Errorf("only %d fixtures held", held)
	}
}

// heldView is what TestHeldSameAsDisk compares of a result.
func heldView(r *reader.Result) string {
	b, _ := json.Marshal(struct {
		Output     string
		IsError    bool
		Parts      []reader.Part
		Lines      []reader.Line
		Truncation reader.Truncation
		Facts      reader.Facts
		Note       string
	}{r.Output, r.IsError, r.Parts, r.Lines, r.Truncation, r.Facts, r.Note})
	return string(b)
}
