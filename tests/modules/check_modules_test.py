#!/usr/bin/env python3
"""scripts/check-modules must pass on this tree and fail on a planted wrong include.

Each planted case copies the module tables and sources of src/ and web/src/ into a temporary
folder, changes one thing, and expects the check to fail with a line naming the problem.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
import unittest

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".."))
CHECK = os.path.join(ROOT, "scripts", "check-modules")
TREES = {"src": (".h", ".cpp"), "web/src": (".ts", ".tsx")}


def run(root):
    p = subprocess.run([sys.executable, CHECK, "--root", root], capture_output=True, text=True)
    return p.returncode, p.stdout


def modules(root, tree):
    with open(os.path.join(root, tree, "modules.toml"), "rb") as f:
        return tomllib.load(f)["module"]


def a_file(root, tree, module, endings):
    folder = os.path.join(root, tree, module["path"])
    for fn in sorted(os.listdir(folder)):
        if fn.endswith(endings) and os.path.isfile(os.path.join(folder, fn)):
            return os.path.relpath(os.path.join(folder, fn), os.path.join(root, tree))
    raise AssertionError(f"no source file in {folder}")


class CheckModules(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        ignore = shutil.ignore_patterns("node_modules", "static", "*.bin")
        for tree in TREES:
            shutil.copytree(os.path.join(ROOT, tree), os.path.join(self.tmp, tree), ignore=ignore)

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def append(self, tree, rel, line):
        with open(os.path.join(self.tmp, tree, rel), "a") as f:
            f.write("\n" + line + "\n")

    def test_this_tree_passes(self):
        code, out = run(ROOT)
        self.assertEqual(code, 0, out)
        self.assertIn("check-modules: ok", out)

    def test_the_copy_passes_unchanged(self):
        code, out = run(self.tmp)
        self.assertEqual(code, 0, out)

    def test_an_upward_cpp_include_fails(self):
        mods = modules(self.tmp, "src")
        low = mods[0]
        high = next(m for m in mods if m["name"] == "server/net")
        src = a_file(self.tmp, "src", low, (".h",))
        dst = a_file(self.tmp, "src", high, (".h",))
        self.append("src", src, f'#include "{dst}"')
        code, out = run(self.tmp)
        self.assertEqual(code, 1, out)
        self.assertIn(f"src/{src}:", out)
        self.assertIn(f"module {low['name']} includes server/net", out)

    def test_an_include_between_unrelated_server_modules_fails(self):
        mods = {m["name"]: m for m in modules(self.tmp, "src")}
        self.assertNotIn("server/accounts", mods["server/net"]["uses"])  # net knows no domain module
        src = a_file(self.tmp, "src", mods["server/net"], (".cpp",))
        self.append("src", src, '#include "server/accounts/accounts_api.h"')
        code, out = run(self.tmp)
        self.assertEqual(code, 1, out)
        self.assertIn("module server/net includes server/accounts", out)

    def test_an_upward_web_import_fails(self):
        mods = modules(self.tmp, "web/src")
        low, high = mods[0], next(m for m in reversed(mods) if m["path"] != "")
        src = a_file(self.tmp, "web/src", low, (".ts", ".tsx"))
        dst = a_file(self.tmp, "web/src", high, (".ts", ".tsx"))
        rel = os.path.relpath(os.path.splitext(dst)[0], os.path.dirname(src))
        self.append("web/src", src, f'import * as planted from "./{rel}";' if not rel.startswith("..")
                    else f'import * as planted from "{rel}";')
        code, out = run(self.tmp)
        self.assertEqual(code, 1, out)
        self.assertIn(f"module {low['name']} includes {high['name']}", out)

    def test_an_include_that_resolves_nowhere_fails(self):
        self.append("src", "core/types.h", '#include "core/no_such_header.h"')
        code, out = run(self.tmp)
        self.assertEqual(code, 1, out)
        self.assertIn('"core/no_such_header.h" is no file of src', out)

    def test_a_table_that_uses_a_later_module_fails(self):
        path = os.path.join(self.tmp, "src", "modules.toml")
        with open(path) as f:
            text = f.read()
        text = text.replace('name = "core"\npath = "core"\n', 'name = "core"\npath = "core"\n', 1)
        text = text.replace('uses = []', 'uses = ["cli"]', 1)  # the first module, core, now uses the last
        with open(path, "w") as f:
            f.write(text)
        code, out = run(self.tmp)
        self.assertEqual(code, 1, out)
        self.assertIn("uses cli, which is not a module listed above it", out)

    def test_a_readme_that_disagrees_with_the_table_fails(self):
        readme = os.path.join(self.tmp, "src", "server", "net", "README.md")
        with open(readme) as f:
            text = f.read()
        with open(readme, "w") as f:
            f.write(text.replace("May include: `server/common`", "May include: `server/store`, `server/common`"))
        code, out = run(self.tmp)
        self.assertEqual(code, 1, out)
        self.assertIn("src/server/net/README.md: says it may include", out)

    def test_a_file_outside_every_module_fails(self):
        os.makedirs(os.path.join(self.tmp, "src", "stray"))
        with open(os.path.join(self.tmp, "src", "stray", "x.h"), "w") as f:
            f.write("#pragma once\n")
        code, out = run(self.tmp)
        self.assertEqual(code, 1, out)
        self.assertIn("src/stray/x.h: belongs to no module", out)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
