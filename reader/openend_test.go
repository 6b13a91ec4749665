package reader

import (
	"bytes"
	"io"
	"math/rand/v2"
	"testing"
	"testing/iotest"
)

// TestOpenTail: the bytes a streaming decoder keeps back at the end, and
// only those: a sequence begun and not finished, never an invalid one.
func TestOpenTail(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
	}{
		{"", 0}, {"abc", 0}, {"abc\xe2", 1}, {"abc\xe2\x82", 2}, {"\xf0\x9f\x98", 3},
		{"\xef\xbb", 2}, {"a\xe2\x82\xac", 0}, {"\xe2\x28", 0}, {"\xe0\x80", 0}, {"\xed\xa0", 0},
		{"\xf4\x90", 0}, {"\xff", 0}, {"\x82", 0}, {"\xe2\n\x82", 0}, {"\xf0\x9f\x98\x80\xe2", 1},
		{"\xc3", 1}, {"\xc3\xa9\xc3", 1}, {"\xe2\xe2\x82", 2},
	} {
		if got := openTail([]byte(c.in)); got != c.want {
			t.Errorf("openTail(%q) = %d, want %d", c.in, got, c.want)
		}
	}
}

// TestOpenEndReader: read in chunks of every size, into buffers of every
// size, the stream is its bytes less the unfinished sequence at its end;
// a read error passes as it came, with the bytes before it.
func TestOpenEndReader(t *testing.T) {
	alphabet := []byte("a\n\r\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\xff\x80\xed\xa0")
	rng := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		in := make([]byte, rng.IntN(40))
		for i := range in {
			in[i] = alphabet[rng.IntN(len(alphabet))]
		}
		want := in[:len(in)-openTail(in)]
		var src io.Reader = bytes.NewReader(in)
		if rng.IntN(2) == 0 {
			src = iotest.OneByteReader(src)
		}
		r := &openEndReader{r: src}
		var got []byte
		for {
			p := make([]byte, 1+rng.IntN(12))
			n, err := r.Read(p)
			got = append(got, p[:n]...)
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%q read as %q, want %q", in, got, want)
		}
	}
	r := &openEndReader{r: io.MultiReader(bytes.NewReader([]byte("ab\xe2")), iotest.ErrReader(io.ErrUnexpectedEOF))}
	got, err := io.ReadAll(r)
	if string(got) != "ab\xe2" || err != io.ErrUnexpectedEOF {
		t.Errorf("before an error: %q, %v", got, err)
	}
}
