package exactpath

import (
	"go/ast"
	"go/printer"
	"go/token"
	"io"
)

// printExpr writes a node as source text.
func printExpr(w io.Writer, fset *token.FileSet, n ast.Node) error {
	return printer.Fprint(w, fset, n)
}
