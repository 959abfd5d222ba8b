"""Checks docs/api.md against tf.experimental.numpy's names: each name of
../shared/reference/tf_numpy_api.txt (kept in this repository as
test/reference/tf_numpy_api.txt) is declared in a public header (a function,
class or constant of namespace tnp, or tnp::random for random.*), or listed
in docs/api.md's "Not in tnp yet", "Not in tnp by design" or "Another
meaning in tnp" tables; a name listed in the first two must not be declared
(the lists shrink as names land). Each C++ declaration docs/api.md quotes
"By topic" must stand in a public header, so the page cannot drift from
the code.

usage: api_coverage.py REPO_ROOT
"""

import glob
import os
import re
import sys

# A declaration at namespace scope (not indented): a function or constant.
DECL = re.compile(r"^(?:template <[^>]*>\s*)?(?:inline\s+)?(?:constexpr\s+)?"
                  r"\w[\w:<>,\s&*]*?[\s&*](\w+)\s*[({]")


def joined_return_types(lines):
    """The lines, a return type that clang-format put on a line of its own
    (`std::pair<ndarray, ndarray>`) joined to the declaration after it."""
    pending = ""
    for line in lines:
        if re.match(r"^[\w:]+<[\w:<>, ]*>\n$", line):
            pending = line.rstrip("\n") + " "
            continue
        yield pending + line
        pending = ""


def declared(root):
    """Names declared at namespace scope of the public headers, as
    `name` (namespace tnp) or `random.name` (tnp::random)."""
    names = set()
    for path in glob.glob(os.path.join(root, "include", "tnp", "*.h")):
        scopes = []
        for line in joined_return_types(open(path)):
            m = re.match(r"^class (\w+)", line)
            if m and scopes and "detail" not in scopes[-1]:
                names.add(m.group(1))
            m = re.match(r"^namespace ([\w:]+) \{", line)
            if m:
                scopes.append(m.group(1))
                continue
            if re.match(r"^\} // namespace", line) and scopes:
                scopes.pop()
                continue
            if not scopes or "detail" in scopes[-1]:
                continue
            m = DECL.match(line)
            if m:
                inner = scopes[-1].split("::")[1:]
                names.add(".".join(inner + [m.group(1)]))
    return names


def listed(root, title):
    """Names in the first column of the table under docs/api.md's `title`."""
    text = open(os.path.join(root, "docs", "api.md")).read()
    section = text.split("\n## " + title + "\n", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([\w.]+)` \|", section, re.M))


def stale_declarations(root):
    """The declarations docs/api.md quotes under "By topic" that no public
    header has (compared with whitespace collapsed)."""
    headers = " ".join(open(p).read() for p in
                       glob.glob(os.path.join(root, "include", "tnp", "*.h")))
    headers = re.sub(r"\s+", " ", headers)
    text = open(os.path.join(root, "docs", "api.md")).read()
    section = text.split("\n## By topic\n", 1)[1].split("\n## ", 1)[0]
    stale = []
    for row in re.findall(r"^\| `[\w.]+` \| (.*) \|$", section, re.M):
        if row.startswith("`class "):
            continue  # the array's row describes the class
        for span in re.findall(r"`((?:[^`\\]|\\.)+)`", row):
            decl = span.replace("\\|", "|")
            if decl not in headers:
                stale.append(decl)
    return stale


def main():
    root = sys.argv[1]
    reference = os.path.join(root, "test", "reference", "tf_numpy_api.txt")
    wanted = [l.strip() for l in open(reference)
              if l.strip() and not l.startswith("#")]
    have = declared(root)
    # A name tnp declares with another meaning (tnp::trace is tf.function's)
    # is lacking too.
    other = listed(root, "Another meaning in tnp")
    lacking = (listed(root, "Not in tnp yet") |
               listed(root, "Not in tnp by design"))
    have -= other
    lacking |= other
    errors = []
    for name in wanted:
        if name not in have and name not in lacking:
            errors.append("%s: neither declared nor listed in docs/api.md"
                          % name)
        if name in have and name in lacking:
            errors.append("%s: declared, but still listed in docs/api.md"
                          % name)
    for decl in stale_declarations(root):
        errors.append("docs/api.md quotes `%s`, which no header declares"
                      % decl)
    for name in sorted(lacking - set(wanted)):
        errors.append("%s: listed in docs/api.md but no tf.experimental.numpy"
                      " name" % name)
    print("%d names: %d declared, %d listed as missing" %
          (len(wanted), len([n for n in wanted if n in have]),
           len([n for n in wanted if n in lacking])))
    for e in errors:
        print("error: " + e)
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
