#!/usr/bin/env bash
# The MPI tests: search-distributed, gametree, gametree-cli and xtask built
# with their `mpi` features, each test starting `mpirun` (several ranks per
# core: --oversubscribe with Open MPI) on a program: search-distributed's
# tests on its `distributed-check` example and gametree's on its `mpi-check`
# example (the test drivers, which they build with `cargo build --example`),
# gametree-cli's on `gametree`, xtask's on xtask.
# Installs nothing; without `mpirun` on the PATH it says so and skips (exit
# status 0). Building needs an MPI implementation with `mpicc` and libclang
# (Debian/Ubuntu: apt-get install openmpi-bin libopenmpi-dev libclang-dev).
# The tests run one at a time: some measure timing against a simulated
# clock. The last step is the reproduction swept over 2 ranks (`cargo xtask
# reproduce --mpi --ranks 2 --quick`), whose documents must equal a
# single-process run's byte for byte, and sweeps that lose a rank; it shows
# its timings.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v mpirun >/dev/null 2>&1; then
    echo "test-mpi: skipped: mpirun is not on the PATH (Debian/Ubuntu: apt-get install openmpi-bin libopenmpi-dev libclang-dev)" >&2
    exit 0
fi
echo "test-mpi: $(mpirun --version 2>/dev/null | head -n 1)" >&2
cargo test -p search-distributed --features mpi --test tests -- mpi:: --test-threads=1
cargo test -p gametree --features mpi --test tests -- mpi:: --test-threads=1
cargo test -p gametree-cli --features mpi --test tests -- mpi:: --test-threads=1
cargo test -p xtask --features mpi --test mpi -- --test-threads=1 --show-output
