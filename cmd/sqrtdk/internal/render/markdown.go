package render

import "strings"

// markdownText escapes text for Markdown, in a table cell or a paragraph:
// the backslash, the characters that make emphasis or code (*, _, `) and
// the pipe that ends a table cell; a line break becomes a space, as a cell
// is one line. It is the one Markdown escaper.
var markdownText = strings.NewReplacer(
	`\`, `\\`, "|", `\|`, "*", `\*`, "_", `\_`, "`", "\\`", "\r\n", " ", "\n", " ",
).Replace
