"""FlagGems vendor tests (triton_spirv.flaggems)."""
