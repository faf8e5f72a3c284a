package app

import (
	"bytes"
	"context"
	"errors"
	"strings"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/pages/mathml"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/render"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/spec"
	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/proofs"
)

// A Lab is the proof lab's form: the sample space, the scale and the
// widths, each field saying what one of prove's flags says.
type Lab struct {
	// Values are the entries of q (with :m weights), and of k unless K
	// says otherwise.
	Values string `json:"values"`
	// K is how k is drawn: "" (independently, from KValues, or from
	// Values when KValues is empty), "q" (k = q) or "-q" (k = −q).
	K       string `json:"k"`
	KValues string `json:"k_values"`
	Tie     string `json:"tie"`
	Scale   string `json:"scale"`
	D       string `json:"d"`
}

// Args returns the flags of the sqrtdk prove command that computes what
// the form asks: a flag for every field that differs from prove's
// default, always --values, and --d unless the widths are left empty
// (the proof for every width alone).
func (l Lab) Args() []string {
	args := []string{"--values", l.Values}
	switch {
	case l.K != "":
		args = append(args, "--k-from", l.K)
	case l.KValues != "":
		args = append(args, "--k-values", l.KValues)
	}
	if l.Tie != "" && l.Tie != spec.ProveDefaults.Tie {
		args = append(args, "--tie", l.Tie)
	}
	if l.Scale != "" && l.Scale != spec.ProveDefaults.Scale {
		args = append(args, "--scale", l.Scale)
	}
	if strings.TrimSpace(l.D) == "" {
		return args
	}
	return append(args, "--d", l.D)
}

// spec returns the form as prove's flags would give it.
func (l Lab) spec() spec.Prove {
	s := spec.ProveDefaults
	s.Given = map[string]bool{}
	field := map[string]*string{"values": &s.Values, "k-from": &s.KFrom, "k-values": &s.KValues, "tie": &s.Tie, "scale": &s.Scale, "d": &s.Widths}
	args := l.Args()
	for i := 0; i+1 < len(args); i += 2 {
		name := strings.TrimPrefix(args[i], "--")
		*field[name] = args[i+1]
		s.Given[name] = true
	}
	return s
}

// A LabResult is what sqrtdk prove with the form's flags prints: the
// command, its transcript (standard output), the line it ends with on
// standard error ("" when every step holds) and its exit status, and the
// steps' verdicts at each width for the page to show at a glance.
type LabResult struct {
	Command    string     `json:"command"`
	Transcript string     `json:"transcript"`
	Status     string     `json:"status"`
	Exit       int        `json:"exit"`
	Widths     []LabWidth `json:"widths,omitempty"`
	// Message is what the page tells the student: that every step holds,
	// which fails, or, for a proof that was not run, what to change in
	// the form (ForStudent's words).
	Message string `json:"message"`
	// MessageHTML is Message as HTML, its mathematics as MathML.
	MessageHTML string `json:"message_html"`
	// Field is the form field to change when the proof was not run (the
	// name of its flag: values, k_values, tie, scale, d); "" otherwise.
	Field string `json:"field,omitempty"`
}

// labFields are the form's fields by the flag each sets, with the label
// the student sees.
var labFields = []struct{ flag, field, label string }{
	{"--values", "values", "Entries of q"},
	{"--k-values", "k_values", "Entries of k"},
	{"--k-from", "k", "How k is drawn"},
	{"--tie", "tie", "Ties"},
	{"--scale", "scale", "Step 5 divides q·k by"},
	{"--d", "d", "Widths d_k"},
}

// refusal words a proof that was not run for the student: the field to
// change and why. A refusal for its cost is a change of the widths or of
// the entries, never of a limit the page does not have.
func refusal(err error) (field, message string) {
	msg := err.Error()
	for _, f := range labFields {
		if rest, ok := strings.CutPrefix(msg, f.flag+": "); ok {
			return f.field, "Change “" + f.label + "”: " + ForStudent(rest)
		}
	}
	var refused *enumerate.LimitError
	if errors.As(err, &refused) {
		return "d", "Change “Widths d_k”: " + ForStudent(refused.Error()) + " Choose smaller widths, or fewer distinct entries."
	}
	return "", ForStudent(msg)
}

// A LabWidth is the verdict of each step at one width.
type LabWidth struct {
	D     int       `json:"d_k"`
	Steps []LabStep `json:"steps"`
}

// A LabStep is one step's verdict and, when it fails, its first failing
// assertion.
type LabStep struct {
	Number  int    `json:"step"`
	Title   string `json:"title"`
	Holds   bool   `json:"holds"`
	Failure string `json:"failure,omitempty"`
	// TitleHTML and FailureHTML are Title and Failure as HTML, their
	// mathematics as MathML.
	TitleHTML   string `json:"title_html"`
	FailureHTML string `json:"failure_html,omitempty"`
}

// Prove runs the proof the form describes, as sqrtdk prove runs it.
func (l Lab) Prove(ctx context.Context) LabResult {
	res := l.prove(ctx)
	res.MessageHTML = mathml.HTML(res.Message)
	return res
}

func (l Lab) prove(ctx context.Context) LabResult {
	res := LabResult{Command: commandLine("sqrtdk prove", l.Args())}
	fail := func(err, advised error) LabResult {
		res.Status, res.Exit = "sqrtdk prove: "+advised.Error(), 2
		res.Field, res.Message = refusal(err)
		if errors.Is(err, context.Canceled) {
			res.Status, res.Message = "stopped", "Stopped."
		}
		return res
	}
	p, err := l.spec().Proof(proofs.Options{}, nil)
	if err != nil {
		return fail(err, err)
	}
	t, err := p.Run(ctx)
	if err != nil {
		return fail(err, spec.AdviseRefusal(err, "choose a smaller d_k"))
	}
	var b bytes.Buffer
	if err := render.WriteTranscript(&b, t, render.Text); err != nil {
		return fail(err, err)
	}
	res.Transcript = b.String()
	for _, r := range t.Runs {
		w := LabWidth{D: r.D}
		for _, st := range r.Steps {
			a, failed := st.FirstFailure()
			s := LabStep{Number: st.Number, Title: st.Title, TitleHTML: mathml.HTML(st.Title), Holds: !failed}
			if failed {
				s.Failure = a.String()
				s.FailureHTML = mathml.HTML(s.Failure)
			}
			w.Steps = append(w.Steps, s)
		}
		res.Widths = append(res.Widths, w)
	}
	res.Message = "Every step holds at every width."
	if !t.Holds() {
		res.Status, res.Exit = "sqrtdk prove: "+spec.Failure(t), 1
		res.Message = ForStudent(spec.Failure(t))
	}
	return res
}

// commandLine writes a command with its arguments quoted for a POSIX
// shell where they need it.
func commandLine(cmd string, args []string) string {
	var b strings.Builder
	b.WriteString(cmd)
	for _, a := range args {
		b.WriteByte(' ')
		if a != "" && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.,:/^±−") == "" {
			b.WriteString(a)
		} else {
			b.WriteString("'" + strings.ReplaceAll(a, "'", `'\''`) + "'")
		}
	}
	return b.String()
}
