"""The rules engine: pure Python, no Django (an import-linter contract enforces it).

Dataclasses in (``catalogue``, ``force``), results out (``validate``, ``draws``). Every rule
is implemented next to a comment carrying its reference, so ``grep -rn "43.4"`` finds it.
"""
