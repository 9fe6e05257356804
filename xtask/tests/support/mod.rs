//! What the xtask tests share.

use std::process::Command;

/// Takes `cmd` out of any MPI job this test runs in: removes the variables
/// by which xtask knows it is a rank (Open MPI's, PMI's, PMIx's).
pub fn outside_mpi(cmd: &mut Command) -> &mut Command {
    for v in [
        "OMPI_COMM_WORLD_SIZE",
        "OMPI_COMM_WORLD_RANK",
        "PMI_SIZE",
        "PMI_RANK",
        "PMIX_SIZE",
        "PMIX_RANK",
    ] {
        cmd.env_remove(v);
    }
    cmd
}
