//! The criterion benchmarks of the marsal rules engine live in `benches/`
//! (`cargo bench -p marsal-benches`); this library is empty.
