"""Differential test of skgen's schema parser and printer against PyTorch's.

usage: torch_differential.py SKGEN SEED COUNT [--show-rejected]

Generates COUNT schemas (fixed SEED) from a grammar that covers the corners
of the schema language (type suffixes in every order, alias annotations,
default literals of every kind, odd names), runs them through
`skgen --parse-schema` and through `torch._C.parse_schema`, and checks:

  accepted-by-torch   skgen accepts only what PyTorch accepts;
  reparsed-by-torch   PyTorch parses what skgen prints;
  same-meaning        PyTorch reads the same schema from skgen's print as
                      from the input (compared through PyTorch's printer);
  fixed-point         skgen prints its own print unchanged.

Prints each violation and a summary line `checked N accepted A violations V`.
Custom classes (`__torch__.torch.classes...`) are out of scope: PyTorch only
accepts registered ones.
"""
import random
import subprocess
import sys

skgen, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
TORCH_MAJOR = int(subprocess.check_output(
    [sys.executable, "-c", "import torch; print(torch.__version__)"],
    text=True).split(".")[0])

BASES = ["Tensor", "int", "float", "bool", "str", "Scalar", "SymInt",
         "ScalarType", "Layout", "MemoryFormat", "Device", "Generator",
         "Dimname", "Storage", "Stream", "QScheme", "ConstQuantizerPtr", "Any",
         "AnyClassType", "AnyEnumType", "Capsule", "None", "NoneType",
         "Quantizer", "AnyType", "DeviceObjType", "StreamObjType", "complex",
         "number", "t", "tVal", "Foo", "SymFloat", "bool_"]
if TORCH_MAJOR >= 2:
    BASES.remove("Dimname")  # PyTorch 1.13 only (read as str)
    BASES.append("SymBool")  # PyTorch 2.x only
ALIASES = ["(a)", "(a!)", "(*)", "(*!)", "(a|b)", "(a -> *)", "(a! -> a|b)",
           "(b)", "!", "(a!)(b)", "()", "(!)"]
SUFFIXES = ["[]", "[2]", "[0]", "?", "[]?", "?[]"]
NUMBERS = ["0", "1", "-1", "2", "1.", "-1.", ".5", "1.5", "1e5", "1e-05",
           "1E5", "2j", "2.j", "-2.5j", "0j", "1e-05j", "1e400", "-1e-400",
           "99999999999999999999", "9223372036854775807",
           "-9223372036854775808", "0x10", "1_0", "- 1", "+1", "00", "1e",
           "1.e3", "3.141592653589793", "1e+5"]
STRINGS = ["'x'", '"x"', "''", '""', r"'a\"b'", r'"a\'b"', r"'\\'", r"'\n'",
           r"'\r'", r"'\t'", r"'\a'", r"'\v'", r"'\101'", r"'\0'", r"'\x41'",
           r"'\u0041'", "'a??/b'", "'??='", '"\'"', "'\"'", "'''x'''",
           r"'\q'", "'\xc3\xa9'", r"'\377'", r"'\400'", "'mean'"]
IDENTS = ["True", "False", "None", "float", "long", "int", "strided",
          "Mean", "contiguous_format", "channels_last", "preserve_format",
          "sparse_coo", "int32", "bfloat16", "cpu", "x"]


def gen_type(depth=0):
    r = rng.random()
    if depth < 2 and r < 0.08:
        t = "(" + ", ".join(gen_type(depth + 1)
                            for _ in range(rng.randint(0, 3))) + ")"
    elif depth < 2 and r < 0.16:
        # (Await exists in PyTorch 2.x only: not generated.)
        name = rng.choice(["Dict", "Future", "RRef", "Union", "Tuple",
                           "Optional", "List"])
        n = 2 if name == "Dict" else rng.randint(1, 3)
        t = name + "(" + ", ".join(gen_type(depth + 1) for _ in range(n)) + ")"
    else:
        t = rng.choice(BASES)
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
        if rng.random() < 0.35:
            t += rng.choice(ALIASES)
        else:
            t += rng.choice(SUFFIXES)
    return t


def gen_default():
    r = rng.random()
    if r < 0.35:
        return rng.choice(NUMBERS)
    if r < 0.55:
        return rng.choice(STRINGS)
    if r < 0.75:
        return rng.choice(IDENTS)
    items = [rng.choice(NUMBERS + IDENTS[:3]) for _ in range(rng.randint(0, 3))]
    if rng.random() < 0.1:
        items.append("[1]")
    return "[" + rng.choice([", ", ","]).join(items) + "]"


def gen_arg():
    s = gen_type() + " " + rng.choice(["a", "self", "out", "b_1", "x"])
    if rng.random() < 0.4:
        s += "=" + gen_default()
    return s


def gen_schema():
    name = rng.choice(["ns::f", "ns::f.ov", "f", "ns::f.out", "_ns::_f_"])
    args = []
    for _ in range(rng.randint(0, 4)):
        r = rng.random()
        args.append("*" if r < 0.1 else "..." if r < 0.13 else gen_arg())
    r = rng.random()
    if r < 0.5:
        ret = gen_type() + rng.choice(["", "", " r"])
    elif r < 0.9:
        ret = "(" + ", ".join(gen_type() + rng.choice(["", " r"])
                              for _ in range(rng.randint(0, 3))) + ")"
    else:
        ret = rng.choice(["...", "(Tensor, ...)", "()"])
    return name + "(" + ", ".join(args) + ") -> " + ret


WORKER = r"""
import sys, torch
for line in sys.stdin:
    try:
        out = "OK " + str(torch._C.parse_schema(line.rstrip("\n")))
    except Exception as e:  # RuntimeError and others
        out = "ERR " + ([l for l in str(e).splitlines() if l.strip()] or [type(e).__name__])[0]
    sys.stdout.write(out.replace("\n", " ") + "\n")
    sys.stdout.flush()
"""
worker = None


def torch_str(s):
    """PyTorch's print of \p s, in a child process: some malformed schemas
    crash PyTorch's parser (a double free in 1.13), which counts as a
    rejection."""
    global worker
    if worker is None:
        worker = subprocess.Popen([sys.executable, "-c", WORKER],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)
    try:
        worker.stdin.write(s + "\n")
        worker.stdin.flush()
        line = worker.stdout.readline()
    except BrokenPipeError:
        line = ""
    if not line:
        worker.wait()
        worker = None
        return False, "PyTorch's parser crashed"
    kind, _, text = line.rstrip("\n").partition(" ")
    return kind == "OK", text


def skgen_parse(lines):
    p = subprocess.run([skgen, "--parse-schema"], input="\n".join(lines) + "\n",
                       capture_output=True, text=True)
    printed = iter(p.stdout.splitlines())
    errors = {}
    for l in p.stderr.splitlines():
        if l.startswith("<stdin>:") and ": error: " in l:
            errors[int(l.split(":")[1])] = l.split(": error: ", 1)[1]
    out = []
    for i in range(1, len(lines) + 1):
        out.append((False, errors[i]) if i in errors else (True, next(printed)))
    return out


schemas = [gen_schema() for _ in range(count)]
results = skgen_parse(schemas)
accepted = [(s, p) for s, (ok, p) in zip(schemas, results) if ok]
again = skgen_parse([p for _, p in accepted]) if accepted else []
violations = 0
rejected = []


def report(kind, schema, detail):
    global violations
    violations += 1
    print("%s: %s\n    %s" % (kind, schema, detail))


for (s, printed), (ok2, printed2) in zip(accepted, again):
    tin_ok, tin = torch_str(s)
    tout_ok, tout = torch_str(printed)
    if not tin_ok:
        report("accepted-by-torch", s, "skgen: %s; torch: %s" % (printed, tin))
    elif not tout_ok:
        report("reparsed-by-torch", s, "skgen prints %s; torch: %s" %
               (printed, tout))
    elif tin != tout:
        report("same-meaning", s, "skgen prints %s; torch reads %s, not %s" %
               (printed, tout, tin))
    if not ok2 or printed2 != printed:
        report("fixed-point", s, "%s -> %s" % (printed, printed2))
for s, (ok, err) in zip(schemas, results):
    if not ok and torch_str(s)[0]:
        rejected.append((s, err))
if "--show-rejected" in sys.argv:
    for s, err in rejected:
        print("stricter-than-torch: %s\n    %s" % (s, err))
print("checked %d accepted %d stricter %d violations %d" %
      (len(schemas), len(accepted), len(rejected), violations))
