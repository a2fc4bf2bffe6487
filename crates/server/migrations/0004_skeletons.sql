-- Look-alike skeletons are now taken before the case is folded (Cherokee
-- capitals look like Latin ones but fold to letters that do not): every
-- account's skeleton is computed again on start by `db::backfill_names`,
-- older accounts first, so an older account keeps its name where two now
-- share a skeleton (the newer keeps NULL and still logs in by its key).
UPDATE users SET name_skeleton = NULL;
