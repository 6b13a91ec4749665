package session

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// FuzzParse: no input makes Parse panic or hang, and the reads it finds are numbered in order. The seeds are the
// three recorded sessions, whole and cut.
func FuzzParse(f *testing.F) {
	for _, b := range [][]byte{recorded(f), recordedGemini(f), recordedOpencode(f), recordedGeminiJSON(f)} {
		f.Add(b)
		f.Add(b[:len(b)/3])
	}
	f.Add([]byte(`{"info":{"id":"s","directory":"/"},"messages":[{"info":{"role":"assistant"},"parts":[{"type":"tool","tool":"read","state":{"status":"completed","input":{"filePath":"x"},"metadata":{"display":{"type":"file","lineStart":5,"lineEnd":1}}}}]}]}`))
	f.Add([]byte("{\"sessionId\":\"a\",\"projectHash\":\"b\"}\n{\"id\":\"m\",\"type\":\"gemini\",\"toolCalls\":[{\"id\":\"c\",\"name\":\"read_file\",\"args\":{\"file_path\":\"x\"},\"status\":\"success\",\"result\":[{\"inlineData\":{\"data\":\"!!\"}}]}]}\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := Parse(bytes.NewReader(b), Options{MaxLine: 1 << 20})
		if err != nil {
			return
		}
		for i, c := range s.Reads() {
			if c.Index != i+1 || c.RepeatOf >= c.Index {
				t.Fatalf("read %d: index %d, repeat of %d", i+1, c.Index, c.RepeatOf)
			}
			_ = c.Cut()
			_ = c.Bytes()
		}
	})
}

// TestParseMangled: the recorded sessions with bytes changed, dropped or
// doubled at 300 places each (a fixed sequence) parse without a panic,
// each read numbered in order: FuzzParse's property, on a machine too
// busy to fuzz.
func TestParseMangled(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 2))
	junk := []byte("{}[]\",:\n\\0a-\x00\xff")
	for _, orig := range [][]byte{recorded(t), recordedGemini(t), recordedOpencode(t), recordedGeminiJSON(t)} {
		for range 300 {
			b := bytes.Clone(orig)
			for range 1 + r.IntN(4) {
				i := r.IntN(len(b))
				switch r.IntN(3) {
				case 0:
					b[i] = junk[r.IntN(len(junk))]
				case 1:
					b = append(b[:i], b[i+1:]...)
				default:
					b = append(b[:i], append([]byte{junk[r.IntN(len(junk))]}, b[i:]...)...)
				}
			}
			s, err := Parse(bytes.NewReader(b), Options{})
			if err != nil {
				continue
			}
			for i, c := range s.Reads() {
				if c.Index != i+1 || c.RepeatOf >= c.Index {
					t.Fatalf("read %d: index %d, repeat of %d", i+1, c.Index, c.RepeatOf)
				}
			}
		}
	}
}
