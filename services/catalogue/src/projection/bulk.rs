//! Rows written in one statement per table: every value travels as text in a `TEXT[]` per column and the
//! statement casts it to the column's type. State tables keep every version and their latest one
//! ([`Versioned`]), so that a reverted block puts back what came before it.

use std::collections::HashMap;

use sqlx::PgConnection;

/// A column and the SQL type its text is cast to.
#[derive(Debug, Clone, Copy)]
pub struct Column {
    /// Column name.
    pub name: &'static str,
    /// SQL type (`TEXT`, `BIGINT`, `INTEGER`, `NUMERIC`, `BOOLEAN`).
    pub ty: &'static str,
}

/// A column of type `ty`.
pub const fn col(name: &'static str, ty: &'static str) -> Column {
    Column { name, ty }
}

/// A value as the statement receives it.
pub fn v(value: impl ToString) -> Option<String> {
    Some(value.to_string())
}

/// Rows for one table, column by column.
#[derive(Debug)]
pub struct Rows {
    table: &'static str,
    columns: Vec<Column>,
    values: Vec<Vec<Option<String>>>,
}

impl Rows {
    /// No rows yet for `table` with `columns`.
    pub fn new(table: &'static str, columns: &[Column]) -> Self {
        Self {
            table,
            columns: columns.to_vec(),
            values: vec![Vec::new(); columns.len()],
        }
    }

    /// Adds a row: one value per column, in column order.
    pub fn push(&mut self, row: Vec<Option<String>>) {
        debug_assert_eq!(row.len(), self.columns.len(), "{}", self.table);
        for (column, value) in self.values.iter_mut().zip(row) {
            column.push(value);
        }
    }

    /// Rows held.
    pub fn len(&self) -> usize {
        self.values.first().map_or(0, Vec::len)
    }

    /// Whether no row is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn statement(&self, conflict: &str) -> String {
        let names: Vec<String> = self
            .columns
            .iter()
            .map(|c| format!("\"{}\"", c.name))
            .collect();
        let arrays: Vec<String> = (1..=self.columns.len())
            .map(|i| format!("${i}::TEXT[]"))
            .collect();
        let casts: Vec<String> = self
            .columns
            .iter()
            .map(|c| format!("\"{}\"::{}", c.name, c.ty))
            .collect();
        format!(
            "INSERT INTO {table} ({names}) SELECT {casts} FROM UNNEST({arrays}) AS u({names}) {conflict}",
            table = self.table,
            names = names.join(", "),
            casts = casts.join(", "),
            arrays = arrays.join(", "),
        )
    }

    async fn execute(&self, tx: &mut PgConnection, conflict: &str) -> Result<(), sqlx::Error> {
        if self.is_empty() {
            return Ok(());
        }
        let sql = self.statement(conflict);
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
        for column in &self.values {
            query = query.bind(column);
        }
        query.execute(tx).await?;
        Ok(())
    }

    /// Inserts the rows.
    pub async fn insert(&self, tx: &mut PgConnection) -> Result<(), sqlx::Error> {
        self.execute(tx, "").await
    }

    /// Inserts the rows, replacing those with the same `key` (each key at most once in the rows).
    pub async fn upsert(&self, tx: &mut PgConnection, key: &[&str]) -> Result<(), sqlx::Error> {
        let updates: Vec<String> = self
            .columns
            .iter()
            .filter(|c| !key.contains(&c.name))
            .map(|c| format!("\"{0}\" = EXCLUDED.\"{0}\"", c.name))
            .collect();
        let conflict = format!(
            "ON CONFLICT ({}) DO UPDATE SET {}",
            key.iter()
                .map(|k| format!("\"{k}\""))
                .collect::<Vec<_>>()
                .join(", "),
            updates.join(", ")
        );
        self.execute(tx, &conflict).await
    }
}

/// A state table and its versions: `current` holds `key`, `state` and `changed_at` (the height of the last
/// change); `versions` holds `changed_at`, `seq` (the change's position in its block), `key` and `state`.
#[derive(Debug, Clone, Copy)]
pub struct Versioned {
    /// The latest state by key.
    pub current: &'static str,
    /// Every state a key had.
    pub versions: &'static str,
    /// The key columns (text).
    pub key: &'static [&'static str],
    /// The state columns.
    pub state: &'static [Column],
}

/// One key's new state.
#[derive(Debug)]
struct Change {
    height: i64,
    seq: i64,
    key: Vec<String>,
    state: Vec<Option<String>>,
}

/// Changes to one versioned table within a block, in order.
#[derive(Debug)]
pub struct Changes {
    table: Versioned,
    rows: Vec<Change>,
}

impl Changes {
    /// No changes to `table` yet.
    pub fn new(table: Versioned) -> Self {
        Self {
            table,
            rows: Vec::new(),
        }
    }

    /// A key's new state at (`height`, `seq`).
    pub fn push(&mut self, height: i64, seq: i64, key: Vec<String>, state: Vec<Option<String>>) {
        self.rows.push(Change {
            height,
            seq,
            key,
            state,
        });
    }

    /// Records every version and sets each key's latest.
    pub async fn write(&self, tx: &mut PgConnection) -> Result<(), sqlx::Error> {
        if self.rows.is_empty() {
            return Ok(());
        }
        let t = self.table;
        let mut version_columns = vec![col("changed_at", "BIGINT"), col("seq", "BIGINT")];
        version_columns.extend(t.key.iter().map(|k| col(k, "TEXT")));
        version_columns.extend_from_slice(t.state);
        let mut versions = Rows::new(t.versions, &version_columns);
        let mut current_columns: Vec<Column> = t.key.iter().map(|k| col(k, "TEXT")).collect();
        current_columns.extend_from_slice(t.state);
        current_columns.push(col("changed_at", "BIGINT"));
        let mut current = Rows::new(t.current, &current_columns);
        let mut latest: HashMap<&[String], usize> = HashMap::new();
        for (i, c) in self.rows.iter().enumerate() {
            let mut row = vec![v(c.height), v(c.seq)];
            row.extend(c.key.iter().cloned().map(Some));
            row.extend(c.state.iter().cloned());
            versions.push(row);
            latest.insert(c.key.as_slice(), i);
        }
        let mut last: Vec<usize> = latest.into_values().collect();
        last.sort_unstable();
        for i in last {
            let c = &self.rows[i];
            let mut row: Vec<Option<String>> = c.key.iter().cloned().map(Some).collect();
            row.extend(c.state.iter().cloned());
            row.push(v(c.height));
            current.push(row);
        }
        versions.insert(&mut *tx).await?;
        current.upsert(&mut *tx, t.key).await
    }
}

impl Versioned {
    /// Undoes the block at `height`: each key it changed gets back its latest earlier state, or goes.
    pub async fn revert(&self, tx: &mut PgConnection, height: i64) -> Result<(), sqlx::Error> {
        let key = self
            .key
            .iter()
            .map(|k| format!("\"{k}\""))
            .collect::<Vec<_>>()
            .join(", ");
        let state = self
            .state
            .iter()
            .map(|c| format!("\"{}\"", c.name))
            .collect::<Vec<_>>()
            .join(", ");
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
