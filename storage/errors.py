"""The exceptions of the store, the same whichever database backs it (SQLite or PostgreSQL)."""

from __future__ import annotations

import sqlite3

import asyncpg


class StaleVersion(Exception):
    """The game changed since it was loaded: the write was not applied."""


class StorageError(Exception):
    """The database could not carry out a read or write (disk full, I/O error, damaged file, connection lost)."""

    def __init__(self, message: str, *, full: bool = False):
        super().__init__(message)
        #: the disk (or the database's size limit) is full
        self.full = full


#: a uniqueness, foreign-key, check or not-null constraint (or the append-only log's trigger) refused a write,
#: in either backend: catch this tuple, not one driver's class
IntegrityError = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)
