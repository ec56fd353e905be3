//! Typed rows written in one statement per table. A row is a struct declared with `rows!` (event rows) or
//! `versioned!` (state kept as every version and the latest one); each field binds as a typed array
//! (`BIGINT[]`, `INTEGER[]`, `TEXT[]`, `BOOLEAN[]`) and the statement unnests them, so a block's rows of one table
//! cost one round trip. Exact decimals are [`Numeric`]: checked in Rust, carried as text (NUMERIC has no binary
//! form here that keeps every digit without a decimal crate) and cast once by the statement.
//!
//! A reverted block puts back what came before it: [`Versioned::revert`].

use std::collections::HashMap;

use sqlx::PgConnection;
use sqlx::postgres::PgArguments;
use sqlx::query::Query;
use stamps_platform::consumer::ProjectionError;

/// An exact decimal for a NUMERIC column: an optional `-`, digits, and at most one `.` between digits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Numeric(String);

impl Numeric {
    /// An exact integer quantity; empty (a field left at its default) is 0. `what` names it in the error.
    pub fn quantity(what: &str, s: &str) -> Result<Self, ProjectionError> {
        Self::parse_quantity(what, s).map(Self::from)
    }

    /// Reads an exact integer quantity; empty is 0.
    pub fn parse_quantity(what: &str, s: &str) -> Result<u128, ProjectionError> {
        let digits = if s.is_empty() { "0" } else { s };
        digits
            .parse::<u128>()
            .map_err(|_| ProjectionError::Malformed(format!("{what} {s:?} is not a quantity")))
    }

    /// An exact decimal, signed or not. `what` names it in the error.
    pub fn decimal(what: &str, s: &str) -> Result<Self, ProjectionError> {
        let digits = s.strip_prefix('-').unwrap_or(s);
        let ok = !digits.is_empty()
            && digits.split('.').count() <= 2
            && digits.chars().all(|c| c.is_ascii_digit() || c == '.')
            && !digits.starts_with('.')
            && !digits.ends_with('.');
        if ok {
            Ok(Self(s.to_owned()))
        } else {
            Err(ProjectionError::Malformed(format!(
                "{what} {s:?} is not a decimal"
            )))
        }
    }
}

impl From<u128> for Numeric {
    fn from(n: u128) -> Self {
        Self(n.to_string())
    }
}

/// One column's values, in the array type they bind as.
#[derive(Debug)]
pub enum Values {
    /// `BIGINT[]`.
    BigInt(Vec<i64>),
    /// `INTEGER[]`.
    Int(Vec<i32>),
    /// `INTEGER[]` with NULLs.
    OptInt(Vec<Option<i32>>),
    /// `TEXT[]`.
    Text(Vec<String>),
    /// `BOOLEAN[]`.
    Bool(Vec<bool>),
    /// `TEXT[]` cast to `NUMERIC[]`.
    Numeric(Vec<String>),
}

impl Values {
    fn bind<'q>(
        &'q self,
        query: Query<'q, sqlx::Postgres, PgArguments>,
    ) -> Query<'q, sqlx::Postgres, PgArguments> {
        match self {
            Values::BigInt(v) => query.bind(v),
            Values::Int(v) => query.bind(v),
            Values::OptInt(v) => query.bind(v),
            Values::Text(v) | Values::Numeric(v) => query.bind(v),
            Values::Bool(v) => query.bind(v),
        }
    }

    /// The statement's placeholder for this column as parameter `i`.
    fn placeholder(&self, i: usize) -> String {
        match self {
            Values::BigInt(_) => format!("${i}::BIGINT[]"),
            Values::Int(_) | Values::OptInt(_) => format!("${i}::INTEGER[]"),
            Values::Text(_) => format!("${i}::TEXT[]"),
            Values::Bool(_) => format!("${i}::BOOLEAN[]"),
            Values::Numeric(_) => format!("${i}::TEXT[]::NUMERIC[]"),
        }
    }

    fn len(&self) -> usize {
        match self {
            Values::BigInt(v) => v.len(),
            Values::Int(v) => v.len(),
            Values::OptInt(v) => v.len(),
            Values::Text(v) | Values::Numeric(v) => v.len(),
            Values::Bool(v) => v.len(),
        }
    }
}

/// A field type a row may hold: the column it makes and how a value joins it.
pub trait Value {
    /// An empty column of this type.
    fn column() -> Values;
    /// Appends the value to its column (made by [`Value::column`] of the same type).
    fn push_to(&self, column: &mut Values);
}

macro_rules! value {
    ($t:ty, $variant:ident, $v:ident => $e:expr) => {
        impl Value for $t {
            fn column() -> Values {
                Values::$variant(Vec::new())
            }
            fn push_to(&self, column: &mut Values) {
                if let Values::$variant(values) = column {
                    let $v = self;
                    values.push($e);
                }
            }
        }
    };
}
value!(i64, BigInt, v => *v);
value!(i32, Int, v => *v);
value!(Option<i32>, OptInt, v => *v);
value!(String, Text, v => v.clone());
value!(bool, Bool, v => *v);
value!(Numeric, Numeric, v => v.0.clone());

/// A column of a row type: its name and how to make it.
#[derive(Debug, Clone, Copy)]
pub struct Column {
    /// Column name.
    pub name: &'static str,
    /// An empty column of the field's type.
    pub make: fn() -> Values,
}

impl Column {
    /// The column `name` of a field of type `T`.
    pub const fn of<T: Value>(name: &'static str) -> Self {
        Self {
            name,
            make: T::column,
        }
    }
}

/// The next columns a row's fields join, in declaration order.
pub struct Cursor<'a>(std::slice::IterMut<'a, (&'static str, Values)>);

impl Cursor<'_> {
    /// Appends `value` to the next column.
    pub fn put<T: Value>(&mut self, value: &T) {
        if let Some((_, column)) = self.0.next() {
            value.push_to(column);
        }
    }
}

/// A row type of one table.
pub trait Row {
    /// The table.
    const TABLE: &'static str;
    /// Its columns, one per field in declaration order.
    const COLUMNS: &'static [Column];
    /// Appends each field to its column.
    fn put(&self, to: &mut Cursor<'_>);
}

/// Declares an event row: a struct of typed fields, one per column of `$table`.
macro_rules! rows {
    ($(#[$meta:meta])* pub struct $name:ident in $table:literal {
        $($(#[$fmeta:meta])* $field:ident: $ty:ty),* $(,)?
    }) => {
        $(#[$meta])*
        ///
        /// Its fields are the table's columns, as the migrations describe them.
        #[allow(missing_docs)]
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct $name {
            $($(#[$fmeta])* pub $field: $ty),*
        }

        impl $crate::projection::bulk::Row for $name {
            const TABLE: &'static str = $table;
            const COLUMNS: &'static [$crate::projection::bulk::Column] =
                &[$($crate::projection::bulk::Column::of::<$ty>(stringify!($field))),*];
            fn put(&self, to: &mut $crate::projection::bulk::Cursor<'_>) {
                $(to.put(&self.$field);)*
            }
        }
    };
}
pub(crate) use rows;

/// Declares a versioned state row: `rows!` for the table of latest states `$current`, whose versions are
/// kept in `$versions`, keyed by the text fields `key(...)`.
macro_rules! versioned {
    ($(#[$meta:meta])* pub struct $name:ident in $current:literal, $versions:literal, key($($key:ident),+) {
        $($(#[$fmeta:meta])* $field:ident: $ty:ty),* $(,)?
    }) => {
        $crate::projection::bulk::rows! {
            $(#[$meta])*
            pub struct $name in $current { $($(#[$fmeta])* $field: $ty),* }
        }

        impl $crate::projection::bulk::State for $name {
            const VERSIONED: $crate::projection::bulk::Versioned = $crate::projection::bulk::Versioned {
                current: $current,
                versions: $versions,
                key: &[$(stringify!($key)),+],
                columns: <$name as $crate::projection::bulk::Row>::COLUMNS,
            };
            fn key(&self) -> Vec<String> {
                vec![$(self.$key.clone()),+]
            }
        }
    };
}
pub(crate) use versioned;

/// Columns being filled, then written in one statement.
#[derive(Debug)]
struct Table {
    name: &'static str,
    columns: Vec<(&'static str, Values)>,
}

impl Table {
    fn new(name: &'static str, columns: impl IntoIterator<Item = Column>) -> Self {
        Self {
            name,
            columns: columns.into_iter().map(|c| (c.name, (c.make)())).collect(),
        }
    }

    fn cursor(&mut self) -> Cursor<'_> {
        Cursor(self.columns.iter_mut())
    }

    fn is_empty(&self) -> bool {
        self.columns.first().is_none_or(|(_, v)| v.len() == 0)
    }

    fn statement(&self, conflict: &str) -> String {
        let names: Vec<String> = self
            .columns
            .iter()
            .map(|(n, _)| format!("\"{n}\""))
            .collect();
        let arrays: Vec<String> = self
            .columns
            .iter()
            .enumerate()
            .map(|(i, (_, v))| v.placeholder(i + 1))
            .collect();
        format!(
            "INSERT INTO {table} ({names}) SELECT * FROM UNNEST({arrays}) {conflict}",
            table = self.name,
            names = names.join(", "),
            arrays = arrays.join(", "),
        )
    }

    async fn execute(&self, tx: &mut PgConnection, conflict: &str) -> Result<(), sqlx::Error> {
        if self.is_empty() {
            return Ok(());
        }
        let sql = self.statement(conflict);
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
        for (_, values) in &self.columns {
            query = values.bind(query);
        }
        query.execute(tx).await?;
        Ok(())
    }

    /// Inserts, replacing rows with the same `key` (each key at most once in the rows).
    async fn upsert(&self, tx: &mut PgConnection, key: &[&str]) -> Result<(), sqlx::Error> {
        let updates: Vec<String> = self
            .columns
            .iter()
            .filter(|(n, _)| !key.contains(n))
            .map(|(n, _)| format!("\"{n}\" = EXCLUDED.\"{n}\""))
            .collect();
        let key: Vec<String> = key.iter().map(|k| format!("\"{k}\"")).collect();
        let conflict = format!(
            "ON CONFLICT ({}) DO UPDATE SET {}",
            key.join(", "),
            updates.join(", ")
        );
        self.execute(tx, &conflict).await
    }
}

/// Rows of one table for one block.
#[derive(Debug)]
pub struct Rows<R: Row> {
    rows: Vec<R>,
}

impl<R: Row> Default for Rows<R> {
    fn default() -> Self {
        Self { rows: Vec::new() }
    }
}

impl<R: Row> Rows<R> {
    /// Adds a row.
    pub fn push(&mut self, row: R) {
        self.rows.push(row);
    }

    /// Inserts the rows.
    pub async fn insert(&self, tx: &mut PgConnection) -> Result<(), sqlx::Error> {
        let mut table = Table::new(R::TABLE, R::COLUMNS.iter().copied());
        for row in &self.rows {
            row.put(&mut table.cursor());
        }
        table.execute(tx, "").await
    }
}

/// A state table and its versions: `current` holds the row's columns and `changed_at` (the height of the last
/// change); `versions` holds `changed_at`, `seq` (the change's position in its block) and the row's columns.
#[derive(Debug, Clone, Copy)]
pub struct Versioned {
    /// The latest state by key.
    pub current: &'static str,
    /// Every state a key had.
    pub versions: &'static str,
    /// The key columns (text).
    pub key: &'static [&'static str],
    /// Every column of the row, key included.
    pub columns: &'static [Column],
}

/// A row type of a versioned state table.
pub trait State: Row {
    /// Its tables.
    const VERSIONED: Versioned;
    /// The row's key, in [`Versioned::key`] order.
    fn key(&self) -> Vec<String>;
}

/// Changes to one versioned table within a block, in order: each a key's new state at (height, seq).
#[derive(Debug)]
pub struct Changes<S: State> {
    rows: Vec<(i64, i64, S)>,
}

impl<S: State> Default for Changes<S> {
    fn default() -> Self {
        Self { rows: Vec::new() }
    }
}

impl<S: State> Changes<S> {
    /// A key's new state at (`height`, `seq`).
    pub fn push(&mut self, height: i64, seq: i64, state: S) {
        self.rows.push((height, seq, state));
    }

    /// Records every version and sets each key's latest.
    pub async fn write(&self, tx: &mut PgConnection) -> Result<(), sqlx::Error> {
        if self.rows.is_empty() {
            return Ok(());
        }
        let t = S::VERSIONED;
        let at = [Column::of::<i64>("changed_at")];
        let mut versions = Table::new(
            t.versions,
            at.into_iter()
                .chain([Column::of::<i64>("seq")])
                .chain(t.columns.iter().copied()),
        );
        let mut current = Table::new(t.current, t.columns.iter().copied().chain(at));
        let mut latest: HashMap<Vec<String>, usize> = HashMap::new();
        for (i, (height, seq, state)) in self.rows.iter().enumerate() {
            let mut row = versions.cursor();
            row.put(height);
            row.put(seq);
            state.put(&mut row);
            latest.insert(state.key(), i);
        }
        let mut last: Vec<usize> = latest.into_values().collect();
        last.sort_unstable();
        for i in last {
            let (height, _, state) = &self.rows[i];
            let mut row = current.cursor();
            state.put(&mut row);
            row.put(height);
        }
        versions.execute(&mut *tx, "").await?;
        current.upsert(&mut *tx, t.key).await
    }
}

impl Versioned {
    /// Undoes the block at `height`: each key it changed gets back its latest earlier state, or goes.
    pub async fn revert(&self, tx: &mut PgConnection, height: i64) -> Result<(), sqlx::Error> {
        let quoted = |names: &mut dyn Iterator<Item = &str>| {
            names
                .map(|n| format!("\"{n}\""))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let key = quoted(&mut self.key.iter().copied());
        let state = quoted(
            &mut self
                .columns
                .iter()
                .map(|c| c.name)
                .filter(|n| !self.key.contains(n)),
        );
        let touched = format!(
            "({key}) IN (SELECT {key} FROM {versions} WHERE changed_at = $1)",
            versions = self.versions
        );
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "DELETE FROM {current} WHERE {touched}",
            current = self.current
        )))
        .bind(height)
        .execute(&mut *tx)
        .await?;
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "INSERT INTO {current} ({key}, {state}, changed_at)
             SELECT DISTINCT ON ({key}) {key}, {state}, changed_at FROM {versions}
             WHERE {touched} AND changed_at <> $1
             ORDER BY {key}, changed_at DESC, seq DESC",
            current = self.current,
            versions = self.versions
        )))
        .bind(height)
        .execute(&mut *tx)
        .await?;
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "DELETE FROM {versions} WHERE changed_at = $1",
            versions = self.versions
        )))
        .bind(height)
        .execute(&mut *tx)
        .await?;
        Ok(())
    }
}
