"""Analysis: match equity, gnubg's cube model and the match review (issue 40).

This package imports no engine: engines are called through the callables
and protocols its modules take.
"""
