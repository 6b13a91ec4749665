package render

import "strings"

// KittyQueryID is the image number kitty's graphics query goes by; the
// terminal names it in its answer. The query stores no image, so it
// shares no number with a picture's.
const KittyQueryID = 31

// GraphicsQuery asks a terminal which image protocols it speaks: kitty's
// graphics query (a=q, a 1×1 image checked and not kept), which only a
// terminal that speaks kitty's protocol answers, then a request for its
// primary device attributes (DA1), which every terminal answers, in the
// order asked. So the DA1 answer closes the query: kitty's answer, when
// there is one, came before it, and its attribute 4 is sixel graphics.
const GraphicsQuery = "\x1b_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\x1b\\" + "\x1b[c"

// Answered is the image protocol of a terminal that answered
// GraphicsQuery (DA1 attributes attrs; kittyOK when it answered kitty's
// query with OK), given guess, what its environment said (GraphicsFor).
// The answer overrides the guess: kitty when it says so; else iTerm2 if
// guessed, as no query asks for iTerm2's images and an iTerm2 may list
// sixel too; else sixel when DA1 lists 4; else half blocks, even where
// the environment named kitty or foot (a terminal that answers DA1 and
// not kitty's query does not draw kitty's images: an ssh session, a
// multiplexer). A terminal that does not answer at all keeps the guess:
// the environment named it, or it gets half blocks.
func Answered(guess Graphics, kittyOK bool, attrs []int) Graphics {
	switch {
	case kittyOK:
		return Kitty
	case guess == ITerm2:
		return ITerm2
	}
	for _, a := range attrs {
		if a == 4 {
			return Sixel
		}
	}
	return HalfBlocks
}

// KittyAnswerOK says whether the body of an APC sequence (after ESC _,
// before ST) is a terminal's OK to GraphicsQuery's kitty part:
// "Gi=31;OK". Errors ("Gi=31;EINVAL:...") and answers about other
// images are not.
func KittyAnswerOK(apc string) bool {
	keys, msg, ok := strings.Cut(strings.TrimPrefix(apc, "G"), ";")
	if !ok || msg != "OK" || !strings.HasPrefix(apc, "G") {
		return false
	}
	for kv := range strings.SplitSeq(keys, ",") {
		if kv == "i=31" {
			return true
		}
	}
	return false
}

// GraphicsAskable says whether a terminal is worth asking GraphicsQuery:
// out is one, and pictures are drawn in colour (under NO_COLOR or
// TERM=dumb they are half blocks of no colour whatever it answers).
// Unlike GraphicsFor, a multiplexer is asked: tmux answers DA1 itself,
// with 4 where it draws sixel, and passes kitty's query on to no one.
func GraphicsAskable(env []string, tty bool) bool {
	return tty && envValue(env, "NO_COLOR") == "" && envValue(env, "TERM") != "dumb"
}

// envValue is k's value in env, the last one set; "" when unset.
func envValue(env []string, k string) string {
	for i := len(env) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(env[i], k+"="); ok {
			return v
		}
	}
	return ""
}
