package opencodelegacy

import (
	"testing"

	"github.com/readlens/readlens/internal/readertest"
)

// TestOracle compares every recorded case with opencode 1.1's own answer.
func TestOracle(t *testing.T) { readertest.Oracle(t, Profile, nil) }
