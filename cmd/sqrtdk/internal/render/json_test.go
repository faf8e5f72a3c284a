package render

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStreamJSONArrayIsWriteJSON checks that streaming an array gives the
// bytes of encoding the whole object, for no, one and several elements,
// with characters encoding/json escapes.
func TestStreamJSONArrayIsWriteJSON(t *testing.T) {
	type elem struct {
		A string `json:"a"`
		N int    `json:"n"`
	}
	type head struct {
		Name  string  `json:"name"`
		List  []int   `json:"list"`
		Items [0]elem `json:"items"`
	}
	type whole struct {
		Name  string `json:"name"`
		List  []int  `json:"list"`
		Items []elem `json:"items"`
	}
	for n := range 4 {
		var items []elem
		for i := range n {
			items = append(items, elem{A: fmt.Sprintf("<%d> \"q\" & \\", i), N: i})
		}
		if items == nil {
			items = []elem{}
		}
		var want, got bytes.Buffer
		require.NoError(t, writeJSON(&want, whole{"x<y", []int{1, 2}, items}))
		err := streamJSONArray(&got, head{Name: "x<y", List: []int{1, 2}}, func(each func(any) error) error {
			for _, it := range items {
				if err := each(it); err != nil {
					return err
				}
			}
			return nil
		})
		require.NoError(t, err)
		assert.Equal(t, want.String(), got.String(), "%d elements", n)
	}
}

func TestStreamJSONArrayStopsAtAnError(t *testing.T) {
	stop := errors.New("stop")
	err := streamJSONArray(&bytes.Buffer{}, struct {
		Items [0]int `json:"items"`
	}{}, func(each func(any) error) error {
		if err := each(1); err != nil {
			return err
		}
		return stop
	})
	assert.ErrorIs(t, err, stop)
	err = streamJSONArray(&bytes.Buffer{}, struct {
		Items [0]int `json:"items"`
		After int    `json:"after"`
	}{}, func(each func(any) error) error { return nil })
	assert.Error(t, err, "a head whose array is not last")
}
