//! Provenance of pack items: printed in a rulebook (`source:`), provisional (`provisional:`), or
//! supplied by a player override (`player:`).
//!
//! The three markings are declared once, in [`Provenance`], and attached to any item type `T`
//! by the wrapper [`Item<T>`]. In YAML and JSON the markings sit beside the item's own fields
//! (`{type: rich, …, source: "Alexandros 5.2"}`); the wrapper's `Deserialize` streams the map,
//! takes the three markings and hands every other field to `T`, so `T`'s
//! `#[serde(deny_unknown_fields)]` still refuses unknown fields and YAML errors keep their
//! line and column (serde's `flatten` would buffer the map and accept unknown fields).

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};

use serde::de::{self, DeserializeSeed, IntoDeserializer, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Where an item's values come from, after falling back to its file's marking.
#[derive(
    Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Origin {
    /// Printed in the rulebook; the string names the section(s), e.g. `Alexandros 3.3`.
    Source(String),
    /// Not printed; the string says in one line what the value is based on.
    Provisional(String),
    /// Replaced by a player override; the string is the override file name.
    Player(String),
    /// Neither the item nor its file says (the pack check rejects this).
    Unmarked,
}

/// The three provenance markings of an item or a file. Each is optional; the pack check
/// demands exactly one of `source` / `provisional` where a game's house rules say so.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Provenance {
    /// Rule section(s) printing the item, e.g. `Alexandros 14.3`, `Romans [5.32]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// One line: what the provisional values are based on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provisional: Option<String>,
    /// Override file that supplied the item (set when an override is merged).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
}

/// The marking field names, as they appear in pack files.
pub const MARKINGS: [&str; 3] = ["source", "provisional", "player"];

impl Provenance {
    /// Effective origin: player override first, then the item's own marking, then `fallback`
    /// (the file's origin).
    pub fn origin(&self, fallback: &Origin) -> Origin {
        if let Some(p) = &self.player {
            Origin::Player(p.clone())
        } else if let Some(s) = &self.source {
            Origin::Source(s.clone())
        } else if let Some(p) = &self.provisional {
            Origin::Provisional(p.clone())
        } else {
            fallback.clone()
        }
    }

    /// The origin of a file-level marking (`player` is never set on a file).
    pub fn file_origin(&self) -> Origin {
        self.origin(&Origin::Unmarked)
    }
}

/// An item `T` with its provenance. Dereferences to `T`, so `pack.map.provinces["Ionia"].kind`
/// reads as before; `item.provenance.source` is the item's own marking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item<T> {
    /// `source:` / `provisional:` / `player:` of the item.
    pub provenance: Provenance,
    /// The item's own fields.
    pub item: T,
}

impl<T> Item<T> {
    /// An item without markings (it inherits its file's).
    pub fn new(item: T) -> Self {
        Item {
            provenance: Provenance::default(),
            item,
        }
    }
    /// Effective origin, falling back to the file's.
    pub fn origin(&self, file: &Origin) -> Origin {
        self.provenance.origin(file)
    }
    /// Marks the item as supplied by the override file `file`.
    pub fn set_player(&mut self, file: &str) {
        self.provenance.player = Some(file.to_string());
    }
}

impl<T> Deref for Item<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.item
    }
}

impl<T> DerefMut for Item<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.item
    }
}

impl<T: Serialize> Serialize for Item<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // Serialising (unlike deserialising) through `flatten` is exact: one map with the
        // item's fields and the markings that are set.
        #[derive(Serialize)]
        struct Flat<'a, T> {
            #[serde(flatten)]
            item: &'a T,
            #[serde(flatten)]
            provenance: &'a Provenance,
        }
        Flat {
            item: &self.item,
            provenance: &self.provenance,
        }
        .serialize(s)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Item<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(ItemVisitor(PhantomData))
    }
}

struct ItemVisitor<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for ItemVisitor<T> {
    type Value = Item<T>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a map of fields")
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Item<T>, A::Error> {
        let mut provenance = Provenance::default();
        let item = T::deserialize(Rest {
            map,
            provenance: &mut provenance,
        })?;
        Ok(Item { provenance, item })
    }
}

/// The item's map with the markings taken out, presented to `T` as a map of its own.
struct Rest<'p, A> {
    map: A,
    provenance: &'p mut Provenance,
}

impl<'de, A: MapAccess<'de>> Deserializer<'de> for Rest<'_, A> {
    type Error = A::Error;
    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, A::Error> {
        v.visit_map(self)
    }
    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Rest<'_, A> {
    type Error = A::Error;
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        loop {
            let Some(key) = self.map.next_key::<String>()? else {
                return Ok(None);
            };
            let slot = match key.as_str() {
                "source" => &mut self.provenance.source,
                "provisional" => &mut self.provenance.provisional,
                "player" => &mut self.provenance.player,
                _ => {
                    let k: de::value::StringDeserializer<A::Error> = key.into_deserializer();
                    return seed.deserialize(k).map(Some);
                }
            };
            if slot.is_some() {
                return Err(de::Error::duplicate_field(match key.as_str() {
                    "source" => "source",
                    "provisional" => "provisional",
                    _ => "player",
                }));
            }
            *slot = self.map.next_value::<Option<String>>()?;
        }
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        self.map.next_value_seed(seed)
    }
}

impl<T: schemars::JsonSchema> schemars::JsonSchema for Item<T> {
    fn schema_name() -> Cow<'static, str> {
        T::schema_name()
    }
    fn schema_id() -> Cow<'static, str> {
        T::schema_id()
    }
    fn json_schema(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let mut s = T::json_schema(g);
        let text = g.subschema_for::<Option<String>>();
        let obj = s.ensure_object();
        let props = obj
            .entry("properties")
            .or_insert_with(|| serde_json::Value::Object(Default::default()));
        if let Some(props) = props.as_object_mut() {
            for (name, doc) in [
                ("source", "Rule section(s) printing the item."),
                (
                    "provisional",
                    "One line: what the provisional values are based on.",
                ),
                ("player", "Override file that supplied the item."),
            ] {
                let mut p = text.clone();
                p.insert("description".into(), doc.into());
                props.insert(name.to_string(), p.to_value());
            }
        }
        s
    }
}
