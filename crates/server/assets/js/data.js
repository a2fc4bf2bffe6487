// The data a game reads beside its rules (Abalone's endgame tables), for
// the browser module, on the page's thread and in the search worker alike:
// after each call into the module, the keys its look-ups lacked are
// fetched from /api/data/{game}/{key} (the service worker keeps them),
// handed to the module (which checks each one), and the call is made
// again. Only what a position needs is ever fetched.

/** Rounds of fetching before answering with what there is. */
const ROUNDS = 8;

/** The keys fetched in this context (page or worker), oldest first: the
 * worker reports its own with each answer. */
export const fetched = [];

async function provideAll(bindings, game, keys) {
  const done = await Promise.all(keys.map(async (key) => {
    let res;
    try {
      res = await fetch(`/api/data/${encodeURIComponent(game)}/${key}`, { credentials: 'same-origin' });
    } catch {
      return false; // offline and not kept: answer without it
    }
    fetched.push(key);
    try {
      if (res.status === 404) {
        bindings.dataProvide(game, key, undefined);
      } else if (res.ok) {
        bindings.dataProvide(game, key, new Uint8Array(await res.arrayBuffer()));
      } else {
        return false;
      }
    } catch {
      return false; // refused by its check: never used
    }
    return true;
  }));
  return done.every(Boolean);
}

/**
 * `work()`'s result once the module had the data it looked up (or could
 * not get it): `work` is called again after each round of fetching, so it
 * must be repeatable. A `work` that throws while data was missing is tried
 * again once the data is here; otherwise its error stands.
 */
export async function withData(bindings, game, work) {
  for (let round = 0; ; round += 1) {
    let result;
    let error = null;
    try {
      result = work();
    } catch (err) {
      error = err;
    }
    const missing = JSON.parse(bindings.dataMissing(game));
    if (!missing.length || round === ROUNDS || !(await provideAll(bindings, game, missing))) {
      if (error) throw error;
      return result;
    }
  }
}
