package lazyregexp

import (
	"reflect"
	"testing"
)

// TestSameAsRegexp: a lazy pattern answers as the compiled one.
func TestSameAsRegexp(t *testing.T) {
	r := New(`(\d+)-(\d+)`)
	if got := r.FindStringSubmatch("pages 3-14"); !reflect.DeepEqual(got, []string{"3-14", "3", "14"}) {
		t.Errorf("FindStringSubmatch: %q", got)
	}
	if got := r.ReplaceAllString("1-2 and 3-4", "$2-$1"); got != "2-1 and 4-3" {
		t.Errorf("ReplaceAllString: %q", got)
	}
	if !r.MatchString("x 1-2") || r.MatchString("1-") || r.String() != `(\d+)-(\d+)` {
		t.Error("MatchString or String")
	}
}

// TestBadPatternPanicsInTests: under go test a bad pattern fails when it
// is made, not when a run first uses it.
func TestBadPatternPanicsInTests(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("New of a bad pattern did not panic")
		}
	}()
	New(`(`)
}
