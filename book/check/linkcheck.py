#!/usr/bin/env python3
"""Check rendered HTML pages for dangling links and missing images.

Loads each page in headless Chromium (offline: --dump-dom on a file:// URL),
so ids are taken from the DOM the browser built, not from the raw file.
Fails (exit status 1) and lists every href="#id" with no element of that id
on its page, every href="other.html#id" with no such id in the other page's
DOM (the other page is loaded too), and every local <img src> (or other
local link) that does not exist or that the browser could not decode.

With --screenshots DIR it also photographs, in the same browser, the first
screen of every page and the screen of one measured table (--measured ID,
on whichever page holds it), and fails if a screenshot is blank: a page
that did not render.

Usage: linkcheck.py [--chromium PROG] [--screenshots DIR [--measured ID]] PAGE.html...
"""

import argparse
import json
import zlib
import html.parser
import os
import subprocess
import sys
import urllib.parse


class Collector(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids = set()
        self.fragments = []   # (href, line)
        self.images = []
        self.local_links = []
        self.broken = []      # images the browser failed to load
        self.loaded = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        line = self.getpos()[0]
        if tag == "html" and a.get("data-linkcheck-loaded"):
            self.loaded = True
        if a.get("data-linkcheck-broken"):
            self.broken.append((a.get("src", "?"), line))
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "a" and a.get("name"):
            self.ids.add(a["name"])
        href = a.get("href")
        if href is not None and tag in ("a", "area"):
            if href.startswith("#"):
                self.fragments.append((href, line))
            elif is_local(href):
                self.local_links.append((href, line))
        if tag == "link" and href and is_local(href):
            self.local_links.append((href, line))
        if tag in ("img", "source") and a.get("src") is not None:
            self.images.append((a["src"], line))
        if tag == "image":
            src = a.get("href") or a.get("xlink:href")
            if src:
                self.images.append((src, line))


def is_local(url):
    scheme = urllib.parse.urlparse(url).scheme
    return scheme in ("", "file")


# Appended to a copy of the page: once everything has loaded, mark each image
# the browser could not decode, so that the dumped DOM says which ones failed.
PROBE = ("<script>window.addEventListener('load', function () {"
         " for (const im of document.images) {"
         "  if (!im.complete || im.naturalWidth === 0) im.setAttribute('data-linkcheck-broken', '1'); }"
         " document.documentElement.setAttribute('data-linkcheck-loaded', '1'); });</script>")


def dump_dom(page, chromium):
    page = os.path.abspath(page)
    probe = os.path.join(os.path.dirname(page), ".linkcheck-" + os.path.basename(page))
    with open(page, encoding="utf-8") as f:
        text = f.read()
    with open(probe, "w", encoding="utf-8") as f:
        f.write(text + PROBE)
    url = "file://" + urllib.parse.quote(probe)
    cmd = [chromium, "--headless", "--no-sandbox", "--disable-gpu",
           "--disable-dev-shm-usage", "--no-first-run",
           "--virtual-time-budget=10000", "--dump-dom", url]
    try:
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=180)
    finally:
        os.remove(probe)
    if r.returncode != 0 or "<html" not in r.stdout.lower():
        sys.stderr.write(r.stderr[-2000:])
        sys.exit("linkcheck: %s could not load %s" % (chromium, page))
    return r.stdout


def local_path(page, url):
    parsed = urllib.parse.urlparse(url)
    path = urllib.parse.unquote(parsed.path)
    if parsed.scheme == "file" or os.path.isabs(path):
        return path
    return os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(page)), path))


def collect(page, chromium):
    c = Collector()
    c.feed(dump_dom(page, chromium))
    return c


def check_page(page, c, ids_of):
    """Problems on one page, whose DOM c holds; ids_of(path) gives the ids
    of another page."""
    problems = []
    for href, line in c.fragments:
        target = urllib.parse.unquote(href[1:])
        if target and target not in c.ids:
            problems.append("dangling link %s (DOM line %d)" % (href, line))
    for src, line in c.images:
        if src.startswith("data:") or not is_local(src):
            continue
        path = local_path(page, src)
        if not os.path.isfile(path) or os.path.getsize(path) == 0:
            problems.append("missing image %s (DOM line %d)" % (src, line))
    for src, line in c.broken:
        problems.append("image the browser could not load: %s (DOM line %d)" % (src, line))
    if not c.loaded:
        problems.append("the page did not finish loading in the browser")
    ncross = 0
    for href, line in c.local_links:
        base, _, frag = href.partition("#")
        path = local_path(page, base) if base else os.path.abspath(page)
        if base and not os.path.exists(path):
            problems.append("missing local file %s (DOM line %d)" % (href, line))
            continue
        if frag and path.endswith(".html"):
            ncross += 1
            if urllib.parse.unquote(frag) not in ids_of(path):
                problems.append("dangling link %s: no such id in %s (DOM line %d)"
                                % (href, os.path.basename(path), line))
    return problems, ncross


def png_blank(path):
    """True when a PNG screenshot shows (next to) nothing: fewer than 32
    distinct byte values in its pixel data, or none at all. A rendered page
    of text and figures has anti-aliased edges of every shade."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return True
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        return True
    pos, idat = 8, []
    while pos + 8 <= len(data):
        n = int.from_bytes(data[pos:pos + 4], "big")
        kind = data[pos + 4:pos + 8]
        if kind == b"IDAT":
            idat.append(data[pos + 8:pos + 8 + n])
        pos += 12 + n
    try:
        pixels = zlib.decompress(b"".join(idat))
    except zlib.error:
        return True
    return len(set(pixels)) < 32


# Appended to a copy of the page to photograph one element: the page is
# reduced to that element (and the heading of its section) before the first
# paint, so the screenshot shows it rendered as the page styles it.
ISOLATE = ("<script>(function () { var t = document.getElementById(%s);"
           " var m = document.querySelector('main') || document.body; if (!t) return;"
           " var s = t.closest('section'), h = s ? s.querySelector('h1, h2') : null;"
           " m.replaceChildren(); if (h) m.appendChild(h); m.appendChild(t); })();</script>")


def screenshot(chromium, page, element, out):
    """Photograph the first screen of a page, or the screen of one element."""
    page = os.path.abspath(page)
    shown = page
    if element:
        shown = os.path.join(os.path.dirname(page), ".screenshot-" + os.path.basename(page))
        with open(page, encoding="utf-8") as f:
            text = f.read()
        with open(shown, "w", encoding="utf-8") as f:
            f.write(text + ISOLATE % json.dumps(element))
    url = "file://" + urllib.parse.quote(shown)
    cmd = [chromium, "--headless", "--no-sandbox", "--disable-gpu",
           "--disable-dev-shm-usage", "--no-first-run", "--hide-scrollbars",
           "--window-size=1280,900", "--virtual-time-budget=5000",
           "--screenshot=" + os.path.abspath(out), url]
    if os.path.exists(out):
        os.remove(out)
    try:
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=180)
    finally:
        if shown != page:
            os.remove(shown)
    what = page + ("#" + element if element else "")
    if r.returncode != 0 or not os.path.exists(out):
        return "no screenshot of %s" % what
    if png_blank(out):
        return "the screenshot %s is blank: %s did not render" % (out, what)
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--chromium", default=os.environ.get("CHROMIUM", "chromium"))
    ap.add_argument("--screenshots", metavar="DIR", help="photograph every page's first screen here")
    ap.add_argument("--measured", metavar="ID", help="and the screen of the element with this id")
    ap.add_argument("pages", nargs="+")
    args = ap.parse_args()
    for page in args.pages:
        if not os.path.exists(page):
            sys.exit("linkcheck: %s does not exist" % page)
    # every page's DOM once, then the links between them
    dom = {os.path.abspath(page): collect(page, args.chromium) for page in args.pages}

    def ids_of(path):
        path = os.path.abspath(path)
        if path not in dom:
            dom[path] = collect(path, args.chromium)
        return dom[path].ids

    total = 0
    for page in args.pages:
        c = dom[os.path.abspath(page)]
        problems, ncross = check_page(page, c, ids_of)
        if args.screenshots:
            os.makedirs(args.screenshots, exist_ok=True)
            shot = os.path.join(args.screenshots, os.path.splitext(os.path.basename(page))[0] + ".png")
            p = screenshot(args.chromium, page, None, shot)
            if p:
                problems.append(p)
            if args.measured and args.measured in c.ids:
                shot = os.path.join(args.screenshots, "measured-" + args.measured + ".png")
                p = screenshot(args.chromium, page, args.measured, shot)
                if p:
                    problems.append(p)
                args.measured_found = True
        for p in problems:
            print("%s: %s" % (page, p))
        total += len(problems)
        if not problems:
            print("linkcheck: %s: %d links in the page, %d to other pages, %d ids, %d images: all resolve%s"
                  % (page, len(c.fragments), ncross, len(c.ids), len(c.images),
                     "; screenshot taken" if args.screenshots else ""))
    if args.screenshots and args.measured and not getattr(args, "measured_found", False):
        print("linkcheck: no page holds #%s, the measured table to photograph" % args.measured)
        total += 1
    if total:
        print("linkcheck: %d problem(s) in %d page(s)" % (total, len(args.pages)))
        sys.exit(1)


if __name__ == "__main__":
    main()
