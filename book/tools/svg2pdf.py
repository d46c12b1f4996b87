#!/usr/bin/env python3
"""Turn a hand-written SVG into a PDF of the same size, for the PDF book.

Headless Chromium prints a one-page wrapper whose @page box is the size of
the SVG, so the PDF has no margins to crop.  Usage: svg2pdf.py IN.svg OUT.pdf
"""

import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET


def length_px(value):
    m = re.match(r"\s*([0-9.]+)\s*(px|pt|in|cm|mm)?\s*$", value or "")
    if not m:
        return None
    scale = {"px": 1.0, None: 1.0, "pt": 96 / 72.0, "in": 96.0, "cm": 96 / 2.54, "mm": 96 / 25.4}
    return float(m.group(1)) * scale[m.group(2)]


def main():
    src, dst = sys.argv[1], sys.argv[2]
    root = ET.parse(src).getroot()
    w, h = length_px(root.get("width")), length_px(root.get("height"))
    if not (w and h) and root.get("viewBox"):
        _, _, w, h = [float(v) for v in root.get("viewBox").replace(",", " ").split()]
    w, h = w or 600.0, h or 400.0
    chromium = os.environ.get("CHROMIUM", "chromium")
    with tempfile.TemporaryDirectory() as tmp:
        page = os.path.join(tmp, "page.html")
        with open(page, "w") as f:
            f.write("<!DOCTYPE html><html><head><style>@page{size:%.2fpx %.2fpx;margin:0}"
                    "html,body{margin:0;padding:0}img{display:block;width:%.2fpx;height:%.2fpx}"
                    "</style></head><body><img src='file://%s'></body></html>"
                    % (w, h, w, h, os.path.abspath(src)))
        out = os.path.abspath(dst)
        subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                        "--disable-dev-shm-usage", "--no-pdf-header-footer",
                        "--print-to-pdf=" + out, "file://" + page],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
    if not os.path.exists(dst):
        sys.exit("svg2pdf: chromium wrote no %s" % dst)


if __name__ == "__main__":
    main()
