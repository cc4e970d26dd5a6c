//===- SPIRVSpillWorkgroupMemory.cpp - workgroup buffers beyond the limit -===//
//
// Vulkan devices give 32-48 KiB of workgroup memory where Triton-CUDA kernels
// use up to 227 KiB. When a kernel's Workgroup variables exceed the device's
// limit, some move into global memory (on GPUs the least accessed set that
// frees enough, on lavapipe the largest): a scratch buffer the launcher
// provides, with one slice per program. The entry point gets three trailing
// arguments (recorded in `triton_spirv.hidden_arguments`):
//   scratch (i64 address), grid_x, grid_y (i32: the launch grid),
// from which each workgroup finds its slice,
//   scratch + ((z * grid_y + y) * grid_x + x) * bytes_per_program.
// Accesses to a moved variable become PhysicalStorageBuffer accesses
// (Aligned, on an explicitly laid out copy of its type), and the kernel's
// barriers (only the top-level ones where that suffices) order global memory
// too, so that the workgroup sees its writes.
// On lavapipe both memories are host memory; on a GPU the moved buffers live
// in L1/L2 instead of shared memory. With loop-staged (the lavapipe profile),
// tiles a loop stages each iteration move whatever their size: llvmpipe reads
// workgroup memory at lane-varying addresses one lane at a time, each lane
// behind a branch, where a global read is one gather.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "KernelToSPIRVPatterns.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVTypes.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <algorithm>

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_SPIRVSPILLWORKGROUPMEMORY
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
constexpr int64_t kSliceAlignment = 16; // the widest vector access

/// Bytes of a Workgroup variable's type; 0 where the layout is not one this
/// pass can reproduce in global memory (it then stays).
int64_t byteSize(Type type) {
  if (int64_t bytes = triton_spirv::scalarOrVectorBytes(type))
    return bytes;
  if (auto array = dyn_cast<spirv::ArrayType>(type))
    return array.getNumElements() * byteSize(array.getElementType());
  if (auto structType = dyn_cast<spirv::StructType>(type)) {
    if (structType.getNumElements() != 1)
      return 0;
    return byteSize(structType.getElementType(0));
  }
  return 0;
}

/// Bytes of the Workgroup variable `global` (0: see byteSize).
int64_t variableBytes(spirv::GlobalVariableOp global) {
  return byteSize(cast<spirv::PointerType>(global.getType()).getPointeeType());
}

/// The type with explicit layout (array strides, member offsets) that
/// PhysicalStorageBuffer pointees need.
Type withExplicitLayout(Type type) {
  if (auto array = dyn_cast<spirv::ArrayType>(type)) {
    Type element = withExplicitLayout(array.getElementType());
    return spirv::ArrayType::get(element, array.getNumElements(),
                                 byteSize(element));
  }
  if (auto structType = dyn_cast<spirv::StructType>(type))
    return spirv::StructType::get(
        {withExplicitLayout(structType.getElementType(0))},
        ArrayRef<spirv::StructType::OffsetInfo>{0});
  return type;
}

/// The alignment an access of `type` may claim: its size (slices start at
/// 16-byte boundaries and every element sits at a multiple of its size).
int32_t naturalAlignment(Type type) {
  int64_t size = byteSize(type);
  int64_t alignment = 1;
  while (alignment * 2 <= std::min<int64_t>(size, kSliceAlignment) &&
         size % (alignment * 2) == 0)
    alignment *= 2;
  return alignment;
}

bool isAccess(Operation *op) {
  return isa<spirv::LoadOp, spirv::StoreOp, spirv::KHRCooperativeMatrixLoadOp,
             spirv::KHRCooperativeMatrixStoreOp>(op);
}

/// Whether every use of the pointer (through access chains) is one this pass
/// rewrites; atomics on workgroup memory, for one, stay.
bool usesAreMovable(Value pointer) {
  for (Operation *user : pointer.getUsers()) {
    if (auto chain = dyn_cast<spirv::AccessChainOp>(user)) {
      if (chain.getBasePtr() != pointer || !usesAreMovable(chain.getResult()))
        return false;
      continue;
    }
    if (!isAccess(user))
      return false;
    if (auto store = dyn_cast<spirv::StoreOp>(user))
      if (store.getValue() == pointer)
        return false; // the address itself stored
    if (auto store = dyn_cast<spirv::KHRCooperativeMatrixStoreOp>(user))
      if (store.getPointer() != pointer)
        return false;
  }
  return true;
}

/// Collects the loads and stores reached from `pointer` through access chains.
void collectAccesses(Value pointer, SmallVectorImpl<Operation *> &loads,
                     SmallVectorImpl<Operation *> &stores) {
  for (Operation *user : pointer.getUsers()) {
    if (auto chain = dyn_cast<spirv::AccessChainOp>(user))
      collectAccesses(chain.getResult(), loads, stores);
    else if (isa<spirv::LoadOp, spirv::KHRCooperativeMatrixLoadOp>(user))
      loads.push_back(user);
    else if (isa<spirv::StoreOp, spirv::KHRCooperativeMatrixStoreOp>(user))
      stores.push_back(user);
  }
}

/// How often the variable behind `addresses` is accessed, statically: each
/// load or store counts 8^(enclosing structured loops).
int64_t accessWeight(ArrayRef<spirv::AddressOfOp> addresses) {
  SmallVector<Operation *> loads, stores;
  for (spirv::AddressOfOp address : addresses)
    collectAccesses(address.getResult(), loads, stores);
  int64_t weight = 0;
  for (ArrayRef<Operation *> accesses : {ArrayRef(loads), ArrayRef(stores)})
    for (Operation *access : accesses) {
      int64_t scale = 1;
      for (auto loop = access->getParentOfType<spirv::LoopOp>(); loop;
           loop = loop->getParentOfType<spirv::LoopOp>())
        scale = std::min<int64_t>(scale * 8, int64_t(1) << 40);
      weight += scale;
    }
  return weight;
}

/// Whether one structured loop contains both a store to and a load from the
/// variable behind `addresses`: a tile staged anew each iteration.
bool isStagedInLoop(ArrayRef<spirv::AddressOfOp> addresses) {
  SmallVector<Operation *> loads, stores;
  for (spirv::AddressOfOp address : addresses)
    collectAccesses(address.getResult(), loads, stores);
  auto enclosingLoops = [](Operation *op) {
    SmallVector<Operation *> loops;
    for (auto loop = op->getParentOfType<spirv::LoopOp>(); loop;
         loop = loop->getParentOfType<spirv::LoopOp>())
      loops.push_back(loop);
    return loops;
  };
  llvm::SmallPtrSet<Operation *, 8> storeLoops;
  for (Operation *store : stores)
    storeLoops.insert_range(enclosingLoops(store));
  return llvm::any_of(loads, [&](Operation *load) {
    return llvm::any_of(enclosingLoops(load), [&](Operation *loop) {
      return storeLoops.contains(loop);
    });
  });
}

/// Marks an access through a PhysicalStorageBuffer pointer Aligned.
void markAligned(Operation *op, Type pointee) {
  triton_spirv::addMemoryAccess(op, spirv::MemoryAccess::Aligned);
  auto alignment = IntegerAttr::get(IntegerType::get(op->getContext(), 32),
                                    naturalAlignment(pointee));
  if (auto load = dyn_cast<spirv::LoadOp>(op))
    load.setAlignmentAttr(alignment);
  else if (auto store = dyn_cast<spirv::StoreOp>(op))
    store.setAlignmentAttr(alignment);
  else if (auto load = dyn_cast<spirv::KHRCooperativeMatrixLoadOp>(op))
    load.setAlignmentAttr(alignment);
  else if (auto store = dyn_cast<spirv::KHRCooperativeMatrixStoreOp>(op))
    store.setAlignmentAttr(alignment);
}

/// Replaces the uses of `oldPointer` (a Workgroup pointer) by `newPointer`
/// (the PhysicalStorageBuffer one), access chains rebuilt on the way.
void redirect(Value oldPointer, Value newPointer,
              SmallVectorImpl<Operation *> &dead) {
  for (OpOperand &use : llvm::make_early_inc_range(oldPointer.getUses())) {
    Operation *user = use.getOwner();
    if (auto chain = dyn_cast<spirv::AccessChainOp>(user)) {
      OpBuilder builder(chain);
      auto moved = spirv::AccessChainOp::create(builder, chain.getLoc(),
                                                newPointer, chain.getIndices());
      redirect(chain.getResult(), moved.getResult(), dead);
      dead.push_back(chain);
      continue;
    }
    use.set(newPointer);
    markAligned(user,
                cast<spirv::PointerType>(newPointer.getType()).getPointeeType());
  }
}

/// Whether upgrading only the barriers in the entry's top-level block makes
/// every moved buffer's writes visible where they are read, leaving the
/// barriers of loops alone (each would otherwise order device memory on
/// every iteration). It does when no loop or branch that holds barriers
/// stores to a moved buffer, and a top-level barrier separates each such
/// store from any later op holding barriers (its reads come after), and each
/// op holding barriers from any later such store (its reads come before).
bool barriersOutsideLoopsSuffice(spirv::FuncOp entry,
                                 ArrayRef<Operation *> movedStores) {
  if (!entry.getBody().hasOneBlock())
    return false;
  Block &top = entry.getBody().front();
  auto holdsBarrier = [](Operation *op) {
    return op->walk([](spirv::ControlBarrierOp) { return WalkResult::interrupt(); })
        .wasInterrupted();
  };
  llvm::SmallPtrSet<Operation *, 16> storing;
  for (Operation *store : movedStores) {
    Operation *ancestor = top.findAncestorOpInBlock(*store);
    if (!ancestor || (ancestor != store && holdsBarrier(ancestor)))
      return false;
    storing.insert(ancestor);
  }
  bool storeSinceBarrier = false, phasesSinceBarrier = false;
  for (Operation &op : top) {
    if (isa<spirv::ControlBarrierOp>(op)) {
      storeSinceBarrier = phasesSinceBarrier = false;
      continue;
    }
    bool phases = op.getNumRegions() > 0 && holdsBarrier(&op);
    bool stores = storing.contains(&op);
    if ((phases && storeSinceBarrier) || (stores && phasesSinceBarrier))
      return false;
    storeSinceBarrier |= stores;
    phasesSinceBarrier |= phases;
  }
  return true;
}

/// On a GPU a moved buffer is served by L1/L2 instead of shared memory, and
/// every barrier then orders device memory: move the set of variables with
/// the fewest (loop-weighted) accesses whose bytes cover the excess, not
/// simply the largest (attention's accumulator, touched in every phase of
/// its loop, rather than its Q tile, written once). The chosen variables go
/// to the front of `variables`; the caller moves from the front until the
/// rest fits. Exhaustive over up to 16 candidates; otherwise left as is.
void moveLeastAccessedFirst(
    SmallVectorImpl<spirv::GlobalVariableOp> &variables, int64_t total,
    llvm::function_ref<bool(spirv::GlobalVariableOp)> movable,
    DenseMap<Operation *, SmallVector<spirv::AddressOfOp>> &references,
    int64_t limit);

struct SPIRVSpillWorkgroupMemoryPass
    : public triton_spirv::impl::SPIRVSpillWorkgroupMemoryBase<
          SPIRVSpillWorkgroupMemoryPass> {
  using SPIRVSpillWorkgroupMemoryBase::SPIRVSpillWorkgroupMemoryBase;

  void runOnOperation() override {
    spirv::ModuleOp module = getOperation();
    SmallVector<spirv::FuncOp> entries = triton_spirv::entryPointFunctions(module);
    SmallVector<spirv::GlobalVariableOp> variables;
    int64_t total = 0;
    for (auto global : module.getOps<spirv::GlobalVariableOp>()) {
      if (cast<spirv::PointerType>(global.getType()).getStorageClass() !=
          spirv::StorageClass::Workgroup)
        continue;
      variables.push_back(global);
      total += variableBytes(global);
    }
    if (total <= maxWorkgroupBytes && !loopStaged)
      return;
    if (entries.size() != 1) {
      if (total <= maxWorkgroupBytes)
        return; // loop-staged tiles stay where they are
      module.emitError("spirv-spill-workgroup-memory: ")
          << total << " bytes of workgroup memory exceed the device's "
          << maxWorkgroupBytes.getValue() << ", and the module has " << entries.size()
          << " entry points (one expected)";
      return signalPassFailure();
    }
    spirv::FuncOp entry = entries.front();

    // The references to each variable, all in the entry point.
    DenseMap<Operation *, SmallVector<spirv::AddressOfOp>> references;
    module.walk([&](spirv::AddressOfOp address) {
      if (auto global = dyn_cast_or_null<spirv::GlobalVariableOp>(
              SymbolTable::lookupSymbolIn(module, address.getVariableAttr())))
        references[global].push_back(address);
    });
    auto movable = [&](spirv::GlobalVariableOp global) {
      if (variableBytes(global) == 0)
        return false;
      for (spirv::AddressOfOp address : references[global])
        if (address->getParentOfType<spirv::FuncOp>() != entry ||
            !usesAreMovable(address.getResult()))
          return false;
      return true;
    };

    // Largest first, until the rest fits.
    llvm::stable_sort(variables, [](auto a, auto b) {
      return variableBytes(a) > variableBytes(b);
    });
    if (!loopStaged)
      moveLeastAccessedFirst(variables, total, movable, references,
                             maxWorkgroupBytes);
    auto mustMove = [&](spirv::GlobalVariableOp global) {
      return loopStaged && isStagedInLoop(references[global]);
    };
    SmallVector<std::pair<spirv::GlobalVariableOp, int64_t>> moved;
    // Bytes moved although they fit (loop-staged): still reported as the
    // kernel's shared memory (metadata.shared), for the occupancy arithmetic
    // users do with it.
    int64_t sliceBytes = 0, stagedBytes = 0;
    for (spirv::GlobalVariableOp global : variables) {
      bool fits = total <= maxWorkgroupBytes;
      if (!movable(global) || (fits && !mustMove(global)))
        continue;
      int64_t size = variableBytes(global);
      if (fits)
        stagedBytes += size;
      moved.emplace_back(global, sliceBytes);
      sliceBytes += llvm::alignTo(size, kSliceAlignment);
      total -= size;
    }
    if (total > maxWorkgroupBytes) {
      // What stays is accessed in ways this pass does not move (atomics).
      entry.emitError("kernel needs ")
          << total << " bytes of workgroup memory that cannot move to global "
          << "memory, more than the device's " << maxWorkgroupBytes.getValue();
      return signalPassFailure();
    }
    if (moved.empty())
      return;

    MLIRContext *context = &getContext();
    auto i32 = IntegerType::get(context, 32);
    auto i64 = IntegerType::get(context, 64);
    Block &body = entry.getBody().front();
    Location loc = entry.getLoc();
    unsigned end = entry.getNumArguments();
    if (failed(entry.insertArguments({end, end, end}, {i64, i32, i32},
                                     {nullptr, nullptr, nullptr},
                                     {loc, loc, loc}))) {
      entry.emitError("spirv-spill-workgroup-memory: cannot add arguments");
      return signalPassFailure();
    }
    Value scratch = body.getArgument(end);
    Value gridX = body.getArgument(end + 1);
    Value gridY = body.getArgument(end + 2);
    Builder attrs(context);
    entry->setAttr("triton_spirv.hidden_arguments",
                   attrs.getStrArrayAttr({"scratch", "grid_x", "grid_y"}));
    entry->setAttr("triton_spirv.scratch_bytes_per_program",
                   attrs.getI64IntegerAttr(sliceBytes));
    if (stagedBytes)
      entry->setAttr("triton_spirv.staged_scratch_bytes",
                     attrs.getI64IntegerAttr(stagedBytes));

    // This workgroup's slice.
    OpBuilder builder = OpBuilder::atBlockBegin(&body);
    Value id = spirv::getBuiltinVariableValue(entry, spirv::BuiltIn::WorkgroupId,
                                              i32, builder);
    auto component = [&](int32_t index) -> Value {
      Value value = spirv::CompositeExtractOp::create(builder, loc, id,
                                                      ArrayRef<int32_t>{index});
      return spirv::UConvertOp::create(builder, loc, i64, value);
    };
    auto wide = [&](Value value) -> Value {
      return spirv::UConvertOp::create(builder, loc, i64, value);
    };
    auto constant = [&](int64_t value) -> Value {
      return spirv::ConstantOp::create(builder, loc, i64,
                                       builder.getI64IntegerAttr(value));
    };
    Value linear = spirv::IAddOp::create(
        builder, loc,
        spirv::IMulOp::create(
            builder, loc,
            spirv::IAddOp::create(
                builder, loc,
                spirv::IMulOp::create(builder, loc, component(2), wide(gridY)),
                component(1)),
            wide(gridX)),
        component(0));
    Value slice = spirv::IAddOp::create(
        builder, loc, scratch,
        spirv::IMulOp::create(builder, loc, linear, constant(sliceBytes)));

    SmallVector<Operation *> movedLoads, movedStores;
    for (auto [global, offset] : moved)
      for (spirv::AddressOfOp address : references[global])
        collectAccesses(address.getResult(), movedLoads, movedStores);
    SmallVector<Operation *> dead;
    for (auto [global, offset] : moved) {
      auto type = cast<spirv::PointerType>(global.getType());
      auto pointer = spirv::PointerType::get(
          withExplicitLayout(type.getPointeeType()),
          spirv::StorageClass::PhysicalStorageBuffer);
      for (spirv::AddressOfOp address : references[global]) {
        builder.setInsertionPoint(address);
        Value at = spirv::IAddOp::create(builder, address.getLoc(), slice,
                                         constant(offset));
        Value base =
            spirv::ConvertUToPtrOp::create(builder, address.getLoc(), pointer, at);
        redirect(address.getResult(), base, dead);
        dead.push_back(address);
      }
    }
    // Users were recorded before what they use.
    for (Operation *op : dead)
      op->erase();
    for (auto [global, offset] : moved)
      global.erase();

    // Barriers make the moved buffers' writes visible to the workgroup too:
    // all of them, or only those outside loops where that provably suffices.
    // Execution-only ones (spirv-execution-only-barriers) order them as they
    // are.
    bool topLevelOnly = barriersOutsideLoopsSuffice(entry, movedStores);
    auto upgraded = [&](Operation *barrier) {
      return !topLevelOnly || barrier->getBlock() == &entry.getBody().front();
    };
    entry.walk([&](spirv::ControlBarrierOp barrier) {
      if (upgraded(barrier) &&
          barrier.getMemorySemantics() != spirv::MemorySemantics::None)
        barrier.setMemorySemantics(barrier.getMemorySemantics() |
                                   spirv::MemorySemantics::UniformMemory);
    });
    entry.walk([&](spirv::MemoryBarrierOp barrier) {
      if (upgraded(barrier))
        barrier.setMemorySemantics(barrier.getMemorySemantics() |
                                   spirv::MemorySemantics::UniformMemory);
    });
  }
};

void moveLeastAccessedFirst(
    SmallVectorImpl<spirv::GlobalVariableOp> &variables, int64_t total,
    llvm::function_ref<bool(spirv::GlobalVariableOp)> movable,
    DenseMap<Operation *, SmallVector<spirv::AddressOfOp>> &references,
    int64_t limit) {
  SmallVector<spirv::GlobalVariableOp> candidates;
  for (spirv::GlobalVariableOp global : variables)
    if (movable(global))
      candidates.push_back(global);
  if (candidates.empty() || candidates.size() > 16)
    return;
  int64_t excess = total - limit;
  SmallVector<int64_t> weights, bytes;
  for (spirv::GlobalVariableOp global : candidates) {
    weights.push_back(accessWeight(references[global]));
    bytes.push_back(variableBytes(global));
  }
  // Cheapest covering subset; ties: fewer bytes moved.
  std::optional<uint32_t> best;
  int64_t bestWeight = 0, bestBytes = 0;
  for (uint32_t subset = 1; subset < (uint32_t(1) << candidates.size()); ++subset) {
    int64_t weight = 0, moved = 0;
    for (unsigned i = 0; i < candidates.size(); ++i)
      if (subset & (uint32_t(1) << i)) {
        weight += weights[i];
        moved += bytes[i];
      }
    if (moved < excess)
      continue;
    if (!best || weight < bestWeight || (weight == bestWeight && moved < bestBytes)) {
      best = subset;
      bestWeight = weight;
      bestBytes = moved;
    }
  }
  if (!best)
    return;
  llvm::SmallPtrSet<Operation *, 16> chosen;
  for (unsigned i = 0; i < candidates.size(); ++i)
    if (*best & (uint32_t(1) << i))
      chosen.insert(candidates[i]);
  std::stable_partition(variables.begin(), variables.end(), [&](spirv::GlobalVariableOp global) {
    return chosen.contains(global);
  });
}
} // namespace
