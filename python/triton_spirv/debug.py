"""tl.device_print / tl.device_assert: the messages of a kernel (from its
TTIR) and the records its debug buffer holds after a launch.

The compiler numbers the module's tt.print / tt.assert ops in order and gives
kernels that have them one more argument, a buffer of int32 words: word 0
counts the words used by records, word 1 is the capacity, then 8-word
records (message id, pid x, y, z, element index, operand index, value as
two words of a 64-bit integer or float64)."""
import re
import struct

import torch

HEADER_WORDS = 2
RECORD_WORDS = 8
DEFAULT_CAPACITY_WORDS = 1 << 20

_STRING = r'"((?:[^"\\]|\\.)*)"'
_PRINT = re.compile(r"tt\.print\s+" + _STRING + r"\s*\{([^}]*)\}(?:\s*:\s*[^:]*?:\s*([^\n]*?))?\s*(?:loc\(|$)",
                    re.MULTILINE)
_ASSERT = re.compile(r"tt\.assert\s+%[\w.#]+\s*,\s*" + _STRING)
_DEBUG_OP = re.compile(r"tt\.(print|assert)\b")


def _unescape(text):
    return re.sub(r"\\([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)),
                  text.replace('\\"', '"').replace("\\\\", "\\"))


def _element_type(type_text):
    type_text = type_text.strip()
    match = re.match(r"tensor<(?:\d+x)*([^>]+)>", type_text)
    return match.group(1) if match else type_text


def messages_of(ttir):
    """The print/assert messages of a TTIR module, in the compiler's order."""
    messages = []
    for line in ttir.splitlines():
        op = _DEBUG_OP.search(line)
        if not op:
            continue
        if op.group(1) == "print":
            match = _PRINT.search(line)
            if not match:
                raise ValueError(f"triton-spirv: cannot read tt.print from: {line.strip()}")
            attrs, types = match.group(2), match.group(3) or ""
            messages.append({
                "kind": "print",
                "prefix": _unescape(match.group(1)),
                "hex": "hex = true" in attrs,
                "types": [_element_type(t) for t in types.split(",") if t.strip()],
            })
        else:
            match = _ASSERT.search(line)
            messages.append({"kind": "assert", "message": _unescape(match.group(1)) if match else ""})
    return messages


def new_buffer(capacity_words=DEFAULT_CAPACITY_WORDS, device="cpu"):
    buffer = torch.zeros(HEADER_WORDS + capacity_words, dtype=torch.int32, device=device)
    buffer[1] = capacity_words
    return buffer


def _format(value_bits, element_type, hex_format):
    if element_type in ("f16", "bf16", "f32", "f64") or element_type.startswith("f8"):
        value = struct.unpack("<d", struct.pack("<q", value_bits))[0]
        return value.hex() if hex_format else repr(value)
    if hex_format:
        return hex(value_bits & ((1 << 64) - 1))
    return str(value_bits)


def report(kernel_name, messages, buffer, out=print):
    """Prints the records; raises for failed assertions."""
    buffer = buffer.cpu()  # stream-ordered after the launch for CUDA tensors
    used = int(buffer[0])
    words = buffer[HEADER_WORDS:HEADER_WORDS + min(used, int(buffer[1]))].tolist()
    records = [words[i:i + RECORD_WORDS] for i in range(0, len(words) - RECORD_WORDS + 1, RECORD_WORDS)]
    records.sort(key=lambda r: (r[3], r[2], r[1], r[0], r[4], r[5]))
    failures = []
    for message_id, x, y, z, index, operand, low, high in records:
        message = messages[message_id]
        if message["kind"] == "assert":
            failures.append((message["message"], (x, y, z), index))
            continue
        value_bits = (low & 0xFFFFFFFF) | (high << 32)
        types = message["types"]
        element_type = types[operand] if operand < len(types) else "i64"
        # Triton's layout: the prefix carries its ": ", operands are numbered.
        which = f"(operand {operand}) " if len(types) > 1 else ""
        out(f"pid ({x}, {y}, {z}) idx ({index:>3}){message['prefix']}{which}"
            f"{_format(value_bits, element_type, message['hex'])}")
    if used > int(buffer[1]):
        out(f"triton-spirv: {(used - int(buffer[1])) // RECORD_WORDS} debug records of "
            f"{kernel_name} did not fit in the buffer")
    if failures:
        message, pid, index = failures[0]
        raise AssertionError(
            f"device-side assertion failed in {kernel_name}: '{message}' at pid {pid} idx {index}"
            + (f" ({len(failures)} failing elements)" if len(failures) > 1 else ""))
