package main

import (
	"context"
	"errors"
	"io"
	"path/filepath"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/guard"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/pages"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/render"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/spec"
	"github.com/sqrtdk/sqrtdk/grade"
)

func runExercise(ctx context.Context, files *guard.Files, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("exercise", "", stderr)
	var keys keyFlags
	keys.register(fs, "the student `ID` the sheet is for (a variant depends only on the seed and this id)")
	var format choiceFormatFlag
	format.register(fs, "", "markdown", "latex", "html", "key")
	var answerKey, noFeedback bool
	var output string
	fs.BoolVar(&answerKey, "answer-key", false, "print the variant's key with its solutions instead of the sheet")
	fs.BoolVar(&noFeedback, "no-feedback", false, "html: a page for graded work, which only collects the answers and holds no part of the key; without it the page is for practice: it checks each answer as it is typed and so contains the key's visible parts, which a student can read in its files")
	fs.StringVar(&output, "o", "", "write the result to `FILE` instead of standard output; the file appears only when the result is complete (html: the page's DIR)")
	var limits limitFlags
	limits.register(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	lim, err := limits.parse(ctx)
	if err != nil {
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
	if f == "html" && answerKey {
		return usageErrorf("--format html writes the student's page, not the key: leave out --answer-key")
	}
	if noFeedback && f != "html" {
		return usageErrorf("--no-feedback is for --format html")
	}
	if f == "html" && output == "" {
		return usageErrorf("--format html writes a page, a directory of files: name it with -o DIR")
	}
	if keys.student == "" {
		return flagUsageError(fs, "--student: name the student the sheet is for")
	}
	var dir *pageDir
	if f == "html" {
		// Before any work: the page directory may hold nothing but a page
		// sqrtdk wrote, and not the key.
		files.Declare(keyInput, keys.key)
		if dir, err = preparePageDir(files, output); err != nil {
			return err
		}
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
	if f == "html" {
		pageFiles, err := pages.Exercise{Key: variant, KeyName: filepath.Base(keys.key), Feedback: !noFeedback}.Files()
		if err != nil {
			return err
		}
		return writePageDir(files, dir, pageFiles)
	}
	var solutions []string
	if answerKey {
		g := grade.NewGrader(grade.Options{Limits: lim})
		if err := g.Plan(variant); err != nil {
			return spec.AdviseRefusal(err, "print the key of a variant with smaller widths")
		}
		if solutions, err = g.Solutions(ctx, variant); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return spec.AdviseRefusal(err, "")
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
