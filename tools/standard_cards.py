"""Prepare the standard deck's art: Adrian Kennard's playing cards (CC0), as the npm
package @letele/playing-cards 0.1.0 carries them (React components), written out once as
plain SVG files and rasterised to the PNGs the app draws.

    python3 tools/standard_cards.py [--package DIR]

Needs `npm` (to fetch the package, unless --package names its unpacked folder), `node`
(to evaluate the components into SVG text) and `rsvg-convert` (Debian's librsvg2-bin),
which draws the SVGs' <symbol> and <use> elements that pygame's own loader leaves out,
and `optipng` (Debian's optipng), which makes the PNGs smaller without changing a pixel.
Writes `sprites/art/standard/svg/<card>.svg`, `sprites/art/standard/<card>.png` (on white,
opaque: the app cuts its own rounded corners) and the package's licence beside them (the package must declare CC0-1.0). Run it only to make
the art again: the app reads the PNGs kept in the repository.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

PACKAGE = "@letele/playing-cards@0.1.0"
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "sprites", "art", "standard")
# The PNGs' size: twice the largest logical size the table draws a standard card at (the
# enlarged card under the pointer, 150 x 210, scripts/presenters/default.py Sizes.zoom),
# so a window up to twice the logical canvas scales them down, never up.
WIDTH, HEIGHT = 300, 420

# The package's component names -> the app's card names (rank + suit letter; JK the joker).
RANKS = {"a": "A", "j": "J", "q": "Q", "k": "K"}

# Evaluates the package's ES module with a React stand-in whose createElement writes SVG
# text, and prints {component name: svg text} as JSON.
CONVERT_JS = r"""
const fs = require("fs");
let source = fs.readFileSync(process.argv[2], "utf8");
source = source.replace(/^import .*$/mg, "");
const names = {};
source = source.replace(/export \{([^}]*)\};?/, (all, list) => {
  for (const part of list.split(",")) {
    const [inner, outer] = part.trim().split(/\s+as\s+/);
    names[outer] = inner;
  }
  return "";
});
const KEEP = new Set(["viewBox", "preserveAspectRatio", "patternUnits", "gradientTransform",
                      "gradientUnits", "patternTransform"]);
const RENAME = {className: "class", xlinkHref: "xlink:href", xmlnsXlink: "xmlns:xlink",
                xmlSpace: "xml:space"};
const attr = (k) => RENAME[k] || (KEEP.has(k) ? k : k.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase()));
const esc = (v) => String(v).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
class Element { constructor(text) { this.text = text; } }
const React = {createElement(tag, props, ...children) {
  const attrs = Object.entries(props || {})
    .filter(([k, v]) => v !== undefined && v !== null && !k.startsWith("aria-"))
    .map(([k, v]) => ` ${attr(k)}="${esc(v)}"`).join("");
  const inner = children.flat().filter((c) => c !== null && c !== undefined && c !== false)
    .map((c) => c instanceof Element ? c.text : esc(c)).join("");
  return new Element(`<${tag}${attrs}>${inner}</${tag}>`);
}};
const body = source + "\nreturn {" + Object.entries(names).map(([o, i]) => `${JSON.stringify(o)}: ${i}`).join(", ") + "};";
const components = new Function("React", "_extends", body)(React, Object.assign);
const out = {};
for (const [name, component] of Object.entries(components)) out[name] = component({}).text;
process.stdout.write(JSON.stringify(out));
"""


def card_name(component):
    """The app's name for a package component ('Hq' -> 'QH', 'S10' -> '10S', 'J1' (the
    coloured joker) -> 'JK'), None for the other joker and the backs (the app draws its
    own backs)."""
    if component in ("J1", "J2"):
        return "JK" if component == "J1" else None
    if component.startswith("B"):
        return None
    suit, rank = component[0], component[1:]
    return RANKS.get(rank, rank) + suit


def without_advert(svg):
    """The ace of spades without the designer's web address and its QR code (a white
    path drawn over the spade): a plain ace, like the other three."""
    svg = re.sub(r"<text[^>]*>[^<]*</text>", "", svg)
    return re.sub(r'<path fill="#fff" d="[^"]*"></path>', "", svg)


def fetch(folder):
    """Unpack the npm package into `folder`; return the package's own folder."""
    subprocess.run(["npm", "pack", PACKAGE, "--silent"], cwd=folder, check=True, stdout=subprocess.DEVNULL)
    tarball = next(f for f in os.listdir(folder) if f.endswith(".tgz"))
    subprocess.run(["tar", "xzf", tarball], cwd=folder, check=True)
    return os.path.join(folder, "package")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--package", help="the unpacked package's folder (default: fetch it with npm)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        package = args.package or fetch(tmp)
        with open(os.path.join(package, "package.json"), encoding="utf-8") as handle:
            meta = json.load(handle)
        with open(os.path.join(package, "LICENSE"), encoding="utf-8") as handle:
            licence = handle.read()
        if meta.get("license") != "CC0-1.0" or "CC0 1.0 Universal" not in licence:
            sys.exit(f"{PACKAGE}: its licence is {meta.get('license')!r}, not CC0-1.0: not used")
        script = os.path.join(tmp, "convert.js")
        with open(script, "w", encoding="utf-8") as handle:
            handle.write(CONVERT_JS)
        found = subprocess.run(["node", script, os.path.join(package, "dist", "index.esm.js")],
                               check=True, capture_output=True, text=True).stdout
    svgs = {card_name(k): v for k, v in json.loads(found).items() if card_name(k)}
    svgs["AS"] = without_advert(svgs["AS"])
    os.makedirs(os.path.join(OUT, "svg"), exist_ok=True)
    for name, svg in sorted(svgs.items()):
        source = os.path.join(OUT, "svg", f"{name}.svg")
        with open(source, "w", encoding="utf-8") as handle:
            handle.write('<?xml version="1.0" encoding="UTF-8"?>\n' + svg + "\n")
        picture = os.path.join(OUT, f"{name}.png")
        subprocess.run(["rsvg-convert", "-b", "white", "-w", str(WIDTH), "-h", str(HEIGHT), "-o", picture, source],
                       check=True)
        subprocess.run(["optipng", "-quiet", "-o2", picture], check=True)
    with open(os.path.join(OUT, "LICENSE.txt"), "w", encoding="utf-8") as handle:
        handle.write(licence)
    print(f"{len(svgs)} cards written to {os.path.normpath(OUT)}")


if __name__ == "__main__":
    main()
