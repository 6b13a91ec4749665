package main

import (
	"bytes"
	"encoding/base64"
	"image"

	"github.com/readlens/readlens/internal/oracle"
)

// contentBlock is one block of a Messages API tool_result's content, as
// the fake API receives it from Claude Code or opencode.
type contentBlock struct {
	Type   string `json:"type"`
	Text   string `json:"text"`
	Source struct {
		MediaType string `json:"media_type"`
		Data      string `json:"data"`
	} `json:"source"`
}

// attachmentOf is an image or document block as the attachment the model
// receives; an image's dimensions are decoded from its bytes.
func attachmentOf(b contentBlock) (oracle.Attachment, error) {
	data, err := base64.StdEncoding.DecodeString(b.Source.Data)
	if err != nil {
		return oracle.Attachment{}, err
	}
	a := attachment(b.Source.MediaType, data)
	if cfg, _, err := image.DecodeConfig(bytes.NewReader(data)); err == nil && b.Type == "image" {
		a.Width, a.Height = cfg.Width, cfg.Height
	}
	return a, nil
}
