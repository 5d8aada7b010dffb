use std::io::{BufReader, BufWriter};

use clap::Args;

use super::Status;
use bao_oracle::harness::protocol::Server;

#[derive(Args, Debug)]
pub struct EngineArgs {}

/// Serves the engine protocol on stdin/stdout until stdin ends.
pub fn run(_: EngineArgs) -> Status {
    let mut input = BufReader::new(std::io::stdin().lock());
    let mut output = BufWriter::new(std::io::stdout().lock());
    match Server::serve(&mut input, &mut output) {
        Ok(()) => Status::Ok,
        // A driver that hung up is the ordinary end of a session.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Status::Ok,
        Err(e) => {
            eprintln!("error[{}]: {e}", bao_oracle::diagnostics::Code::IoError);
            Status::Usage
        }
    }
}
