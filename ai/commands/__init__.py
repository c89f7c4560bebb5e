"""The headless commands behind `main.py match`, `tournament`, `bench` and `gtp`."""
