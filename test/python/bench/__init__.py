import importlib.util
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]


def load_bench_script(file_name, module_name):
    """A script under bench/ imported as a module (bench/ is not a package)."""
    spec = importlib.util.spec_from_file_location(module_name, REPO / "bench" / file_name)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
