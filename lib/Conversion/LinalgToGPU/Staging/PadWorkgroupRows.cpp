//===- PadWorkgroupRows.cpp - workgroup buffers without bank conflicts ----===//
//
// Shared memory serves a subgroup's accesses in one pass only when they hit
// different banks (NVIDIA: 32 banks of 4 bytes, 128 bytes a row of banks).
// A workgroup buffer whose rows are a multiple of that long puts one column
// of every row into the same bank, and the accesses that walk columns of
// several rows at once serialize: a row reduction with two lanes per row of
// a 64x64 f32 block reads 16 rows in one step (16 times the time), as do
// cooperative-matrix loads and stores of such rows. Rows a few bytes longer
// than the allocation needs spread the columns over the banks.
//
// The last dimension of such a buffer grows by `pad-bytes` (16 keeps vector
// and cooperative-matrix accesses aligned); its accesses keep their indices,
// and cooperative-matrix ops their stride, now the padded row. Buffers used
// any other way (views, casts) are left alone.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "MemorySpaces.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_PADWORKGROUPROWS
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
/// Whether every use of `buffer` indexes it element by element (loads,
/// stores, cooperative-matrix loads and stores whose stride is one row):
/// such uses see the same elements in a buffer with longer rows.
bool onlyIndexed(Value buffer, int64_t rowLength) {
  for (Operation *user : buffer.getUsers()) {
    if (isa<memref::LoadOp, memref::StoreOp, vector::LoadOp, vector::StoreOp,
            memref::DeallocOp>(user))
      continue;
    if (auto load = dyn_cast<gpu::SubgroupMmaLoadMatrixOp>(user)) {
      if (load.getSrcMemref() == buffer &&
          load.getLeadDimension().getSExtValue() == rowLength)
        continue;
      return false;
    }
    if (auto store = dyn_cast<gpu::SubgroupMmaStoreMatrixOp>(user)) {
      if (store.getDstMemref() == buffer &&
          store.getLeadDimension().getSExtValue() == rowLength)
        continue;
      return false;
    }
    return false;
  }
  return true;
}

struct PadWorkgroupRowsPass
    : triton_spirv::impl::PadWorkgroupRowsBase<PadWorkgroupRowsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (bankBytes <= 0 || padBytes <= 0)
      return;
    getOperation().walk([&](memref::AllocOp alloc) {
      MemRefType type = alloc.getType();
      if (!triton_spirv::isWorkgroupMemref(alloc) || type.getRank() < 2 ||
          !type.hasStaticShape() || !type.getLayout().isIdentity() ||
          !getElementTypeOrSelf(type.getElementType()).isIntOrFloat())
        return;
      // One element's bytes, a vector element counted whole.
      int64_t bytes = triton_spirv::bytesOf(type) / type.getNumElements();
      int64_t rowLength = type.getShape().back();
      if (padBytes % bytes || (rowLength * bytes) % bankBytes ||
          !onlyIndexed(alloc.getResult(), rowLength))
        return;
      SmallVector<int64_t> shape(type.getShape());
      shape.back() += padBytes / bytes;
      auto padded = MemRefType::get(shape, type.getElementType(), AffineMap(),
                                    type.getMemorySpace());
      alloc.getResult().setType(padded);
      IntegerAttr stride = IntegerAttr::get(IndexType::get(&getContext()), shape.back());
      for (Operation *user : alloc->getUsers()) {
        if (auto load = dyn_cast<gpu::SubgroupMmaLoadMatrixOp>(user))
          load.setLeadDimensionAttr(stride);
        else if (auto store = dyn_cast<gpu::SubgroupMmaStoreMatrixOp>(user))
          store.setLeadDimensionAttr(stride);
      }
    });
  }
};
} // namespace
