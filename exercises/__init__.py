"""exercises/: the exercises checker (python3 lab.py exercises)."""
