package render

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/sqrtdk/sqrtdk/grade"
)

// assignmentName is the gradebook column of a class's grades: the key's
// title, else its file's base name.
func assignmentName(rs []*grade.Result) string {
	if len(rs) == 0 {
		return "sqrtdk"
	}
	k := rs[0].Key
	if k.Title != "" {
		return k.Title
	}
	return filepath.Base(k.Name)
}

// gradebookScore is a result's score for a gradebook: empty for a row
// that was not graded (absent, or a file that could not be read), which
// a gradebook import leaves unchanged, so that the teacher decides.
func gradebookScore(r *grade.Result) string {
	if r.Err != nil {
		return ""
	}
	return Points(r.Score)
}

// writeCanvas writes the CSV Canvas's gradebook imports (Grades, Import):
// the columns Student, ID, SIS User ID, SIS Login ID and Section, then one
// column for the assignment, named by the key's title; a first row
// "Points Possible" gives its maximum. Canvas matches a student by ID or,
// when it is empty, by SIS User ID: the roster's id goes there, and the
// roster's name in Student. A row not graded has an empty score.
func writeCanvas(w io.Writer, rs []*grade.Result, names Names) error {
	cw := newCSVWriter(w)
	name := assignmentName(rs)
	if err := cw.Write([]string{"Student", "ID", "SIS User ID", "SIS Login ID", "Section", name}); err != nil {
		return err
	}
	max := ""
	if len(rs) > 0 {
		max = Points(rs[0].Max)
	}
	cw.Write([]string{"Points Possible", "", "", "", "", max})
	for _, r := range rs {
		cw.Write([]string{studentName(r, names), "", r.Student, "", "", gradebookScore(r)})
	}
	cw.Flush()
	return cw.Error()
}

// writeMoodle writes the CSV Moodle's gradebook imports (Grades, Import,
// CSV file): an identifier column and the grade column, which the import
// form maps ("Identify user by": map from the identifier column to the
// user's ID number, or to the email address when the roster's ids are
// emails; the grade column to the grade item). The columns are "ID number"
// (or "Email address"), "Full name" and the assignment, named by the key's
// title. A row not graded has an empty grade, which Moodle skips.
func writeMoodle(w io.Writer, rs []*grade.Result, names Names) error {
	cw := newCSVWriter(w)
	id := "ID number"
	if len(rs) > 0 && strings.Contains(rs[0].Student, "@") {
		id = "Email address"
	}
	if err := cw.Write([]string{id, "Full name", assignmentName(rs)}); err != nil {
		return err
	}
	for _, r := range rs {
		if id == "Email address" && !strings.Contains(r.Student, "@") {
			return fmt.Errorf("%s: a Moodle import names every student by email or every one by ID number", r.Student)
		}
		cw.Write([]string{r.Student, studentName(r, names), gradebookScore(r)})
	}
	cw.Flush()
	return cw.Error()
}

// studentName is a student's name for a gradebook: the roster's, else the
// id.
func studentName(r *grade.Result, names Names) string {
	if n := names[r.Student]; n != "" {
		return n
	}
	return r.Student
}
