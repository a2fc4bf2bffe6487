-- Look-alike names, ended sessions and the session key (SQLite and PostgreSQL).
--
-- name_skeleton: what a name looks like (its confusable skeleton, UTS #39),
-- unique so that no two accounts can be told apart only by look-alike
-- letters. SQL cannot compute skeletons, so the server back-fills existing
-- rows in code on start (`db::backfill_names`); NULLs do not collide, so a
-- row whose skeleton clashes with an older account keeps NULL and still
-- logs in by its key.
ALTER TABLE users ADD COLUMN name_skeleton TEXT;
CREATE UNIQUE INDEX users_name_skeleton ON users (name_skeleton);

-- ended: a session logged out or replaced by a log-in keeps its row (a
-- guest's, which has none, gets one if it owned games), marked ended, until
-- its token expires: so that the signed token cannot come back to life as a
-- guest's session and reach those games.
ALTER TABLE sessions ADD COLUMN ended BIGINT NOT NULL DEFAULT 0;

-- The server's secret for signing session and CSRF tokens: one row, made by
-- the first instance to start, shared by every instance on this database.
CREATE TABLE secrets (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
