//! `marsal-server`: the game server on its own (`marsal serve` is the same).

use clap::Parser;

/// The marsal game server.
#[derive(Parser)]
#[command(
    name = "marsal-server",
    about = "The marsal game server: the referee keeps both armies, each seat gets its own view"
)]
struct Cli {
    #[command(flatten)]
    options: marsal_server::Options,
}

fn main() -> std::process::ExitCode {
    match marsal_server::serve(Cli::parse().options) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("marsal-server: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
