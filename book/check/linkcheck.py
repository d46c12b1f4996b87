#!/usr/bin/env python3
"""Check a rendered HTML page for dangling internal links and missing images.

Loads the page in headless Chromium (offline: --dump-dom on a file:// URL),
so ids are taken from the DOM the browser built, not from the raw file.
Fails (exit status 1) and lists every href="#id" with no element of that id
and every local <img src> (or other local link) that does not exist.

Usage: linkcheck.py [--chromium PROG] PAGE.html
"""

import argparse
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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--chromium", default=os.environ.get("CHROMIUM", "chromium"))
    ap.add_argument("page")
    args = ap.parse_args()
    if not os.path.exists(args.page):
        sys.exit("linkcheck: %s does not exist" % args.page)
    dom = dump_dom(args.page, args.chromium)
    c = Collector()
    c.feed(dom)
    problems = []
    for href, line in c.fragments:
        target = urllib.parse.unquote(href[1:])
        if target and target not in c.ids:
            problems.append("dangling link %s (DOM line %d)" % (href, line))
    for src, line in c.images:
        if src.startswith("data:") or not is_local(src):
            continue
        path = local_path(args.page, src)
        if not os.path.isfile(path) or os.path.getsize(path) == 0:
            problems.append("missing image %s (DOM line %d)" % (src, line))
    for src, line in c.broken:
        problems.append("image the browser could not load: %s (DOM line %d)" % (src, line))
    if not c.loaded:
        problems.append("the page did not finish loading in the browser")
    for href, line in c.local_links:
        path = local_path(args.page, href.split("#")[0])
        if href.split("#")[0] and not os.path.exists(path):
            problems.append("missing local file %s (DOM line %d)" % (href, line))
    nlinks = len(c.fragments)
    if problems:
        for p in problems:
            print("%s: %s" % (args.page, p))
        print("linkcheck: %d problem(s) in %s" % (len(problems), args.page))
        sys.exit(1)
    print("linkcheck: %s: %d internal links, %d ids, %d images: all resolve"
          % (args.page, nlinks, len(c.ids), len(c.images)))


if __name__ == "__main__":
    main()
