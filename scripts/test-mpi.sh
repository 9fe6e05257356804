#!/usr/bin/env bash
# The MPI tests: search-distributed and gametree built with their `mpi`
# features, each test starting `mpirun` (several ranks per core:
# --oversubscribe with Open MPI). Installs nothing; without `mpirun` on the
# PATH it says so and skips (exit status 0). Building needs an MPI
# implementation with `mpicc` and libclang (Debian/Ubuntu: apt-get install
# openmpi-bin libopenmpi-dev libclang-dev). The tests run one at a time:
# some measure timing against a simulated clock.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v mpirun >/dev/null 2>&1; then
    echo "test-mpi: skipped: mpirun is not on the PATH (Debian/Ubuntu: apt-get install openmpi-bin libopenmpi-dev libclang-dev)" >&2
    exit 0
fi
echo "test-mpi: $(mpirun --version 2>/dev/null | head -n 1)" >&2
cargo test -p search-distributed --features mpi --test tests -- mpi:: --test-threads=1
cargo test -p gametree --features mpi --test tests -- mpi:: --test-threads=1
