# mk/book.mk -- weave the chapters into the book (HTML and PDF) and check it.
#
#   make book        the HTML book, book/out/index.html and a page per chapter
#                    (+ style.css, figures/, data/), and book/out/litdnn.pdf
#   make book-html   only the HTML book
#   make book-pdf    only the PDF book
#   make book-check  the weaver's and the checker's own tests, then every link
#                    and local image of every HTML page in headless Chromium, and
#                    a screenshot of each chapter's first screen and of one
#                    measured table (book/out/screenshots/)
#
# Included by the top-level Makefile, which defines CHAPTERS and SHELL.

CHAPTERS   ?= $(sort $(wildcard chapters/*.nw))
BOOK_OUT   := book/out
BOOK_FIGS  := $(BOOK_OUT)/figures
NOWEB_LIB  ?= $(firstword $(wildcard /usr/lib/noweb /usr/local/lib/noweb /usr/libexec/noweb) /usr/lib/noweb)
PYTHON     ?= python3
PANDOC     ?= pandoc
XELATEX    ?= xelatex
CHROMIUM   ?= chromium
GNUPLOT    ?= gnuplot
DOT        ?= dot
export CHROMIUM

BOOK_WEAVE := book/weave/nwpandoc.py
BOOK_CSV   := $(wildcard book/results/*.csv)
BOOK_FIG_SRC := $(sort $(wildcard book/figures/*.dot book/figures/*.gp book/figures/*.svg))
BOOK_FIG_SVG := $(patsubst book/figures/%,$(BOOK_FIGS)/%.svg,$(basename $(BOOK_FIG_SRC)))
BOOK_FIG_PDF := $(BOOK_FIG_SVG:.svg=.pdf)

# one pipeline, all chapters in one scope, exactly as notangle sees them
BOOK_PIPELINE = $(NOWEB_LIB)/markup $(or $(CHAPTERS),/dev/null) | $(NOWEB_LIB)/finduses | $(NOWEB_LIB)/noidx

BOOK_PANDOC := $(PANDOC) --from=markdown \
  --number-sections --toc --toc-depth=2 --highlight-style=tango \
  book/metadata.yaml

.PHONY: book book-html book-pdf book-check book-clean

book: book-html book-pdf

book-html: $(BOOK_OUT)/index.html $(BOOK_OUT)/style.css $(BOOK_FIG_SVG)

book-pdf: $(BOOK_OUT)/litdnn.pdf

$(BOOK_OUT)/litdnn.md: $(CHAPTERS) $(BOOK_WEAVE) $(BOOK_CSV)
	@mkdir -p $(BOOK_FIGS)
	$(BOOK_PIPELINE) | $(PYTHON) $(BOOK_WEAVE) weave --root . --figures $(BOOK_FIGS) \
	    --data $(BOOK_OUT)/data --refs $(BOOK_OUT)/litdnn.refs.json \
	    --pages $(BOOK_OUT)/litdnn.pages.json > $@.tmp
	@mv $@.tmp $@

# one HTML page per chapter: pandoc writes the whole book, `fix` links the
# code, `pages` cuts it at the chapters
$(BOOK_OUT)/index.html: $(BOOK_OUT)/litdnn.md book/template.html book/metadata.yaml $(BOOK_WEAVE) $(BOOK_FIG_SVG)
	$(BOOK_PANDOC) $< --to=html5 --standalone --mathml --section-divs \
	    --template=book/template.html --css=style.css --output=$(BOOK_OUT)/litdnn.pandoc.html
	$(PYTHON) $(BOOK_WEAVE) fix html $(BOOK_OUT)/litdnn.refs.json $(BOOK_OUT)/litdnn.pandoc.html $(BOOK_OUT)/litdnn.onepage.html
	$(PYTHON) $(BOOK_WEAVE) pages $(BOOK_OUT)/litdnn.pages.json $(BOOK_OUT)/litdnn.onepage.html $(BOOK_OUT)
	@rm -f $(BOOK_OUT)/litdnn.pandoc.html $(BOOK_OUT)/litdnn.onepage.html $(BOOK_OUT)/litdnn.html

$(BOOK_OUT)/style.css: book/style.css
	@mkdir -p $(BOOK_OUT)
	cp $< $@

# xelatex reads the contents the pass before wrote: two passes, and a third
# when the second moved them (in a fresh build the contents' own pages move
# the preface's page numbers)
$(BOOK_OUT)/litdnn.pdf: $(BOOK_OUT)/litdnn.md book/latex-header.tex book/weave/latex.lua book/metadata.yaml mk/book.mk $(BOOK_FIG_PDF)
	$(BOOK_PANDOC) $< --to=latex --standalone --top-level-division=chapter \
	    --lua-filter=book/weave/latex.lua --include-in-header=book/latex-header.tex \
	    -V documentclass=book -V classoption=oneside -V papersize=a4 \
	    -V geometry:margin=2.4cm -V geometry:top=2.1cm -V geometry:headsep=16.5pt \
	    -V colorlinks -V linkcolor=NavyBlue -V toccolor=black \
	    -V mainfont="DejaVu Serif" -V sansfont="DejaVu Sans" \
	    -V monofont="DejaVu Sans Mono" -V monofontoptions=Scale=0.88 -V fontsize=10pt \
	    --output=$(BOOK_OUT)/litdnn.pandoc.tex
	$(PYTHON) $(BOOK_WEAVE) fix latex $(BOOK_OUT)/litdnn.refs.json $(BOOK_OUT)/litdnn.pandoc.tex $(BOOK_OUT)/litdnn.tex
	@rm -f $(BOOK_OUT)/litdnn.pandoc.tex
	cd $(BOOK_OUT) && rm -f litdnn.toc.read && for pass in 1 2 3; do \
	  if [ $$pass = 3 ] && cmp -s litdnn.toc litdnn.toc.read; then break; fi; \
	  if [ -f litdnn.toc ]; then cp litdnn.toc litdnn.toc.read; fi; \
	  $(XELATEX) -interaction=nonstopmode -halt-on-error litdnn.tex > litdnn.xelatex.log 2>&1 \
	    || { tail -40 litdnn.xelatex.log; exit 1; }; done; rm -f litdnn.toc.read
	@grep -E '^(LaTeX|Package).*Warning' $(BOOK_OUT)/litdnn.log | grep -v -E 'Rerun|float specifier' | head -20 || true

# figures: Graphviz, gnuplot (the script sets no terminal/output; paths in it
# are relative to the repository root) and hand-written SVG
$(BOOK_FIGS)/%.svg: book/figures/%.dot
	@mkdir -p $(@D)
	$(DOT) -Tsvg -Gfontname="DejaVu Sans" -Nfontname="DejaVu Sans" -Efontname="DejaVu Sans" $< -o $@
$(BOOK_FIGS)/%.pdf: book/figures/%.dot
	@mkdir -p $(@D)
	$(DOT) -Tpdf -Gfontname="DejaVu Sans" -Nfontname="DejaVu Sans" -Efontname="DejaVu Sans" $< -o $@
$(BOOK_FIGS)/%.svg: book/figures/%.gp
	@mkdir -p $(@D)
	$(GNUPLOT) -e "set terminal svg size 720,420 dynamic font 'DejaVu Sans,12'; set output '$@'" $<
$(BOOK_FIGS)/%.pdf: book/figures/%.gp
	@mkdir -p $(@D)
	$(GNUPLOT) -e "set terminal pdfcairo size 6.5in,3.8in font 'DejaVu Sans,9'; set output '$@'" $<
$(BOOK_FIGS)/%.svg: book/figures/%.svg
	@mkdir -p $(@D)
	cp $< $@
$(BOOK_FIGS)/%.pdf: book/figures/%.svg
	@mkdir -p $(@D)
	$(PYTHON) book/tools/svg2pdf.py $< $@

book-check: book-html
	book/tests/run-tests.sh
	$(PYTHON) book/check/linkcheck.py --screenshots $(BOOK_OUT)/screenshots \
	    --measured tab-conv-resnet50 $(BOOK_OUT)/*.html

book-clean:
	rm -rf $(BOOK_OUT)
