// Package all gathers every agent readlens reproduces, in one ordered list:
// the command line, the inspector and the tests take their agents from here,
// as go vet takes its analyzers from one list of passes.
package all

import (
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/claude"
	"github.com/readlens/readlens/reader/agents/cline"
	"github.com/readlens/readlens/reader/agents/codex"
	"github.com/readlens/readlens/reader/agents/crush"
	"github.com/readlens/readlens/reader/agents/dmcc"
	"github.com/readlens/readlens/reader/agents/envelope"
	"github.com/readlens/readlens/reader/agents/gemini"
	"github.com/readlens/readlens/reader/agents/opencode"
	"github.com/readlens/readlens/reader/agents/opencodelegacy"
	"github.com/readlens/readlens/reader/agents/pi"
)

// Profiles are the agents in the inspector's tab order: the agents most
// people run first, then the design documents' profiles and the older
// releases, in name order.
var Profiles = reader.Profiles{
	opencode.Profile,
	pi.Profile,
	claude.Profile,
	gemini.Profile,
	cline.Profile,
	codex.Profile,
	crush.Profile,
	dmcc.Profile,
	envelope.Profile,
	opencodelegacy.Profile,
}

// Default names the profile used when none is named.
const Default = "opencode"

// Lookup returns the profile called name.
func Lookup(name string) (reader.Profile, error) { return Profiles.Lookup(name) }

// Names lists every profile's name, sorted.
func Names() []string { return Profiles.Names() }
