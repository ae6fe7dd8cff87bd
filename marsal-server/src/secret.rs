//! Seat secrets: 192 bits from the operating system's random source, shown
//! once to the game's creator, kept only as their SHA-256, never written to
//! a log (their `Debug` says `Secret(…)`).

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;

/// The bytes of a secret: 24, 192 bits.
const SECRET_BYTES: usize = 24;

/// A seat's secret (48 hex digits).
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(…)")
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Random bytes from the operating system, or why none came.
fn os_random<const N: usize>() -> Result<[u8; N], String> {
    let mut buf = [0u8; N];
    getrandom::fill(&mut buf).map_err(|e| format!("the system's random source failed: {e}"))?;
    Ok(buf)
}

/// A random `u64` from the operating system.
pub fn random_u64() -> Result<u64, String> {
    os_random::<8>().map(u64::from_le_bytes)
}

/// A new game id: 64 random bits, 16 hex digits.
pub fn game_id() -> Result<String, String> {
    os_random::<8>().map(|b| hex(&b))
}

impl Secret {
    /// A new secret from the operating system's random source.
    ///
    /// ```
    /// let s = marsal_server::Secret::generate().unwrap();
    /// assert_eq!(s.expose().len(), 48);
    /// assert_eq!(format!("{s:?}"), "Secret(…)");
    /// ```
    pub fn generate() -> Result<Secret, String> {
        os_random::<SECRET_BYTES>().map(|b| Secret(hex(&b)))
    }

    /// The secret's text, to put in its invitation link (and nowhere else).
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// Its SHA-256.
    pub fn hash(&self) -> SecretHash {
        SecretHash::of(&self.0)
    }
}

/// The SHA-256 of a secret, in hex: what the store keeps.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SecretHash(String);

impl SecretHash {
    /// The hash of `secret`'s text.
    ///
    /// ```
    /// use marsal_server::SecretHash;
    /// assert_eq!(SecretHash::of("a"), SecretHash::of("a"));
    /// assert_ne!(SecretHash::of("a"), SecretHash::of("b"));
    /// ```
    pub fn of(secret: &str) -> SecretHash {
        SecretHash(hex(&Sha256::digest(secret.as_bytes())))
    }
}
