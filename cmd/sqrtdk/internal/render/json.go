package render

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// writeJSON writes v as JSON indented by two spaces, HTML characters as
// they are: the layout of every JSON output.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// streamJSONArray writes head, an object whose last field is an empty
// array, with that array's elements streamed in: elements calls each once
// per element, in order, and each encodes it with encoding/json and writes
// it at once. The bytes are those writeJSON gives for the object with its
// array filled, without holding the array.
func streamJSONArray(w io.Writer, head any, elements func(each func(v any) error) error) error {
	var hb bytes.Buffer
	if err := writeJSON(&hb, head); err != nil {
		return err
	}
	// The head ends with the empty array, "[]", and the object's "\n}\n".
	const tail = "[]\n}\n"
	open, ok := bytes.CutSuffix(hb.Bytes(), []byte(tail))
	if !ok {
		return fmt.Errorf("render: the JSON head does not end with an empty array")
	}
	b := bufio.NewWriter(w)
	b.Write(open)
	b.WriteByte('[')
	n := 0
	err := elements(func(v any) error {
		var data bytes.Buffer
		enc := json.NewEncoder(&data)
		enc.SetIndent("    ", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			return err
		}
		if n > 0 {
			b.WriteByte(',')
		}
		n++
		b.WriteString("\n    ")
		_, err := b.Write(bytes.TrimSuffix(data.Bytes(), []byte("\n")))
		return err
	})
	if err != nil {
		return err
	}
	if n > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("]\n}\n")
	return b.Flush()
}
