#!/usr/bin/env python3
"""make test: checks atk report's page as a browser drew it.

Usage: check_report_html.py REPORT.HTML SCREENSHOT.PNG

- The page parses as HTML5 without a single parse error (html5lib, strict), has no script, no
  external resource (src/href to http:, //, or data:), and has a <title>.
- The screenshot Chromium took is not blank: more than one colour, and more than 1 % of its pixels
  differ from the background (the top-left pixel).
Exits 1 with the reasons otherwise.
"""
import re
import sys

import html5lib
from PIL import Image


def check_html(path):
    problems = []
    text = open(path, encoding="utf-8").read()
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
    try:
        document = parser.parse(text)
    except html5lib.html5parser.ParseError as error:
        return [f"{path}: HTML parse error: {error}"]
    if document.find(".//title") is None:
        problems.append(f"{path}: no <title>")
    if document.find(".//script") is not None:
        problems.append(f"{path}: has a <script>")
    for element in document.iter():
        for attribute in ("src", "href"):
            value = element.get(attribute) or ""
            if re.match(r"^(https?:|//|data:)", value.strip(), re.I):
                problems.append(f"{path}: <{element.tag} {attribute}={value!r}> fetches or embeds")
    return problems


def check_png(path):
    image = Image.open(path).convert("RGB")
    width, height = image.size
    background = image.getpixel((0, 0))
    colours = image.getcolors(maxcolors=1 << 24) or []
    differing = sum(count for count, colour in colours if colour != background)
    problems = []
    if len(colours) < 2:
        problems.append(f"{path}: one colour only ({width}x{height})")
    if differing < 0.01 * width * height:
        problems.append(f"{path}: {differing} of {width * height} pixels differ from the background: blank")
    return problems


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    problems = check_html(sys.argv[1]) + check_png(sys.argv[2])
    for problem in problems:
        print(problem, file=sys.stderr)
    if not problems:
        print(f"ok: {sys.argv[1]} parses as HTML; {sys.argv[2]} is not blank")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
