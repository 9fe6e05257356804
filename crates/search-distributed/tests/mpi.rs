//! The protocol on MPI processes (feature `mpi`).
