"""A throwaway PostgreSQL cluster for a test (`pg_virtualenv`, from Debian's postgresql-common)."""

from __future__ import annotations

import contextlib
import shutil
import subprocess

import pytest

# pg_virtualenv makes the cluster, runs this with the PG* variables set, and drops the cluster
# when it ends: it says them, then waits until the test closes its standard input.
SAY_AND_WAIT = 'env | grep "^PG"; echo READY; read _'


@contextlib.contextmanager
def cluster():
    """The URL of a fresh PostgreSQL database, gone at the end; the test is skipped (saying
    why) where pg_virtualenv or psycopg is missing."""
    pytest.importorskip("psycopg", reason="psycopg is not installed (the postgres extra)")
    if shutil.which("pg_virtualenv") is None:
        pytest.skip("pg_virtualenv is missing: apt-get install postgresql postgresql-common")
    process = subprocess.Popen(["pg_virtualenv", "sh", "-c", SAY_AND_WAIT],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    env = {}
    for line in process.stdout:
        if line.strip() == "READY":
            break
        name, _, value = line.rstrip("\n").partition("=")
        env[name] = value
    else:
        process.wait(60)
        pytest.skip(f"pg_virtualenv could not make a cluster: {process.stderr.read()[-500:]}")
    try:
        yield (f"postgresql://{env['PGUSER']}:{env['PGPASSWORD']}@{env['PGHOST']}:"
               f"{env['PGPORT']}/{env['PGDATABASE']}")
    finally:
        process.stdin.close()
        process.wait(60)
