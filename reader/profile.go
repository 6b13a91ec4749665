package reader

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// Profile is one agent's read tool, reproduced: its rules as data in a Plan,
// its wording in Format. Adding an agent is one new file that registers one.
type Profile interface {
	Info() Info
	// Args builds the arguments that --offset and --limit stand for, in the
	// tool's own names, values unchanged (nil: not given).
	Args(path string, offset, limit *int) json.RawMessage
	// Plan validates the arguments and resolves the path: what the pipeline
	// reads, and by which rules. A non-nil outcome ends the call there.
	Plan(env Env, args Args) (*Plan, *outcome)
	// Format words what the pipeline found, as the tool does.
	Format(p *Plan, f *Found) *outcome
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
	// Notes are what the profile knowingly does differently from the agent.
	Notes []string
}

// Param is one parameter of a tool's schema.
type Param struct {
	Name     string
	Type     string
	Required bool
	Doc      string
}

var registry = map[string]Profile{}

func register(p Profile) {
	name := p.Info().Name
	if _, dup := registry[name]; dup {
		panic("reader: profile registered twice: " + name)
	}
	registry[name] = p
}

// Lookup returns the profile called name.
func Lookup(name string) (Profile, error) {
	if p, ok := registry[name]; ok {
		return p, nil
	}
	return nil, fmt.Errorf("unknown profile %q (have: %s)", name, strings.Join(Names(), ", "))
}

// Names lists the profiles, sorted.
func Names() []string {
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// DefaultProfile is the profile used when none is named.
const DefaultProfile = "opencode"
