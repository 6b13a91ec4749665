package pi

import (
	"strings"
	"testing"

	"github.com/readlens/readlens/internal/readertest"
	"github.com/readlens/readlens/reader"
)

// TestOracle compares every recorded case with pi's own answer. The known
// difference: pi resizes images over 2000x2000 with Photon and says so in a
// line of its own; readlens attaches the original and says pi would resize it.
func TestOracle(t *testing.T) {
	readertest.Oracle(t, Profile, map[string]readertest.Known{
		"wide_png": func(t *testing.T, want string, res *reader.Result) {
			if !strings.HasPrefix(want, res.Output+"\n[Image: original ") || !strings.Contains(res.Note, "pi would resize") {
				t.Errorf("want the first line of pi's text and a resize note; got %q, note %q", res.Output, res.Note)
			}
		},
	})
}
