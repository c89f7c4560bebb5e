"""The headless commands behind `main.py match`, `tournament` and `bench`."""
