//===- SubgroupRowBarriers.cpp - barriers a subgroup can pass alone -------===//
//
// Attention's key loop orders its phases with workgroup barriers: the
// scores' fragments are stored, then one invocation per row reads its row
// and stores probabilities and row scales, then each subgroup loads the
// probabilities and scales of the rows it multiplies. When every subgroup
// owns the same rows in all three (R consecutive rows for subgroup k:
// [k R, k R + R)), the hand-offs stay inside a subgroup, and a subgroup
// barrier orders them: the four warps no longer wait for each other between
// the softmax and the second dot.
//
// An access to a workgroup buffer touches rows of subgroup k alone when its
// row index (the first) is
//   * subgroup_id * R + c, for a fragment (16 rows, c + 16 <= R; a
//     row-major tile, or a row vector read with stride 0) or one element
//     (c < R), or
//   * thread_id, for one element (R = the subgroup size: subgroup k is
//     invocations [k S, k S + S), a device fact the profile states).
// A barrier becomes a subgroup barrier when every buffer written on one
// side and accessed on the other, between the workgroup barriers around it,
// is accessed that way with one R throughout. The last barrier of a loop
// body (which orders one iteration against the next) and barriers after an
// op holding barriers stay as they are.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "MemorySpaces.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_SUBGROUPROWBARRIERS
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
constexpr int64_t kFragmentRows = 16;

/// subgroup * subgroupCoefficient + thread * threadCoefficient + constant.
struct LinearIndex {
  int64_t subgroup = 0, thread = 0, constant = 0;
};

std::optional<LinearIndex> linearIndexOf(Value value, int depth = 0) {
  if (depth > 8)
    return std::nullopt;
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return LinearIndex{0, 0, *constant};
  Operation *def = value.getDefiningOp();
  if (!def)
    return std::nullopt;
  if (isa<gpu::SubgroupIdOp>(def))
    return LinearIndex{1, 0, 0};
  if (auto thread = dyn_cast<gpu::ThreadIdOp>(def))
    return thread.getDimension() == gpu::Dimension::x
               ? std::optional(LinearIndex{0, 1, 0})
               : std::nullopt;
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(def))
    return linearIndexOf(def->getOperand(0), depth + 1);
  if (isa<arith::AddIOp, arith::MulIOp>(def)) {
    std::optional<LinearIndex> lhs = linearIndexOf(def->getOperand(0), depth + 1);
    std::optional<LinearIndex> rhs = linearIndexOf(def->getOperand(1), depth + 1);
    if (!lhs || !rhs)
      return std::nullopt;
    if (isa<arith::AddIOp>(def))
      return LinearIndex{lhs->subgroup + rhs->subgroup,
                         lhs->thread + rhs->thread,
                         lhs->constant + rhs->constant};
    auto scaled = [](LinearIndex x, int64_t f) {
      return LinearIndex{x.subgroup * f, x.thread * f, x.constant * f};
    };
    if (!rhs->subgroup && !rhs->thread)
      return scaled(*lhs, rhs->constant);
    if (!lhs->subgroup && !lhs->thread)
      return scaled(*rhs, lhs->constant);
  }
  return std::nullopt;
}

/// One access to a workgroup buffer: R when it touches rows of its own
/// subgroup only (rows [k R, k R + R) in subgroup k), 0 otherwise.
struct Access {
  Value buffer;
  bool write;
  int64_t rowsPerSubgroup;
};

Value rootBuffer(Value memref) {
  while (auto view = memref.getDefiningOp<ViewLikeOpInterface>())
    memref = view.getViewSource();
  return memref;
}

/// R for an access whose first index is `row` and that touches `rows` rows
/// from it, or 0.
int64_t ownRows(Value row, int64_t rows, int64_t subgroupSize) {
  std::optional<LinearIndex> index = linearIndexOf(row);
  if (!index)
    return 0;
  if (!index->thread && index->subgroup > 0 && index->constant >= 0 &&
      index->constant + rows <= index->subgroup)
    return index->subgroup;
  if (!index->subgroup && index->thread == 1 && !index->constant && rows == 1)
    return subgroupSize;
  return 0;
}

/// The workgroup accesses inside `op` (itself included); an op of a kind
/// not understood counts as writing any row of each buffer it takes.
void collectAccesses(Operation *op, int64_t subgroupSize,
                     SmallVectorImpl<Access> &accesses) {
  op->walk([&](Operation *inner) {
    auto add = [&](Value memref, bool write, int64_t rows) {
      accesses.push_back({rootBuffer(memref), write, rows});
    };
    if (auto load = dyn_cast<memref::LoadOp>(inner)) {
      if (triton_spirv::isWorkgroupMemref(load.getMemRef()))
        add(load.getMemRef(), false,
            load.getIndices().empty()
                ? 0
                : ownRows(load.getIndices().front(), 1, subgroupSize));
      return;
    }
    if (auto store = dyn_cast<memref::StoreOp>(inner)) {
      if (triton_spirv::isWorkgroupMemref(store.getMemRef()))
        add(store.getMemRef(), true,
            store.getIndices().empty()
                ? 0
                : ownRows(store.getIndices().front(), 1, subgroupSize));
      return;
    }
    // A vector along a row of a 2-D (or more) buffer stays in its row.
    auto vectorRows = [&](MemRefType type, VectorType vector) -> int64_t {
      return type.getRank() >= 2 ? 1 : vector.getNumElements();
    };
    if (auto load = dyn_cast<vector::LoadOp>(inner)) {
      if (triton_spirv::isWorkgroupMemref(load.getBase()))
        add(load.getBase(), false,
            ownRows(load.getIndices().front(),
                    vectorRows(load.getMemRefType(), load.getVectorType()),
                    subgroupSize));
      return;
    }
    if (auto store = dyn_cast<vector::StoreOp>(inner)) {
      if (triton_spirv::isWorkgroupMemref(store.getBase()))
        add(store.getBase(), true,
            ownRows(store.getIndices().front(),
                    vectorRows(store.getMemRefType(), store.getVectorType()),
                    subgroupSize));
      return;
    }
    if (auto load = dyn_cast<gpu::SubgroupMmaLoadMatrixOp>(inner)) {
      Value memref = load.getSrcMemref();
      if (!triton_spirv::isWorkgroupMemref(memref))
        return;
      auto type = cast<MemRefType>(memref.getType());
      bool transposed = load.getTranspose().value_or(false);
      // Row-major tiles; a row vector read with stride 0 is 16 rows too.
      bool rowsFirst = (type.getRank() == 2 && !transposed) ||
                       (type.getRank() == 1 && transposed &&
                        load.getLeadDimension().isZero());
      add(memref, false,
          rowsFirst ? ownRows(load.getIndices().front(), kFragmentRows,
                              subgroupSize)
                    : 0);
      return;
    }
    if (auto store = dyn_cast<gpu::SubgroupMmaStoreMatrixOp>(inner)) {
      Value memref = store.getDstMemref();
      if (!triton_spirv::isWorkgroupMemref(memref))
        return;
      auto type = cast<MemRefType>(memref.getType());
      bool rowsFirst = type.getRank() == 2 && !store.getTranspose().value_or(false);
      add(memref, true,
          rowsFirst ? ownRows(store.getIndices().front(), kFragmentRows,
                              subgroupSize)
                    : 0);
      return;
    }
    // Any other op on workgroup memory: any row.
    for (Value operand : inner->getOperands())
      if (triton_spirv::isWorkgroupMemref(operand) &&
          !isa<ViewLikeOpInterface>(inner))
        add(operand, true, 0);
  });
}

/// Whether the accesses on the two sides of a barrier conflict only within
/// subgroups: every buffer written on one side and accessed on the other is
/// accessed on both by rows of the accessing subgroup, with one R.
bool onlyOwnRows(ArrayRef<Access> before, ArrayRef<Access> after) {
  for (const Access &a : before)
    for (const Access &b : after) {
      if (a.buffer != b.buffer || (!a.write && !b.write))
        continue;
      if (!a.rowsPerSubgroup || a.rowsPerSubgroup != b.rowsPerSubgroup)
        return false;
    }
  return true;
}

struct SubgroupRowBarriersPass
    : triton_spirv::impl::SubgroupRowBarriersBase<SubgroupRowBarriersPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation().walk([&](scf::ForOp loop) { narrow(loop); });
  }

  static bool holdsBarrier(Operation *op) {
    return op->getNumRegions() != 0 &&
           op->walk([](gpu::BarrierOp) { return WalkResult::interrupt(); })
               .wasInterrupted();
  }

  /// Walks a loop body's barriers in order; `pending` holds the accesses
  /// since the last workgroup barrier.
  void narrow(scf::ForOp loop) {
    Block &body = *loop.getBody();
    SmallVector<gpu::BarrierOp> barriers;
    for (Operation &op : body)
      if (auto barrier = dyn_cast<gpu::BarrierOp>(op))
        barriers.push_back(barrier);
    if (barriers.size() < 2)
      return;
    // Before the first barrier run the previous iteration's ops after its
    // last barrier (which stays a workgroup barrier) or, the first time,
    // the ops before the loop since a workgroup barrier.
    SmallVector<Access> pending;
    for (Operation *op = barriers.back()->getNextNode(); op;
         op = op->getNextNode()) {
      if (holdsBarrier(op))
        return;
      collectAccesses(op, subgroupSize, pending);
    }
    Operation *before = loop->getPrevNode();
    for (; before; before = before->getPrevNode()) {
      if (auto barrier = dyn_cast<gpu::BarrierOp>(before);
          barrier && !barrier->hasAttr(triton_spirv::kSubgroupBarrierAttr))
        break;
      if (holdsBarrier(before))
        return;
      collectAccesses(before, subgroupSize, pending);
    }
    if (!before && !isa<func::FuncOp>(loop->getParentOp()))
      return;

    Operation *op = &body.front();
    for (gpu::BarrierOp barrier : ArrayRef(barriers).drop_back()) {
      bool opaque = false;
      for (; op != barrier.getOperation(); op = op->getNextNode()) {
        opaque |= holdsBarrier(op);
        collectAccesses(op, subgroupSize, pending);
      }
      op = barrier->getNextNode();
      SmallVector<Access> next;
      for (Operation *after = op; after && !isa<gpu::BarrierOp>(after);
           after = after->getNextNode()) {
        opaque |= holdsBarrier(after);
        collectAccesses(after, subgroupSize, next);
      }
      if (opaque || barrier->hasAttr(triton_spirv::kUserBarrierAttr) ||
          barrier->hasAttr(triton_spirv::kGlobalMemoryBarrierAttr) ||
          !onlyOwnRows(pending, next)) {
        pending.clear();
        continue;
      }
      barrier->setAttr(triton_spirv::kSubgroupBarrierAttr,
                       UnitAttr::get(&getContext()));
    }
  }
};
} // namespace
