//===- Dialect.cpp - the `ttg` ops that TTIR carries ----------------------===//
#include "triton-spirv/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::ttg;

#include "triton-spirv/Dialect/TritonGPU/IR/TritonGPUDialect.cpp.inc"
#include "triton-spirv/Dialect/TritonGPU/IR/TritonGPUEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "triton-spirv/Dialect/TritonGPU/IR/TritonGPUAttrs.cpp.inc"

#define GET_OP_CLASSES
#include "triton-spirv/Dialect/TritonGPU/IR/TritonGPUOps.cpp.inc"

void TritonGPUDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "triton-spirv/Dialect/TritonGPU/IR/TritonGPUAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "triton-spirv/Dialect/TritonGPU/IR/TritonGPUOps.cpp.inc"
      >();
}

ParseResult BarrierOp::parse(OpAsmParser &parser, OperationState &result) {
  std::string spaces;
  SMLoc start = parser.getCurrentLocation();
  do {
    StringRef keyword;
    if (parser.parseKeyword(&keyword))
      return failure();
    spaces += (spaces.empty() ? "" : "|") + keyword.str();
  } while (succeeded(parser.parseOptionalVerticalBar()));
  std::optional<AddrSpace> value = symbolizeAddrSpace(spaces);
  if (!value)
    return parser.emitError(start, "unknown address spaces '" + spaces + "'");
  result.addAttribute(getAddrSpaceAttrName(result.name),
                      AddrSpaceAttr::get(parser.getContext(), *value));
  return parser.parseOptionalAttrDict(result.attributes);
}

void BarrierOp::print(OpAsmPrinter &printer) {
  printer << " " << stringifyAddrSpace(getAddrSpace());
  printer.printOptionalAttrDict((*this)->getAttrs(), {getAddrSpaceAttrName()});
}
