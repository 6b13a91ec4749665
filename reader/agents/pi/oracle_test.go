package pi

import (
	"testing"

	"github.com/readlens/readlens/internal/readertest"
)

// TestOracle compares every recorded case with pi's own answer: the text,
// the error flag, and each image's mime type and dimensions; its bytes too
// where readlens sends the file itself. pi resizes large images with
// Photon, which readlens re-encodes.
func TestOracle(t *testing.T) {
	readertest.Oracle(t, Profile, nil)
}
