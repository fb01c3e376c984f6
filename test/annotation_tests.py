"""lit test format of test/Scan/annotations (see its lit.local.cfg): one
test per row of skgen's annotation table. In a module of its own so that lit
can pickle it for its worker processes."""
import os
import subprocess

import lit.Test
import lit.formats.base


class AnnotationTableTests(lit.formats.base.TestFormat):
    def _rows(self, config):
        skgen = os.path.join(config.skgen_tools_dir, "skgen")
        out = subprocess.run([skgen, "--print-vocabulary=annotations"],
                             stdout=subprocess.PIPE, universal_newlines=True,
                             check=True).stdout
        return [line.split("\t") for line in out.splitlines()]

    def getTestsInDirectory(self, testSuite, path_in_suite, litConfig, localConfig):
        for row in self._rows(localConfig):
            yield lit.Test.Test(testSuite, path_in_suite + (row[0] + ".in-body",),
                                localConfig)

    def execute(self, test, litConfig):
        config = test.config
        macro = test.path_in_suite[-1].split(".")[0]
        row = [r for r in self._rows(config) if r[0] == macro]
        if len(row) != 1:
            return lit.Test.FAIL, "%s is not in the table once" % macro
        example = row[0][5]
        work = test.getExecPath()
        os.makedirs(work, exist_ok=True)
        src = os.path.join(work, "in-body.cpp")
        with open(src, "w") as f:
            f.write("#include <ATen/ATen.h>\n"
                    "#include <skgen/annotations.h>\n"
                    "namespace myops {\n"
                    "void setup() {\n"
                    "  %s%s;\n"
                    "}\n"
                    "} // namespace myops\n" % (macro, example))
        stub = os.path.join(config.test_source_root, "Inputs", "torch-stub")
        cmd = [os.path.join(config.skgen_tools_dir, "skgen"), "--no-cache",
               "--dump-facts=" + os.path.join(work, "facts.json"), src, "--",
               "-std=c++17", "-I" + stub,
               "-I" + os.path.join(config.skgen_src_root, "include")]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True, env=config.environment)
        want = ("in-body.cpp:5:3: error: '%s' inside a function body has no "
                "effect" % macro)
        report = "$ %s\nexit %d\n%s" % (" ".join(cmd), p.returncode, p.stderr)
        if p.returncode != 2 or want not in p.stderr:
            return lit.Test.FAIL, "expected exit 2 and\n  %s\n%s" % (want, report)
        if p.stderr.count(": error: ") != 1:
            return lit.Test.FAIL, "expected exactly one error\n" + report
        return lit.Test.PASS, ""

