package crush

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/readlens/readlens/reader"
)

// TestParamsAsDecoded: the default call's arguments, read without JSON
// decodings, give what fantasy's and the tool's decodings give, for paths
// of every kind and for near misses of the shape.
func TestParamsAsDecoded(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 17))
	pieces := []string{"a", "/", ".", " ", "é", "日", "😀", `"`, `\`, "\n", "\t", "\x00", "\x7f", "\u2028", "\xff", "\\ud800"}
	var raws []json.RawMessage
	for range 3000 {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		raws = append(raws, crush{}.Args(b.String(), nil, nil))
	}
	raws = append(raws,
		json.RawMessage(`{"file_path":""}`),
		json.RawMessage(`{"file_path":"a\ud800b"}`),
		json.RawMessage(`{"file_path":"a","offset":2}`),
		json.RawMessage(`{"File_Path":"a"}`),
		json.RawMessage(`{"file_path":"a","file_path":"b"}`),
		json.RawMessage(`{"file_path":5}`),
		json.RawMessage(`{"file_path":null}`),
		json.RawMessage(`{"file_path":"a","x":1e400}`),
	)
	fast := 0
	for _, raw := range raws {
		a, err := reader.ParseArgs(raw)
		if err != nil {
			continue
		}
		gotP, gotOut := crParams(a)
		wantP, wantOut := crDecode(a)
		if gotP != wantP || !reflect.DeepEqual(gotOut, wantOut) {
			t.Errorf("%s: %+v %+v, decoded: %+v %+v", raw, gotP, gotOut, wantP, wantOut)
		}
		if keys := a.Keys(); len(keys) == 1 && keys[0] == "file_path" && a.Get("file_path").Kind == reader.String {
			fast++
		}
	}
	if fast < 2500 {
		t.Errorf("only %d of %d arguments took the default call's shape", fast, len(raws))
	}
}

// TestSkillsDirsKeptPerEnv: the skills directories kept from the last call
// are those of its environment, never another's.
func TestSkillsDirsKeptPerEnv(t *testing.T) {
	envs := []reader.Env{{Home: "/h", Cwd: "/w"}, {Home: "/h", Cwd: "/v"}, {Home: "/g", Cwd: "/w"}, {Home: "/h", Cwd: "/w", Worktree: "/"}}
	for range 2 {
		for _, env := range envs {
			if got, want := crSkillsDirs(env), crSkillsDirsOf(env); !reflect.DeepEqual(got, want) {
				t.Errorf("%+v: %q, want %q", env, got, want)
			}
		}
	}
}
