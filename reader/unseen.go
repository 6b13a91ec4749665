package reader

import (
	"context"
	"strings"
)

// Unseen is what a call's window left out of a file, read the way the
// tool reads it: the lines after the window's last (the first of them)
// and the tails of the lines its per-line cap cut. A UI shows them shaded
// beside what the model got; nothing of them reaches the model.
type Unseen struct {
	Next []Line // the lines after the window, at most UnseenLines of them
	More bool   // more lines follow Next
	// Tails are the cut lines' text past the cut, by line number, at most
	// UnseenTail bytes each; Longer marks those with more past that.
	Tails  map[int]string
	Longer map[int]bool
}

// What ReadUnseen reads past a window: enough to see what was missed,
// bounded whatever the file.
const (
	UnseenLines = 500
	UnseenTail  = 2048
)

// ReadUnseen reads what res, the answer to req, left out of its file,
// through the same plan the tool made (its path, decoding and line
// splitting); nil when the call shows the whole file, or read no lines.
func ReadUnseen(ctx context.Context, req Request, res *Result) (*Unseen, error) {
	t := res.Truncation
	// Past a cap of the tool's (not the call's own limit, nor a listing's
	// page or a binary refusal, which show no file lines).
	past := t.LastLine > 0 && (t.Cap == CapLines || t.Cap == CapBytes || t.Cap == CapTokens || t.Silent)
	if res.IsError || t.LastLine == 0 || !past && len(t.CutLines) == 0 {
		return nil, nil
	}
	if _, several := req.Profile.(Several); several {
		return nil, nil // no one window stands for the call
	}
	args, env, err := req.call()
	if err != nil {
		return nil, err
	}
	u := &Unseen{}
	if past {
		page, err := window2(ctx, env, req.Profile, args, Window{Start: t.LastLine, Limit: UnseenLines, Cut: LineCut{Max: UnseenTail}, Hold: UnseenTail + 4})
		if err != nil {
			return nil, err
		}
		u.Next, u.More = page.Lines, page.Stop == StopLimit
	}
	if n := len(t.CutLines); n > 0 {
		u.Tails, u.Longer = map[int]string{}, map[int]bool{}
		shown := map[int]string{}
		for _, l := range res.Lines {
			if l.Cut {
				shown[l.N] = l.Text
			}
		}
		first, last := t.CutLines[0], t.CutLines[n-1]
		// Enough of each line for the part shown, in any unit, and a tail.
		hold := 4*maxCut(req.Profile, env, args) + UnseenTail
		page, err := window2(ctx, env, req.Profile, args, Window{Start: first - 1, Limit: last - first + 1, Hold: hold})
		if err != nil {
			return nil, err
		}
		for _, l := range page.Lines {
			head, ok := shown[l.N]
			if !ok || !strings.HasPrefix(l.Text, head) {
				continue // a cut readlens cannot line up (a raw byte cut)
			}
			tail := l.Text[len(head):]
			if len(tail) > UnseenTail {
				tail = tail[:runeBoundary([]byte(tail), UnseenTail)]
				u.Longer[l.N] = true
			}
			for _, c := range page.Clipped {
				if c.N == l.N {
					u.Longer[l.N] = true
				}
			}
			u.Tails[l.N] = tail
		}
	}
	return u, nil
}

// window2 runs the tool's plan for args again with another window: the
// same path, decoding and splitting, none of its caps.
func window2(ctx context.Context, env Env, p Profile, args Args, w Window) (*Page, error) {
	plan, out := p.Plan(env, args)
	if out != nil || plan == nil {
		return &Page{}, nil
	}
	plan.Window, plan.Tail = w, 0
	found := examine(ctx, env.FS, plan)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if found.Page == nil {
		return &Page{}, nil
	}
	return found.Page, nil
}

// maxCut is the tool's per-line cap for these arguments, 0 when none.
func maxCut(p Profile, env Env, args Args) int {
	plan, out := p.Plan(env, args)
	if out != nil || plan == nil {
		return 0
	}
	return plan.Window.Cut.Max
}
