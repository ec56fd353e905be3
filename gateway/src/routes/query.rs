//! [`ApiQuery`]: the query string read into a handler's parameter struct, the last value of a repeated name
//! winning, a malformed query string being a 400.

use std::collections::HashMap;

use axum::extract::{FromRequestParts, Query};
use axum::http::Uri;
use axum::http::request::Parts;
use serde::de::value::{Error, MapDeserializer, StringDeserializer};
use serde::de::{DeserializeOwned, Deserializer, IntoDeserializer, Unexpected, Visitor};

use crate::error::ApiError;

/// A handler's query parameters as a struct `T` (whose `IntoParams` declares them in the document): read from
/// the query string with the last value of a repeated name, names `T` does not have being left aside (the edge
/// refuses the names no struct of the route declares). A handler may take several.
#[derive(Debug, Clone, Default)]
pub struct ApiQuery<T>(pub T);

impl<T: DeserializeOwned> ApiQuery<T> {
    /// The parameters of `uri`'s query string.
    pub fn from_uri(uri: &Uri) -> Result<Self, ApiError> {
        let Query(pairs) = Query::<Vec<(String, String)>>::try_from_uri(uri)
            .map_err(|e| ApiError::BadRequest(e.body_text()))?;
        let last: HashMap<String, String> = pairs.into_iter().collect();
        T::deserialize(MapDeserializer::new(
            last.into_iter().map(|(name, value)| (name, Text(value))),
        ))
        .map(ApiQuery)
        .map_err(|e: Error| {
            ApiError::BadRequest(format!("Failed to deserialize query string: {e}"))
        })
    }
}

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Self::from_uri(&parts.uri)
    }
}

/// One parameter's value: text, read as the field asks (text, a number, a boolean, an option, a unit variant).
struct Text(String);

impl IntoDeserializer<'_, Error> for Text {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

/// `deserialize_*` methods that parse the text as the type asked for.
macro_rules! parsed {
    ($($method:ident => $visit:ident),* $(,)?) => {
        $(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
                match self.0.parse() {
                    Ok(value) => visitor.$visit(value),
                    Err(_) => Err(serde::de::Error::invalid_value(Unexpected::Str(&self.0), &visitor)),
                }
            }
        )*
    };
}

impl<'de> Deserializer<'de> for Text {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_string(self.0)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_some(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_enum(StringDeserializer::<Error>::new(self.0))
    }

    parsed! {
        deserialize_bool => visit_bool,
        deserialize_u8 => visit_u8,
        deserialize_u16 => visit_u16,
        deserialize_u32 => visit_u32,
        deserialize_u64 => visit_u64,
        deserialize_i8 => visit_i8,
        deserialize_i16 => visit_i16,
        deserialize_i32 => visit_i32,
        deserialize_i64 => visit_i64,
        deserialize_f32 => visit_f32,
        deserialize_f64 => visit_f64,
    }

    serde::forward_to_deserialize_any! {
        i128 u128 char str string bytes byte_buf unit unit_struct newtype_struct seq tuple tuple_struct map
        struct identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Default, PartialEq, serde::Deserialize)]
    struct Sample {
        q: Option<String>,
        n: Option<u32>,
        flag: Option<bool>,
    }

    fn read(uri: &str) -> Result<Sample, ApiError> {
        ApiQuery::from_uri(&uri.parse().expect("uri")).map(|ApiQuery(s)| s)
    }

    #[test]
    fn the_last_value_of_a_name_wins_and_other_names_are_left_aside() {
        assert_eq!(read("/x").expect("none"), Sample::default());
        assert_eq!(
            read("/x?q=a&q=b%20c&other=1&n=7&flag=true").expect("read"),
            Sample {
                q: Some("b c".into()),
                n: Some(7),
                flag: Some(true),
            }
        );
        assert_eq!(read("/x?q").expect("empty").q, Some(String::new()));
        let Err(ApiError::BadRequest(message)) = read("/x?n=seven") else {
            panic!("not a number");
        };
        assert!(
            message.starts_with("Failed to deserialize query string: "),
            "{message}"
        );
    }
}
