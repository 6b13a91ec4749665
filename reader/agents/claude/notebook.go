package claude

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/node"
)

// Claude Code 2.1.330 reads a Jupyter notebook as its cells: each becomes
// <cell id="…">source</cell id="…"> with its outputs after it, text blocks
// joined by a newline, output images as image blocks.

const ccNotebookJq = "Use Bash with jq to read specific portions:\n  cat <notebook_path> | jq '.cells[:20]' # First 20 cells\n  cat <notebook_path> | jq '.cells[100:120]' # Cells 100-120\n  cat <notebook_path> | jq '.cells | length' # Count total cells\n  cat <notebook_path> | jq '.cells[] | select(.cell_type==\"code\") | .source' # All code sources"

// nbOut is one output as the tool keeps it (IMi); nil for unknown types.
type nbOut struct {
	kind        string // output_type as JSON.stringify writes it
	text        string
	units       int    // what AMi counts of the text: its length
	textJSON    string // the text as JSON, when it is an object (nbText)
	image, mime string
	falsyData   string // the image key of an output whose data is falsy (JSON)
}

// nbBlock is one content block of the result.
type nbBlock struct {
	text  string
	image []byte
	mime  string
}

func ccNotebook(p *reader.Plan, f *reader.Found) *reader.Outcome {
	if f.DataCut {
		return &reader.Outcome{Note: "readlens reads notebooks up to 20 MB; Claude Code reads them up to 100 MB"}
	}
	// wNo: the text decoded, a BOM dropped (qs), JSON.parse, then THt.
	text := strings.TrimPrefix(reader.DecodeUTF8(f.Data), "\ufeff")
	var top json.RawMessage
	if err := json.Unmarshal([]byte(text), &top); err != nil {
		return reader.Fail("Notebook file is not valid JSON (it may be truncated, corrupted, or still being written): JSON Parse error: " + jscParseError([]byte(text), err))
	}
	cells, ok := nbCells([]byte(text))
	if !ok {
		return reader.Fail(`Notebook file is not a valid Jupyter notebook (top-level "cells" must be an array of cell objects, each with a string or string-array "source").`)
	}
	// metadata?.language_info?.name ?? "python": any JSON value.
	lang := json.RawMessage(`"python"`)
	if name := jsGet(jsGet(jsGet(json.RawMessage(text), "metadata"), "language_info"), "name"); jsKind(name) > jsNullKind {
		lang = name
	}
	var js bytes.Buffer // the cells as JSON.stringify writes them: what the caps measure
	var blocks []nbBlock
	js.WriteByte('[')
	for i, c := range cells {
		if i > 0 {
			js.WriteByte(',')
		}
		cb, msg := nbCellBlocks(&js, c, i, lang)
		if msg != "" {
			return reader.Fail(msg) // a TypeError the tool throws
		}
		blocks = append(blocks, cb...)
	}
	js.WriteByte(']')
	if n := int64(js.Len()); n > ccMaxSize {
		return reader.Fail(fmt.Sprintf("Notebook content (%s) exceeds maximum allowed size (%s). %s", ccSize(n), ccSize(ccMaxSize), ccNotebookJq))
	}
	tok, note := ccCountTokens([]string{js.String()}, utf16Len(js.String()), p.Path, p.Call.(*ccCall).tokens, nil)
	if tok.Count > ccMaxTokens {
		e := reader.Fail(fmt.Sprintf("File content (%d tokens) exceeds maximum allowed tokens (%d). Use offset and limit parameters to read specific portions of the file, or search for specific content instead of reading the whole file.", tok.Count, ccMaxTokens))
		e.Tokens, e.Note = tok, note
		return e
	}
	o := &reader.Outcome{Tokens: tok, Note: note}
	if len(blocks) == 0 {
		o.Notice("(Read completed with no output)") // the harness's words for an empty result
		return o
	}
	textBefore := false
	for i, b := range blocks {
		if b.image != nil {
			o.Attachments = append(o.Attachments, nbAttachment(b))
			continue
		}
		if textBefore || i > 0 {
			o.Frame("\n")
		}
		o.Notice(b.text)
		textBefore = true
	}
	if blocks[len(blocks)-1].image == nil {
		o.Frame("\n") // the harness ends a final text block with a newline
	}
	return o
}

func nbAttachment(b nbBlock) reader.Attachment {
	a := reader.Attachment{Mime: b.mime, Size: int64(len(b.image))}
	sum := sha256Hex(b.image)
	a.SHA256 = sum
	return a
}

// nbCells is THt: an object whose "cells" is an array of objects, each with
// a string source or an array of strings.
func nbCells(text []byte) ([]map[string]json.RawMessage, bool) {
	raw := jsGet(text, "cells")
	if jsKind(raw) != jsArrayKind {
		return nil, false
	}
	var cells []map[string]json.RawMessage
	for _, c := range jsArray(raw) {
		m := jsObject(c)
		if m == nil {
			return nil, false // null, a primitive, or an array (no source)
		}
		src := m["source"]
		if _, ok := jsStr(src); !ok {
			if jsKind(src) != jsArrayKind {
				return nil, false
			}
			for _, e := range jsArray(src) {
				if _, ok := jsStr(e); !ok {
					return nil, false
				}
			}
		}
		cells = append(cells, m)
	}
	return cells, true
}

// nbSource is the source: a string, or the array's strings joined.
func nbSource(raw json.RawMessage) string {
	if s, ok := jsStr(raw); ok {
		return s
	}
	return jsJoin(jsArray(raw), "")
}

// nbCellBlocks writes a cell's JSON (kNo) and returns its blocks (HMi), or
// the message of the TypeError the tool throws on it.
func nbCellBlocks(js *bytes.Buffer, c map[string]json.RawMessage, index int, lang json.RawMessage) ([]nbBlock, string) {
	idRaw := c["id"] // e.id ?? `cell-${index}`
	id, idJSON := "cell-"+strconv.Itoa(index), node.Quote("cell-"+strconv.Itoa(index))
	if k := jsKind(idRaw); k > jsNullKind {
		id, idJSON = jsString(idRaw), node.Stringify(idRaw, "")
	}
	typRaw := c["cell_type"]
	typ, _ := jsStr(typRaw)
	code := typ == "code" && jsKind(typRaw) == jsStringKind
	src := nbSource(c["source"])
	js.WriteString(`{`)
	sep := ""
	if jsKind(typRaw) != jsUndefinedKind {
		js.WriteString(`"cellType":` + node.Stringify(typRaw, ""))
		sep = ","
	}
	js.WriteString(sep + `"source":` + node.Quote(src))
	if ec := c["execution_count"]; code && node.Truthy(ec) {
		js.WriteString(`,"execution_count":` + node.Stringify(ec, ""))
	}
	js.WriteString(`,"cell_id":` + idJSON)
	tags := ""
	if !code {
		tags += "<cell_type>" + jsString(typRaw) + "</cell_type>"
	}
	if code {
		js.WriteString(`,"language":` + node.Stringify(lang, ""))
		if l, ok := jsStr(lang); !ok || l != "python" {
			tags += "<language>" + jsString(lang) + "</language>"
		}
	}
	blocks := []nbBlock{{text: `<cell id="` + id + `">` + tags + src + `</cell id="` + id + `">`}}
	outsRaw := c["outputs"]
	if !code || !nbHasLength(outsRaw) {
		js.WriteString(`}`)
		return blocks, ""
	}
	if jsKind(outsRaw) != jsArrayKind {
		return nil, "e.outputs.map is not a function. (In 'e.outputs.map(IMi)', 'e.outputs.map' is undefined)"
	}
	raws := jsArray(outsRaw)
	outs := make([]*nbOut, len(raws))
	total := 0
	for i, raw := range raws {
		out, msg := nbOutputOf(raw)
		if msg != "" {
			return nil, msg
		}
		outs[i] = out
		if out != nil {
			total += out.units + len(out.image)
		}
	}
	if total > 10000 {
		outs = []*nbOut{{kind: `"stream"`, text: fmt.Sprintf("Outputs are too large to include. Use Bash with: cat <notebook_path> | jq '.cells[%d].outputs'", index)}}
	}
	js.WriteString(`,"outputs":[`)
	unknown := false
	for i, out := range outs {
		if i > 0 {
			js.WriteByte(',')
		}
		if out == nil {
			js.WriteString("null")
			unknown = true
			continue
		}
		text := node.Quote(out.text)
		if out.textJSON != "" {
			text = out.textJSON
		}
		js.WriteString(`{"output_type":` + out.kind + `,"text":` + text)
		switch {
		case out.image != "":
			js.WriteString(`,"image":{"image_data":` + node.Quote(out.image) + `,"media_type":` + node.Quote(out.mime) + `}`)
		case out.falsyData != "":
			js.WriteString(`,"image":` + out.falsyData)
		}
		js.WriteString(`}`)
		if out.text != "" {
			blocks = append(blocks, nbBlock{text: "\n" + out.text})
		}
		if out.image != "" {
			data, _ := base64.StdEncoding.DecodeString(out.image)
			blocks = append(blocks, nbBlock{image: data, mime: out.mime})
		}
	}
	js.WriteString(`]}`)
	if unknown {
		blocks = append(blocks, nbBlock{text: "\nOutputs of an unknown type are not shown."})
	}
	return nbMerge(blocks), ""
}

// nbHasLength is e.outputs?.length, truthy: a non-empty array or string, or
// an object with a truthy length.
func nbHasLength(raw json.RawMessage) bool {
	switch jsKind(raw) {
	case jsArrayKind:
		return len(jsArray(raw)) > 0
	case jsStringKind:
		s, _ := jsStr(raw)
		return s != ""
	case jsObjectKind:
		return node.Truthy(jsGet(raw, "length"))
	}
	return false
}

// nbMerge joins neighbouring text blocks with a newline (bNo).
func nbMerge(in []nbBlock) []nbBlock {
	var out []nbBlock
	for _, b := range in {
		if n := len(out); n > 0 && b.image == nil && out[n-1].image == nil {
			out[n-1].text += "\n" + b.text
			continue
		}
		out = append(out, b)
	}
	return out
}

// nbText is gjt: nothing for a falsy value, an array's elements joined,
// a string as it is (SNo cuts one over 30,000 units, but one that long is
// replaced anyway, being over 10,000). SNo throws on any other value
// (e.slice), but for an object whose length is at most 30,000, which it
// keeps as it is: the text is then that object, obj.
func nbText(raw json.RawMessage) (text string, obj json.RawMessage, msg string) {
	if !node.Truthy(raw) {
		return "", nil, ""
	}
	switch jsKind(raw) {
	case jsArrayKind:
		return jsJoin(jsArray(raw), ""), nil, ""
	case jsStringKind:
		s, _ := jsStr(raw)
		return s, nil, ""
	case jsObjectKind:
		if n := node.PrimitiveOf(jsGet(raw, "length")).ToNumber(); n <= 30000 {
			return jsString(raw), raw, ""
		}
	}
	return "", nil, "e.slice is not a function. (In 'e.slice(0,o)', 'e.slice' is undefined)"
}

// nbSetText gives out the text nbText made of a value.
func nbSetText(out *nbOut, text string, obj json.RawMessage) {
	out.text, out.units = text, utf16Len(text)
	if obj != nil {
		// The object is the text: JSON.stringify writes it, and AMi counts
		// its length property.
		out.textJSON = node.Stringify(obj, "")
		out.units = 0
		if n := node.PrimitiveOf(jsGet(obj, "length")).ToNumber(); n > 0 {
			out.units = int(n)
		}
	}
}

// nbOutputOf is IMi: an output as the tool keeps it, nil for one of an
// unknown type, or the TypeError it throws.
func nbOutputOf(raw json.RawMessage) (*nbOut, string) {
	switch jsKind(raw) {
	case jsNullKind:
		return nil, "null is not an object (evaluating 'e.output_type')"
	case jsObjectKind:
	default:
		return nil, "" // a primitive or an array has no output_type
	}
	o := jsObject(raw)
	typ, _ := jsStr(o["output_type"])
	if jsKind(o["output_type"]) != jsStringKind {
		typ = ""
	}
	kind := node.Stringify(o["output_type"], "")
	switch typ {
	case "stream":
		text, obj, msg := nbText(o["text"])
		out := &nbOut{kind: kind}
		nbSetText(out, text, obj)
		return out, msg
	case "execute_result", "display_data":
		data := o["data"]
		text, obj, msg := nbText(jsGet(data, "text/plain"))
		if msg != "" {
			return nil, msg
		}
		out := &nbOut{kind: kind}
		nbSetText(out, text, obj)
		if !node.Truthy(data) {
			if jsKind(data) != jsUndefinedKind {
				out.falsyData = node.Stringify(data, "") // e.data && …: the falsy value itself
			}
			return out, ""
		}
		for _, m := range []string{"image/png", "image/jpeg"} {
			s, ok := jsStr(jsGet(data, m))
			if !ok {
				continue
			}
			s = strings.Map(func(r rune) rune {
				if node.IsSpace(r) {
					return -1
				}
				return r
			}, s)
			data, _ := base64.StdEncoding.DecodeString(s)
			if ccSniff(data) != "" {
				out.image, out.mime = s, m
			}
			break
		}
		return out, ""
	case "error":
		tb := o["traceback"]
		switch jsKind(tb) {
		case jsUndefinedKind:
			return nil, "undefined is not an object (evaluating 'e.traceback.join')"
		case jsNullKind:
			return nil, "null is not an object (evaluating 'e.traceback.join')"
		case jsArrayKind:
		default:
			return nil, "e.traceback.join is not a function. (In 'e.traceback.join(`\n`)', 'e.traceback.join' is undefined)"
		}
		out := &nbOut{kind: kind}
		nbSetText(out, jsString(o["ename"])+": "+jsString(o["evalue"])+"\n"+jsJoin(jsArray(tb), "\n"), nil)
		return out, ""
	}
	return nil, ""
}
