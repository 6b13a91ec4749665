package crush

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/readlens/readlens/internal/readertest"
	"github.com/readlens/readlens/reader"
)

// TestParamsAsDecoded: the default call's arguments, read without JSON
// decodings, give what fantasy's and the tool's decodings give, for paths
// of every kind and for near misses of the shape.
func TestParamsAsDecoded(t *testing.T) {
	var raws []json.RawMessage
	for _, p := range readertest.Paths(3, 3000, "\\ud800", "file_path", "}") {
		raws = append(raws, crush{}.Args(p, nil, nil))
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
