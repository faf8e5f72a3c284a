package main

import (
	"context"
	"errors"
	"io"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/guard"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/render"
	"github.com/sqrtdk/sqrtdk/grade"
)

func runExercise(ctx context.Context, files *guard.Files, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("exercise", "", stderr)
	var keys keyFlags
	keys.register(fs)
	var format choiceFormatFlag
	format.register(fs, "", "markdown", "latex", "key")
	var answerKey bool
	var output string
	fs.BoolVar(&answerKey, "answer-key", false, "print the variant's key with its solutions instead of the sheet")
	fs.StringVar(&output, "o", "", "write the result to `FILE` instead of standard output; the file appears only when the result is complete")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if format.format == "" {
		format.format = "markdown"
		if answerKey {
			format.format = "key"
		}
	}
	f, err := format.parse()
	if err != nil {
		return err
	}
	if f == "key" && !answerKey {
		return usageErrorf("--format key prints a key: add --answer-key")
	}
	if keys.student == "" {
		return flagUsageError(fs, "--student: name the student the sheet is for")
	}
	key, err := keys.read(ctx, files)
	if err != nil {
		return err
	}
	if !key.IsTemplate() && keys.seed != "" {
		return usageErrorf("--seed: %s draws no values", key.Name)
	}
	if key.IsTemplate() && keys.seed == "" {
		return usageErrorf("--seed: %s draws values (a variant per student): give the seed the variants were made with", key.Name)
	}
	variant, err := key.Variant(keys.seed, keys.student)
	if errors.As(err, new(*grade.StudentIDError)) {
		return usageErrorf("--student: %v", err)
	}
	if err != nil {
		return err
	}
	var solutions []string
	if answerKey {
		if solutions, err = grade.NewGrader().Solutions(ctx, variant); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return err
		}
	}
	out, err := openOutput(files, "-o", output)
	if err != nil {
		return err
	}
	return out.write(stdout, func(w io.Writer) error {
		if f == "key" {
			return render.WriteVariantKey(w, variant, solutions)
		}
		return render.WriteSheet(w, variant, f, solutions)
	})
}
