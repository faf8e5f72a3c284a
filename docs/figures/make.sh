#!/bin/sh
# Regenerates the README's figures and the exact numbers behind them.
# Run from anywhere: sh docs/figures/make.sh [DIR]
# It writes into docs/figures, or into DIR when given (the tests compare
# the two). The output is deterministic: running it again changes no byte.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
out="${1:-$root/docs/figures}"
mkdir -p "$out"
out=$(cd "$out" && pwd)
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
(cd "$root" && go build -o "$bin/sqrtdk" ./cmd/sqrtdk)
sqrtdk() { "$bin/sqrtdk" "$@"; }

# Raw scores spread like √d_k; scaled by √d_k they keep the same spread.
sqrtdk plot dist --d 2,8,32 --scale raw  -o "$out/dist-raw.svg"  --data "$out/dist-raw.csv"
sqrtdk plot dist --d 2,8,32 --scale sqrt -o "$out/dist-sqrt.svg" --data "$out/dist-sqrt.csv"
# Exact variance against d_k under four scales, on log–log axes.
sqrtdk plot variance -o "$out/variance.svg" --data "$out/variance.csv"
# The lesson's scores [1, 2, 3] under ×1, ×8 and ÷100.
sqrtdk plot softmax -o "$out/softmax.svg" --data "$out/softmax.csv"
# Mean softmax slope E[p(1−p)] for two ±1 keys, raw against scaled.
sqrtdk plot saturation -o "$out/saturation.svg" --data "$out/saturation.csv"

# A LaTeX table as it prints: typeset by pdflatex with nothing but booktabs
# in the preamble, cropped to the table and rendered to PNG. Needs pdflatex
# (texlive-latex-base, texlive-latex-recommended) and pdftoppm
# (poppler-utils); without them the committed table.png is left as it is.
if command -v pdflatex >/dev/null && command -v pdftoppm >/dev/null; then
  tex="$bin/tex"
  mkdir -p "$tex"
  sqrtdk table --format latex --d 1,2,6,16,40,100 --scales raw,sqrt,d,d^1/4 --columns d_k,cases,scales >"$tex/table.tex"
  cat >"$tex/page.tex" <<'TEX'
\documentclass{article}
\usepackage{booktabs}\usepackage{caption}
\pdfinfoomitdate=1 \pdftrailerid{} \pdfsuppressptexinfo=-1
\begin{document}
\setbox0=\hbox{\input{table}}
\pdfpagewidth=\dimexpr\wd0+8pt\relax
\pdfpageheight=\dimexpr\ht0+\dp0+8pt\relax
\hoffset=\dimexpr-1in+4pt\relax \voffset=\dimexpr-1in+4pt\relax
\shipout\box0
\end{document}
TEX
  (cd "$tex" && pdflatex -interaction=nonstopmode -halt-on-error page.tex >/dev/null)
  pdftoppm -r 200 -png -singlefile "$tex/page.pdf" "$out/table"
else
  echo "make.sh: pdflatex or pdftoppm missing: docs/figures/table.png not regenerated" >&2
fi
