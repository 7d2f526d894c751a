"""The service layer: the only code that touches both the engines and the database.

It never sees a Flask request; callers pass plain values and the current time.
"""
