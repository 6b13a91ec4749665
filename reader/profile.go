package reader

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// Profile is one agent's read tool, reproduced: its rules as data in a Plan,
// its wording in Format. An agent package exports one (see doc.go).
type Profile interface {
	Info() Info
	// Args builds the arguments that --offset and --limit stand for, in the
	// tool's own names, values unchanged (nil: not given).
	Args(path string, offset, limit *int) json.RawMessage
	// Plan validates the arguments and resolves the path: what the pipeline
	// reads, and by which rules. A non-nil outcome ends the call there.
	Plan(env Env, args Args) (*Plan, *Outcome)
	// Format words what the pipeline found, as the tool does.
	Format(p *Plan, f *Found) *Outcome
}

// Info describes a profile for `readlens profiles` and --help.
type Info struct {
	Name    string // readlens's name for it
	Agent   string // the agent, as its users call it
	Release string // the release whose behaviour it reproduces
	Tool    string // the tool name the model calls
	Titled  bool   // the tool gives each call a title
	Params  []Param
	Limits  []string
	// Source is the upstream code the profile reproduces; Spec the
	// specification in shared/research it follows; Recordings where the
	// real tool's answers it is tested on live.
	Source     string
	Spec       string
	Recordings string
	// Notes are what the profile knowingly does differently from the agent.
	Notes []string
}

// About is where a profile comes from, one "key: value" line each: the
// block every agent's package comment opens with (a test holds them equal)
// and what `readlens profiles` prints.
func (i Info) About() []string {
	lines := []string{
		fmt.Sprintf("agent: %s %s, tool %q", i.Agent, i.Release, i.Tool),
		"source: " + i.Source,
		"spec: " + i.Spec,
		"recordings: " + i.Recordings,
	}
	for _, n := range i.Notes {
		lines = append(lines, "differs: "+strings.TrimSpace(n))
	}
	return lines
}

// Param is one parameter of a tool's schema.
type Param struct {
	Name     string
	Type     string
	Required bool
	Doc      string
}

// Profiles is an ordered set of profiles: the agents a program knows, in
// the order it shows them (reader/agents/all gathers every one readlens has).
type Profiles []Profile

// Lookup returns the profile called name.
func (ps Profiles) Lookup(name string) (Profile, error) {
	for _, p := range ps {
		if p.Info().Name == name {
			return p, nil
		}
	}
	return nil, fmt.Errorf("unknown profile %q (have: %s)", name, strings.Join(ps.Names(), ", "))
}

// Names lists the profiles' names, sorted.
func (ps Profiles) Names() []string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.Info().Name
	}
	sort.Strings(names)
	return names
}
