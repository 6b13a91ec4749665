package reader

// TokenCounter counts tokens the way an agent's vendor does, for tools that
// ask their vendor during a read: Claude Code sends a large read's text to
// Anthropic's count_tokens endpoint, and its cap and its partial first page
// follow that count. Request.Tokens hands one to the profile; without one a
// profile counts with a local tokenizer and says the count is an estimate.
type TokenCounter interface {
	CountTokens(text string) (int, error)
	// Name says what counted, for Tokens.Tokenizer ("count_tokens
	// claude-sonnet-4-5").
	Name() string
}
