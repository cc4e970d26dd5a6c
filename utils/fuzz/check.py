"""One differential check: the reference's answer against the backend's, as an Outcome."""
import dataclasses
import re

from .evaluate import compare, evaluate
from .program import InvalidProgram, OutOfDomain

# Outcome kinds. Findings: mismatch (wrong answer), backend (our compiler or runtime raised on a
# valid program), timeout (hang), crash (the worker process died). Not findings: pass, skipped
# (the reference says the program leaves the defined domain), invalid (Triton's front end
# rejected it: a generator bug, reported separately).
FINDINGS = ("mismatch", "backend", "timeout", "crash")


@dataclasses.dataclass
class Outcome:
    kind: str
    detail: str = ""
    expected: dict = None

    @property
    def signature(self):
        """What must stay the same while reducing: the kind and, for errors, the message's
        first line with numbers and names masked."""
        if self.kind in ("backend", "invalid"):
            lines = self.detail.strip().splitlines()
            # An MLIR diagnostic says most ("loc(...): 'op' op ..."), else the error line.
            diagnostics = [line.split("): ", 1)[-1] for line in lines
                           if line.lstrip().startswith("loc(") and "note:" not in line]
            said = [line for line in lines if re.search(r"error|failed|Error", line)
                    and "fuzz_kernel_" not in line]
            first = (diagnostics or said or lines or [""])[0]
            return self.kind + ":" + re.sub(r"[0-9]+|%\w+|\"[^\"]*\"", "#", first)[:160]
        return self.kind


def reference(program):
    """(expected by variant) or an Outcome saying why the program is not run."""
    try:
        return {0: evaluate(program, 0), 1: evaluate(program, 1)}, None
    except OutOfDomain as e:
        return None, Outcome("skipped", str(e))
    except InvalidProgram as e:
        return None, Outcome("invalid", "reference: " + str(e))


def check(program, runner, backend_results=None):
    """Run `program` on the backend (or take `backend_results`, for tests that inject a wrong
    answer) and compare."""
    expected, why_not = reference(program)
    if why_not is not None:
        return why_not
    if backend_results is None:
        status, payload = runner.run(program)
        if status != "ok":
            return Outcome(status, str(payload), expected[0])
    else:
        payload = backend_results
    problems = compare(program, expected, payload)
    if problems:
        return Outcome("mismatch", "\n".join(problems), expected[0])
    return Outcome("pass", "", expected[0])
