//===- SPIRVLoopControl.cpp - unroll hints for the driver's compiler ------===//
//
// Loops left in a kernel are ones the compiler chose not to unroll (the
// passes before unroll where it pays: prefetched tiles, vectorized k loops).
// Drivers may unroll them again, which is usually good (llvmpipe keeps
// private arrays in registers), but llvmpipe expands every global and
// workgroup-memory access into a loop over the lanes. Unrolled loops of
// workgroup accesses made a 1024-element scan take 38 s to compile (Mesa 25;
// 0.25 s with DontUnroll). Unrolled loops of global accesses inside another
// loop ran slower than rolled ones on Mesa 22.3 (layer norm's column loop:
// 1.66 -> 1.20 ms rolled), while at the top level unrolled ones were faster
// (a copy: 0.57 vs 0.65 ms), so only the nested ones are marked.
//
// NVIDIA's compiler unrolls a loop of cooperative-matrix work entirely when
// its trip count is a small constant, even one between run-time bounds
// (causal attention's diagonal blocks, [m * 128, (m + 1) * 128) by 32). The
// copies multiply the code the SM alternates with the main loop's: causal
// attention at 128 x 32 tiles took as long as the non-causal kernel.
// Beside such a loop, the kernel's main matrix loop, unrolled, also ran
// slower than rolled once its iterations start four or more products afresh
// (causal attention at 128-row tiles, H200: 0.62-0.86x the time rolled),
// while tiles of fewer products gained from the unrolling (64 x 32: 4-6%).
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_SPIRVLOOPCONTROL
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
bool accessesWorkgroupMemory(spirv::LoopOp loop) {
  auto isWorkgroup = [](Value pointer) {
    return cast<spirv::PointerType>(pointer.getType()).getStorageClass() ==
           spirv::StorageClass::Workgroup;
  };
  WalkResult result = loop.getBody().walk([&](Operation *op) {
    if (auto load = dyn_cast<spirv::LoadOp>(op); load && isWorkgroup(load.getPtr()))
      return WalkResult::interrupt();
    if (auto store = dyn_cast<spirv::StoreOp>(op); store && isWorkgroup(store.getPtr()))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// Whether the loop indexes function-storage arrays: unrolled, their indices
/// become constants and the driver keeps them in registers.
bool indexesPrivateArrays(spirv::LoopOp loop) {
  WalkResult result = loop.getBody().walk([&](spirv::AccessChainOp chain) {
    auto type = cast<spirv::PointerType>(chain.getBasePtr().getType());
    return type.getStorageClass() == spirv::StorageClass::Function
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// A loop's entry branch and the comparison its header branches on, as
/// convert-kernel-to-spirv lowers scf.for; null members for other shapes.
struct LoopHeader {
  spirv::BranchOp enter;
  Operation *compare = nullptr;
};

LoopHeader loopHeader(spirv::LoopOp loop) {
  auto enter = dyn_cast<spirv::BranchOp>(loop.getEntryBlock()->getTerminator());
  if (!enter)
    return {};
  auto test =
      dyn_cast<spirv::BranchConditionalOp>(enter.getTarget()->getTerminator());
  return {enter, test ? test.getCondition().getDefiningOp() : nullptr};
}

/// Whether the loop's header compares against a constant (a loop the driver
/// can unroll entirely), as scf.for with constant bounds lowers.
bool hasConstantBound(spirv::LoopOp loop) {
  Operation *compare = loopHeader(loop).compare;
  if (!compare || compare->getNumOperands() != 2)
    return false;
  return llvm::any_of(compare->getOperands(), [](Value operand) {
    return operand.getDefiningOp<spirv::ConstantOp>();
  });
}

/// Whether the loop runs inside a loop whose trip count is only known at run
/// time (a kernel's `for off in range(0, N, BLOCK)`).
bool insideRuntimeLoop(spirv::LoopOp loop) {
  for (auto outer = loop->getParentOfType<spirv::LoopOp>(); outer;
       outer = outer->getParentOfType<spirv::LoopOp>())
    if (!hasConstantBound(outer))
      return true;
  return false;
}

/// Trip counts a driver unrolls entirely (NVIDIA: 4 is; a kernel's key loop
/// over a constexpr sequence, 32 and more, is not).
constexpr int64_t kShortTripCount = 8;

/// `value` as a sum of constant multiples of opaque values plus a constant,
/// through spirv.Constant, IAdd, ISub and multiplications by a constant.
struct LinearForm {
  llvm::SmallDenseMap<Value, int64_t, 4> terms;
  int64_t constant = 0;

  static LinearForm of(Value value, int depth = 0) {
    LinearForm form;
    IntegerAttr attr;
    if (auto constantOp = value.getDefiningOp<spirv::ConstantOp>())
      attr = dyn_cast<IntegerAttr>(constantOp.getValue());
    if (attr) {
      form.constant = attr.getInt();
      return form;
    }
    Operation *op = value.getDefiningOp();
    if (depth < 8 && isa_and_nonnull<spirv::IAddOp, spirv::ISubOp>(op)) {
      LinearForm lhs = of(op->getOperand(0), depth + 1);
      LinearForm rhs = of(op->getOperand(1), depth + 1);
      return lhs.plus(rhs, isa<spirv::ISubOp>(op) ? -1 : 1);
    }
    if (depth < 8 && isa_and_nonnull<spirv::IMulOp>(op)) {
      LinearForm lhs = of(op->getOperand(0), depth + 1);
      LinearForm rhs = of(op->getOperand(1), depth + 1);
      if (lhs.terms.empty())
        return rhs.times(lhs.constant);
      if (rhs.terms.empty())
        return lhs.times(rhs.constant);
    }
    form.terms[value] = 1;
    return form;
  }

  LinearForm plus(const LinearForm &other, int64_t sign) const {
    LinearForm sum = *this;
    sum.constant += sign * other.constant;
    for (auto [term, factor] : other.terms)
      if ((sum.terms[term] += sign * factor) == 0)
        sum.terms.erase(term);
    return sum;
  }

  LinearForm times(int64_t factor) const {
    LinearForm product;
    if (factor == 0)
      return product;
    product.constant = constant * factor;
    for (auto [term, f] : terms)
      product.terms[term] = f * factor;
    return product;
  }
};

/// The trip count of a loop whose header tests `iv < bound` (signed or
/// unsigned) and whose back edge adds a constant step, when the bound minus
/// the initial value is a constant: scf.for as convert-kernel-to-spirv
/// lowers it.
std::optional<int64_t> constantTripCount(spirv::LoopOp loop) {
  auto [enter, compare] = loopHeader(loop);
  if (!isa_and_nonnull<spirv::SLessThanOp, spirv::ULessThanOp>(compare))
    return std::nullopt;
  Block *entry = loop.getEntryBlock();
  Block *header = enter.getTarget();
  auto iv = dyn_cast<BlockArgument>(compare->getOperand(0));
  if (!iv || iv.getOwner() != header)
    return std::nullopt;
  Value init = enter.getTargetOperands()[iv.getArgNumber()];
  std::optional<int64_t> step;
  for (Block *pred : header->getPredecessors()) {
    auto back = dyn_cast<spirv::BranchOp>(pred->getTerminator());
    if (!back || pred == entry)
      continue;
    LinearForm advance = LinearForm::of(back.getTargetOperands()[iv.getArgNumber()])
                             .plus(LinearForm::of(iv), -1);
    if (!advance.terms.empty() || advance.constant <= 0 ||
        (step && *step != advance.constant))
      return std::nullopt;
    step = advance.constant;
  }
  LinearForm span = LinearForm::of(compare->getOperand(1))
                        .plus(LinearForm::of(init), -1);
  if (!step || !span.terms.empty())
    return std::nullopt;
  return std::max<int64_t>(0, (span.constant + *step - 1) / *step);
}

/// Fresh products a paired matrix loop needs before it is rolled too.
constexpr int64_t kPairedLoopFreshProducts = 4;

bool multipliesMatrices(spirv::LoopOp loop) {
  return loop.getBody()
      .walk([](spirv::KHRCooperativeMatrixMulAddOp) {
        return WalkResult::interrupt();
      })
      .wasInterrupted();
}

bool isShortMatrixLoop(spirv::LoopOp loop) {
  if (!multipliesMatrices(loop))
    return false;
  std::optional<int64_t> trips = constantTripCount(loop);
  return trips && *trips <= kShortTripCount;
}

/// Products each iteration starts afresh: multiply-adds whose accumulator
/// comes from outside the loop (attention's Q K^T from a zero matrix), not
/// from another multiply-add or a value the loop carries.
int64_t freshProducts(spirv::LoopOp loop) {
  int64_t count = 0;
  loop.getBody().walk([&](spirv::KHRCooperativeMatrixMulAddOp multiplyAdd) {
    if (!loop.getBody().isAncestor(multiplyAdd.getC().getParentRegion()))
      ++count;
  });
  return count;
}

/// Whether the loop's function also has a short matrix loop other than it.
bool besideShortMatrixLoop(spirv::LoopOp loop) {
  auto func = loop->getParentOfType<spirv::FuncOp>();
  if (!func)
    return false;
  WalkResult found = func.walk([&](spirv::LoopOp other) {
    return other != loop && !loop->isAncestor(other) &&
                   !other->isAncestor(loop) && isShortMatrixLoop(other)
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return found.wasInterrupted();
}

/// The loop classes `dont-unroll` may name.
struct LoopClasses {
  bool all = false;
  bool workgroupMemory = false;
  bool nestedGlobal = false;
  bool shortMatrixLoops = false;
  bool pairedMatrixLoops = false;

  bool matches(spirv::LoopOp loop) const {
    if (all)
      return true;
    if (shortMatrixLoops && isShortMatrixLoop(loop))
      return true;
    if (pairedMatrixLoops && multipliesMatrices(loop) &&
        freshProducts(loop) >= kPairedLoopFreshProducts &&
        besideShortMatrixLoop(loop))
      return true;
    bool touchesWorkgroup = accessesWorkgroupMemory(loop);
    if (workgroupMemory && touchesWorkgroup)
      return true;
    return nestedGlobal && !touchesWorkgroup && insideRuntimeLoop(loop) &&
           !indexesPrivateArrays(loop);
  }
};

struct SPIRVLoopControlPass
    : public triton_spirv::impl::SPIRVLoopControlBase<SPIRVLoopControlPass> {
  using Base::Base;

  void runOnOperation() override {
    LoopClasses classes;
    SmallVector<StringRef> names;
    StringRef(dontUnroll).split(names, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
    for (StringRef name : names) {
      name = name.trim();
      if (name == "none")
        continue;
      if (name == "all")
        classes.all = true;
      else if (name == "workgroup-memory")
        classes.workgroupMemory = true;
      else if (name == "nested-global")
        classes.nestedGlobal = true;
      else if (name == "short-matrix-loops")
        classes.shortMatrixLoops = true;
      else if (name == "paired-matrix-loops")
        classes.pairedMatrixLoops = true;
      else {
        getOperation().emitError("spirv-loop-control: dont-unroll takes none, "
                                 "all, workgroup-memory, nested-global, "
                                 "short-matrix-loops or paired-matrix-loops "
                                 "(comma-separated), not '")
            << name << "'";
        return signalPassFailure();
      }
    }
    // Decided on the loops as they came: a mark set here does not change
    // what the other loops are.
    SmallVector<spirv::LoopOp> marked;
    getOperation().walk([&](spirv::LoopOp loop) {
      if (loop.getLoopControl() == spirv::LoopControl::None &&
          classes.matches(loop))
        marked.push_back(loop); // an explicit choice made earlier stays
    });
    for (spirv::LoopOp loop : marked)
      loop.setLoopControl(spirv::LoopControl::DontUnroll);
  }
};
} // namespace
