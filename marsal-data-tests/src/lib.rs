//! Nothing here: this package only holds tests (see `tests/`) of marsal against data kept outside the project.
