"""The package's version, in one place (``pyproject.toml`` reads it from here)."""

VERSION = "0.2.0"
