"""Operator overrides of the spirv vendor.

FlagGems replaces its operator of the same name with every function found in
this namespace, so only the overrides are imported here; each module says why
the generic operator does not serve.
"""

from .argmin import argmin
from .batch_norm import batch_norm
from .one_hot import one_hot
from .randperm import randperm
from .where import where_scalar_other, where_scalar_self, where_self, where_self_out

__all__ = ["argmin", "batch_norm", "one_hot", "randperm", "where_scalar_other", "where_scalar_self",
           "where_self", "where_self_out"]
