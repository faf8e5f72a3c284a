package app

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/pages/mathml"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/render"
	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/grade"
)

// An Exercise grades the answers typed into an exercise page one line of
// its answer file at a time, as "sqrtdk grade" grades that file: the page
// writes the file, and each answer is graded as the line the file will
// hold, at the line number it will have. It keeps each part's last points
// for the running score. It is not safe for concurrent use.
type Exercise struct {
	ctx    context.Context
	key    *grade.Key
	file   string
	grader *grade.Grader
	points map[string]*big.Rat
}

// NewExercise reads the key a page carries (see grade.Key.VisibleText),
// named keyName, for answer files named file (the name the page's download
// gets, which messages quote as the command line quotes the path it is
// given).
func NewExercise(ctx context.Context, keyName, keyText, file string) (*Exercise, error) {
	k, err := grade.ParseKey(keyName, strings.NewReader(keyText))
	if err != nil {
		return nil, err
	}
	return &Exercise{ctx: ctx, key: k, file: file, grader: grade.NewGrader(grade.Options{}), points: map[string]*big.Rat{}}, nil
}

// A Check is the grade of one line of the answer file.
type Check struct {
	ID string `json:"id"`
	// Verdict is grade's mark in words ("right", "wrong", …), as sqrtdk
	// grade's JSON gives it; empty when Error is set.
	Verdict   string `json:"verdict,omitempty"`
	Points    string `json:"points,omitempty"`
	MaxPoints string `json:"max_points,omitempty"`
	Feedback  string `json:"feedback,omitempty"`
	// FeedbackHTML and ErrorHTML are Feedback and Error as HTML, their
	// mathematics as MathML (mathml.HTML).
	FeedbackHTML string `json:"feedback_html,omitempty"`
	ErrorHTML    string `json:"error_html,omitempty"`
	// Mistake is the name of the first named mistake, as sqrtdk grade's
	// JSON gives it.
	Mistake string `json:"mistake,omitempty"`
	// Error says, for the student, why the line cannot be read at all
	// (sqrtdk grade grades no part of such a file) or the answer cannot be
	// decided; Feedback is grade's feedback, also for the student (see
	// ForStudent).
	Error string `json:"error,omitempty"`
	// Score and MaxScore are the points of every part checked so far and
	// their maximum, exact decimals.
	Score    string `json:"score"`
	MaxScore string `json:"max_score"`
}

// Check grades the part id as answered by line, the n-th line (from 1) of
// the answer file.
func (e *Exercise) Check(id string, n int, line string) Check {
	c := e.check(id, n, line)
	if c.Error != "" || c.Verdict == "" {
		delete(e.points, id)
	}
	score := new(big.Rat)
	for _, p := range e.points {
		score.Add(score, p)
	}
	c.Score, c.MaxScore = render.Points(score), render.Points(e.key.MaxScore())
	if c.Feedback != "" {
		c.FeedbackHTML = mathml.HTML(c.Feedback)
	}
	if c.Error != "" {
		c.ErrorHTML = mathml.HTML(c.Error)
	}
	return c
}

func (e *Exercise) check(id string, n int, line string) Check {
	c := Check{ID: id}
	part := e.key.Part(id)
	if part == nil || n < 1 {
		c.Error = fmt.Sprintf("the page's key has no part %q", id)
		return c
	}
	// The file as far as this line: the lines before it are the page's
	// own, and only this one decides the part.
	text := strings.Repeat("\n", n-1) + line + "\n"
	a, err := grade.ParseAnswers(e.file, strings.NewReader(text), e.key)
	if err != nil {
		c.Error = ForStudent(err.Error())
		return c
	}
	if len(a.Problems) > 0 {
		// The line cannot be read: sqrtdk grade leaves it out and says so.
		c.Error = ForStudent(a.Problems[0].Error())
		return c
	}
	if _, other := otherPart(a, id); other {
		c.Error = "Write only this part's answer in its box, such as 0.125 or 1/8."
		return c
	}
	r, err := e.grader.Grade(e.ctx, e.key, a)
	if err != nil {
		var refused *enumerate.LimitError
		switch {
		case errors.Is(err, context.Canceled):
			c.Error = "stopped"
		case errors.As(err, &refused):
			c.Error = "Checking this answer would take too long here: write it more simply, as a decimal or a fraction such as 0.125 or 1/8."
		default:
			c.Error = ForStudent(err.Error())
		}
		return c
	}
	for _, p := range r.Parts {
		if p.Part.ID != id {
			continue
		}
		c.Verdict, c.Feedback, c.Mistake = p.Mark.String(), ForStudent(p.Feedback), render.MistakeName(p)
		c.Points, c.MaxPoints = render.Points(p.Points), render.Points(p.Part.Points)
		e.points[id] = p.Points
	}
	return c
}

// Warm computes what grading part id needs ahead of its first answer (see
// grade.Grader.Prepare). It changes no score.
func (e *Exercise) Warm(id string) error {
	p := e.key.Part(id)
	if p == nil {
		return fmt.Errorf("the page's key has no part %q", id)
	}
	return e.grader.Prepare(e.ctx, p)
}

// otherPart returns a part the answers give other than id.
func otherPart(a *grade.Answers, id string) (string, bool) {
	for pid := range a.ByPart {
		if pid != id {
			return pid, true
		}
	}
	return "", false
}
