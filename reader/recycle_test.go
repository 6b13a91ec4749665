package reader

import "testing"

// Whatever capacity a buffer comes back with, the pool it joins only hands
// it to a taker it has room for.
func TestRecycledBuffersHaveRoom(t *testing.T) {
	for _, given := range []int{1, 2, 3, 5, 63, 64, 65, 100, 1000, 4096, recycledMax} {
		for _, n := range []int{1, 2, 3, 4, 33, 64, 65, 100, 129, 1000, 4097, recycledMax} {
			lineBufs.give(make([]Line, given/2, given))
			if l := lineBufs.take(n); len(l) != 0 || cap(l) < n {
				t.Fatalf("gave cap %d, took %d: len %d cap %d", given, n, len(l), cap(l))
			}
			partBufs.give(make([]Part, given/2, given))
			if p := partBufs.take(n); len(p) != 0 || cap(p) < n {
				t.Fatalf("gave parts cap %d, took %d: len %d cap %d", given, n, len(p), cap(p))
			}
		}
	}
	if l := lineBufs.take(recycledMax + 1); cap(l) < recycledMax+1 {
		t.Fatalf("a buffer past recycledMax: cap %d", cap(l))
	}
}

// Release empties a result's Parts and Lines and leaves its Output.
func TestReleaseLeavesOutput(t *testing.T) {
	o := OutcomeFor(&Page{Lines: []Line{{N: 1, Text: "a"}, {N: 2, Text: "b"}}})
	o.Line(Line{N: 1, Text: "a"}, "1: ", "")
	o.Frame("\n")
	o.Line(Line{N: 2, Text: "b"}, "2: ", "")
	r := assemble(Info{Name: "x"}, Args{}, nil, &Found{}, o, 0)
	r.Release()
	if r.Output != "1: a\n2: b" || r.Parts != nil || r.Lines != nil {
		t.Fatalf("after Release: %q %v %v", r.Output, r.Parts, r.Lines)
	}
	// The buffers are taken again, and the first result's text is its own.
	o2 := OutcomeFor(&Page{Lines: []Line{{N: 1, Text: "z"}, {N: 2, Text: "z"}}})
	o2.Line(Line{N: 1, Text: "zzzzzz"}, "9: ", "")
	if r.Output != "1: a\n2: b" {
		t.Fatalf("a later outcome changed the released result's output: %q", r.Output)
	}
}
