package reader

import (
	"strconv"
	"testing"
	"unsafe"
)

// within reports whether s lies in the bytes of all.
func within(s, all string) bool {
	if s == "" {
		return true
	}
	p, a := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(unsafe.StringData(all)))
	return p >= a && p+uintptr(len(s)) <= a+uintptr(len(all))
}

// TestShareAfterGrowth: whether or not the outcome's text outgrew its
// first buffer, once shared every part and line lies in the output, and
// the output is the parts laid end to end.
func TestShareAfterGrowth(t *testing.T) {
	for _, sized := range []bool{true, false} {
		pg := &Page{}
		for i := range 500 {
			pg.Lines = append(pg.Lines, Line{N: i + 1, Text: "line " + strconv.Itoa(i)})
		}
		var o *Outcome
		if sized {
			pg.Bytes = 500 * 8
			o = OutcomeFor(pg)
		} else {
			o = &Outcome{} // grows as it goes
		}
		o.Frame("<file>\n")
		for _, l := range pg.Lines {
			o.Line(l, strconv.Itoa(l.N)+": ", "")
			o.Frame("\n")
		}
		out := o.Output()
		o.share(out)
		want := ""
		for _, p := range o.Parts {
			want += p.Text
			if !within(p.Text, out) {
				t.Fatalf("sized %v: part %q lies outside the output", sized, p.Text)
			}
		}
		if want != out {
			t.Fatalf("sized %v: output is not its parts", sized)
		}
		for _, l := range o.Lines {
			if !within(l.Text, out) {
				t.Fatalf("sized %v: line %d lies outside the output", sized, l.N)
			}
		}
		if o.inPlace != sized {
			t.Errorf("sized %v: in place %v", sized, o.inPlace)
		}
	}
}
