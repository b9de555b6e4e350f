"""Helpers the test modules share (test modules import these, never each other)."""
