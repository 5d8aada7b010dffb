//! A move's text as a record writes it, held in place when short: every real move is, so reading
//! a record allocates nothing per move (an allocation and a free a move were a tenth of a check
//! of Bao Kingulu's games).

use std::fmt;
use std::ops::Deref;

/// The longest text held in place: the size of a `String`, less a length byte and a tag byte.
const SHORT: usize = 22;

/// A move's text. It reads as the `str` it holds (`Deref`), compares and hashes as it, and is
/// written to JSON and YAML as a string.
#[derive(Clone)]
pub struct MoveText(Repr);

#[derive(Clone)]
enum Repr {
    Short { len: u8, bytes: [u8; SHORT] },
    Long(Box<str>),
}

impl MoveText {
    pub fn as_str(&self) -> &str {
        match &self.0 {
            // Only whole `str`s are stored, so the bytes are UTF-8.
            Repr::Short { len, bytes } => {
                std::str::from_utf8(&bytes[..*len as usize]).expect("a move text is UTF-8")
            }
            Repr::Long(text) => text,
        }
    }
}

impl From<&str> for MoveText {
    fn from(text: &str) -> MoveText {
        if text.len() <= SHORT {
            let mut bytes = [0; SHORT];
            bytes[..text.len()].copy_from_slice(text.as_bytes());
            MoveText(Repr::Short {
                len: text.len() as u8,
                bytes,
            })
        } else {
            MoveText(Repr::Long(text.into()))
        }
    }
}

impl From<String> for MoveText {
    fn from(text: String) -> MoveText {
        if text.len() <= SHORT {
            MoveText::from(text.as_str())
        } else {
            MoveText(Repr::Long(text.into_boxed_str()))
        }
    }
}

impl Deref for MoveText {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for MoveText {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl std::borrow::Borrow<str> for MoveText {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq for MoveText {
    fn eq(&self, other: &MoveText) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for MoveText {}

impl PartialEq<str> for MoveText {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for MoveText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl std::hash::Hash for MoveText {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl fmt::Debug for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for MoveText {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> serde::Deserialize<'de> for MoveText {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<MoveText, D::Error> {
        String::deserialize(deserializer).map(MoveText::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_reads_back_as_written_short_or_long() {
        for text in [
            "",
            "A5",
            "a5<+#",
            "é",
            "A1x2^",
            &"x".repeat(SHORT),
            &"é".repeat(40),
        ] {
            let held = MoveText::from(text);
            assert_eq!(held.as_str(), text);
            assert_eq!(MoveText::from(text.to_string()), held);
            assert_eq!(format!("{held}"), text);
            assert_eq!(format!("{held:?}"), format!("{text:?}"));
        }
        let short = MoveText::from("A5");
        assert!(matches!(short.0, Repr::Short { len: 2, .. }));
        assert!(matches!(
            MoveText::from("x".repeat(SHORT + 1)).0,
            Repr::Long(_)
        ));
        assert_eq!(
            std::mem::size_of::<MoveText>(),
            std::mem::size_of::<String>()
        );
    }
}
