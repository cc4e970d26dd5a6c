//===- NarrowFloatStorage.cpp - float types kept as integers in memory ----===//
#include "NarrowFloatStorage.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;

LogicalResult mlir::triton_spirv::storeFloatsAsIntegers(
    func::FuncOp func, llvm::function_ref<bool(Type)> isStoredAsInteger) {
  MLIRContext *context = func.getContext();
  auto integerFor = [&](Type type) {
    return IntegerType::get(context, type.getIntOrFloatBitWidth());
  };
  auto retype = [&](Value value) {
    auto type = dyn_cast<MemRefType>(value.getType());
    if (type && isStoredAsInteger(type.getElementType()))
      value.setType(MemRefType::Builder(type).setElementType(
          integerFor(type.getElementType())));
  };
  bool rejected = false;
  func.walk([&](Operation *op) {
    if (isa<memref::GenericAtomicRMWOp, memref::AtomicRMWOp>(op)) {
      Type element =
          cast<MemRefType>(op->getOperand(0).getType()).getElementType();
      if (isStoredAsInteger(element)) {
        op->emitError("atomics on '") << element << "' are not supported";
        rejected = true;
      }
    }
    for (Value result : op->getResults())
      retype(result);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument argument : block.getArguments())
          retype(argument);
  });
  if (rejected)
    return failure();
  // The signature follows its (retyped) entry block arguments.
  func.setFunctionType(FunctionType::get(
      context, func.getBody().front().getArgumentTypes(),
      func.getFunctionType().getResults()));

  OpBuilder builder(context);
  func.walk([&](memref::LoadOp load) {
    Type element = load.getType();
    if (!isStoredAsInteger(element) ||
        !load.getMemRefType().getElementType().isInteger())
      return;
    builder.setInsertionPointAfter(load);
    load.getResult().setType(integerFor(element));
    auto cast = arith::BitcastOp::create(builder, load.getLoc(), element,
                                         load.getResult());
    load.getResult().replaceAllUsesExcept(cast.getResult(), cast);
  });
  func.walk([&](memref::StoreOp store) {
    Type element = store.getValue().getType();
    if (!isStoredAsInteger(element))
      return;
    builder.setInsertionPoint(store);
    Value bits = arith::BitcastOp::create(builder, store.getLoc(),
                                          integerFor(element), store.getValue());
    store.getValueMutable().assign(bits);
  });

  // Values carried by control flow (masked loads are scf.if results) travel
  // as integers too, so that only arithmetic sees the float type.
  TypeConverter converter;
  converter.addConversion([](Type type) { return type; });
  converter.addConversion([&](FloatType type) -> Type {
    if (isStoredAsInteger(type))
      return integerFor(type);
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
