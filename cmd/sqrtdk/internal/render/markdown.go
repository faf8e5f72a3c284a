package render

import "strings"

// markdownText escapes text for Markdown, in a table cell or a paragraph:
// the backslash, the characters that make emphasis, code or a link (*, _,
// `, [, ]), the pipe that ends a table cell, and the angle brackets of
// inline HTML; a line break becomes a space, as a cell is one line. It is
// the one Markdown escaper.
var markdownText = strings.NewReplacer(
	`\`, `\\`, "|", `\|`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`,
	"<", "&lt;", ">", "&gt;", "\r\n", " ", "\n", " ",
).Replace
