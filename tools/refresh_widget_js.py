"""Vendor the JavaScript that renders saved widget state on the static book pages.

MyST-NB loads ``require.js`` and ``@jupyter-widgets/html-manager``'s ``embed-amd.js`` from CDNs by
default.  The book ships its own copies in ``book/_vendor/widgets/`` (named in ``nb_ipywidgets_js``
in ``_config.yml``) so the site works offline.  This script re-creates that folder from the npm
registry: it downloads the pinned tarballs, checks them against the registry's published sha512
integrity, and extracts only the files the pages need, with the packages' licences.

Standard library only; run it by hand when changing a pinned version:

    python tools/refresh_widget_js.py

The html-manager must stay on the 1.x line, the range that ipywidgets 8.1 names for its widget
protocol 2.1 (``ipywidgets._version.__html_manager_version__ == "^1.0.1"``).
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import shutil
import sys
import tarfile
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEST = ROOT / "book" / "_vendor" / "widgets"

#: (tarball URL, sha512 integrity as published by the registry, {file in tarball: name in DEST})
PACKAGES: list[tuple[str, str, dict[str, str]]] = [
    (
        "https://registry.npmjs.org/@jupyter-widgets/html-manager/-/html-manager-1.0.15.tgz",
        "sha512-5thBIV6ymNgmPVOHvzx+gGy8ZSKmSazhtGw4/c4xJDVzRhG9PTeQsRjF3FUTopvFi//SABeNz1yp47bCrJ3CQA==",
        {
            "package/dist/embed-amd.js": "embed-amd.js",
            # notices of the libraries bundled into the script (jQuery, Lumino, ...)
            "package/dist/embed.js.LICENSE.txt": "THIRD-PARTY-NOTICES-html-manager.txt",
            # the fonts embed-amd.js asks for, relative to its own URL
            "package/dist/*.woff": "*",
            "package/dist/*.woff2": "*",
            "package/dist/*.ttf": "*",
            "package/dist/*.eot": "*",
            "package/dist/*.svg": "*",
        },
    ),
    (
        "https://registry.npmjs.org/requirejs/-/requirejs-2.3.8.tgz",
        "sha512-7/cTSLOdYkNBNJcDMWf+luFvMriVm7eYxp4BcFCsAX0wF421Vyce5SXP17c+Jd5otXKGNehIonFlyQXSowL6Mw==",
        {
            "package/require.js": "require.js",
        },
    ),
]


# The tarballs carry no LICENSE file; package.json says BSD-3-Clause (html-manager, part of
# ipywidgets) and MIT (requirejs, whose header names the licence).  Their texts:
LICENCES = {
    "LICENSE-html-manager.txt": """@jupyter-widgets/html-manager (part of ipywidgets), BSD-3-Clause

Copyright (c) 2015 Project Jupyter Contributors
All rights reserved.

Redistribution and use in source and binary forms, with or without
modification, are permitted provided that the following conditions are met:

1. Redistributions of source code must retain the above copyright notice, this
   list of conditions and the following disclaimer.

2. Redistributions in binary form must reproduce the above copyright notice,
   this list of conditions and the following disclaimer in the documentation
   and/or other materials provided with the distribution.

3. Neither the name of the copyright holder nor the names of its
   contributors may be used to endorse or promote products derived from
   this software without specific prior written permission.

THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.

The font files (*.woff, *.woff2, *.ttf, *.eot, *.svg) are Font Awesome Free 5
(@fortawesome/fontawesome-free), fonts under the SIL Open Font License 1.1,
https://fontawesome.com/license/free
""",
    "LICENSE-requirejs.txt": """RequireJS 2.3.8, MIT License

Copyright jQuery Foundation and other contributors, https://jquery.org/

Permission is hereby granted, free of charge, to any person obtaining a copy of
this software and associated documentation files (the "Software"), to deal in
the Software without restriction, including without limitation the rights to
use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of
the Software, and to permit persons to whom the Software is furnished to do so,
subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS
FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR
COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER
IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN
CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
""",
}


def fetch(url: str, integrity: str) -> bytes:
    """Download ``url`` and check it against an npm ``sha512-…`` integrity string."""
    with urllib.request.urlopen(url, timeout=60) as response:
        data: bytes = response.read()
    algorithm, _, expected = integrity.partition("-")
    digest = base64.b64encode(hashlib.new(algorithm, data).digest()).decode()
    if digest != expected:
        raise SystemExit(f"error: {url}: integrity mismatch ({algorithm} {digest} != {expected})")
    return data


def extract(data: bytes, wanted: dict[str, str], dest: Path) -> list[str]:
    """Copy the wanted members (``*`` patterns keep their base name) into ``dest``."""
    written: list[str] = []
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for member in tar.getmembers():
            if not member.isfile():
                continue
            target = wanted.get(member.name)
            if target is None:
                for pattern, name in wanted.items():
                    if name == "*" and Path(member.name).match(pattern):
                        target = Path(member.name).name
            if target is None:
                continue
            source = tar.extractfile(member)
            assert source is not None
            (dest / target).write_bytes(source.read())
            written.append(target)
    return written


def main() -> int:
    if DEST.exists():
        shutil.rmtree(DEST)
    DEST.mkdir(parents=True)
    manifest = {}
    for url, integrity, wanted in PACKAGES:
        data = fetch(url, integrity)
        files = extract(data, wanted, DEST)
        for name in wanted.values():
            if name != "*" and name not in files:
                raise SystemExit(f"error: {url}: {name} not found in the tarball")
        manifest[url] = {"integrity": integrity, "files": sorted(files)}
        print(f"{url}: {len(files)} files")
    for name, text in LICENCES.items():
        (DEST / name).write_text(text, encoding="utf-8")
    (DEST / "SOURCES.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
