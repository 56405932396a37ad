"""The build the tests run: --build-dir, relative to the repository (default .build/debug)."""
import pytest


def pytest_addoption(parser):
    parser.addoption("--build-dir", default=".build/debug",
                     help="the folder with snap-table and snap-inputd, relative to the repository (default .build/debug)")


@pytest.fixture
def build_dir(request):
    return request.config.getoption("--build-dir")
