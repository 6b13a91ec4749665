package cline

import (
	"testing"

	"github.com/readlens/readlens/internal/readertest"
)

// TestOracle compares every recorded case with Cline's own answer.
func TestOracle(t *testing.T) { readertest.Oracle(t, Profile, nil) }
