package grade

import "context"

// Prepare computes ahead what grading an answer to p needs: the exact
// value and the value of every mistake an answer is compared with, which
// the Grader keeps, so that the first answer to p is graded as fast as the
// next ones (a page prepares each part while the student reads). Its
// computations stop, with ctx's error, once ctx is done.
func (g *Grader) Prepare(ctx context.Context, p *Part) error {
	probe := Answer{Text: probeFigure(p), Line: p.Line}
	c, err := p.Claim.Answer("", probe.Line, probe.Text)
	if err != nil {
		return nil // nothing the probe can ask ahead
	}
	if _, err := g.ch.Check(ctx, c); err != nil {
		return err
	}
	// The mistakes are computed whether or not the probe is right.
	_, err = g.mistakes(ctx, p, probe)
	return err
}
