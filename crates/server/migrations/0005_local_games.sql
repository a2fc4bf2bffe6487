-- Games played in the browser are stored unverified (the server replays
-- their moves and chance, but cannot replay a computer's decision made
-- against the browser's clock), and once: `origin` is the server's seed
-- ticket the game was dealt from, or the digest of a record that came
-- without one.
ALTER TABLE games ADD COLUMN verified BIGINT NOT NULL DEFAULT 1;
ALTER TABLE games ADD COLUMN origin TEXT;
CREATE UNIQUE INDEX games_origin ON games (origin);
