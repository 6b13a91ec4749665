package node

import "fmt"

// How large a file Node 20 reads whole, and how long a string it makes of
// it. The words are Node's own (lib/internal/errors.js), as pi 0.73.1's
// read tool throws them; checked with Node v20.20.2.

// MaxStringLength is V8's String::kMaxLength on 64-bit machines, Node's
// buffer.constants.MAX_STRING_LENGTH: the longest string, in UTF-16 units.
// buf.toString("utf-8") refuses a buffer of more bytes than this whatever
// they decode to; buf.toString("base64") one whose encoding is longer.
const MaxStringLength = 0x1fffffe8

// IOMaxLength is kIoMaxLength, the most bytes fs.readFile reads: a larger
// file is refused from its size before anything is read.
const IOMaxLength = 1<<31 - 1

// StringTooLong is ERR_STRING_TOO_LONG's message.
const StringTooLong = "Cannot create a string longer than 0x1fffffe8 characters"

// FileTooLarge is ERR_FS_FILE_TOO_LARGE's message for a file of size bytes.
func FileTooLarge(size int64) string {
	return fmt.Sprintf("File size (%d) is greater than 2 GiB", size)
}

// Base64Len is the length of buf.toString("base64") for n bytes.
func Base64Len(n int64) int64 { return (n + 2) / 3 * 4 }

// ReadFileText is what fs.readFile(path) followed by buf.toString() throws
// for a regular file of size bytes, or "" when both succeed.
func ReadFileText(size int64) string {
	switch {
	case size > IOMaxLength:
		return FileTooLarge(size)
	case size > MaxStringLength:
		return StringTooLong
	}
	return ""
}
