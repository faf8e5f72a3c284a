//go:build ignore

// Command exportednames counts the exported names of Go packages: what a
// program importing them can name. Run it through scripts/exported-names.sh.
//
// A name is counted once for each exported top-level constant, variable,
// function and type, each exported method of an exported type, each exported
// field of an exported struct type (embedded fields included) and each
// exported method of an exported interface. Test files are not read. With
// -undocumented it also lists the names that have no doc comment (a constant
// or variable in a documented group counts as documented; a field or
// interface method needs a comment of its own, on its line or above it).
// With -list it lists every name it counts.
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

func main() {
	undocumented := flag.Bool("undocumented", false, "list exported names without a doc comment")
	list := flag.Bool("list", false, "list every exported name")
	flag.Parse()
	total := 0
	for _, dir := range flag.Args() {
		names, missing, all, err := count(dir)
		if err != nil {
			fmt.Fprintln(os.Stderr, "exportednames:", err)
			os.Exit(2)
		}
		fmt.Printf("%-12s %4d\n", filepath.Base(dir), names)
		total += names
		if *list {
			for _, a := range all {
				fmt.Printf("  %s\n", a)
			}
		}
		if *undocumented {
			for _, m := range missing {
				fmt.Printf("  undocumented: %s\n", m)
			}
		}
	}
	fmt.Printf("%-12s %4d\n", "total", total)
}

func count(dir string) (int, []string, []string, error) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, dir, func(fi os.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, parser.ParseComments)
	if err != nil {
		return 0, nil, nil, err
	}
	n := 0
	var missing, all []string
	note := func(name string, doc ...*ast.CommentGroup) {
		n++
		all = append(all, name)
		for _, d := range doc {
			if d != nil && strings.TrimSpace(d.Text()) != "" {
				return
			}
		}
		missing = append(missing, name)
	}
	exportedTypes := map[string]bool{}
	for _, pkg := range pkgs {
		if strings.HasSuffix(pkg.Name, "_test") || pkg.Name == "main" {
			continue
		}
		for _, file := range pkg.Files {
			for _, decl := range file.Decls {
				if gen, ok := decl.(*ast.GenDecl); ok && gen.Tok == token.TYPE {
					for _, spec := range gen.Specs {
						if ts := spec.(*ast.TypeSpec); ts.Name.IsExported() {
							exportedTypes[ts.Name.Name] = true
						}
					}
				}
			}
		}
		for _, file := range pkg.Files {
			for _, decl := range file.Decls {
				switch d := decl.(type) {
				case *ast.FuncDecl:
					if !d.Name.IsExported() {
						continue
					}
					if d.Recv == nil {
						note(d.Name.Name, d.Doc)
						continue
					}
					if recv := receiverType(d.Recv.List[0].Type); exportedTypes[recv] {
						note(recv+"."+d.Name.Name, d.Doc)
					}
				case *ast.GenDecl:
					for _, spec := range d.Specs {
						switch s := spec.(type) {
						case *ast.ValueSpec:
							for _, name := range s.Names {
								if name.IsExported() {
									note(name.Name, s.Doc, s.Comment, d.Doc)
								}
							}
						case *ast.TypeSpec:
							if !s.Name.IsExported() {
								continue
							}
							note(s.Name.Name, s.Doc, d.Doc)
							members(s, note)
						}
					}
				}
			}
		}
	}
	sort.Strings(missing)
	sort.Strings(all)
	return n, missing, all, nil
}

// members counts the exported fields of a struct type and the exported
// methods of an interface type.
func members(s *ast.TypeSpec, note func(string, ...*ast.CommentGroup)) {
	var list *ast.FieldList
	switch t := s.Type.(type) {
	case *ast.StructType:
		list = t.Fields
	case *ast.InterfaceType:
		list = t.Methods
	default:
		return
	}
	for _, f := range list.List {
		if len(f.Names) == 0 { // embedded
			name := receiverType(f.Type)
			if sel, ok := f.Type.(*ast.SelectorExpr); ok {
				name = sel.Sel.Name
			}
			if ast.IsExported(name) {
				note(s.Name.Name+"."+name, f.Doc, f.Comment)
			}
			continue
		}
		for _, name := range f.Names {
			if name.IsExported() {
				note(s.Name.Name+"."+name.Name, f.Doc, f.Comment)
			}
		}
	}
}

// receiverType names the type of a method's receiver or an embedded field.
func receiverType(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return receiverType(t.X)
	case *ast.Ident:
		return t.Name
	case *ast.IndexExpr:
		return receiverType(t.X)
	case *ast.IndexListExpr:
		return receiverType(t.X)
	}
	return ""
}
