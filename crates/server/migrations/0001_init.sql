-- One schema for SQLite and PostgreSQL: integers are BIGINT (i64 on both),
-- times are Unix seconds (games: milliseconds, to order them), ids are
-- random text, flags are 0/1.

CREATE TABLE users (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    pace TEXT NOT NULL DEFAULT 'measured',
    created BIGINT NOT NULL
);

CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
    csrf TEXT NOT NULL,
    created BIGINT NOT NULL,
    expires BIGINT NOT NULL
);
CREATE INDEX sessions_expires ON sessions (expires);

-- A game: its owner (the session that made it, and the account if any), its
-- record (JSON, replayed on every load), and what the replay concluded.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    session_hash TEXT NOT NULL,
    user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    day TEXT,
    players TEXT NOT NULL,
    record TEXT NOT NULL,
    over BIGINT NOT NULL DEFAULT 0,
    score0 BIGINT NOT NULL DEFAULT 0,
    score1 BIGINT NOT NULL DEFAULT 0,
    ranked BIGINT NOT NULL DEFAULT 0,
    created BIGINT NOT NULL,
    finished BIGINT
);
CREATE INDEX games_session ON games (session_hash, created);
CREATE INDEX games_user ON games (user_id, created);

-- An account's day of the daily grid: its first game, whether the day was
-- restarted (off the leaderboard for good) and, once the first game ended on
-- its day, the points it counts.
CREATE TABLE daily_days (
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    first_game TEXT NOT NULL,
    restarted BIGINT NOT NULL DEFAULT 0,
    counted BIGINT NOT NULL DEFAULT 0,
    points BIGINT NOT NULL DEFAULT 0,
    margin BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, day)
);
CREATE INDEX daily_days_day ON daily_days (day, counted);
