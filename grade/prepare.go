package grade

import (
	"context"
	"errors"

	"github.com/sqrtdk/sqrtdk/claims"
)

// Prepare computes ahead what grading an answer to p needs: the exact
// value and the value of every mistake an answer is compared with, which
// the Grader keeps, so that the first answer to p is graded as fast as the
// next ones (a page prepares each part while the student reads). Its
// computations stop, with ctx's error, once ctx is done.
func (g *Grader) Prepare(ctx context.Context, p *Part) error {
	read, err := p.claim.Read(probeFigure(p.claim), false)
	if err != nil {
		return nil // nothing the probe can ask ahead
	}
	j, err := g.judgeRead(ctx, p, p.claim, "", p.Line, read)
	if err != nil {
		var re *claims.ReadError
		if errors.As(err, &re) {
			return nil
		}
		return err
	}
	// The mistakes are computed whether or not the probe is right.
	_, err = g.mistakes(ctx, p, "", p.Line, j)
	return err
}
