//===- FragmentEpilogue.cpp - accumulators that never fill workgroup memory ===//
//
// A cooperative-matrix matmul leaves its M x N accumulator C in workgroup
// memory: filled with a constant, loaded as fragments before the K loop,
// stored back after it and read by the distributed epilogue. For a 128x64
// f32 block that is 32 KiB of the device's 48, too much to double-buffer the
// A and B tiles. This pass removes C:
//
//  * fragments loaded from a constant-filled C start as constant matrices,
//    and the fill goes when the matmul's fragment stores overwrite all of C
//    before anything else reads it, or when nothing else reads C at all;
//  * an update of every element of C in place right after the fragments are
//    stored (scores scaled after their dot) is done on the fragments;
//  * the epilogue (one distributed loop over C's elements, reading C at its
//    own linear index) runs fragment by fragment: each subgroup stores one
//    fragment into its own 16x16 scratch tile, and its lanes run the loop's
//    body for the fragment's elements.
//
// C's alloc goes away when nothing else uses it; the scratch takes
// subgroups x 1 KiB (f32).
//
//===----------------------------------------------------------------------===//
#include "Matmul/CooperativeMatmul.h"
#include "triton-spirv/Conversion/Passes.h"

#include "Distribution/InvocationVariance.h"
#include "MemorySpaces.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_FRAGMENTEPILOGUE
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;
using mlir::triton_spirv::InvocationVariance;
using mlir::triton_spirv::isGlobalBuffer;
using mlir::triton_spirv::isInvocationId;
using mlir::triton_spirv::isWorkgroupMemref;

namespace {
constexpr int64_t kFragment = 16;

int64_t vectorWidthOf(Type element) {
  auto vector = dyn_cast<VectorType>(element);
  return vector ? vector.getNumElements() : 1;
}

Value constantIndex(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

bool isConstant(Value value, int64_t expected) {
  std::optional<int64_t> constant = getConstantIntValue(value);
  return constant && *constant == expected;
}

//===----------------------------------------------------------------------===//
// Constant accumulators
//===----------------------------------------------------------------------===//

/// Whether `user` of C is an element store (memref or vector).
bool isElementStore(Operation *user) {
  return isa<memref::StoreOp, vector::StoreOp>(user);
}

/// The scalar every element store into `c` writes, when all of them write
/// one constant before `before` (in its block) and nothing else writes `c`
/// before it. Element stores after `firstFragmentStore` (C updated in place
/// once the fragments are back) do not matter.
std::optional<TypedAttr> uniformFill(Value c, Operation *before,
                                     Operation *firstFragmentStore) {
  std::optional<TypedAttr> fill;
  for (Operation *user : c.getUsers()) {
    Value stored;
    Operation *top = before->getBlock()->findAncestorOpInBlock(*user);
    if (isa<memref::LoadOp, vector::LoadOp, gpu::SubgroupMmaLoadMatrixOp>(user))
      continue;
    // Fragments written back only after the loads.
    if (isa<gpu::SubgroupMmaStoreMatrixOp>(user)) {
      if (!top || top == before || top->isBeforeInBlock(before))
        return std::nullopt;
      continue;
    }
    if (isElementStore(user) && top && firstFragmentStore &&
        firstFragmentStore->isBeforeInBlock(top))
      continue;
    if (auto store = dyn_cast<memref::StoreOp>(user))
      stored = store.getValue();
    else if (auto store = dyn_cast<vector::StoreOp>(user))
      stored = store.getValueToStore();
    else
      return std::nullopt;
    if (!top || !top->isBeforeInBlock(before))
      return std::nullopt;
    Attribute value;
    if (!matchPattern(stored, m_Constant(&value)))
      return std::nullopt;
    if (auto splat = dyn_cast<SplatElementsAttr>(value))
      value = splat.getSplatValue<Attribute>();
    auto scalar = dyn_cast<TypedAttr>(value);
    if (!scalar || (fill && *fill != scalar))
      return std::nullopt;
    fill = scalar;
  }
  return fill;
}

void eraseFill(ArrayRef<Operation *> fillStores);

/// The users of `value` that are `OpTy` ops.
template <typename OpTy>
SmallVector<OpTy> usersOfType(Value value) {
  SmallVector<OpTy> users;
  for (Operation *user : value.getUsers())
    if (auto op = dyn_cast<OpTy>(user))
      users.push_back(op);
  return users;
}

/// Fragments loaded from constant-filled C become constant matrices.
void startFromConstants(Value c) {
  SmallVector<gpu::SubgroupMmaLoadMatrixOp> loads =
      usersOfType<gpu::SubgroupMmaLoadMatrixOp>(c);
  if (loads.empty())
    return;
  Block *block = loads.front()->getBlock();
  Operation *first = loads.front();
  for (gpu::SubgroupMmaLoadMatrixOp load : loads) {
    if (load->getBlock() != block)
      return;
    if (load->isBeforeInBlock(first))
      first = load;
  }
  // Only loads before C's first fragment store see the fill: a second matmul
  // accumulating into C (two K loops, as attention's backward dq) starts from
  // what the first stored.
  Operation *firstStore = nullptr;
  for (Operation *user : c.getUsers())
    if (isa<gpu::SubgroupMmaStoreMatrixOp>(user))
      if (Operation *top = block->findAncestorOpInBlock(*user))
        if (!firstStore || top->isBeforeInBlock(firstStore))
          firstStore = top;
  std::optional<TypedAttr> fill = uniformFill(c, first, firstStore);
  if (!fill)
    return;
  bool allReplaced = true;
  for (gpu::SubgroupMmaLoadMatrixOp load : loads) {
    if (firstStore && firstStore->isBeforeInBlock(load)) {
      allReplaced = false;
      continue;
    }
    OpBuilder builder(load);
    Value scalar = arith::ConstantOp::create(builder, load.getLoc(), *fill);
    Value matrix = gpu::SubgroupMmaConstantMatrixOp::create(
        builder, load.getLoc(), load.getType(), scalar);
    load.replaceAllUsesWith(matrix);
    load.erase();
  }
  if (!allReplaced)
    return;
  // With no fragment stores (fragment-row-phases took S's), nothing reads
  // the fill any more.
  if (!firstStore) {
    SmallVector<Operation *> fillStores(c.getUsers());
    if (llvm::all_of(fillStores, isElementStore))
      eraseFill(fillStores);
    return;
  }
  // The fill is dead when the fragment stores, which together write all of
  // C, come before every other read.
  SmallVector<Operation *> fillStores;
  Operation *lastStore = firstStore;
  for (Operation *user : c.getUsers()) {
    if (!isa<gpu::SubgroupMmaStoreMatrixOp>(user))
      continue;
    Operation *top = block->findAncestorOpInBlock(*user);
    if (!user->hasAttr(triton_spirv::kCoversAccumulatorAttr) || !top)
      return;
    if (lastStore->isBeforeInBlock(top))
      lastStore = top;
  }
  for (Operation *user : c.getUsers()) {
    if (isa<gpu::SubgroupMmaStoreMatrixOp>(user))
      continue;
    Operation *top = block->findAncestorOpInBlock(*user);
    if (isElementStore(user) && top && top->isBeforeInBlock(firstStore)) {
      fillStores.push_back(user);
      continue;
    }
    if (!top || !lastStore->isBeforeInBlock(top))
      return;
  }
  eraseFill(fillStores);
}

/// Erases the stores that filled C and the loops left without work.
void eraseFill(ArrayRef<Operation *> fillStores) {
  SetVector<Block *> blocks;
  for (Operation *store : fillStores) {
    Operation *parent = store->getParentOp();
    Block *block = store->getBlock();
    store->erase();
    while (parent && isa<scf::ForOp>(parent) && parent->getNumResults() == 0 &&
           isMemoryEffectFree(parent)) {
      Operation *next = parent->getParentOp();
      block = parent->getBlock();
      parent->erase();
      parent = next;
    }
    blocks.insert(block);
  }
  for (Block *block : blocks)
    triton_spirv::eraseRepeatedBarriers(block);
}

//===----------------------------------------------------------------------===//
// Fragments passed from one K loop to the next
//===----------------------------------------------------------------------===//

/// Whether `op` is one of C's fragment stores (together they write all of C).
bool isCoveringStore(Operation *op, Value c) {
  auto store = dyn_cast<gpu::SubgroupMmaStoreMatrixOp>(op);
  return store && store.getDstMemref() == c &&
         store->hasAttr(triton_spirv::kCoversAccumulatorAttr);
}

/// The value a fragment load of C reads when the group of C's fragment
/// stores just before it (past barriers, pure ops and other fragment loads of
/// C) stored it: same indices, stride and layout, so the same subgroup wrote
/// exactly these elements and no other subgroup's tile overlaps them.
Value storedFragment(gpu::SubgroupMmaLoadMatrixOp load, Value c) {
  Operation *op = load->getPrevNode();
  auto isTransparent = [&](Operation *between) {
    if (isa<gpu::BarrierOp>(between))
      return true;
    if (auto other = dyn_cast<gpu::SubgroupMmaLoadMatrixOp>(between))
      return other.getSrcMemref() == c;
    return isMemoryEffectFree(between) && between->getNumRegions() == 0;
  };
  while (op && isTransparent(op))
    op = op->getPrevNode();
  // One group of stores: one matmul's fragments, a partition of C.
  for (; op && isCoveringStore(op, c); op = op->getPrevNode()) {
    auto store = cast<gpu::SubgroupMmaStoreMatrixOp>(op);
    if (store.getSrc().getType() == load.getType() &&
        store.getIndices() == load.getIndices() &&
        store.getLeadDimension() == load.getLeadDimension() &&
        store.getTranspose() == load.getTranspose())
      return store.getSrc();
  }
  return nullptr;
}

/// Two K loops accumulating into C one after the other (causal attention's
/// off-diagonal and diagonal key blocks) pass the accumulator through C:
/// the first loop's fragments are stored and loaded back for the second.
/// The loads take the stored values instead, and a group of fragment stores
/// that nothing reads before the next group overwrites all of C goes.
void forwardStoredFragments(Value c) {
  for (gpu::SubgroupMmaLoadMatrixOp load :
       usersOfType<gpu::SubgroupMmaLoadMatrixOp>(c)) {
    if (Value stored = storedFragment(load, c)) {
      load.replaceAllUsesWith(stored);
      load.erase();
    }
  }
  // Groups are a matmul's stores right after its K loop: a new group starts
  // at a fragment store that follows a loop (the next matmul's).
  Block *block = c.getParentBlock();
  SmallVector<Operation *> group;
  bool loopSinceGroup = false;
  for (Operation &op : llvm::make_early_inc_range(*block)) {
    if (isCoveringStore(&op, c)) {
      if (loopSinceGroup) {
        for (Operation *dead : group)
          dead->erase();
        group.clear();
      }
      loopSinceGroup = false;
      group.push_back(&op);
      continue;
    }
    if (llvm::any_of(c.getUsers(),
                     [&](Operation *user) { return op.isAncestor(user); })) {
      group.clear();
      loopSinceGroup = false;
      continue;
    }
    loopSinceGroup |= op.getNumRegions() != 0;
  }
}

//===----------------------------------------------------------------------===//
// Elementwise updates of C in place
//===----------------------------------------------------------------------===//

/// The fragment operation of an elementwise arithmetic op, if it has one.
std::optional<gpu::MMAElementwiseOp> fragmentOpOf(Operation *op) {
  if (isa<arith::MulFOp>(op))
    return gpu::MMAElementwiseOp::MULF;
  if (isa<arith::AddFOp>(op))
    return gpu::MMAElementwiseOp::ADDF;
  if (isa<arith::SubFOp>(op))
    return gpu::MMAElementwiseOp::SUBF;
  if (isa<arith::DivFOp>(op))
    return gpu::MMAElementwiseOp::DIVF;
  if (isa<arith::NegFOp>(op))
    return gpu::MMAElementwiseOp::NEGATEF;
  return std::nullopt;
}

/// `C[e] = f(C[e])` for every element, right after the fragments are
/// stored (attention's scores scaled in place): the loop, its element
/// load and store into C, and f's ops, from the loaded value to the stored
/// one, each with one operand on that path and the others uniform scalars.
struct InPlaceUpdate {
  scf::ForOp loop;
  SmallVector<Operation *> chain; // f's ops, loaded value first
};

std::optional<InPlaceUpdate> matchInPlaceUpdate(Value c, scf::ForOp loop) {
  auto type = cast<MemRefType>(c.getType());
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
  if (!lb || *lb != 0 || !ub || *ub != type.getNumElements() ||
      isa<VectorType>(type.getElementType()) || loop.getNumResults() != 0)
    return std::nullopt;
  memref::LoadOp load;
  memref::StoreOp store;
  WalkResult walk = loop.getBody()->walk([&](Operation *op) {
    if (auto l = dyn_cast<memref::LoadOp>(op); l && l.getMemRef() == c && !load) {
      load = l;
      return WalkResult::advance();
    }
    if (auto st = dyn_cast<memref::StoreOp>(op); st && st.getMemRef() == c && !store) {
      store = st;
      return WalkResult::advance();
    }
    if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() || isMemoryEffectFree(op))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  if (walk.wasInterrupted() || !load || !store ||
      load.getIndices() != store.getIndices() ||
      load->getBlock() != store->getBlock())
    return std::nullopt;
  // From the stored value back to the loaded one.
  InvocationVariance variance(loop->getParentOfType<func::FuncOp>());
  InPlaceUpdate update{loop, {}};
  Value value = store.getValue();
  while (value != load.getResult()) {
    Operation *op = value.getDefiningOp();
    if (!op || op->getBlock() != load->getBlock() || !fragmentOpOf(op) ||
        op->getNumResults() != 1 || !value.hasOneUse())
      return std::nullopt;
    Value onPath;
    for (Value operand : op->getOperands()) {
      if (!loop.isDefinedOutsideOfLoop(operand)) {
        if (onPath)
          return std::nullopt;
        onPath = operand;
      } else if (!operand.getType().isF32() || variance.varies(operand)) {
        return std::nullopt;
      }
    }
    if (!onPath)
      return std::nullopt;
    update.chain.push_back(op);
    value = onPath;
  }
  if (!load.getResult().hasOneUse() || update.chain.empty())
    return std::nullopt;
  std::reverse(update.chain.begin(), update.chain.end());
  return update;
}

/// C's fragment stores (one block, covering C) are followed, past barriers
/// and pure ops, by a loop updating every element of C in place with
/// arithmetic fragments also have: the fragments get the update before they
/// are stored, and the loop with its read-modify-write of C goes.
void updateFragmentsInPlace(Value c) {
  SmallVector<gpu::SubgroupMmaStoreMatrixOp> stores =
      usersOfType<gpu::SubgroupMmaStoreMatrixOp>(c);
  if (stores.empty())
    return;
  Block *block = stores.front()->getBlock();
  Operation *last = stores.front();
  for (gpu::SubgroupMmaStoreMatrixOp store : stores) {
    if (store->getBlock() != block ||
        !store->hasAttr(triton_spirv::kCoversAccumulatorAttr) ||
        !cast<gpu::MMAMatrixType>(store.getSrc().getType()).getElementType().isF32())
      return;
    if (last->isBeforeInBlock(store))
      last = store;
  }
  Operation *next = last->getNextNode();
  while (next && (isa<gpu::BarrierOp>(next) ||
                  (isMemoryEffectFree(next) && next->getNumRegions() == 0)))
    next = next->getNextNode();
  auto loop = dyn_cast_or_null<scf::ForOp>(next);
  if (!loop)
    return;
  std::optional<InPlaceUpdate> update = matchInPlaceUpdate(c, loop);
  if (!update)
    return;
  for (gpu::SubgroupMmaStoreMatrixOp store : stores) {
    OpBuilder builder(store);
    Location loc = store.getLoc();
    Value fragment = store.getSrc();
    auto fragmentType = cast<gpu::MMAMatrixType>(fragment.getType());
    for (Operation *op : update->chain) {
      SmallVector<Value> operands;
      for (Value operand : op->getOperands()) {
        if (!loop.isDefinedOutsideOfLoop(operand))
          operands.push_back(fragment);
        else
          operands.push_back(gpu::SubgroupMmaConstantMatrixOp::create(
              builder, loc, fragmentType, operand));
      }
      fragment = gpu::SubgroupMmaElementwiseOp::create(
          builder, loc, fragmentType, operands, *fragmentOpOf(op));
    }
    store.getSrcMutable().assign(fragment);
  }
  loop.erase();
  triton_spirv::eraseRepeatedBarriers(block);
}

//===----------------------------------------------------------------------===//
// Fragment-wise epilogue
//===----------------------------------------------------------------------===//

/// The distributed loop that reads C: `for iv = 0 to M*N step S`, element
/// `linear = iv + tid * width`, C read only at (linear / N, linear % N).
struct EpilogueLoop {
  scf::ForOp loop;
  Operation *linearIndex; // the addi producing `linear`
  SmallVector<Operation *> reads; // loads of C
};

/// Whether `value` is `linear / n` (element row).
bool isRowOf(Value value, Value linear, int64_t n) {
  auto div = value.getDefiningOp<arith::DivUIOp>();
  return div && div.getLhs() == linear &&
         isConstant(div.getRhs(), n);
}

/// Whether `value` is C's column index of element `linear`: linear % n,
/// divided by `width` when C holds vectors.
bool isColumnOf(Value value, Value linear, int64_t n, int64_t width) {
  if (width > 1) {
    auto div = value.getDefiningOp<arith::DivUIOp>();
    if (!div || !isConstant(div.getRhs(), width))
      return false;
    value = div.getLhs();
  }
  auto rem = value.getDefiningOp<arith::RemUIOp>();
  return rem && rem.getLhs() == linear &&
         isConstant(rem.getRhs(), n);
}

std::optional<EpilogueLoop> matchEpilogue(scf::ForOp loop, Value c) {
  auto type = cast<MemRefType>(c.getType());
  int64_t width = vectorWidthOf(type.getElementType());
  int64_t rowLength = type.getDimSize(1) * width;
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
  if (!lb || *lb != 0 || !ub || *ub != type.getDimSize(0) * rowLength ||
      loop.getNumResults() != 0 || !loop.getInductionVar().hasOneUse())
    return std::nullopt;
  auto linear = dyn_cast<arith::AddIOp>(*loop.getInductionVar().user_begin());
  if (!linear || linear->getBlock() != loop.getBody())
    return std::nullopt;
  Value offset = linear.getLhs() == loop.getInductionVar() ? linear.getRhs()
                                                           : linear.getLhs();
  // offset = thread_id * width: the distribution's own coverage.
  Value tid = offset;
  if (width > 1) {
    auto mul = offset.getDefiningOp<arith::MulIOp>();
    if (!mul || !isConstant(mul.getRhs(), width))
      return std::nullopt;
    tid = mul.getLhs();
  }
  if (!tid.getDefiningOp<gpu::ThreadIdOp>())
    return std::nullopt;

  EpilogueLoop epilogue{loop, linear, {}};
  // Values from outside the loop, checked once each after the walk.
  llvm::SetVector<Value> outsideValues;
  WalkResult walk = loop.getBody()->walk([&](Operation *op) {
    if (isInvocationId(op))
      return WalkResult::interrupt();
    for (Value operand : op->getOperands()) {
      // The invocation's offset may only form `linear`.
      if (operand == offset) {
        if (op != linear.getOperation())
          return WalkResult::interrupt();
        continue;
      }
      if (loop.isDefinedOutsideOfLoop(operand))
        outsideValues.insert(operand);
    }
    if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() ||
        isMemoryEffectFree(op))
      return WalkResult::advance();
    Value memref;
    ValueRange indices;
    bool isRead = true;
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      memref = load.getMemRef();
      indices = load.getIndices();
    } else if (auto load = dyn_cast<vector::LoadOp>(op)) {
      memref = load.getBase();
      if (memref == c) // C is read whole elements at a time
        return WalkResult::interrupt();
    } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
      memref = store.getMemRef();
      isRead = false;
    } else if (auto store = dyn_cast<vector::StoreOp>(op)) {
      memref = store.getBase();
      isRead = false;
    } else {
      return WalkResult::interrupt();
    }
    if (memref == c) {
      // Reads directly in the body: they are the ones emitBody replaces.
      if (!isRead || op->getBlock() != loop.getBody() || indices.size() != 2 ||
          !isRowOf(indices[0], linear, rowLength) ||
          !isColumnOf(indices[1], linear, rowLength, width))
        return WalkResult::interrupt();
      epilogue.reads.push_back(op);
      return WalkResult::advance();
    }
    // Other buffers: global ones, and workgroup ones for reading.
    if (isGlobalBuffer(memref) || (isRead && isWorkgroupMemref(memref)))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  InvocationVariance variance(loop->getParentOfType<func::FuncOp>());
  if (walk.wasInterrupted() || epilogue.reads.empty() ||
      llvm::any_of(outsideValues, [&](Value value) { return variance.varies(value); }))
    return std::nullopt;
  return epilogue;
}

struct FragmentEpiloguePass
    : triton_spirv::impl::FragmentEpilogueBase<FragmentEpiloguePass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<memref::AllocOp> accumulators;
    getOperation().walk([&](memref::AllocOp alloc) {
      auto type = alloc.getType();
      if (isWorkgroupMemref(alloc) && type.getRank() == 2 &&
          type.hasStaticShape() &&
          llvm::any_of(alloc->getUsers(), [](Operation *user) {
            auto load = dyn_cast<gpu::SubgroupMmaLoadMatrixOp>(user);
            return isa<gpu::SubgroupMmaStoreMatrixOp>(user) ||
                   (load && cast<gpu::MMAMatrixType>(load.getType())
                                    .getOperand() == "COp");
          }))
        accumulators.push_back(alloc);
    });
    for (memref::AllocOp alloc : accumulators) {
      forwardStoredFragments(alloc);
      startFromConstants(alloc);
      updateFragmentsInPlace(alloc);
      rewriteEpilogue(alloc);
    }
  }

  /// C's uses are fragment stores in one block, then one epilogue loop:
  /// run the loop fragment by fragment through a per-subgroup scratch tile.
  void rewriteEpilogue(memref::AllocOp alloc) {
    Value c = alloc.getResult();
    auto type = alloc.getType();
    int64_t width = vectorWidthOf(type.getElementType());
    int64_t rowLength = type.getDimSize(1) * width;
    if (kFragment % width)
      return;
    SmallVector<gpu::SubgroupMmaStoreMatrixOp> stores;
    SmallVector<Operation *> fillStores;
    scf::ForOp loop;
    for (Operation *user : c.getUsers()) {
      if (isa<memref::StoreOp, vector::StoreOp>(user)) {
        fillStores.push_back(user);
        continue;
      }
      if (auto store = dyn_cast<gpu::SubgroupMmaStoreMatrixOp>(user)) {
        if (store.getTranspose() ||
            store.getLeadDimension().getSExtValue() != type.getDimSize(1))
          return;
        stores.push_back(store);
        continue;
      }
      // The reading loop is the outermost scf.for below C's block.
      Operation *top = alloc->getBlock()->findAncestorOpInBlock(*user);
      auto topLoop = dyn_cast_or_null<scf::ForOp>(top);
      if (!topLoop || (loop && loop != topLoop))
        return;
      loop = topLoop;
    }
    if (stores.empty() || !loop)
      return;
    for (gpu::SubgroupMmaStoreMatrixOp store : stores)
      if (store->getBlock() != loop->getBlock() || !store->isBeforeInBlock(loop))
        return;
    llvm::sort(stores, [](Operation *a, Operation *b) {
      return a->isBeforeInBlock(b);
    });
    // Element stores only as C's fill, before the fragments are stored.
    for (Operation *fill : fillStores) {
      Operation *top = loop->getBlock()->findAncestorOpInBlock(*fill);
      if (!top || !top->isBeforeInBlock(stores.front()))
        return;
    }
    std::optional<EpilogueLoop> epilogue = matchEpilogue(loop, c);
    // Every user of C must be a fragment store or one of the loop's reads.
    if (!epilogue ||
        static_cast<size_t>(llvm::range_size(c.getUsers())) !=
            stores.size() + epilogue->reads.size() + fillStores.size())
      return;
    int64_t fragments = type.getDimSize(0) * rowLength / (kFragment * kFragment);
    if (fragments % static_cast<int64_t>(stores.size()))
      return;
    int64_t subgroups = fragments / static_cast<int64_t>(stores.size());

    Location loc = loop.getLoc();
    OpBuilder builder(alloc);
    auto scratchType = MemRefType::get(
        {subgroups * kFragment, kFragment / width}, type.getElementType(),
        nullptr, type.getMemorySpace());
    Value scratch = memref::AllocOp::create(builder, alloc.getLoc(), scratchType);

    builder.setInsertionPoint(loop);
    Value subgroup = gpu::SubgroupIdOp::create(builder, loc, nullptr);
    Value lane = gpu::LaneIdOp::create(builder, loc, nullptr);
    Value firstRow = arith::MulIOp::create(builder, loc, subgroup,
                                           constantIndex(builder, loc, kFragment));
    Value zero = constantIndex(builder, loc, 0);
    int64_t vectorsPerFragment = kFragment * kFragment / width;
    int64_t rounds = llvm::divideCeil(vectorsPerFragment, subgroupSize);
    Value fragmentSize = constantIndex(builder, loc, kFragment * kFragment);
    for (auto [index, store] : llvm::enumerate(stores)) {
      gpu::SubgroupMmaStoreMatrixOp::create(
          builder, loc, store.getSrc(), scratch, ValueRange{firstRow, zero},
          builder.getIndexAttr(kFragment / width), /*transpose=*/nullptr);
      gpu::BarrierOp::create(builder, loc);
      Value fragmentRow = store.getIndices()[0];
      Value fragmentColumn =
          width == 1 ? store.getIndices()[1]
                     : arith::MulIOp::create(builder, loc, store.getIndices()[1],
                                             constantIndex(builder, loc, width))
                           .getResult();
      for (int64_t round = 0; round < rounds; ++round) {
        // Element e of the fragment, row-major; lanes take consecutive runs.
        Value vector =
            round == 0 ? lane
                       : arith::AddIOp::create(
                             builder, loc, lane,
                             constantIndex(builder, loc, round * subgroupSize))
                             .getResult();
        Value element =
            width == 1 ? vector
                       : arith::MulIOp::create(builder, loc, vector,
                                               constantIndex(builder, loc, width))
                             .getResult();
        OpBuilder::InsertionGuard guard(builder);
        if ((round + 1) * subgroupSize > vectorsPerFragment) {
          Value inFragment = arith::CmpIOp::create(
              builder, loc, arith::CmpIPredicate::ult, element, fragmentSize);
          auto ifOp = scf::IfOp::create(builder, loc, inFragment,
                                        /*withElseRegion=*/false);
          builder.setInsertionPointToStart(ifOp.thenBlock());
        }
        emitBody(builder, loc, *epilogue, element, fragmentRow, fragmentColumn,
                 firstRow, scratch, width, rowLength);
      }
      if (index + 1 != stores.size())
        gpu::BarrierOp::create(builder, loc);
    }
    for (gpu::SubgroupMmaStoreMatrixOp store : stores)
      store.erase();
    loop.erase();
    eraseFill(fillStores);
    alloc.erase();
  }

  /// The epilogue body for fragment element `element` (row-major within the
  /// fragment at fragmentRow, fragmentColumn); C reads come from the scratch.
  void emitBody(OpBuilder &builder, Location loc, EpilogueLoop &epilogue,
                Value element, Value fragmentRow, Value fragmentColumn,
                Value firstRow, Value scratch, int64_t width,
                int64_t rowLength) {
    Value fragmentSide = constantIndex(builder, loc, kFragment);
    Value row = arith::DivUIOp::create(builder, loc, element, fragmentSide);
    Value column = arith::RemUIOp::create(builder, loc, element, fragmentSide);
    Value cRow = arith::AddIOp::create(builder, loc, fragmentRow, row);
    Value cColumn = arith::AddIOp::create(builder, loc, fragmentColumn, column);
    Value linear = arith::AddIOp::create(
        builder, loc,
        arith::MulIOp::create(builder, loc, cRow,
                              constantIndex(builder, loc, rowLength)),
        cColumn);
    Value scratchRow = arith::AddIOp::create(builder, loc, firstRow, row);
    Value scratchColumn =
        width > 1 ? arith::DivUIOp::create(builder, loc, column,
                                           constantIndex(builder, loc, width))
                        .getResult()
                  : column;
    IRMapping mapping;
    mapping.map(epilogue.linearIndex->getResult(0), linear);
    for (Operation &op : epilogue.loop.getBody()->without_terminator()) {
      if (&op == epilogue.linearIndex)
        continue;
      if (llvm::is_contained(epilogue.reads, &op)) {
        Value read = memref::LoadOp::create(
            builder, loc, scratch, ValueRange{scratchRow, scratchColumn});
        mapping.map(op.getResult(0), read);
        continue;
      }
      builder.clone(op, mapping);
    }
  }
};
} // namespace
