import pytest
import torch

import triton_spirv.torch_device as torch_device


@pytest.fixture(scope="session")
def spirv():
    """The spirv torch device (built and initialized once per test session)."""
    if not torch_device.register():
        pytest.fail("another backend holds PyTorch's PrivateUse1 device")
    torch.spirv._lazy_init()
    return torch.device("spirv", 0)
