// Package textline splits text into lines the way people's files end
// them: LF (Unix), CRLF (Windows) and a lone CR (classic Mac OS, and some
// spreadsheet exports) all end a line, so that a file reads the same
// whichever its editor wrote.
package textline

import "bytes"

// ScanLines is a bufio.SplitFunc like bufio.ScanLines, for which a lone
// "\r" also ends a line and "\r\n" is one line end, not two. The last
// line needs no line end.
func ScanLines(data []byte, atEOF bool) (advance int, token []byte, err error) {
	if atEOF && len(data) == 0 {
		return 0, nil, nil
	}
	if i := bytes.IndexAny(data, "\r\n"); i >= 0 {
		switch {
		case data[i] == '\n':
			return i + 1, data[:i], nil
		case i+1 < len(data) && data[i+1] == '\n':
			return i + 2, data[:i], nil
		case i+1 < len(data), atEOF:
			return i + 1, data[:i], nil
		}
		// A "\r" at the end of what was read so far: the next byte says
		// whether it is a CRLF.
		return 0, nil, nil
	}
	if atEOF {
		return len(data), data, nil
	}
	return 0, nil, nil
}
