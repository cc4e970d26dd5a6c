# lit configuration for triton-spirv's FileCheck tests.
import os
import shutil

import lit.formats

config.name = "triton-spirv"
# The PyPI lit refuses ShTest(True); the internal shell is what we want anyway.
config.test_format = lit.formats.ShTest()
config.suffixes = [".mlir"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "python"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.triton_spirv_obj_root, "test")

path = [config.triton_spirv_tools_dir, config.llvm_tools_dir]
config.environment["PATH"] = os.pathsep.join(path + [config.environment.get("PATH", os.environ["PATH"])])


if shutil.which("spirv-val"):
    config.available_features.add("spirv-tools")
