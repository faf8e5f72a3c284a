#!/bin/sh
# Renders the pages docs/print.md shows: sqrtdk's LaTeX outputs typeset by
# pdflatex as a book or a class would, then rendered to PNG by pdftoppm.
# Run from anywhere: sh docs/print/make.sh [DIR]   (writes into docs/print
# or DIR). Needs pdflatex (texlive-latex-base, -recommended), pgfplots
# (texlive-pictures) and pdftoppm (poppler-utils), which .ci/run installs.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
out="${1:-$root/docs/print}"
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$root" && go build -o "$work/sqrtdk" ./cmd/sqrtdk)
sqrtdk() { "$work/sqrtdk" "$@"; }
typeset() { (cd "$work" && pdflatex -interaction=nonstopmode -halt-on-error "$1.tex" >/dev/null); }

# The proof handout: its first page.
sqrtdk prove --d 2 --format latex >"$work/handout.tex"
typeset handout
pdftoppm -r 75 -png -singlefile -f 1 -l 1 "$work/handout.pdf" "$out/handout"

# An exercise sheet for one student, and the answer key's first page.
sqrtdk exercise --key "$root/exercises/variants.key" --seed 2026 --student ada --format latex >"$work/sheet.tex"
typeset sheet
pdftoppm -r 75 -png -singlefile -f 1 -l 1 "$work/sheet.pdf" "$out/sheet"

# A table with a caption and a pgfplots figure, in one article page.
sqrtdk table --format latex --d 1,2,4,8,16,40,100 --columns d_k,cases,scales --label tab:variance \
  --caption 'Exact variance of $q\cdot k$ for entries $\pm 1$ (see \S 2 and Figure~\ref{fig:variance}).' >"$work/table.tex"
sqrtdk plot variance --format pgfplots >"$work/figure.tex"
cat >"$work/book.tex" <<'TEX'
\documentclass{article}
\usepackage{booktabs}\usepackage{caption}
\usepackage{pgfplots}\pgfplotsset{compat=1.16}
\begin{document}
\section{Variance grows like $d_k$}\label{sec:variance}
The table and the figure below come from the same exact values.
\input{table}
\begin{figure}[htbp]
\centering
\input{figure}
\caption{The exact variance of the score under four scales.}\label{fig:variance}
\end{figure}
\end{document}
TEX
typeset book
typeset book
pdftoppm -r 75 -png -singlefile -f 1 -l 1 "$work/book.pdf" "$out/book"
