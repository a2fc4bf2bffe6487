//! Serde for a fixed array of card ids written as a list: a game keeps a
//! pile as an array and a length, so that copying a state allocates
//! nothing, and its JSON is the plain list. Use with
//! `#[serde(with = "tabula_cards::card_array")]`.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::card::CardId;

/// Writes the array as a list.
///
/// # Errors
/// The serializer's.
pub fn serialize<S: Serializer, const N: usize>(cards: &[CardId; N], s: S) -> Result<S::Ok, S::Error> {
    cards.as_slice().serialize(s)
}

/// Reads a list of exactly `N` ids.
///
/// # Errors
/// A list of another length, or what is no list of ids.
pub fn deserialize<'de, D: Deserializer<'de>, const N: usize>(d: D) -> Result<[CardId; N], D::Error> {
    let v = Vec::<CardId>::deserialize(d)?;
    v.try_into()
        .map_err(|_| serde::de::Error::custom(format!("the array holds {N} card ids")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Pile {
        #[serde(with = "super")]
        cards: [CardId; 3],
    }

    #[test]
    fn an_array_reads_back_as_written_and_refuses_another_length() {
        let p = Pile {
            cards: [CardId(4), CardId(0), CardId(7)],
        };
        let text = serde_json::to_string(&p).unwrap();
        assert_eq!(text, r#"{"cards":[4,0,7]}"#);
        assert_eq!(serde_json::from_str::<Pile>(&text).unwrap(), p);
        let short = serde_json::from_str::<Pile>(r#"{"cards":[4,0]}"#).unwrap_err();
        assert!(short.to_string().contains("holds 3 card ids"));
    }
}
