//===- NarrowIndexArithmetic.cpp - i64 offsets that end as 32-bit indices -===//
//
// Triton offsets are i32 values sign-extended to i64 before they become
// memref indices; SPIR-V indices are 32-bit, so the conversion truncates
// the i64 result again. Truncation commutes with add, sub and mul (all are
// arithmetic modulo 2^32 in the low half), so the whole chain is computed
// in i32 instead: one instruction per op rather than a 64-bit pair.
// Likewise an i64 comparison of an i32 value sign-extended against a
// constant that fits in i32 compares the i32 value (sign extension keeps
// both the signed and the unsigned order): `pid.to(tl.int64) < 1` in
// FlagGems' pointwise kernels, which Mesa 22.3's lavapipe got wrong as a
// 64-bit comparison (the masked store never happened).
//
//===----------------------------------------------------------------------===//
#include "KernelToSPIRVPatterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;

namespace {
bool isNarrowable(Operation *op) {
  return isa_and_nonnull<arith::AddIOp, arith::SubIOp, arith::MulIOp>(op);
}

/// The low 32 bits of an extension to i64 of a value of at most 32 bits:
/// the value itself, or the same extension to i32; null otherwise.
template <typename ExtOp>
Value low32OfExtension(PatternRewriter &rewriter, Location loc, Value value) {
  auto ext = value.getDefiningOp<ExtOp>();
  if (!ext)
    return {};
  Value in = ext.getIn();
  Type i32 = rewriter.getI32Type();
  if (in.getType() == i32)
    return in;
  if (in.getType().getIntOrFloatBitWidth() < 32)
    return ExtOp::create(rewriter, loc, i32, in);
  return {};
}

/// The low 32 bits of the i64 `value`, computed from 32-bit operands.
Value low32(PatternRewriter &rewriter, Location loc, Value value, int depth = 0) {
  Type i32 = rewriter.getI32Type();
  if (Value narrow = low32OfExtension<arith::ExtSIOp>(rewriter, loc, value))
    return narrow;
  if (Value narrow = low32OfExtension<arith::ExtUIOp>(rewriter, loc, value))
    return narrow;
  if (auto constant = value.getDefiningOp<arith::ConstantIntOp>())
    return arith::ConstantIntOp::create(rewriter, loc, i32,
                                        static_cast<int32_t>(constant.value()));
  Operation *def = value.getDefiningOp();
  if (depth < 16 && isNarrowable(def)) {
    Value lhs = low32(rewriter, loc, def->getOperand(0), depth + 1);
    Value rhs = low32(rewriter, loc, def->getOperand(1), depth + 1);
    if (isa<arith::AddIOp>(def))
      return arith::AddIOp::create(rewriter, loc, lhs, rhs);
    if (isa<arith::SubIOp>(def))
      return arith::SubIOp::create(rewriter, loc, lhs, rhs);
    return arith::MulIOp::create(rewriter, loc, lhs, rhs);
  }
  return arith::TruncIOp::create(rewriter, loc, i32, value);
}

/// index_cast(i64 chain) -> index_cast(i32 chain); valid because the SPIR-V
/// index type is 32-bit, where the cast is a truncation.
struct NarrowIndexCast : OpRewritePattern<arith::IndexCastOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::IndexCastOp cast,
                                PatternRewriter &rewriter) const override {
    Value in = cast.getIn();
    if (!in.getType().isInteger(64) || !cast.getType().isIndex() ||
        !isNarrowable(in.getDefiningOp()))
      return failure();
    Value narrow = low32(rewriter, cast.getLoc(), in);
    rewriter.replaceOpWithNewOp<arith::IndexCastOp>(cast, cast.getType(), narrow);
    return success();
  }
};

/// cmpi(p, extsi(a : i32), c) with c sign-extended from i32 -> cmpi(p, a, c').
struct NarrowExtendedComparison : OpRewritePattern<arith::CmpIOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::CmpIOp compare,
                                PatternRewriter &rewriter) const override {
    if (!compare.getLhs().getType().isInteger(64))
      return failure();
    auto narrowed = [&](Value v) -> std::optional<Value> {
      if (auto ext = v.getDefiningOp<arith::ExtSIOp>())
        if (ext.getIn().getType().isInteger(32))
          return ext.getIn();
      return std::nullopt;
    };
    auto constant32 = [&](Value v) -> std::optional<int32_t> {
      auto constant = v.getDefiningOp<arith::ConstantIntOp>();
      if (!constant || constant.value() != static_cast<int32_t>(constant.value()))
        return std::nullopt;
      return static_cast<int32_t>(constant.value());
    };
    Location loc = compare.getLoc();
    Type i32 = rewriter.getI32Type();
    std::optional<Value> lhs = narrowed(compare.getLhs());
    std::optional<Value> rhs = narrowed(compare.getRhs());
    if (lhs && !rhs)
      if (std::optional<int32_t> c = constant32(compare.getRhs()))
        rhs = arith::ConstantIntOp::create(rewriter, loc, i32, *c);
    if (rhs && !lhs)
      if (std::optional<int32_t> c = constant32(compare.getLhs()))
        lhs = arith::ConstantIntOp::create(rewriter, loc, i32, *c);
    if (!lhs || !rhs)
      return failure();
    rewriter.replaceOpWithNewOp<arith::CmpIOp>(compare, compare.getPredicate(),
                                               *lhs, *rhs);
    return success();
  }
};
} // namespace

void mlir::triton_spirv::populateNarrowIndexArithmeticPatterns(
    RewritePatternSet &patterns) {
  patterns.add<NarrowIndexCast, NarrowExtendedComparison>(patterns.getContext());
}
