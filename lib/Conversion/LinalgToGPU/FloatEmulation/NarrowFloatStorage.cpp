//===- NarrowFloatStorage.cpp - float types kept as integers in memory ----===//
#include "FloatEmulation/NarrowFloatStorage.h"

#include "triton-spirv/Conversion/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;

LogicalResult mlir::triton_spirv::storeFloatsAsIntegers(
    func::FuncOp func, llvm::function_ref<bool(Type)> isStoredAsInteger) {
  return storeFloatsAsContainers(func, [&](Type type) -> Type {
    return isStoredAsInteger(type)
               ? IntegerType::get(type.getContext(), type.getIntOrFloatBitWidth())
               : Type();
  });
}

LogicalResult mlir::triton_spirv::storeFloatsAsContainers(
    func::FuncOp func, llvm::function_ref<Type(Type)> containerFor) {
  MLIRContext *context = func.getContext();
  auto isContained = [&](Type type) { return bool(containerFor(type)); };
  auto retype = [&](Value value) {
    auto type = dyn_cast<MemRefType>(value.getType());
    if (type && isContained(type.getElementType()))
      value.setType(MemRefType::Builder(type).setElementType(
          containerFor(type.getElementType())));
  };
  bool rejected = false;
  func.walk([&](memref::AtomicRMWOp op) {
    if (isContained(op.getMemRefType().getElementType())) {
      op.emitError("atomics on '")
          << op.getMemRefType().getElementType() << "' are not supported";
      rejected = true;
    }
  });
  if (rejected)
    return failure();
  func.walk([&](Operation *op) {
    for (Value result : op->getResults())
      retype(result);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument argument : block.getArguments())
          retype(argument);
  });
  // The signature follows its (retyped) entry block arguments.
  func.setFunctionType(FunctionType::get(
      context, func.getBody().front().getArgumentTypes(),
      func.getFunctionType().getResults()));

  OpBuilder builder(context);
  func.walk([&](memref::LoadOp load) {
    Type element = load.getType();
    if (!isContained(element) ||
        load.getMemRefType().getElementType() != containerFor(element))
      return;
    builder.setInsertionPointAfter(load);
    load.getResult().setType(containerFor(element));
    auto cast = arith::BitcastOp::create(builder, load.getLoc(), element,
                                         load.getResult());
    load.getResult().replaceAllUsesExcept(cast.getResult(), cast);
  });
  func.walk([&](memref::StoreOp store) {
    Type element = store.getValue().getType();
    if (!isContained(element))
      return;
    builder.setInsertionPoint(store);
    Value bits = arith::BitcastOp::create(builder, store.getLoc(),
                                          containerFor(element), store.getValue());
    store.getValueMutable().assign(bits);
  });

  // Atomic updates keep computing on the float type; the exchanged value is
  // the integer.
  SmallVector<memref::GenericAtomicRMWOp> atomics;
  func.walk([&](memref::GenericAtomicRMWOp op) {
    if (isContained(op.getResult().getType()))
      atomics.push_back(op);
  });
  for (memref::GenericAtomicRMWOp op : atomics) {
    Type element = op.getResult().getType();
    Location loc = op.getLoc();
    builder.setInsertionPoint(op);
    auto replacement = memref::GenericAtomicRMWOp::create(
        builder, loc, op.getMemref(), op.getIndices());
    replacement->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    OpBuilder bodyBuilder =
        OpBuilder::atBlockEnd(&replacement.getRegion().front());
    IRMapping mapping;
    mapping.map(op.getCurrentValue(),
                arith::BitcastOp::create(bodyBuilder, loc, element,
                                         replacement.getCurrentValue()));
    Block &update = op.getAtomicBody().front();
    for (Operation &inner : update.without_terminator())
      bodyBuilder.clone(inner, mapping);
    Value next = mapping.lookupOrDefault(
        cast<memref::AtomicYieldOp>(update.getTerminator()).getResult());
    memref::AtomicYieldOp::create(
        bodyBuilder, loc,
        arith::BitcastOp::create(bodyBuilder, loc, containerFor(element), next));
    builder.setInsertionPointAfter(replacement);
    Value result = arith::BitcastOp::create(builder, loc, element,
                                            replacement.getResult());
    op.getResult().replaceAllUsesWith(result);
    op.erase();
  }

  // Values carried by control flow (masked loads are scf.if results) travel
  // as integers too, so that only arithmetic sees the float type.
  TypeConverter converter;
  converter.addConversion([](Type type) { return type; });
  converter.addConversion([&](FloatType type) -> Type {
    if (Type container = containerFor(type))
      return container;
    return type;
  });
  auto bitcast = [](OpBuilder &b, Type type, ValueRange inputs,
                    Location loc) -> Value {
    return arith::BitcastOp::create(b, loc, type, inputs[0]);
  };
  converter.addSourceMaterialization(bitcast);
  converter.addTargetMaterialization(bitcast);
  ConversionTarget target(*context);
  RewritePatternSet patterns(context);
  scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  return applyPartialConversion(func, target, std::move(patterns));
}
