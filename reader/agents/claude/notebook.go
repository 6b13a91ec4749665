package claude

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/node"
)

// Claude Code 2.1.330 reads a Jupyter notebook as its cells: each becomes
// <cell id="…">source</cell id="…"> with its outputs after it, text blocks
// joined by a newline, output images as image blocks.

const ccNotebookJq = "Use Bash with jq to read specific portions:\n  cat <notebook_path> | jq '.cells[:20]' # First 20 cells\n  cat <notebook_path> | jq '.cells[100:120]' # Cells 100-120\n  cat <notebook_path> | jq '.cells | length' # Count total cells\n  cat <notebook_path> | jq '.cells[] | select(.cell_type==\"code\") | .source' # All code sources"

type nbFile struct {
	Cells    []json.RawMessage `json:"cells"`
	Metadata struct {
		LanguageInfo struct {
			Name *string `json:"name"`
		} `json:"language_info"`
	} `json:"metadata"`
}

type nbCell struct {
	CellType       *string           `json:"cell_type"`
	ID             *string           `json:"id"`
	Source         json.RawMessage   `json:"source"`
	ExecutionCount json.RawMessage   `json:"execution_count"`
	Outputs        []json.RawMessage `json:"outputs"`
}

type nbOutput struct {
	Type      string                     `json:"output_type"`
	Text      json.RawMessage            `json:"text"`
	Data      map[string]json.RawMessage `json:"data"`
	Ename     string                     `json:"ename"`
	Evalue    string                     `json:"evalue"`
	Traceback []string                   `json:"traceback"`
}

// nbOut is one output as the tool keeps it (IMi); nil for unknown types.
type nbOut struct {
	kind, text  string
	image, mime string
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
	var nb nbFile
	var cellsOK bool
	if err := json.Unmarshal(f.Data, &nb); err != nil {
		var te *json.UnmarshalTypeError
		if !errors.As(err, &te) {
			return reader.Fail("Notebook file is not valid JSON (it may be truncated, corrupted, or still being written): JSON Parse error: " + jscParseError(f.Data, err))
		}
	} else {
		cellsOK = nb.Cells != nil
	}
	cells := make([]nbCell, len(nb.Cells))
	for i, raw := range nb.Cells {
		if json.Unmarshal(raw, &cells[i]) != nil || !nbSourceOK(cells[i].Source) {
			cellsOK = false
		}
	}
	if !cellsOK {
		return reader.Fail(`Notebook file is not a valid Jupyter notebook (top-level "cells" must be an array of cell objects, each with a string or string-array "source").`)
	}
	lang := "python"
	if nb.Metadata.LanguageInfo.Name != nil {
		lang = *nb.Metadata.LanguageInfo.Name
	}
	var js bytes.Buffer // the cells as JSON.stringify writes them: what the caps measure
	var blocks []nbBlock
	js.WriteByte('[')
	for i, c := range cells {
		if i > 0 {
			js.WriteByte(',')
		}
		blocks = append(blocks, nbCellBlocks(&js, c, i, lang)...)
	}
	js.WriteByte(']')
	if n := int64(js.Len()); n > ccMaxSize {
		return reader.Fail(fmt.Sprintf("Notebook content (%s) exceeds maximum allowed size (%s). %s", ccSize(n), ccSize(ccMaxSize), ccNotebookJq))
	}
	tok, note := ccCountTokens([]string{js.String()}, utf16Len(js.String()), p.Path, p.Call.(*ccCall).tokens)
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

func nbSourceOK(raw json.RawMessage) bool {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return true
	}
	var arr []string
	return json.Unmarshal(raw, &arr) == nil && arr != nil
}

// nbJoin is a string or an array of strings joined.
func nbJoin(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var arr []string
	json.Unmarshal(raw, &arr)
	return strings.Join(arr, "")
}

// nbCellBlocks writes a cell's JSON (kNo) and returns its blocks (HMi).
func nbCellBlocks(js *bytes.Buffer, c nbCell, index int, lang string) []nbBlock {
	id := "cell-" + strconv.Itoa(index)
	if c.ID != nil {
		id = *c.ID
	}
	typ := ""
	if c.CellType != nil {
		typ = *c.CellType
	}
	src := nbJoin(c.Source)
	js.WriteString(`{`)
	sep := ""
	if c.CellType != nil {
		js.WriteString(`"cellType":` + node.Quote(typ))
		sep = ","
	}
	js.WriteString(sep + `"source":` + node.Quote(src))
	if typ == "code" {
		if n := strings.TrimSpace(string(c.ExecutionCount)); n != "" && n != "null" && n != "0" && n != "false" && n != `""` {
			js.WriteString(`,"execution_count":` + node.Stringify(c.ExecutionCount, ""))
		}
	}
	js.WriteString(`,"cell_id":` + node.Quote(id))
	tags := ""
	if typ != "code" {
		tags += "<cell_type>" + typ + "</cell_type>"
	}
	if typ == "code" {
		js.WriteString(`,"language":` + node.Quote(lang))
		if lang != "python" {
			tags += "<language>" + lang + "</language>"
		}
	}
	blocks := []nbBlock{{text: `<cell id="` + id + `">` + tags + src + `</cell id="` + id + `">`}}
	if typ == "code" && len(c.Outputs) > 0 {
		outs := make([]*nbOut, len(c.Outputs))
		total := 0
		for i, raw := range c.Outputs {
			outs[i] = nbOutputOf(raw)
			if outs[i] != nil {
				total += utf16Len(outs[i].text) + len(outs[i].image)
			}
		}
		if total > 10000 {
			outs = []*nbOut{{kind: "stream", text: fmt.Sprintf("Outputs are too large to include. Use Bash with: cat <notebook_path> | jq '.cells[%d].outputs'", index)}}
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
			js.WriteString(`{"output_type":` + node.Quote(out.kind) + `,"text":` + node.Quote(out.text))
			if out.image != "" {
				js.WriteString(`,"image":{"image_data":` + node.Quote(out.image) + `,"media_type":` + node.Quote(out.mime) + `}`)
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
		js.WriteString(`]`)
		if unknown {
			blocks = append(blocks, nbBlock{text: "\nOutputs of an unknown type are not shown."})
		}
	}
	js.WriteString(`}`)
	return nbMerge(blocks)
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

func nbOutputOf(raw json.RawMessage) *nbOut {
	var o nbOutput
	if json.Unmarshal(raw, &o) != nil {
		return nil
	}
	switch o.Type {
	case "stream":
		return &nbOut{kind: o.Type, text: nbJoin(o.Text)}
	case "execute_result", "display_data":
		out := &nbOut{kind: o.Type, text: nbJoin(o.Data["text/plain"])}
		for _, m := range []string{"image/png", "image/jpeg"} {
			var s string
			if json.Unmarshal(o.Data[m], &s) != nil {
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
		return out
	case "error":
		return &nbOut{kind: o.Type, text: o.Ename + ": " + o.Evalue + "\n" + strings.Join(o.Traceback, "\n")}
	}
	return nil
}

// jscParseError words a JSON syntax error the way Bun's JSON.parse does,
// for the cases readlens can tell apart (checked with the oracle): an early
// end, a bare word, a trailing comma in an array, a misplaced character.
func jscParseError(data []byte, err error) string {
	if errors.Is(err, io.ErrUnexpectedEOF) || strings.Contains(err.Error(), "unexpected end of JSON input") {
		return "Unexpected EOF"
	}
	var se *json.SyntaxError
	if !errors.As(err, &se) || se.Offset < 1 || int(se.Offset) > len(data) {
		return err.Error()
	}
	at := int(se.Offset) - 1
	c := data[at]
	word := func(b byte) bool {
		return b == '_' || b == '$' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
	}
	if word(c) && !(c >= '0' && c <= '9') {
		end := at
		for end < len(data) && word(data[end]) {
			end++
		}
		return `Unexpected identifier "` + string(data[at:end]) + `"`
	}
	prev := strings.TrimRight(string(data[:at]), " \t\r\n")
	if c == ']' && strings.HasSuffix(prev, ",") {
		return "Unexpected comma at the end of array expression"
	}
	return "Unexpected token '" + string(c) + "'"
}
