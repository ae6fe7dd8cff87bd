//! The game server's message decoder (marsal-server's `protocol` module, the
//! first code that reads what a network peer sends) on arbitrary input: it
//! never panics; a refusal is an `error` message of valid JSON with a code;
//! a message over the size limit is always refused as too large.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[allow(dead_code)]
#[path = "../../marsal-server/src/protocol.rs"]
mod protocol;

use protocol::{ClientMsg, ErrorCode, MAX_MESSAGE_BYTES, decode};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match decode(text) {
        Ok(msg) => {
            assert!(text.len() <= MAX_MESSAGE_BYTES);
            if let ClientMsg::Move { mv, .. } = &msg {
                assert!(mv.len() <= MAX_MESSAGE_BYTES);
            }
        }
        Err(refusal) => {
            if text.len() > MAX_MESSAGE_BYTES {
                assert_eq!(refusal.code, ErrorCode::TooLarge);
            }
            let v: serde_json::Value =
                serde_json::from_str(&refusal.to_json()).expect("an error message is JSON");
            assert_eq!(v["type"], "error");
            assert_eq!(v["code"], refusal.code.token());
        }
    }
});
