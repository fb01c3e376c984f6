# The GoogleTest unit tests, run by lit so that one lit run reports every suite.
import os
import lit.formats

config.name = "skgen-unit"
config.test_format = lit.formats.GoogleTest(".", "Tests")
config.test_source_root = os.path.join(config.skgen_obj_root, "unittests")
config.test_exec_root = config.test_source_root
