package app

import (
	"context"
	"encoding/json"
	"fmt"
)

// A Request is one message from a page to its WebAssembly module.
type Request struct {
	// Op is "exercise" (start grading: KeyName, Key, File), "check" (one
	// line of the answer file: ID, LineNo, Line), "warm" (compute part ID's
	// question ahead) or "prove" (Lab).
	Op      string `json:"op"`
	KeyName string `json:"key_name,omitempty"`
	Key     string `json:"key,omitempty"`
	File    string `json:"file,omitempty"`
	ID      string `json:"id,omitempty"`
	LineNo  int    `json:"line_no,omitempty"`
	Line    string `json:"line,omitempty"`
	Lab     *Lab   `json:"lab,omitempty"`
}

// A Session answers a page's requests; the WebAssembly module holds one.
type Session struct {
	ctx      context.Context
	exercise *Exercise
}

// NewSession returns a Session whose computations stop when ctx is done.
func NewSession(ctx context.Context) *Session { return &Session{ctx: ctx} }

// Handle answers one request, given and answered as JSON; a request it
// cannot read gets {"error": "..."}, and so does one whose computation
// panics, so that a page's module outlives a bug and says what it was.
func (s *Session) Handle(req []byte) (answer []byte) {
	defer func() {
		if r := recover(); r != nil {
			answer = errorJSON(fmt.Errorf("internal error (please report it): %v", r))
		}
	}()
	var r Request
	if err := json.Unmarshal(req, &r); err != nil {
		return errorJSON(fmt.Errorf("cannot read the request: %v", err))
	}
	var out any
	switch r.Op {
	case "exercise":
		e, err := NewExercise(s.ctx, r.KeyName, r.Key, r.File)
		if err != nil {
			return errorJSON(err)
		}
		s.exercise = e
		out = struct {
			OK bool `json:"ok"`
		}{true}
	case "check":
		if s.exercise == nil {
			return errorJSON(fmt.Errorf("check before exercise"))
		}
		out = s.exercise.Check(r.ID, r.LineNo, r.Line)
	case "warm":
		if s.exercise == nil {
			return errorJSON(fmt.Errorf("warm before exercise"))
		}
		if err := s.exercise.Warm(r.ID); err != nil {
			return errorJSON(err)
		}
		out = struct {
			OK bool `json:"ok"`
		}{true}
	case "prove":
		if r.Lab == nil {
			return errorJSON(fmt.Errorf("prove without a lab"))
		}
		out = r.Lab.Prove(s.ctx)
	default:
		return errorJSON(fmt.Errorf("unknown op %q", r.Op))
	}
	data, err := json.Marshal(out)
	if err != nil {
		return errorJSON(err)
	}
	return data
}

func errorJSON(err error) []byte {
	data, _ := json.Marshal(struct {
		Error string `json:"error"`
	}{err.Error()})
	return data
}
