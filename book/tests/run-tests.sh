#!/usr/bin/env bash
# Tests of the book tools: the weaver on a small chapter with every feature,
# and the link checker on pages that must pass and pages that must fail.
set -eo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
weave="$top/book/weave/nwpandoc.py"
check="$top/book/check/linkcheck.py"
NOWEB_LIB=${NOWEB_LIB:-/usr/lib/noweb}
PYTHON=${PYTHON:-python3}
PANDOC=${PANDOC:-pandoc}
tmp=$(mktemp -d)
trap '[ -n "$KEEP" ] || rm -rf "$tmp"' EXIT
failures=0
pass() { echo "  ok   $1"; }
fail() { echo "  FAIL $1"; failures=$((failures + 1)); }
expect() {  # expect DESCRIPTION COMMAND...
  local what=$1; shift
  if "$@" > /dev/null 2>&1; then pass "$what"; else fail "$what"; fi
}
expect_not() {
  local what=$1; shift
  if "$@" > /dev/null 2>&1; then fail "$what"; else pass "$what"; fi
}

echo "book tools: weaver"
mkdir -p "$tmp/figures"
"$NOWEB_LIB/markup" "$here/sample.nw" "$here/sample2.nw" | "$NOWEB_LIB/finduses" | "$NOWEB_LIB/noidx" \
  | "$PYTHON" "$weave" weave --root "$here" --figures "$tmp/figures" --data "$tmp/data" \
    --refs "$tmp/refs.json" --pages "$tmp/pages.json" > "$tmp/book.md" 2> "$tmp/weave.err"
md="$tmp/book.md"
expect "escaped launch comes out as <<<"        grep -q 'scale_kernel<<<1, 32>>>(x)' "$md"
expect "escaped shift comes out as <<"          grep -q 'return 1 << 3;' "$md"
expect_not "no @<< is left anywhere"            grep -q '@<<' "$md"
expect "quoted launch in prose is inline code"  grep -q '`k<<<g, b>>>`' "$md"
expect "quoted identifier links to its chunk"   grep -q '\[`scale_one`\](#nw-sample-2)' "$md"
expect "C root is highlighted as c"             grep -q '^~~~ {\.c}' "$md"
expect "CUDA root is highlighted as cpp"        grep -q '^~~~ {\.cpp}' "$md"
expect "chunk header with its label"            grep -qF '⟨*the scale helper used twice*⟩ [1.2]{.nwlabel} ≡' "$md"
expect "shared chunk lists both users"          grep -q 'Used in \[1\.1\](#nw-sample-1), \[1\.3\](#nw-sample-3)\.' "$md"
expect "root chunk names its file"              grep -q 'Written to `tangled/src/test/test.cu`' "$md"
expect "chunk index"                            grep -q '^# Index of chunks' "$md"
expect "identifier index entry with uses"       grep -q '`scale_one`\]{#nw-id-scale_one}: defined in \[1\.2\](#nw-sample-2); used in \[1\.1\](#nw-sample-1), \[1\.3\](#nw-sample-3)' "$md"
expect "bench table keeps only where= rows"     grep -q '^| tiled | 250 |$' "$md"
expect_not "bench table drops other rows"       grep -q '^| naive | 5 |$' "$md"
expect "bench table is right-aligned numbers"   grep -q '^|:-\{3,\}|-\{3,\}:|$' "$md"
expect "bench chart in SVG"                     test -s "$tmp/figures/bench-01-sample-gflops.svg"
expect "bench chart in PDF"                     test -s "$tmp/figures/bench-01-sample-gflops.pdf"
gp="$tmp/figures/bench-01-sample-gflops.gp"
expect "chart: a line at the cuDNN bar"         grep -qE "set arrow from graph 0, first 300 to graph 1, first 300 .*b03a2e" "$gp"
expect "chart: the line is named"               grep -q 'set label "cuDNN 300"' "$gp"
expect "chart: the cuDNN bar in the line's colour" grep -q '^2 "cuDNN" 300 0xb03a2e$' "$gp"
expect "chart: a roof line from roof="          grep -qE "set arrow from graph 0, first 500 to graph 1, first 500" "$gp"
expect "chart: the y range reaches the roof"    grep -q 'set yrange \[0:550\]' "$gp"
expect "pivot: a row per shape, a column per stage" grep -qF '| Layer | cuDNN | naive |' "$md"
expect "pivot: cells at 3 significant digits"   grep -qF '| a 1x2 | 0\.0457 | 0\.123 |' "$md"
expect "pivot: large values are not in exponent form" grep -qF '| b 3x4 | 4170 | 12\.3 |' "$md"
expect_not "where= with ~ drops the other shapes" grep -qF '| c 5x6 |' "$md"
expect "pivot: the value column is named"       grep -qF 'Cells: median\_ms.' "$md"
expect "limit= says how much is left out"       grep -qF 'The first 2 of 5 rows.' "$md"
expect "ratio: the heads"                       grep -qF '| Pass | Geometric mean | At or above cuDNN | Below 0\.7 | Lowest |' "$md"
expect "ratio: geometric mean, counts, lowest"  grep -qF '| fwd | 11\.2 | 1 of 2 | 1 | 0\.370 \(a 1x2\) |' "$md"
expect_not "ratio: a pass with no pair is left out" grep -qE '^\| bwd \| [0-9]' "$md"
expect "ratio: says what it divides"            grep -qF "Ratios: cuDNN's median\_ms over naive's, per shape." "$md"
expect "flat table: 3 significant digits"       grep -qF '| net:a 1x2 | 0\.0457 |' "$md"
expect "the full data is linked"                grep -qF '[sample\-pivot\.csv](data/sample-pivot.csv)' "$md"
expect "the full data is copied beside the book" test -s "$tmp/data/sample-pivot.csv"
expect "one provenance line from the first note" grep -qF 'Measured: GPU test\-9000, driver 1\.0, 2026\-12\-02\.' "$md"
expect "the provenance is printed once per chapter and file" test "$(grep -c 'GPU test' "$md")" -eq 1
expect_not "later notes stay in the CSV"        grep -q 'a second note' "$md"
expect "a link to an unwritten chapter becomes text" grep -q '\[the missing chapter\]{\.unwritten' "$md"
expect "the unwritten chapter is reported"      grep -q 'chapter-not-written, a chapter not in this book yet' "$tmp/weave.err"
expect "a link to a written chapter stays"      grep -q '\[this one\](#chapter-weaver-test)' "$md"
expect "chunk references became placeholders"   grep -q 'ZQnwc[0-9]*QZ' "$md"

dot -Tsvg "$here/sample-graph.dot" -o "$tmp/figures/sample-graph.svg"
"$PANDOC" --from=markdown --to=html5 --standalone --mathml --metadata title=test \
  "$md" -o "$tmp/pandoc.html"
"$PYTHON" "$weave" fix html "$tmp/refs.json" "$tmp/pandoc.html" "$tmp/book.html"
"$PANDOC" --from=markdown --to=latex "$md" -o "$tmp/pandoc.tex"
"$PYTHON" "$weave" fix latex "$tmp/refs.json" "$tmp/pandoc.tex" "$tmp/book.tex"
expect_not "no placeholder is left in HTML"     grep -q 'ZQnw' "$tmp/book.html"
expect_not "no placeholder is left in LaTeX"    grep -q 'ZQnw' "$tmp/book.tex"
expect "chunk reference is a link inside code"  grep -q '<a class="nwref" href="#nw-sample-2">' "$tmp/book.html"
expect "identifier use is a link inside code"   grep -q '<a class="nwident" href="#nw-sample-2">scale_one</a>' "$tmp/book.html"
expect "LaTeX chunk reference is a hyperlink"   grep -q '\\hyperlink{nw-sample-2}{\\nwchunkref{the scale helper used twice}{1.2}}' "$tmp/book.tex"
expect "LaTeX uses the PDF figure"              grep -q 'figures/sample-graph.pdf' "$tmp/book.tex"

echo "book tools: online sections"
expect "an online heading names its page"       grep -qF '{#sec-online-helper .online page="sample2.html"}' "$md"
"$PANDOC" --from=markdown --to=latex --lua-filter="$top/book/weave/latex.lua" "$md" -o "$tmp/online.pandoc.tex" 2> "$tmp/online.err"
"$PYTHON" "$weave" fix latex "$tmp/refs.json" "$tmp/online.pandoc.tex" "$tmp/online.tex"
expect "the PDF keeps the online heading"       grep -q 'The helper in full' "$tmp/online.tex"
expect_not "the PDF drops the online code"      grep -q 'return 7;' "$tmp/online.tex"
expect_not "the PDF drops the online prose"     grep -q 'only the HTML edition prints' "$tmp/online.tex"
expect_not "the PDF drops the online subsection" grep -q 'A subsection of it' "$tmp/online.tex"
expect "the PDF prints what follows"            grep -q 'This section is printed again' "$tmp/online.tex"
expect "the pointer counts the code"            grep -q '3 lines of code in 1 chunk' "$tmp/online.tex"
expect "the pointer links the HTML page"        grep -qF '\href{sample2.html\#sec-online-helper}' "$tmp/online.tex"
expect "a reference into it links the HTML page" grep -qF '\href{sample2.html\#nw-sample2-3}{\nwchunkref{the online helper}' "$tmp/online.tex"
expect_not "no hyperlink to what the PDF lacks"  grep -qE '\\hyperlink\{(nw-sample2-3|sec-online-sub)\}' "$tmp/online.tex"
expect "the filter reports what moved"          grep -q '1 online sections, 3 lines of code' "$tmp/online.err"
expect "the HTML edition keeps the online code" grep -q "static.*online_helper" "$tmp/book.html"

echo "book tools: a page per chapter"
"$PANDOC" --from=markdown --to=html5 --standalone --mathml --section-divs --toc \
  --template="$top/book/template.html" --metadata title=test "$md" -o "$tmp/sections.html"
"$PYTHON" "$weave" fix html "$tmp/refs.json" "$tmp/sections.html" "$tmp/onepage.html"
mkdir -p "$tmp/site"
cp -r "$tmp/figures" "$tmp/data" "$tmp/site/"
"$PYTHON" "$weave" pages "$tmp/pages.json" "$tmp/onepage.html" "$tmp/site" 2> "$tmp/pages.err"
site="$tmp/site"
expect "a page per chapter, named after its file" test -s "$site/sample.html" -a -s "$site/sample2.html"
expect "an index page and a page per index"     test -s "$site/index.html" -a -s "$site/index-of-chunks.html" -a -s "$site/index-of-identifiers.html"
expect "a link to another chapter names its page" grep -q 'href="sample.html#chapter-weaver-test"' "$site/sample2.html"
expect "an identifier link crosses pages"       grep -q 'href="sample.html#nw-sample-2"' "$site/sample2.html"
expect "a link inside the page stays a fragment" grep -q 'href="#nw-sample-2"' "$site/sample.html"
expect "every page has the whole contents"      grep -q 'href="sample2.html#chapter-second"' "$site/sample.html"
expect "the rail opens the page's own chapter"  grep -q '<li class="current"><a href="#chapter-second"' "$site/sample2.html"
expect "previous and next"                      grep -q 'rel="prev" href="sample.html"' "$site/sample2.html"
expect_not "no line anchors in code"            grep -q 'href="#cb[0-9]' "$site/sample.html"
expect "the pages pass the browser check"       "$PYTHON" "$check" --screenshots "$tmp/shots" --measured tab-pivot "$site"/*.html
expect "a screenshot of each page"              test -s "$tmp/shots/sample2.png"
expect "a screenshot of the measured table"     test -s "$tmp/shots/measured-tab-pivot.png"
sed 's/href="sample.html#nw-sample-2"/href="sample.html#nw-sample-9"/' "$site/sample2.html" > "$site/cross.html"
expect_not "a dangling link to another page fails" "$PYTHON" "$check" "$site/cross.html"
printf '<!DOCTYPE html><html><head><title>b</title><style>body{background:#fff}</style></head><body></body></html>' > "$site/blank.html"
expect_not "a page that renders nothing fails the screenshot" "$PYTHON" "$check" --screenshots "$tmp/shots" "$site/blank.html"
rm -f "$site/cross.html" "$site/blank.html"

echo "book tools: link checker"
cat > "$tmp/good.html" <<'HTML'
<!DOCTYPE html><html><head><title>good</title></head><body>
<h1 id="top">Top</h1><p><a href="#top">up</a> <a href="#later">down</a></p>
<p id="later"><img src="figures/sample-graph.svg" alt="g"></p></body></html>
HTML
sed 's/href="#later"/href="#nowhere"/' "$tmp/good.html" > "$tmp/dangling.html"
sed 's/sample-graph.svg/missing.svg/' "$tmp/good.html" > "$tmp/noimage.html"
printf '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><rect' > "$tmp/figures/torn.svg"
sed 's/sample-graph.svg/torn.svg/' "$tmp/good.html" > "$tmp/tornimage.html"
expect     "a page whose links resolve passes"  "$PYTHON" "$check" "$tmp/good.html"
expect_not "a dangling #link fails"             "$PYTHON" "$check" "$tmp/dangling.html"
expect_not "a missing image fails"              "$PYTHON" "$check" "$tmp/noimage.html"
expect_not "an image the browser cannot decode fails" "$PYTHON" "$check" "$tmp/tornimage.html"
report=$("$PYTHON" "$check" "$tmp/dangling.html" 2>&1 || true)
if grep -q 'dangling link #nowhere' <<< "$report"; then
  pass "the failure names the broken link"
else
  fail "the failure names the broken link"
fi

if [ "$failures" -ne 0 ]; then
  echo "book tools: $failures test(s) failed"
  exit 1
fi
echo "book tools: all tests passed"
