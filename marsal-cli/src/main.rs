//! `marsal`, the program: bots and people play games refereed by the marsal
//! rules library.
//!
//! ```text
//! marsal selfplay [--ruleset R] [--seed N] [--every N] [--quiet]
//! ```

mod selfplay;

use std::process::ExitCode;

fn usage() -> &'static str {
    "usage: marsal <command> [options]\n\ncommands:\n  selfplay   two bots play a full game, printed"
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    match args.next().as_deref() {
        Some("selfplay") => selfplay::run(args),
        Some("--help" | "-h" | "help") => {
            println!("{}", usage());
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("unknown command {other:?}\n{}", usage());
            ExitCode::from(2)
        }
        None => {
            eprintln!("{}", usage());
            ExitCode::from(2)
        }
    }
}
