//===- CompilerModule.cpp - the compiler's stages for the Python backend --===//
//
// Each function runs one stage of the same pipeline triton-spirv-opt uses,
// text in, text (or binary) out, so Triton can cache and dump every stage.
// Diagnostics become Python exceptions carrying the MLIR locations (for TTIR
// from Triton, the kernel's source lines).
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/InitAll.h"
#include "triton-spirv/Pipeline/Pipeline.h"
#include "triton-spirv/Target/SPIRV/DeviceProfile.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <functional>
#include <stdexcept>

namespace py = pybind11;
using namespace mlir;

namespace {
/// A context that knows every dialect the pipeline touches and records the
/// diagnostics emitted while it is alive.
class CompilerSession {
public:
  // One context per stage keeps compilations independent. Dialects load on
  // demand (the parser and each pass's dependent dialects): loading all of
  // MLIR's for every stage cost ~4 ms, a sixth of compiling a vector add.
  // The pipeline runs on one function, so the context needs no threads.
  CompilerSession()
      : context(registry(), MLIRContext::Threading::DISABLED),
        handler(&context, [this](Diagnostic &d) {
          llvm::raw_string_ostream os(diagnostics);
          os << d.getLocation() << ": " << d << "\n";
          for (Diagnostic &note : d.getNotes())
            os << "  note: " << note.getLocation() << ": " << note << "\n";
          return success();
        }) {}

  OwningOpRef<ModuleOp> parse(const std::string &text) {
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
    if (!module)
      fail("could not parse the input IR");
    return module;
  }

  void run(PassManager &pm, ModuleOp module, const char *stage) {
    if (failed(pm.run(module)))
      fail(std::string(stage) + " failed");
  }

  [[noreturn]] void fail(const std::string &what) {
    throw std::runtime_error("triton-spirv: " + what + "\n" + diagnostics);
  }

  MLIRContext context;

private:
  static const DialectRegistry &registry() {
    static const DialectRegistry instance = [] {
      DialectRegistry registry;
      triton_spirv::registerAllDialects(registry);
      triton_spirv::registerUpstreamDialects(registry);
      return registry;
    }();
    return instance;
  }

  std::string diagnostics;
  ScopedDiagnosticHandler handler;
};

std::string print(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  OpPrintingFlags flags;
  flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
  module.print(os, flags);
  return text;
}

std::string toLinalg(const std::string &ttir) {
  CompilerSession session;
  OwningOpRef<ModuleOp> module = session.parse(ttir);
  PassManager pm(&session.context);
  triton_spirv::buildTritonToLinalgPipeline(pm);
  session.run(pm, *module, "TTIR -> linalg");
  return print(*module);
}

py::dict toSPIRVIR(const std::string &linalg, const std::string &profile,
                   int64_t numWarps, int64_t vectorBytes,
                   int64_t cooperativeMatrix, int64_t numStages,
                   int64_t runtimeAlignmentChecks, int64_t wrappedOffsetVectors,
                   bool fpFusion) {
  CompilerSession session;
  OwningOpRef<ModuleOp> module = session.parse(linalg);
  PassManager pm(&session.context);
  triton_spirv::TritonToSPIRVOptions options;
  options.profile = profile;
  options.numWarps = numWarps;
  options.vectorBytes = vectorBytes;
  options.cooperativeMatrix = cooperativeMatrix;
  options.numStages = numStages;
  options.runtimeAlignmentChecks = runtimeAlignmentChecks;
  options.wrappedOffsetVectors = wrappedOffsetVectors;
  options.fpFusion = fpFusion;
  if (failed(triton_spirv::buildLinalgToSPIRVPipeline(pm, options)))
    session.fail("unknown device profile '" + profile + "'");
  session.run(pm, *module, "linalg -> SPIR-V");

  py::dict metadata;
  std::optional<triton_spirv::DeviceProfile> device =
      triton_spirv::lookupDeviceProfile(profile);
  metadata["workgroup_size"] = numWarps * device->subgroupSize;
  // Workgroup memory the kernel declares; Triton compares it with the
  // device's max_shared_mem (OutOfResources, which autotuning prunes).
  std::function<int64_t(Type)> sizeOf = [&](Type type) -> int64_t {
    if (auto array = dyn_cast<spirv::ArrayType>(type))
      return array.getNumElements() * sizeOf(array.getElementType());
    if (auto structType = dyn_cast<spirv::StructType>(type)) {
      int64_t total = 0;
      for (Type member : structType.getElementTypes())
        total += sizeOf(member);
      return total;
    }
    if (auto vector = dyn_cast<VectorType>(type))
      return vector.getNumElements() * sizeOf(vector.getElementType());
    if (type.isIntOrFloat())
      return std::max<int64_t>(1, type.getIntOrFloatBitWidth() / 8);
    return 0;
  };
  int64_t sharedBytes = 0;
  module->walk([&](spirv::GlobalVariableOp global) {
    auto ptr = cast<spirv::PointerType>(global.getType());
    if (ptr.getStorageClass() == spirv::StorageClass::Workgroup)
      sharedBytes += sizeOf(ptr.getPointeeType());
  });
  metadata["shared"] = sharedBytes;
  module->walk([&](spirv::FuncOp func) {
    auto abi = func->getAttrOfType<DictionaryAttr>("triton_spirv.abi");
    if (!abi)
      return;
    // Tiles a loop stages live in global scratch on some devices
    // (loop-staged); they still count as the program's shared memory.
    if (auto staged = abi.getAs<IntegerAttr>("staged_scratch_bytes"))
      metadata["shared"] = sharedBytes + staged.getInt();
    metadata["entry"] = func.getName().str();
    metadata["argument_bytes"] =
        cast<IntegerAttr>(abi.get("argument_bytes")).getInt();
    metadata["argument_block"] =
        cast<BoolAttr>(abi.get("argument_block")).getValue();
    // Global memory per program standing in for workgroup memory the device
    // lacks (spirv-spill-workgroup-memory); the launcher provides it.
    metadata["scratch_bytes_per_program"] =
        cast<IntegerAttr>(abi.get("scratch_bytes_per_program")).getInt();
    py::list arguments;
    for (Attribute field : cast<ArrayAttr>(abi.get("arguments"))) {
      auto dict = cast<DictionaryAttr>(field);
      py::dict entry;
      entry["kind"] = cast<StringAttr>(dict.get("kind")).str();
      entry["offset"] = cast<IntegerAttr>(dict.get("offset")).getInt();
      entry["size"] = cast<IntegerAttr>(dict.get("size")).getInt();
      arguments.append(entry);
    }
    metadata["arguments"] = arguments;
  });
  py::dict result;
  result["ir"] = print(*module);
  result["metadata"] = metadata;
  return result;
}

py::bytes toSPV(const std::string &spirvir) {
  CompilerSession session;
  OwningOpRef<ModuleOp> module = session.parse(spirvir);
  SmallVector<uint32_t> binary;
  if (failed(triton_spirv::serializeSPIRV(*module, binary)))
    session.fail("SPIR-V serialization failed");
  return py::bytes(reinterpret_cast<const char *>(binary.data()),
                   binary.size() * sizeof(uint32_t));
}

py::dict deviceProfile(const std::string &name) {
  std::optional<triton_spirv::DeviceProfile> profile =
      triton_spirv::lookupDeviceProfile(name);
  if (!profile)
    throw std::runtime_error("triton-spirv: unknown device profile '" + name + "'");
  py::dict result;
  result["name"] = profile->name;
  result["subgroup_size"] = profile->subgroupSize;
  result["max_shared_mem"] = profile->maxSharedMemoryBytes;
  result["max_push_constants"] = profile->maxPushConstantBytes;
  result["max_workgroup_invocations"] = profile->maxWorkgroupInvocations;
  return result;
}
} // namespace

PYBIND11_MODULE(_compiler, m) {
  m.doc() = "triton-spirv compiler stages (TTIR -> linalg -> SPIR-V)";
  m.def("to_linalg", &toLinalg, py::arg("ttir"),
        "TTIR text -> linalg-on-tensors text");
  m.def("to_spirvir", &toSPIRVIR, py::arg("linalg"), py::arg("profile"),
        py::arg("num_warps"), py::arg("vector_bytes") = -1,
        py::arg("cooperative_matrix") = -1, py::arg("num_stages") = 3,
        py::arg("runtime_alignment_checks") = -1, py::arg("wrapped_offset_vectors") = -1,
        py::arg("fp_fusion") = true,
        "linalg text -> {'ir': SPIR-V dialect text, 'metadata': launch info}");
  m.def("to_spv", &toSPV, py::arg("spirvir"), "SPIR-V dialect text -> binary");
  m.def("device_profile", &deviceProfile, py::arg("name"));
}
