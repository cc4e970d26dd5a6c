"""A kernel specialization as the compile command's signature spells it."""

from dataclasses import dataclass, field
from typing import Dict, List, Optional

# Parameter types of the signature -> C types of the generated functions.
C_TYPES = {
    "i1": "int8_t", "i8": "int8_t", "i16": "int16_t", "i32": "int32_t", "i64": "int64_t",
    "u1": "uint8_t", "u8": "uint8_t", "u16": "uint16_t", "u32": "uint32_t", "u64": "uint64_t",
    "fp16": "float", "bf16": "float", "fp32": "float", "f32": "float", "fp64": "double",
}
POINTER_C_TYPE = "uint64_t"  # a device address (triton_spirv_buffer_address)
VALID_HINTS = (1, 16)


class CompileError(Exception):
    """A problem with the command's input; the message names it."""


@dataclass
class Parameter:
    index: int
    name: str
    type: str  # "*fp32", "i32", ... or "constexpr"
    hint: Optional[int] = None  # 16, 1 or None
    value: object = None  # constexpr value (hint 1 -> 1)

    @property
    def is_constant(self):
        return self.type == "constexpr"


@dataclass
class Specialization:
    kernel_name: str
    parameters: List[Parameter]
    signature_entries: List[str]
    num_warps: int
    num_stages: int
    constants: Dict[str, object] = field(default_factory=dict)


def _number(text):
    """The int or float `text` spells, else None (Triton's rule for constexpr entries)."""
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    return None


def parse_signature(kernel, text: str, num_warps: int, num_stages: int) -> Specialization:
    entries = [entry.strip() for entry in text.split(",")]
    names = list(kernel.arg_names)
    if len(entries) != len(names):
        raise CompileError(f"signature '{text}' has {len(entries)} entries, but kernel "
                           f"{kernel.__name__} takes {len(names)} parameters ({', '.join(names)})")
    parameters = []
    for index, (entry, name) in enumerate(zip(entries, names)):
        if not entry:
            raise CompileError(f"signature entry #{index} ('{name}') is empty")
        value = _number(entry)
        if value is not None:
            parameters.append(Parameter(index, name, "constexpr", value=value))
            continue
        type_name, _, hint_text = entry.partition(":")
        type_name = type_name.strip()
        hint = None
        if hint_text:
            hint = _number(hint_text.strip())
            if hint not in VALID_HINTS:
                raise CompileError(f"signature entry #{index} ('{name}': '{entry}'): the hint must "
                                   f"be 1 or 16, got '{hint_text}'")
        pointee = type_name[1:] if type_name.startswith("*") else None
        if type_name not in C_TYPES and pointee not in C_TYPES:
            known = ", ".join(sorted(C_TYPES))
            raise CompileError(f"signature entry #{index} ('{name}': '{entry}'): unknown type "
                               f"'{type_name}' (scalars: {known}; pointers: '*' + one of them)")
        if hint == 1 and pointee is not None:
            raise CompileError(f"signature entry #{index} ('{name}': '{entry}'): a pointer "
                               "cannot be hinted ':1'")
        parameters.append(Parameter(index, name, type_name, hint=hint))
    spec = Specialization(kernel.__name__, parameters, entries, num_warps, num_stages)
    for p in parameters:
        if p.is_constant:
            spec.constants[p.name] = p.value
    for p in parameters:  # equal-to-1 parameters become constants too (after the values)
        if p.hint == 1:
            spec.constants[p.name] = 1
    return spec
