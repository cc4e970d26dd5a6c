"""Where the C runtime library and its header are installed, for build systems.

    python -m triton_spirv.tools.runtime --include-dir | --lib-dir | --cflags | --libs | --static-libs
"""

import argparse
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
INCLUDE_DIR = PACKAGE / "include"
LIB_DIR = PACKAGE / "lib"
HEADER = INCLUDE_DIR / "triton_spirv_runtime.h"
SHARED_LIBRARY = LIB_DIR / "libtriton_spirv_runtime.so"
STATIC_LIBRARY = LIB_DIR / "libtriton_spirv_runtime.a"


def flags(kind):
    return {
        "include_dir": str(INCLUDE_DIR),
        "lib_dir": str(LIB_DIR),
        "cflags": f"-I{INCLUDE_DIR}",
        # rpath: programs find the library where the package has it.
        "libs": f"-L{LIB_DIR} -Wl,-rpath,{LIB_DIR} -ltriton_spirv_runtime",
        "static_libs": f"{STATIC_LIBRARY} -lstdc++ -ldl -lpthread -lm",
    }[kind]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    for kind in ("include-dir", "lib-dir", "cflags", "libs", "static-libs"):
        parser.add_argument(f"--{kind}", action="append_const", const=kind.replace("-", "_"), dest="kinds")
    args = parser.parse_args(argv)
    if not args.kinds:
        parser.error("name at least one of --include-dir, --lib-dir, --cflags, --libs, --static-libs")
    missing = [str(p) for p in (HEADER, SHARED_LIBRARY, STATIC_LIBRARY) if not p.exists()]
    if missing:
        parser.exit(1, "triton-spirv: the C runtime is not installed with this package (missing "
                    f"{', '.join(missing)}); install a triton-spirv wheel\n")
    print(" ".join(flags(kind) for kind in args.kinds))


if __name__ == "__main__":
    main()
