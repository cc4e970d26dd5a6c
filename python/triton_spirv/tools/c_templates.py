"""The C that triton_spirv.tools.compile writes for one kernel specialization."""

import math
import re
import struct

from .specialization import C_TYPES, POINTER_C_TYPE, CompileError

# Converts a float argument to the 16-bit patterns the shader reads
# (round to nearest even, as a GPU's conversion).
_HALF_CONVERSIONS = r"""
static inline uint16_t triton_spirv_to_fp16(float value) {
  uint32_t x, sign, exponent, mantissa, half, rest;
  int e;
  memcpy(&x, &value, sizeof x);
  sign = (x >> 16) & 0x8000u;
  exponent = (x >> 23) & 0xffu;
  mantissa = x & 0x7fffffu;
  if (exponent == 0xffu) /* inf, nan */
    return (uint16_t)(sign | 0x7c00u | (mantissa ? 0x200u : 0u));
  e = (int)exponent - 127 + 15;
  if (e >= 0x1f)
    return (uint16_t)(sign | 0x7c00u);
  if (e <= 0) { /* a subnormal half (or zero) */
    uint32_t shift;
    if (e < -10)
      return (uint16_t)sign;
    mantissa |= 0x800000u;
    shift = (uint32_t)(14 - e);
    half = mantissa >> shift;
    rest = mantissa & ((1u << shift) - 1u);
    if (rest > (1u << (shift - 1u)) || (rest == (1u << (shift - 1u)) && (half & 1u)))
      half++;
    return (uint16_t)(sign | half);
  }
  half = sign | ((uint32_t)e << 10) | (mantissa >> 13);
  rest = mantissa & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (half & 1u)))
    half++; /* a carry into the exponent rounds up correctly, to inf at the top */
  return (uint16_t)half;
}

static inline uint16_t triton_spirv_to_bf16(float value) {
  uint32_t x;
  memcpy(&x, &value, sizeof x);
  if ((x & 0x7fffffffu) > 0x7f800000u)
    return (uint16_t)((x >> 16) | 0x40u); /* a quiet nan */
  x += 0x7fffu + ((x >> 16) & 1u);
  return (uint16_t)(x >> 16);
}
"""


def c_type(type_name):
    return POINTER_C_TYPE if type_name.startswith("*") else C_TYPES[type_name]


def runtime_parameters(spec):
    """Parameters the generated launch function takes (constants and ':1' ones are not)."""
    return [p for p in spec.parameters if p.name not in spec.constants]


def linker_parameters(spec):
    """Parameters of the linked entry point: the runtime ones plus those hinted ':1'."""
    return [p for p in spec.parameters if not p.is_constant]


def _declarations(parameters):
    return "".join(f", {c_type(p.type)} {p.name}" for p in parameters)


def _constant_definition(name, value):
    if isinstance(value, bool) or isinstance(value, int):
        return f"  const int64_t {name} = {int(value)};\n  (void){name};\n"
    if isinstance(value, float) and math.isfinite(value):
        return f"  const double {name} = {value.hex()};\n  (void){name};\n"
    return ""


def _pack_statement(parameter, argument):
    """C that copies one argument into the packed argument bytes at its field's offset."""
    kind, offset, size = argument["kind"], argument["offset"], argument["size"]
    name, type_name = parameter.name, parameter.type
    if type_name.startswith("*"):
        value_type, value = "uint64_t", name
    elif type_name in ("i1", "u1"):
        value_type, value = "int32_t", f"{name} != 0"
    elif type_name == "fp16":
        value_type, value = "uint16_t", f"triton_spirv_to_fp16({name})"
    elif type_name == "bf16":
        value_type, value = "uint16_t", f"triton_spirv_to_bf16({name})"
    else:
        value_type, value = C_TYPES[type_name], name
    widths = {"uint64_t": 8, "int64_t": 8, "double": 8, "int32_t": 4, "uint32_t": 4,
              "float": 4, "int16_t": 2, "uint16_t": 2, "int8_t": 1, "uint8_t": 1}
    if widths[value_type] > size:
        raise CompileError(f"parameter '{name}' ({type_name}) does not fit the kernel's "
                           f"{size}-byte argument field ({kind})")
    return (f"  {{ {value_type} value = ({value_type})({value}); "
            f"memcpy(arguments + {offset}, &value, sizeof value); }}\n")


# Trailing arguments the launch fills in: the kernel's scratch memory (its
# workgroup buffers beyond the device's limit) and the grid that slices it.
HIDDEN_KINDS = ("scratch", "grid_x", "grid_y")


def _hidden_statement(argument, function_name):
    offset = argument["offset"]
    if argument["kind"] == "scratch":
        # The runtime bounds it: past its limit the launch runs in chunks that reuse it.
        return ("  { uint64_t value;\n"
                f"    result = triton_spirv_kernel_scratch({function_name}_kernel, "
                "triton_spirv_grid_x, triton_spirv_grid_y, triton_spirv_grid_z, &value);\n"
                "    if (result != TRITON_SPIRV_SUCCESS)\n      return result;\n"
                f"    memcpy(arguments + {offset}, &value, sizeof value); }}\n")
    axis = "x" if argument["kind"] == "grid_x" else "y"
    return (f"  {{ uint32_t value = triton_spirv_grid_{axis}; "
            f"memcpy(arguments + {offset}, &value, sizeof value); }}\n")


def _docstring(spec, target):
    lines = [f"{name}={value}" for name, value in spec.constants.items()]
    lines += [f"num_warps={spec.num_warps}", f"num_stages={spec.num_stages}",
              f"target={target.backend}:{target.arch}:{target.warp_size}"]
    return "\n".join(lines)


def kernel_header(function_name, spec, target, **_):
    full = ", ".join(f"{c_type(p.type)} {p.name}" for p in linker_parameters(spec))
    # Part of C names the linker makes: '-1' and '0.5' become '_1' and '0_5'.
    # ':1' parameters are not part of it: they are dispatched on, like ':16'.
    values = [p.value for p in spec.parameters if p.is_constant]
    const_sig = re.sub(r"\W", "_", "x".join(str(v) for v in values))
    algo_info = f"{const_sig}_warps{spec.num_warps}xstages{spec.num_stages}"
    return f"""/* Generated by triton_spirv.tools.compile: {spec.kernel_name}, one specialization. */
#ifndef TT_KERNEL_INCLUDES
#define TT_KERNEL_INCLUDES

#include <stdint.h>
#include <triton_spirv_runtime.h>

#endif

TritonSpirvResult load_{function_name}(void);
TritonSpirvResult unload_{function_name}(void);
// tt-linker-backend: spirv
// tt-linker: {function_name}:{full}:{algo_info}
TritonSpirvResult {function_name}(TritonSpirvStream stream{_declarations(runtime_parameters(spec))});
"""


def kernel_source(function_name, spec, grid, metadata, binary, target, header_name):
    parameters = runtime_parameters(spec)
    arguments = [a for a in metadata.arguments if a["kind"] not in HIDDEN_KINDS]
    hidden = list(metadata.arguments)[len(arguments):]
    if getattr(metadata, "address_map", False):
        # A kernel reading pointers from memory gets an address map (table, rows) last: C
        # callers hold Vulkan addresses already, so no rows (the zeroed fields).
        arguments = arguments[:-2]
    if len(arguments) != len(parameters):
        raise CompileError(f"kernel {spec.kernel_name}: the compiled kernel takes {len(arguments)} "
                           f"arguments, the signature gives {len(parameters)}")
    if len(binary) % 4:
        raise CompileError(f"kernel {spec.kernel_name}: SPIR-V of {len(binary)} bytes")
    words = struct.unpack(f"<{len(binary) // 4}I", binary)
    rows = [", ".join(f"0x{w:08x}u" for w in words[i:i + 6]) for i in range(0, len(words), 6)]
    spirv = ",\n  ".join(rows)
    argument_bytes = metadata.argument_bytes
    constants = "".join(_constant_definition(n, v) for n, v in spec.constants.items())
    packing = "".join(_pack_statement(p, a) for p, a in zip(parameters, arguments))
    packing += "".join(_hidden_statement(a, function_name) for a in hidden)
    scratch = [a["offset"] for a in hidden if a["kind"] == "scratch"]
    scratch_offset = scratch[0] if scratch else 0
    scratch_per_program = metadata.scratch_bytes_per_program if scratch else 0
    f = function_name
    return f"""/* Generated by triton_spirv.tools.compile: {spec.kernel_name}, one specialization.
{_docstring(spec, target)}
*/
#include <string.h>

#include "{header_name}"
{_HALF_CONVERSIONS}
static const uint32_t {f}_spirv[{len(words)}] = {{
  {spirv}
}};

static const TritonSpirvKernelInfo {f}_info = {{
  "{f}", "{metadata.name}", {f}_spirv, sizeof({f}_spirv),
  {{{metadata.workgroup_size}, 1, 1}}, /* argument bytes */ {argument_bytes},
  /* argument block */ {int(bool(metadata.argument_block))}, /* workgroup memory */ {metadata.shared},
  /* scratch bytes per program */ {scratch_per_program}u, /* scratch offset */ {scratch_offset},
}};

static TritonSpirvKernel {f}_kernel = NULL;

TritonSpirvResult unload_{f}(void) {{
  TritonSpirvResult result = TRITON_SPIRV_SUCCESS;
  if ({f}_kernel != NULL)
    result = triton_spirv_kernel_unload({f}_kernel);
  {f}_kernel = NULL;
  return result;
}}

static TritonSpirvResult {f}_load_on(TritonSpirvContext context) {{
  TritonSpirvKernel kernel;
  TritonSpirvResult result = triton_spirv_kernel_load(context, &{f}_info, &kernel);
  if (result != TRITON_SPIRV_SUCCESS)
    return result;
  unload_{f}();
  {f}_kernel = kernel;
  return TRITON_SPIRV_SUCCESS;
}}

/* Loads the kernel on the current context (triton_spirv_context_set_current). */
TritonSpirvResult load_{f}(void) {{
  TritonSpirvContext context;
  TritonSpirvResult result = triton_spirv_context_get_current(&context);
  if (result != TRITON_SPIRV_SUCCESS)
    return result;
  return {f}_load_on(context);
}}

TritonSpirvResult {f}(TritonSpirvStream stream{_declarations(parameters)}) {{
{constants}  unsigned int triton_spirv_grid_x = {grid[0]};
  unsigned int triton_spirv_grid_y = {grid[1]};
  unsigned int triton_spirv_grid_z = {grid[2]};
  unsigned char arguments[{max(argument_bytes, 1)}];
  TritonSpirvContext context, loaded_on = NULL;
  TritonSpirvResult result = triton_spirv_stream_context(stream, &context);
  if (result != TRITON_SPIRV_SUCCESS)
    return result;
  if ((uint64_t)triton_spirv_grid_x * triton_spirv_grid_y * triton_spirv_grid_z == 0)
    return TRITON_SPIRV_SUCCESS;
  /* Loaded on first use, and again for a stream of another context. */
  if ({f}_kernel != NULL)
    triton_spirv_kernel_context({f}_kernel, &loaded_on);
  if (loaded_on != context && (result = {f}_load_on(context)) != TRITON_SPIRV_SUCCESS)
    return result;
  memset(arguments, 0, sizeof arguments);
{packing}  return triton_spirv_launch(stream, {f}_kernel, triton_spirv_grid_x, triton_spirv_grid_y,
                             triton_spirv_grid_z, arguments, {argument_bytes});
}}
"""
