package crush

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/readlens/readlens/internal/oracle"
	"github.com/readlens/readlens/internal/readertest"
	"github.com/readlens/readlens/reader"
)

// TestOracle compares every recorded case with crush's own answer
// (internal/record/crush.go runs crush built from its source). The
// did-you-mean cases are compared here as sets, because readertest puts
// a recording's suggestions in this file system's directory order, which
// crush does not keep: TestOracleSuggestions checks their order.
func TestOracle(t *testing.T) {
	known := map[string]readertest.Known{}
	for _, name := range suggestionCases(t) {
		known[name] = func(t *testing.T, want string, res *reader.Result) {
			got, exp := strings.Split(res.Output, "\n"), strings.Split(want, "\n")
			slices.Sort(got)
			slices.Sort(exp)
			if !slices.Equal(got, exp) || !res.IsError {
				t.Errorf("suggestions differ from the real tool's\n got: %q\nwant: %q", res.Output, want)
			}
		}
	}
	readertest.Oracle(t, Profile, known)
}

// TestOracleSuggestions compares the recorded did-you-mean answers as they
// are: crush lists a directory with os.ReadDir, sorted by name, and keeps
// the first three names that match.
func TestOracleSuggestions(t *testing.T) {
	root := readertest.FixtureRoot(t)
	for _, name := range suggestionCases(t) {
		rec, err := oracle.Load("crush", name)
		if err != nil {
			t.Fatal(err)
		}
		c := caseNamed(t, name)
		args := strings.ReplaceAll(string(c.Args), oracle.RootVar, root)
		res, err := reader.Read(context.Background(), reader.Request{Profile: Profile, Args: []byte(args), Cwd: root, Worktree: root})
		if err != nil {
			t.Fatal(err)
		}
		if want := strings.ReplaceAll(rec.Output, oracle.RootVar, root); res.Output != want || !res.IsError {
			t.Errorf("%s:\n got: %q\nwant: %q", name, res.Output, want)
		}
	}
}

// suggestionCases are the recorded cases crush answered with suggestions.
func suggestionCases(t *testing.T) []string {
	cases, err := oracle.Cases("crush")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range cases {
		rec, err := oracle.Load("crush", c.Name)
		if err == nil && strings.Contains(rec.Output, "\n\nDid you mean one of these?\n") {
			names = append(names, c.Name)
		}
	}
	return names
}

func caseNamed(t *testing.T, name string) oracle.Case {
	cases, err := oracle.Cases("crush")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no case %s", name)
	return oracle.Case{}
}
