package cline

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/readlens/readlens/internal/readertest"
	"github.com/readlens/readlens/reader"
)

// TestOnePathAsTheUnion: the default call's shape, parsed without the
// union, gives what the union gives, for paths of every kind (escaped
// ones go to the union) and for near misses of the shape.
func TestOnePathAsTheUnion(t *testing.T) {
	var raws []json.RawMessage
	for _, p := range readertest.Paths(7, 3000, "files", "path", "}", "]", "{") {
		raws = append(raws, cline{}.Args(p, nil, nil))
	}
	raws = append(raws,
		json.RawMessage(`{"files":[{"path":""}]}`),
		json.RawMessage(`{"files":[{"path":"a"},{"path":"b"}]}`),
		json.RawMessage(`{"files":[{"path":"a","start_line":2}]}`),
		json.RawMessage(`{"files":[{"path":"a"}],"x":1}`),
		json.RawMessage(`{"files":[{"path":"a\"}]}`),
		json.RawMessage(`{"files":[{"path":"a"}]} `),
	)
	fast := 0
	for _, raw := range raws {
		a, err := reader.ParseArgs(raw)
		if err != nil {
			continue
		}
		gotE, gotMsg := clParse(a)
		wantE, wantMsg := clParseUnion(a)
		if gotMsg != wantMsg || !reflect.DeepEqual(gotE, wantE) {
			t.Errorf("%s: %+v %q, the union: %+v %q", raw, gotE, gotMsg, wantE, wantMsg)
		}
		if _, ok := clOnePath(raw); ok {
			fast++
		}
	}
	if fast < 300 {
		t.Errorf("only %d of %d arguments took the one-path shape", fast, len(raws))
	}
}
