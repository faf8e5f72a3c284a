package render

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// errDiskFull stands for the write error of a full disk.
var errDiskFull = errors.New("no space left on device")

// A failingWriter accepts room bytes, then fails every write, as a file
// on a disk that fills up part-way.
type failingWriter struct {
	room    int
	written bytes.Buffer
}

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) <= w.room {
		w.room -= len(p)
		w.written.Write(p)
		return len(p), nil
	}
	n := w.room
	w.written.Write(p[:n])
	w.room = 0
	return n, errDiskFull
}

// TestWritersReturnWriteErrors writes every table and distribution format
// to a writer that fails at the start, in the middle and one byte before
// the end, and requires the writer's error back each time.
func TestWritersReturnWriteErrors(t *testing.T) {
	counts := []*big.Int{big.NewInt(4), big.NewInt(0), big.NewInt(8), big.NewInt(0), big.NewInt(4)}
	h := &rational.Histogram{Base: big.NewRat(-2, 1), Step: big.NewRat(1, 1), Counts: counts}
	sqrtScale := rational.Scale{P: big.NewRat(1, 4)}
	table := &Table{Q: rational.Signs(), K: rational.Signs(), Scales: []rational.Scale{rational.Raw, rational.Sqrt, sqrtScale}}
	for _, d := range []int{1, 2, 4, 6} {
		table.Rows = append(table.Rows, NewRowFromVariance(d, big.NewInt(int64(1)<<(2*d)), big.NewRat(int64(d), 1), enumerate.BruteForce, table.Scales))
	}
	dist := &Dist{Q: rational.Signs(), K: rational.Signs(), D: 2, Method: enumerate.ClosedForm, Hist: h}
	writers := map[string]func(io.Writer, Format) error{
		"table": table.Write,
		"dist":  dist.Write,
	}
	for name, write := range writers {
		for _, f := range []Format{Text, Markdown, LaTeX, CSV, JSON} {
			var whole bytes.Buffer
			require.NoError(t, write(&whole, f))
			require.Greater(t, whole.Len(), 2)
			for _, room := range []int{0, whole.Len() / 2, whole.Len() - 1} {
				t.Run(fmt.Sprintf("%s %s fails after %d of %d bytes", name, f, room, whole.Len()), func(t *testing.T) {
					w := &failingWriter{room: room}
					err := write(w, f)
					require.ErrorIs(t, err, errDiskFull, "the write error was lost")
					require.Equal(t, string(whole.Bytes()[:room]), w.written.String())
				})
			}
		}
	}
}
