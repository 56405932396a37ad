"""The end-to-end tests: each NAME.py here is a program (`python3 -m tests.NAME`, scripts/ on
PYTHONPATH) that prints its checks and exits non-zero on a failure; test_scripts.py runs them as
pytest tests."""
