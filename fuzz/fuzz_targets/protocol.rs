//! The engine protocol's request reader: any line gets an answer (never a panic), and the answer
//! is JSON a driver can read.
#![no_main]

use bao_oracle::harness::protocol::respond;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(line) = std::str::from_utf8(data) else {
        return;
    };
    let response = respond(line);
    serde_json::to_string(&response).expect("the answer serializes");
});
