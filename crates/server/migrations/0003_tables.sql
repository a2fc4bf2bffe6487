-- Games of every registered game over the game contract. A row of before
-- (daily, free, watch, tic-tac-toe) keeps its columns and reads as before;
-- a new row names its game, its options, every seat's player (`players`,
-- now n names), its truth (the secret seed and every action: never sent to
-- a page) and, once over, the scores of its n seats as a JSON array.
-- `review` caches a finished game's review, which never changes.
ALTER TABLE games ADD COLUMN game TEXT;
ALTER TABLE games ADD COLUMN options TEXT;
ALTER TABLE games ADD COLUMN truth TEXT;
ALTER TABLE games ADD COLUMN scores TEXT;
ALTER TABLE games ADD COLUMN review TEXT;
UPDATE games SET game = 'tictactoe' WHERE kind = 'tictactoe';
UPDATE games SET game = 'diagonal' WHERE kind <> 'tictactoe';
UPDATE games SET scores = '[' || CAST(score0 AS TEXT) || ',' || CAST(score1 AS TEXT) || ']' WHERE over = 1;
