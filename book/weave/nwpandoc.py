#!/usr/bin/env python3
"""nwpandoc: a noweb back end that writes pandoc Markdown.

Reads noweb's pipeline format (markup | finduses | noidx, every chapter in
one scope) on standard input and writes one pandoc Markdown document:

  * documentation chunks pass through (they are pandoc Markdown already);
    [[code]] quoting becomes inline code, linked to the identifier's
    definition when the quote is exactly one indexed identifier;
  * each code chunk becomes an anchored header "<name> N.k =" (or "+=")
    followed by a fenced code block and a line of "defined in / used in"
    links;
  * chunk references and indexed identifiers inside code are written as
    placeholder words; pandoc highlights the code around them and the
    `fix` subcommand then turns each placeholder into a link (HTML) or a
    hyperlink (LaTeX), using the table this program writes beside the
    Markdown;
  * bench-table directives in prose become Markdown tables (and, when asked,
    gnuplot bar charts) made from committed CSV files;
  * the book ends with a chunk index and an identifier index.

Usage:
  nwpandoc.py weave [--root DIR] [--figures DIR] [--refs FILE] < pipeline > book.md
  nwpandoc.py fix html|latex REFS IN OUT
  nwpandoc.py pages PAGES IN OUTDIR

Python 3 standard library only.
"""

import argparse
import csv
from decimal import Decimal, ROUND_HALF_UP
import html
import json
import math
import os
import re
import shutil
import subprocess
import sys
import urllib.parse

PLACEHOLDER = re.compile(r"ZQnw([cd])(\d+)QZ")
LANG_BY_EXT = {
    ".c": "c", ".h": "c", ".cu": "cpp", ".cuh": "cpp", ".cc": "cpp",
    ".cpp": "cpp", ".py": "python", ".sh": "bash", ".mk": "makefile",
    ".json": "json", ".yml": "yaml", ".yaml": "yaml",
}
DEFAULT_LANG = "c"


def warn(msg):
    print("nwpandoc: warning: " + msg, file=sys.stderr)


# ---------------------------------------------------------------- parsing

class Chunk:
    """One code chunk as it appears in the pipeline."""

    def __init__(self, name, chapter, seq):
        self.name = name
        self.chapter = chapter
        self.seq = seq
        self.lines = [[]]          # tokens: ('t', text) ('u', name) ('i', ident)
        self.defs = []             # identifiers marked with @ %def
        self.uses = []             # chunk names referenced in this chunk
        self.idents_used = []      # identifier uses found by finduses

    @property
    def label(self):
        return "%s.%d" % (self.chapter.number, self.seq)

    @property
    def anchor(self):
        return "nw-%s-%d" % (self.chapter.key, self.seq)


class Chapter:
    def __init__(self, filename, index):
        self.filename = filename
        base = os.path.basename(filename)
        self.number = 0            # set by number_chapters()
        self.heading = None        # the chapter's level-1 heading line
        self.key = re.sub(r"[^A-Za-z0-9]+", "-", os.path.splitext(base)[0]).strip("-") or str(index)
        self.items = []            # ('doc', parts) or ('code', Chunk)
        self.nchunks = 0


def parse(stream):
    chapters = []
    chapter = None
    mode = None        # 'docs' or 'code'
    doc = None         # list of parts for the current doc chunk
    chunk = None
    quote = None       # list of parts inside [[...]]
    pending_ident = None
    header_nl = False
    for raw in stream:
        line = raw.rstrip("\n")
        if not line.startswith("@"):
            continue
        key, _, rest = line[1:].partition(" ")
        if key == "file":
            chapter = Chapter(rest, len(chapters))
            chapters.append(chapter)
        elif key == "begin":
            kind = rest.split()[0]
            if chapter is None:
                chapter = Chapter("stdin", 0)
                chapters.append(chapter)
            if kind == "docs":
                mode, doc = "docs", []
            else:
                chapter.nchunks += 1
                mode, chunk = "code", Chunk(None, chapter, chapter.nchunks)
        elif key == "end":
            if mode == "docs":
                chapter.items.append(("doc", doc))
            elif mode == "code":
                while chunk.lines and not chunk.lines[-1]:
                    chunk.lines.pop()
                chapter.items.append(("code", chunk))
            mode = None
        elif key == "defn" and mode == "code":
            chunk.name = rest
            header_nl = True
        elif key == "text":
            if mode == "code" and quote is None:
                if pending_ident is not None and rest == pending_ident:
                    chunk.lines[-1].append(("i", rest))
                else:
                    chunk.lines[-1].append(("t", rest))
                pending_ident = None
            elif quote is not None:
                if pending_ident is not None and rest == pending_ident:
                    quote.append(("i", rest))
                else:
                    quote.append(("t", rest))
                pending_ident = None
            elif mode == "docs":
                if chapter.heading is None and rest.startswith("# "):
                    chapter.heading = rest
                    if appendix(rest):
                        # the HTML book does not number appendices; the
                        # LaTeX filter letters them after \appendix
                        rest = re.sub(r"\{([^}]*)\}\s*$", lambda m: "{%s .unnumbered}" % m.group(1), rest)
                elif chapter.heading is not None and appendix(chapter.heading) and \
                        re.match(r"#{2,6} ", rest):
                    # nor their sections, which would otherwise go on
                    # counting inside the chapter before
                    if re.search(r"\{[^}]*\}\s*$", rest):
                        rest = re.sub(r"\{([^}]*)\}\s*$", lambda m: "{%s .unnumbered}" % m.group(1), rest)
                    else:
                        rest = rest.rstrip() + " {.unnumbered}"
                doc.append(("t", rest))
        elif key == "nl":
            if mode == "code" and quote is None:
                if header_nl:
                    header_nl = False     # the newline that ends "<<name>>="
                else:
                    chunk.lines.append([])
            elif quote is not None:
                quote.append(("t", " "))
            elif mode == "docs":
                doc.append(("n", None))
        elif key == "use":
            if quote is not None:
                quote.append(("u", rest))
            elif mode == "code":
                chunk.lines[-1].append(("u", rest))
                chunk.uses.append(rest)
        elif key == "quote":
            quote = []
        elif key == "endquote":
            if mode == "docs":
                doc.append(("q", quote))
            quote = None
        elif key == "index":
            sub, _, arg = rest.partition(" ")
            if sub == "defn" and mode == "code":
                chunk.defs.append(arg)
            elif sub == "use":
                pending_ident = arg
                if mode == "code" and quote is None:
                    chunk.idents_used.append(arg)
        elif key == "fatal":
            sys.exit("nwpandoc: noweb reported a fatal error: " + rest)
    number_chapters(chapters)
    return chapters


HEADING_ID = re.compile(r"\{[^}]*#([A-Za-z][\w:.-]*)[^}]*\}\s*$")


def unnumbered(heading):
    attrs = re.search(r"\{([^}]*)\}\s*$", heading or "")
    return bool(attrs) and (".unnumbered" in attrs.group(1).split() or "-" in attrs.group(1).split())


def appendix(heading):
    attrs = re.search(r"\{([^}]*)\}\s*$", heading or "")
    return bool(attrs) and ".appendix" in attrs.group(1).split()


def number_chapters(chapters):
    """Chunk labels use the chapter numbers the book prints: numbered
    chapters count 1, 2, ... in reading order; unnumbered ones (the preface)
    label their chunks 0.k; appendices (class .appendix) count A, B, ..."""
    n = 0
    letters = 0
    for ch in chapters:
        ch.appendix = appendix(ch.heading)
        if ch.appendix:
            ch.number = chr(ord("A") + letters)
            letters += 1
            ch.numbered = False
        elif ch.heading is not None and not unnumbered(ch.heading):
            n += 1
            ch.number = n
            ch.numbered = True
        else:
            ch.number = 0
            ch.numbered = False


# ---------------------------------------------------------------- helpers

MD_PUNCT = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|$~^&@\"'])")


def md_escape(text):
    return MD_PUNCT.sub(r"\\\1", text)


def inline_code(text):
    runs = [len(m) for m in re.findall(r"`+", text)]
    fence = "`" * (max(runs) + 1 if runs else 1)
    pad = " " if text.startswith("`") or text.endswith("`") or not text.strip() else ""
    return fence + pad + text + pad + fence


def name_parts(name):
    """Split a chunk name into ('t', text) and ('q', code) for [[...]]."""
    parts = []
    pos = 0
    for m in re.finditer(r"\[\[(.*?)\]\]", name):
        if m.start() > pos:
            parts.append(("t", name[pos:m.start()]))
        parts.append(("q", m.group(1)))
        pos = m.end()
    if pos < len(name):
        parts.append(("t", name[pos:]))
    return parts


def name_md(name):
    return "".join(md_escape(t) if k == "t" else inline_code(t) for k, t in name_parts(name))


def name_plain(name):
    return "".join(t for _, t in name_parts(name))


FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")


def outside_fences(text, fn):
    """Apply fn to the runs of lines of Markdown text that are not inside a
    fenced code block (so examples of the syntax are shown, not expanded)."""
    out, run, fence = [], [], None
    for line in text.split("\n"):
        m = FENCE.match(line)
        if fence is None and m:
            out.append(fn("\n".join(run)))
            run, fence = [], m.group(1)
            out.append(line)
        elif fence is not None:
            out.append(line)
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) \
                    and not line.strip()[len(m.group(1)):].strip():
                fence = None
        else:
            run.append(line)
    out.append(fn("\n".join(run)))
    return "\n".join(out)


def is_number(text):
    try:
        float(text)
        return True
    except ValueError:
        return False


def sig(text, digits=3):
    """A measured value at `digits` significant digits, never in exponent
    form; a whole number (a count, a batch size) is left as it is."""
    t = text.strip()
    if re.fullmatch(r"[+-]?\d+", t) or not is_number(t):
        return t
    v = float(t)
    if v == 0 or v != v or v in (float("inf"), float("-inf")):
        return "0" if v == 0 else t
    d = Decimal(repr(v))
    q = Decimal(1).scaleb(d.adjusted() - digits + 1)
    return format(d.quantize(q, rounding=ROUND_HALF_UP), "f")


def ident_anchor(ident):
    safe = re.sub(r"[^A-Za-z0-9_]", lambda m: "-%x-" % ord(m.group(0)), ident)
    return "nw-id-" + safe


def language_of(root):
    base = os.path.basename(root)
    if base == "Makefile" or base.endswith(".mk"):
        return "makefile"
    return LANG_BY_EXT.get(os.path.splitext(base)[1].lower())


def link_list(chunks, current=None):
    out = []
    seen = set()
    for c in chunks:
        if c.anchor in seen:
            continue
        seen.add(c.anchor)
        out.append("[%s](#%s)" % (c.label, c.anchor))
    return ", ".join(out)


# ---------------------------------------------------------------- the book

class Book:
    def __init__(self, chapters, root, figures, gnuplot, data=None):
        self.chapters = chapters
        self.data = data            # where the full CSV files are copied
        self.chapter = None         # the chapter being written
        self.provenanced = set()    # (chapter, csv) whose provenance is printed
        self.root = root
        self.figures = figures
        self.gnuplot = gnuplot
        self.chunks = [item for ch in chapters for k, item in ch.items if k == "code"]
        self.defs = {}        # chunk name -> [Chunk]
        self.users = {}       # chunk name -> [Chunk] that use it
        for c in self.chunks:
            self.defs.setdefault(c.name, []).append(c)
            for u in c.uses:
                self.users.setdefault(u, []).append(c)
        self.ident_defs = {}  # identifier -> [Chunk]
        self.ident_uses = {}
        for c in self.chunks:
            for d in c.defs:
                self.ident_defs.setdefault(d, []).append(c)
        for c in self.chunks:
            for u in c.idents_used:
                if c not in self.ident_defs.get(u, []):
                    self.ident_uses.setdefault(u, []).append(c)
        self.chapter_ids = set()
        for ch in chapters:
            m = HEADING_ID.search(ch.heading or "")
            if m:
                self.chapter_ids.add(m.group(1))
        self.refs = []        # placeholder table for the fix step
        self.lang = {}
        self.nbench = 0

    def language(self, name, seen=None):
        if name in self.lang:
            return self.lang[name]
        seen = seen or set()
        seen.add(name)
        lang = None
        if name not in self.users:
            lang = language_of(name) or self.shebang_language(name)
        else:
            for parent in self.users[name]:
                if parent.name not in seen:
                    lang = self.language(parent.name, seen)
                    if lang:
                        break
        self.lang[name] = lang
        return lang

    def shebang_language(self, root):
        """A script without an extension says what it is on its first line."""
        first = self.defs.get(root, [None])[0]
        if first is None or not first.lines:
            return None
        line = "".join(v for k, v in first.lines[0] if k == "t")
        if line.startswith("#!"):
            if "python" in line:
                return "python"
            if re.search(r"\b(ba)?sh\b", line):
                return "bash"
        return None

    def placeholder(self, kind, **info):
        self.refs.append(dict(kind=kind, **info))
        return "ZQnw%s%dQZ" % ("c" if kind == "chunk" else "d", len(self.refs) - 1)

    # ------------------------------------------------------------ docs

    def render_doc(self, parts):
        out = []
        for kind, val in parts:
            if kind == "t":
                out.append(val)
            elif kind == "n":
                out.append("\n")
            elif kind == "q":
                out.append(self.render_quote(val))
        return outside_fences("".join(out),
                              lambda t: self.online_headings(
                                  self.unwritten_chapters(self.expand_directives(t))))

    ONLINE_HEADING = re.compile(r"^(#{1,6})([ \t].*?)\{([^{}]*)\}[ \t]*$", re.M)

    def online_headings(self, text):
        """A heading of level 2 or deeper with the class .online marks a
        section printed only in the HTML edition (book/weave/latex.lua drops
        its body from the PDF and leaves a pointer). The weaver names the
        page the section lives on, page="04-matmul.html", so that the
        pointer can link to it."""
        def repl(m):
            attrs = m.group(3)
            if not re.search(r"(^|\s)\.online(\s|$)", attrs):
                return m.group(0)
            title = m.group(2).strip()
            if len(m.group(1)) < 2:
                warn("%s: a chapter heading cannot be .online (%s)" % (self.chapter.filename, title))
                return m.group(0)
            if not re.search(r"(^|\s)#[A-Za-z]", attrs):
                warn("%s: the online section \"%s\" has no #id" % (self.chapter.filename, title))
            return "%s%s{%s page=\"%s.html\"}" % (m.group(1), m.group(2), attrs.strip(), self.chapter.key)
        return self.ONLINE_HEADING.sub(repl, text)

    CHAPTER_LINK = re.compile(r"\[((?:[^\[\]]|\[[^\]]*\])*)\]\(#(chapter-[\w-]+)\)")

    def unwritten_chapters(self, text):
        """A link to a chapter that is not in the book yet (chapters are
        written in parallel) becomes plain text marked as such, with a
        warning; every other dangling link is left for the browser check."""
        def repl(m):
            if m.group(2) in self.chapter_ids:
                return m.group(0)
            warn("link to #%s, a chapter not in this book yet" % m.group(2))
            return "[%s]{.unwritten title=\"not written yet\"}" % m.group(1)
        return self.CHAPTER_LINK.sub(repl, text)

    def render_quote(self, parts):
        text = "".join(("<<%s>>" % v) if k == "u" else v for k, v in parts)
        code = inline_code(text)
        idents = [v for k, v in parts if k == "i"]
        if (len(parts) == 1 and idents and idents[0] in self.ident_defs):
            return "[%s](#%s)" % (code, self.ident_defs[idents[0]][0].anchor)
        if len(parts) == 1 and parts[0][0] == "u" and parts[0][1] in self.defs:
            target = self.defs[parts[0][1]][0]
            return "[⟨%s⟩](#%s)" % (name_md(parts[0][1]), target.anchor)
        return code

    # ------------------------------------------------------------ code

    def render_code(self, c):
        defs = self.defs.get(c.name, [c])
        first = defs[0]
        cont = first is not c
        lang = self.language(c.name) or DEFAULT_LANG
        lines = []
        for toks in c.lines:
            buf = []
            for kind, val in toks:
                if kind == "t":
                    buf.append(val)
                elif kind == "u":
                    target = self.defs.get(val)
                    if target:
                        buf.append(self.placeholder(
                            "chunk", anchor=target[0].anchor, label=target[0].label,
                            name=val))
                    else:
                        warn("chunk <<%s>> is used in %s but never defined" % (val, c.label))
                        buf.append(self.placeholder("chunk", anchor=None, label="?", name=val))
                elif kind == "i":
                    target = self.ident_defs.get(val)
                    if target and target[0] is not c:
                        buf.append(self.placeholder("ident", anchor=target[0].anchor, text=val))
                    else:
                        buf.append(val)
            lines.append("".join(buf))
        body = "\n".join(lines)
        fence = "~" * max(3, 1 + max([len(m) for m in re.findall(r"^~+", body, re.M)] or [0]))
        head_name = "⟨*%s*⟩" % name_md(c.name)
        if cont:
            head_name = "[%s](#%s)" % (head_name, first.anchor)
        sign = "+≡" if cont else "≡"
        out = []
        out.append("```{=latex}\n\\Needspace{6\\baselineskip}\n```\n")
        out.append("::: {#%s .nwchunk}\n" % c.anchor)
        out.append("[%s [%s]{.nwlabel} %s]{.nwhead}\n" % (head_name, c.label, sign))
        out.append("\n%s {.%s}\n%s\n%s\n\n" % (fence, lang, body, fence))
        out.append("[%s]{.nwxref}\n" % self.xref_line(c, defs))
        out.append(":::\n")
        return "\n" + "".join(out) + "\n"

    def xref_line(self, c, defs):
        bits = []
        if len(defs) > 1:
            others = [d for d in defs if d is not c]
            bits.append("Defined in %s." % link_list(defs) if others else "")
        users = self.users.get(c.name, [])
        if users:
            bits.append("Used in %s." % link_list(users))
        elif "/" in c.name or language_of(c.name):
            bits.append("Written to %s." % inline_code("tangled/" + c.name))
        else:
            bits.append("Root chunk (not used in this book).")
        if c.defs:
            names = ", ".join("[%s](#%s)" % (inline_code(d), ident_anchor(d)) for d in c.defs)
            bits.append("Defines %s." % names)
        return " ".join(b for b in bits if b)

    # ------------------------------------------------------------ directives

    BENCH_OPEN = re.compile(r"^(:{3,})\s*\{\s*\.bench-table\b([^}]*)\}\s*$")
    ATTR = re.compile(r'([A-Za-z_][\w-]*)\s*=\s*"([^"]*)"')

    def expand_directives(self, text):
        lines = text.split("\n")
        out = []
        i = 0
        while i < len(lines):
            m = self.BENCH_OPEN.match(lines[i])
            if not m:
                out.append(lines[i])
                i += 1
                continue
            attrs = dict(self.ATTR.findall(m.group(2)))
            close = re.compile(r"^:{%d,}\s*$" % len(m.group(1)))
            j = i + 1
            caption = []
            while j < len(lines) and not close.match(lines[j]):
                caption.append(lines[j])
                j += 1
            out.append(self.bench_table(attrs, " ".join(s.strip() for s in caption).strip()))
            i = j + 1
        return "\n".join(out)

    def read_csv(self, path):
        """Notes (the '#' lines), header and rows of a committed CSV file."""
        notes, rows_text = [], []
        with open(os.path.join(self.root, path), newline="") as f:
            for line in f:
                if line.startswith("#"):
                    notes.append(line[1:].strip())
                elif line.strip():
                    rows_text.append(line)
        rows = list(csv.reader(rows_text))
        return notes, rows[0], rows[1:]

    WHERE = re.compile(r"^\s*([^!~=]+?)\s*(!=|~|=)\s*(.*?)\s*$")

    def filter_rows(self, path, header, data, where):
        """where="col=value,col!=value,col~regex": every condition holds."""
        for cond in filter(None, (s.strip() for s in where.split(","))):
            m = self.WHERE.match(cond)
            if not m or m.group(1) not in header:
                warn("bench-table %s: cannot use the condition %r in where=" % (path, cond))
                continue
            k, op, val = header.index(m.group(1)), m.group(2), m.group(3)
            get = (lambda r: r[k].strip() if k < len(r) else "")
            if op == "=":
                data = [r for r in data if get(r) == val]
            elif op == "!=":
                data = [r for r in data if get(r) != val]
            else:
                rx = re.compile(val)
                data = [r for r in data if rx.search(get(r))]
        return data

    def provenance(self, path, notes):
        """One line that says where the numbers come from: the first '#'
        line of the CSV (the GPU, versions and date) and the commit that
        last changed the file."""
        commit = ""
        try:
            r = subprocess.run(["git", "log", "-1", "--format=%h %cs", "--", path], cwd=self.root,
                               capture_output=True, text=True, timeout=30)
            if r.returncode == 0 and r.stdout.strip():
                commit = r.stdout.strip().split()
                commit = "committed in %s on %s" % (commit[0], commit[1]) if len(commit) > 1 else ""
        except (OSError, subprocess.SubprocessError):
            pass
        bits = []
        if notes:
            bits.append("Measured: " + notes[0] + ".")
        if commit:
            bits.append("Data " + commit + ".")
        return " ".join(bits)

    def data_link(self, path):
        """The full CSV, copied beside the book, as a link."""
        name = os.path.basename(path)
        if self.data:
            os.makedirs(self.data, exist_ok=True)
            shutil.copyfile(os.path.join(self.root, path), os.path.join(self.data, name))
        return "[%s](data/%s)" % (md_escape(path), urllib.parse.quote(name))

    def bench_table(self, attrs, caption):
        self.nbench += 1
        path = attrs.get("csv")
        if not path:
            warn("a bench-table directive has no csv=\"...\" attribute")
            return "\n**[bench-table without csv=\"...\"]**\n"
        full = os.path.join(self.root, path)
        if not os.path.exists(full):
            warn("bench-table: %s does not exist" % path)
            return "\n> **Not measured yet:** %s is not committed.\n" % inline_code(path)
        notes, header, data = self.read_csv(path)
        data = self.filter_rows(path, header, data, attrs.get("where", ""))
        if not data:
            return "\n> **Not measured yet:** %s has no rows where %s.\n" % (
                inline_code(path), inline_code(attrs.get("where", "")))
        titles = {}
        specs = [s.strip() for s in attrs.get("columns", ",".join(header)).split(",") if s.strip()]
        shown = []
        for s in specs:
            col, _, title = s.partition(":")
            if col not in header:
                warn("bench-table %s: no column %r" % (path, col))
                continue
            shown.append(col)
            titles[col] = title or col
        strip = re.compile(attrs["strip"]) if attrs.get("strip") else None
        digits = int(attrs.get("digits", "3"))

        def label(text):
            return strip.sub("", text).strip() if strip else text

        if attrs.get("ratio"):
            table = self.ratio(path, header, data, attrs, titles, label, digits)
        elif attrs.get("pivot"):
            table = self.pivot(path, header, data, attrs, titles, label, digits)
        else:
            table = self.flat(header, data, shown, titles, label, digits, attrs)
        if table is None:
            which = "ratio" if attrs.get("ratio") else "pivot"
            return "\n**[bench-table %s: bad %s=\"%s\"]**\n" % (inline_code(path), which, attrs[which])
        head, body, numeric, more = table

        out = ["", ""]
        anchor = attrs.get("id")
        if anchor:
            out.append("::: {#%s .bench}" % anchor)
        # the dashes give the printed book its column widths (pandoc sets a
        # wide table in columns of these proportions): a number column wide
        # enough for its longest value and the longest word of its head (TeX
        # breaks a head between words, never inside the first), a name
        # column as wide as its longest name up to 16 (names wrap at spaces
        # and after _ : / x), so that eleven columns fit the page
        widths = []
        for i in range(len(head)):
            if numeric[i]:
                w = max([len(x) for x in head[i].split()] + [len(r[i]) for r in body]) + 4
            else:
                w = min(16, max([len(head[i])] + [len(r[i]) for r in body]))
            widths.append(max(3, w))
        out.append("| " + " | ".join(md_escape(t) for t in head) + " |")
        out.append("|" + "|".join(("-" * w + ":") if numeric[i] else (":" + "-" * w)
                                  for i, w in enumerate(widths)) + "|")
        for r in body:
            out.append("| " + " | ".join(md_escape(c).replace("|", "\\|") for c in r) + " |")
        out.append("")
        out.append(": " + (caption or "Measured results (%s)." % inline_code(path)))
        out.append("")
        line = []
        if more:
            line.append(more)
        line.append("Full data: %s." % self.data_link(path))
        key = (self.chapter.key if self.chapter else "", path)
        if key not in self.provenanced:
            self.provenanced.add(key)
            prov = self.provenance(path, notes)
            if prov:
                line.append(md_escape(prov))
        out.append("[%s]{.benchnote}" % " ".join(line))
        out.append("")
        chart = attrs.get("chart")
        if chart:
            out.append(self.bench_chart(path, header, data, attrs, chart, caption, label, notes))
        if anchor:
            out.append(":::")
        out.append("")
        return "\n".join(out)

    def flat(self, header, data, shown, titles, label, digits, attrs):
        """The rows as they are, the shown columns only."""
        cols = [header.index(c) for c in shown]

        def cell(r, k):
            return r[k].strip() if k < len(r) else ""

        numeric = [bool(data) and all(is_number(cell(r, k)) for r in data) for k in cols]
        body = [[sig(cell(r, k), digits) if numeric[i] else label(cell(r, k)) for i, k in enumerate(cols)]
                for r in data]
        more = ""
        limit = int(attrs.get("limit", "0") or 0)
        if limit and len(body) > limit:
            more = "The first %d of %d rows." % (limit, len(body))
            body = body[:limit]
        return [titles[c] for c in shown], body, numeric, more

    def pivot(self, path, header, data, attrs, titles, label, digits):
        """pivot="ROWS:COLS:VALUE": one row per value of ROWS (several
        columns joined by '+'), one column per value of COLS, the VALUE
        column in the cells (times scale="1000" when asked); cols="a,b"
        keeps and orders the columns."""
        parts = attrs["pivot"].split(":")
        if len(parts) != 3:
            warn("bench-table %s: pivot=\"%s\" is not ROWS:COLS:VALUE" % (path, attrs["pivot"]))
            return None
        rows_by, col_by, value = [p.split("+") for p in parts[:1]][0], parts[1], parts[2]
        for c in rows_by + [col_by, value]:
            if c not in header:
                warn("bench-table %s: pivot names no column %r" % (path, c))
                return None
        kr = [header.index(c) for c in rows_by]
        kc, kv = header.index(col_by), header.index(value)

        def cell(r, k):
            return r[k].strip() if k < len(r) else ""

        row_keys, col_keys, cells = [], [], {}
        for r in data:
            rk = tuple(cell(r, k) for k in kr)
            ck = cell(r, kc)
            if rk not in cells:
                row_keys.append(rk)
                cells[rk] = {}
            if ck not in col_keys:
                col_keys.append(ck)
            if ck in cells[rk]:
                warn("bench-table %s: two rows for %s / %s; the first is shown" % (path, rk, ck))
                continue
            v = cell(r, kv)
            if attrs.get("scale") and is_number(v):
                v = repr(float(v) * float(attrs["scale"]))
            cells[rk][ck] = v
        if attrs.get("cols"):
            wanted = [s.strip() for s in attrs["cols"].split(",") if s.strip()]
            for w in wanted:
                if w not in col_keys:
                    warn("bench-table %s: cols= names %r, which no kept row has" % (path, w))
            col_keys = [w for w in wanted if w in col_keys]
        more = ""
        limit = int(attrs.get("limit", "0") or 0)
        if limit and len(row_keys) > limit:
            more = "The first %d of %d rows." % (limit, len(row_keys))
            row_keys = row_keys[:limit]
        head = [titles.get(c, c) for c in rows_by] + [label(c) for c in col_keys]
        body = []
        for rk in row_keys:
            row = [label(v) for v in rk]
            for ck in col_keys:
                v = cells[rk].get(ck, "")
                row.append(sig(v, digits) if is_number(v) else (v or "–"))
            body.append(row)
        numeric = [False] * len(rows_by) + [True] * len(col_keys)
        unit = attrs.get("unit") or titles.get(value, value)
        more = ("Cells: %s. " % md_escape(unit)) + more
        return head, body, numeric, more.strip()

    def ratio(self, path, header, data, attrs, titles, label, digits):
        """ratio="COL:NUM/DEN:VALUE": for each unit (the over= column, shape
        by default), NUM's VALUE over DEN's VALUE, NUM and DEN being values
        of COL (cuDNN's time over ours: above 1 we are faster); one row per
        value of by= (op by default; a+b joins several), with the units'
        geometric mean, how many are at 1 or above, how many are below
        floor= when it is given, and the lowest. A unit without both rows
        is left out, and the count says so."""
        # NUM and DEN may hold ':' (litdnn: im2col): COL ends at the first, VALUE starts after the last
        m = re.match(r"^([^:]+):(.+)/(.+):([^:]+)$", attrs["ratio"])
        if not m:
            warn("bench-table %s: ratio=\"%s\" is not COL:NUM/DEN:VALUE" % (path, attrs["ratio"]))
            return None
        col, num, den, value = (g.strip() for g in m.groups())
        by = [c.strip() for c in attrs.get("by", "op").split("+")]
        over = attrs.get("over", "shape")
        for c in by + [col, over, value]:
            if c not in header:
                warn("bench-table %s: ratio names no column %r" % (path, c))
                return None
        kb = [header.index(c) for c in by]
        kc, ko, kv = header.index(col), header.index(over), header.index(value)

        def cell(r, k):
            return r[k].strip() if k < len(r) else ""

        groups, times = [], {}
        for r in data:
            g = tuple(cell(r, k) for k in kb)
            if g not in times:
                groups.append(g)
                times[g] = {}
            v = cell(r, kv)
            if cell(r, kc) in (num, den) and is_number(v):
                times[g].setdefault(cell(r, ko), {}).setdefault(cell(r, kc), float(v))
        floor = float(attrs["floor"]) if is_number(attrs.get("floor", "")) else None
        head = [titles.get(c, c) for c in by] + ["Geometric mean", "At or above %s" % label(num)]
        if floor is not None:
            head.append("Below %s" % attrs["floor"])
        head.append("Lowest")
        body = []
        for g in groups:
            ratios = [(t[num] / t[den], u) for u, t in times[g].items()
                      if num in t and den in t and t[den] > 0]
            if not ratios:
                continue
            gm = 2.0 ** (sum(math.log2(x) for x, _ in ratios) / len(ratios))
            low, unit = min(ratios)
            row = [label(v) for v in g] + [sig(repr(gm), digits),
                                           "%d of %d" % (sum(x >= 1 for x, _ in ratios), len(ratios))]
            if floor is not None:
                row.append(str(sum(x < floor for x, _ in ratios)))
            row.append("%s (%s)" % (sig(repr(low), digits), label(unit)))
            body.append(row)
        if not body:
            warn("bench-table %s: no unit has both %r and %r" % (path, num, den))
            return None
        numeric = [False] * len(head)
        numeric[len(by)] = True          # the geometric mean; the counts and the lowest are text
        more = "Ratios: %s's %s over %s's, per %s." % (md_escape(label(num)), md_escape(value),
                                                        md_escape(label(den)), md_escape(over))
        return head, body, numeric, more

    COPY_NOTE = re.compile(r"device-to-device copy ([0-9.]+) GB/s")
    VENDOR = re.compile(r"^(cuDNN|cuBLAS)\b")

    def chart_lines(self, path, header, data, attrs, col, name, label, notes):
        """The reference lines of a chart: the vendor library's bar (the
        first bar named cuDNN or cuBLAS, or the one ref="REGEX" names) and a
        roof: roof="VALUE:label", or for a GB/s chart the device-to-device
        copy rate the CSV's notes record. Each is (value, text, colour)."""
        lines = []
        k, kl = header.index(col), header.index(name)
        rx = self.VENDOR if "ref" not in attrs else (re.compile(attrs["ref"]) if attrs["ref"] else None)
        for r in data if rx else []:
            if k < len(r) and kl < len(r) and rx.search(label(r[kl])) and is_number(r[k]):
                lines.append((float(r[k]), "%s %s" % (label(r[kl]), sig(r[k])), "#b03a2e"))
                break
        roof = attrs.get("roof")
        if roof is None and col == "gbps":
            m = next((self.COPY_NOTE.search(n) for n in notes if self.COPY_NOTE.search(n)), None)
            if m:
                roof = "%s:copy %s GB/s (the roof)" % (m.group(1), sig(m.group(1)))
        if roof:
            value, _, text = roof.partition(":")
            if is_number(value):
                lines.append((float(value), text or "roof %s" % sig(value), "#555555"))
            else:
                warn("bench-table %s: roof=%r is not VALUE:label" % (path, roof))
        return lines

    def bench_chart(self, path, header, data, attrs, chart, caption, label=lambda t: t, notes=()):
        col = chart.partition(":")[0]
        if col not in header:
            warn("bench-table %s: chart column %r missing" % (path, col))
            return ""
        first = attrs.get("columns", header[0]).split(",")[0].partition(":")[0].strip()
        name = attrs.get("label", first)
        if name not in header:
            name = header[0]
        k, kl = header.index(col), header.index(name)
        stem = "bench-%02d-%s-%s" % (self.nbench, re.sub(r"\W+", "-", os.path.splitext(os.path.basename(path))[0]),
                                     re.sub(r"\W+", "-", col))
        ylabel = attrs.get("ylabel", chart.partition(":")[2] or col)
        if self.figures:
            os.makedirs(self.figures, exist_ok=True)
            rows = [r for r in data if k < len(r) and kl < len(r)]
            refs = self.chart_lines(path, header, rows, attrs, col, name, label, notes)
            vendor = refs[0][1].split(" ")[0] if refs and refs[0][2] == "#b03a2e" else None
            # a bar per row; the vendor library's bar in its line's colour
            block = "\n".join('%d "%s" %s %s' % (
                i, label(r[kl]).replace('"', "'"), r[k],
                "0xb03a2e" if vendor and label(r[kl]).startswith(vendor) else "0x3b6ea8")
                for i, r in enumerate(rows))
            top = max([float(r[k]) for r in rows if is_number(r[k])] + [v for v, _, _ in refs] + [0.0])
            script = [
                "$data << EOD", block, "EOD",
                "set style fill solid 0.85 border -1",
                "set boxwidth 0.7", "set grid ytics lc rgb '#dddddd'", "set key off",
                "set border 3", "set xtics nomirror rotate by -30", "set ytics nomirror",
                # room on the right for the last bar's slanted name
                "set rmargin %d" % min(26, 3 + int(0.8 * len(label(rows[-1][kl])) if rows else 0)),
                "set xrange [-0.6:%g]" % (len(rows) - 0.4),
                "set yrange [0:%g]" % (top * 1.1 if top > 0 else 1),
                'set ylabel "%s"' % ylabel.replace('"', "'"),
            ]
            if attrs.get("log") == "y":
                script[-2] = "set logscale y"
            for value, text, colour in refs:
                script.append("set arrow from graph 0, first %g to graph 1, first %g nohead dt 2 lw 2 lc rgb '%s' front"
                              % (value, value, colour))
                script.append('set label "%s" at graph 0.995, first %g right offset 0,0.55 tc rgb \'%s\' front'
                              % (text.replace('"', "'"), value, colour))
            script.append("plot $data using 1:3:4:xtic(2) with boxes lc rgb variable")
            body = "\n".join(script) + "\n"
            # the PDF chart is as wide as the text and its lettering is set
            # at the body's size (10 pt), not shrunk to fit
            width = min(900, max(640, 40 * len(rows) + 200))
            for ext, term in (("svg", "svg size %d,420 dynamic font 'DejaVu Sans,13'" % width),
                              ("pdf", "pdfcairo size 6.3in,3.6in font 'DejaVu Sans,10'")):
                out = os.path.join(self.figures, stem + "." + ext)
                prog = "set terminal %s\nset output '%s'\n%s" % (term, out, body)
                if self.gnuplot:
                    r = subprocess.run(["gnuplot"], input=prog, text=True, capture_output=True)
                    if r.returncode != 0:
                        warn("gnuplot failed for %s: %s" % (stem, r.stderr.strip()))
                with open(os.path.join(self.figures, stem + ".gp"), "w") as f:
                    f.write(body)
        cap = caption or "Measured results."
        return "![%s](figures/%s.svg)\n" % (cap, stem)

    # ------------------------------------------------------------ indexes

    @staticmethod
    def two_columns(lines):
        """An index: its heading, then its entries in two columns of small
        type in the PDF book (the HTML page is one column)."""
        head, entries = lines[:3], lines[3:]
        return "\n".join(head + ["```{=latex}", "\\begin{multicols}{2}\\footnotesize\\raggedright", "```", ""]
                         + entries + ["", "```{=latex}", "\\end{multicols}", "```"])

    def chunk_index(self):
        out = ["", "# Index of chunks {#nw-chunk-index .unnumbered}", ""]
        for name in sorted(self.defs, key=lambda n: name_plain(n).lower()):
            defs = self.defs[name]
            line = "- [⟨%s⟩](#%s): defined in %s" % (name_md(name), defs[0].anchor, link_list(defs))
            users = self.users.get(name)
            line += "; used in %s." % link_list(users) if users else "; root chunk."
            out.append(line)
        undefined = sorted(set(self.users) - set(self.defs))
        for name in undefined:
            out.append("- ⟨%s⟩: **never defined**; used in %s." % (name_md(name), link_list(self.users[name])))
        return self.two_columns(out) + "\n"

    def ident_index(self):
        out = ["", "# Index of identifiers {#nw-identifier-index .unnumbered}", ""]
        if not self.ident_defs:
            out.append("No identifiers are marked with `@ %def` yet.")
        for ident in sorted(self.ident_defs, key=lambda s: (s.lower().lstrip("_"), s)):
            line = "- [%s]{#%s}: defined in %s" % (inline_code(ident), ident_anchor(ident),
                                                   link_list(self.ident_defs[ident]))
            uses = self.ident_uses.get(ident)
            line += "; used in %s." % link_list(uses) if uses else "; not used elsewhere."
            out.append(line)
        return self.two_columns(out) + "\n"

    def page_names(self):
        """The HTML page of each chapter, keyed by its heading's id: the
        chapter's file name (04-matmul.html); the indexes get their own."""
        names = {"nw-chunk-index": "index-of-chunks.html",
                 "nw-identifier-index": "index-of-identifiers.html"}
        for ch in self.chapters:
            m = HEADING_ID.search(ch.heading or "")
            if m:
                names[m.group(1)] = ch.key + ".html"
        return names

    def markdown(self):
        out = []
        main = appendices = False
        for ch in self.chapters:
            self.chapter = ch
            out.append("\n")
            if ch.numbered and not main:
                out.append("```{=latex}\n\\nwmainmatter\n```\n\n")
                main = True
            if ch.appendix and not appendices:
                out.append("```{=latex}\n%s\\appendix\n```\n\n" % ("" if main else "\\nwmainmatter\n"))
                appendices = main = True
            for kind, item in ch.items:
                if kind == "doc":
                    out.append(self.render_doc(item))
                else:
                    out.append(self.render_code(item))
            out.append("\n")
        out.append("```{=latex}\n\\backmatter\n```\n")
        out.append(self.chunk_index())
        out.append(self.ident_index())
        return "".join(out)


# ---------------------------------------------------------------- fix step

def latex_escape_verb(text):
    """Escape text for a fancyvrb environment whose command chars are \\ { }."""
    return text.replace("\\", "\\textbackslash{}").replace("{", "\\{").replace("}", "\\}")


ONLINE_MARK = re.compile(r"^%nwonline (\S+) (\S+)$", re.M)
HYPERLINK = re.compile(r"\\hyperlink\{([^{}]+)\}\{")


def fix(fmt, refs_path, src, dst):
    with open(refs_path) as f:
        refs = json.load(f)
    with open(src, encoding="utf-8") as f:
        text = f.read()

    def html_ref(m):
        r = refs[int(m.group(2))]
        if r["kind"] == "chunk":
            inner = "⟨<i>%s</i> <span class=\"nwlabel\">%s</span>⟩" % (
                html.escape(name_plain(r["name"])), html.escape(r["label"]))
            if not r["anchor"]:
                return "<span class=\"nwref nwmissing\">%s</span>" % inner
            return "<a class=\"nwref\" href=\"#%s\">%s</a>" % (r["anchor"], inner)
        return "<a class=\"nwident\" href=\"#%s\">%s</a>" % (r["anchor"], html.escape(r["text"]))

    def latex_ref(m):
        r = refs[int(m.group(2))]
        if r["kind"] == "chunk":
            inner = "\\nwchunkref{%s}{%s}" % (latex_escape_verb(name_plain(r["name"])), r["label"])
            if not r["anchor"]:
                return inner
            return "\\hyperlink{%s}{%s}" % (r["anchor"], inner)
        return "\\hyperlink{%s}{%s}" % (r["anchor"], latex_escape_verb(r["text"]))

    text = PLACEHOLDER.sub(html_ref if fmt == "html" else latex_ref, text)
    if fmt == "latex":
        # what latex.lua left out of the PDF (online sections) is linked on
        # its HTML page instead
        online = dict(ONLINE_MARK.findall(text))
        if online:
            text = HYPERLINK.sub(lambda m: "\\href{%s\\#%s}{" % (online[m.group(1)], m.group(1))
                                 if m.group(1) in online else m.group(0), text)
        # the PDF book uses the PDF rendering of every figure
        text = re.sub(r"(\\includegraphics(?:\[[^\]]*\])?\{figures/[^}]*)\.svg\}", r"\1.pdf}", text)
    with open(dst, "w", encoding="utf-8") as f:
        f.write(text)


# ---------------------------------------------------------------- pages

SECTION1 = re.compile(r'<section id="([^"]+)" class="level1[^"]*"[^>]*>')
ID_ATTR = re.compile(r'\sid="([^"]+)"')
HREF_FRAG = re.compile(r'href="#([^"]*)"')
# pandoc anchors every line of highlighted code; nothing links to them, and
# they are a fifth of a chapter's bytes
LINE_ANCHOR = re.compile(r'<span id="cb\d+-\d+"><a href="#cb\d+-\d+" aria-hidden="true" tabindex="-1"></a>')
# the highlighter wraps every operator and bracket in a span of its own, a
# quarter of a code-heavy chapter's bytes; the code reads as well with them
# in the text's colour, so they are unwrapped
OPERATOR_SPAN = re.compile(r'<span class="op">([^<]*)</span>')


def split_pages(pages_path, src, outdir):
    """Cut the one-page HTML book (pandoc's --section-divs output, after
    `fix html`) into a page per chapter plus index.html: every page keeps
    the whole book's contents in its rail, with its own chapter open, and
    links to previous and next; a link to an id on another page becomes
    PAGE.html#id."""
    with open(pages_path) as f:
        names = json.load(f)
    with open(src, encoding="utf-8") as f:
        text = f.read()
    head = text[:text.index("<body>") + len("<body>")]
    nav_start = text.index('<nav id="toc"')
    nav_end = text.index("</nav>", nav_start) + len("</nav>")
    nav = text[nav_start:nav_end]
    main_start = text.index('<main id="top">') + len('<main id="top">')
    main_end = text.rindex("</main>")
    main = OPERATOR_SPAN.sub(r"\1", LINE_ANCHOR.sub("<span>", text[main_start:main_end]))
    starts = [m for m in SECTION1.finditer(main)]
    if not starts:
        sys.exit("nwpandoc: no level-1 sections in %s (pandoc needs --section-divs)" % src)
    front = main[:starts[0].start()]
    pages = []          # (file, id, title, html)
    used = set()
    for i, m in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(main)
        sid = m.group(1)
        fname = names.get(sid) or re.sub(r"[^A-Za-z0-9-]+", "-", sid).strip("-") + ".html"
        while fname in used or fname == "index.html":
            fname = "x-" + fname
        used.add(fname)
        body = main[m.start():end]
        h = re.search(r"<h1[^>]*>(.*?)</h1>", body, re.S)
        title = re.sub(r"<[^>]+>", "", h.group(1)).strip() if h else sid
        title = html.unescape(re.sub(r"\s+", " ", title))
        pages.append((fname, sid, title, body))
    home_title = html.unescape(re.sub(r"<[^>]+>", "", re.search(r"<title>(.*?)</title>", head, re.S).group(1)))
    pages.insert(0, ("index.html", "top", home_title, front))
    where = {}
    for fname, _, _, body in pages:
        for m in ID_ATTR.finditer(body):
            where.setdefault(m.group(1), fname)
    where["top"] = "index.html"

    def relink(fragment_html, here):
        def repl(m):
            target = m.group(1)
            page = where.get(target)
            if page is None or page == here:
                return m.group(0)
            if target == "top":
                return 'href="%s"' % page
            return 'href="%s#%s"' % (page, target)
        return HREF_FRAG.sub(repl, fragment_html)

    os.makedirs(outdir, exist_ok=True)
    sizes = []
    for i, (fname, sid, title, body) in enumerate(pages):
        page_nav = relink(nav, fname)
        # open this chapter's entry in the rail
        page_nav = re.sub(r'<li><a href="#%s"' % re.escape(sid),
                          '<li class="current"><a href="#%s" aria-current="page"' % sid, page_nav, count=1)
        links = []
        if i > 0:
            p = pages[i - 1]
            links.append('<a class="prev" rel="prev" href="%s">← %s</a>' % (p[0], html.escape(p[2])))
        if i + 1 < len(pages):
            n = pages[i + 1]
            links.append('<a class="next" rel="next" href="%s">%s →</a>' % (n[0], html.escape(n[2])))
        pager = '<nav class="pager" aria-label="Chapters">%s</nav>' % " ".join(links)
        page_head = head
        if fname != "index.html":
            page_head = re.sub(r"<title>(.*?)</title>", lambda m: "<title>%s — %s</title>" % (
                html.escape(title), m.group(1)), head, count=1, flags=re.S)
        if fname == "index.html":
            contents = re.sub(r'^<nav id="toc" class="toc" aria-label="Contents">', "", nav)
            contents = contents[:contents.rindex("</nav>")]
            contents = re.sub(r'<p class="toc-title">.*?</p>', "", contents, flags=re.S)
            body = body + '\n<section id="contents" class="home-contents"><h2>Contents</h2>\n%s</section>\n' % \
                relink(contents, fname)
        out = "%s\n%s\n<main id=\"top\">\n%s\n%s\n%s\n</main>\n</body>\n</html>\n" % (
            page_head, page_nav, pager, relink(body, fname), pager)
        with open(os.path.join(outdir, fname), "w", encoding="utf-8") as f:
            f.write(out)
        sizes.append((len(out.encode("utf-8")), fname))
    biggest = max(sizes)
    print("nwpandoc: %d pages in %s, the largest %s (%.0f KB)" % (
        len(sizes), outdir, biggest[1], biggest[0] / 1024.0), file=sys.stderr)


# ---------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    w = sub.add_parser("weave", help="pipeline on stdin -> pandoc Markdown on stdout")
    w.add_argument("--root", default=".", help="directory that bench-table csv paths are relative to")
    w.add_argument("--figures", default=None, help="where generated charts go")
    w.add_argument("--data", default=None, help="where the CSV files of bench tables are copied")
    w.add_argument("--no-gnuplot", action="store_true", help="write chart scripts but do not run gnuplot")
    w.add_argument("--refs", default=None, help="write the placeholder table here (JSON)")
    w.add_argument("--pages", default=None, help="write the HTML page name of each chapter here (JSON)")
    x = sub.add_parser("fix", help="turn placeholders in pandoc output into links")
    x.add_argument("format", choices=["html", "latex"])
    x.add_argument("refs")
    x.add_argument("src")
    x.add_argument("dst")
    p = sub.add_parser("pages", help="cut the fixed one-page HTML book into a page per chapter")
    p.add_argument("pages", help="the page names the weave step wrote (--pages)")
    p.add_argument("src")
    p.add_argument("outdir")
    args = ap.parse_args()
    if args.cmd == "fix":
        fix(args.format, args.refs, args.src, args.dst)
        return
    if args.cmd == "pages":
        split_pages(args.pages, args.src, args.outdir)
        return
    chapters = parse(sys.stdin)
    book = Book(chapters, args.root, args.figures, not args.no_gnuplot, args.data)
    text = book.markdown()
    sys.stdout.write(text)
    if args.refs:
        with open(args.refs, "w") as f:
            json.dump(book.refs, f)
    if args.pages:
        with open(args.pages, "w") as f:
            json.dump(book.page_names(), f, indent=0)


if __name__ == "__main__":
    main()
