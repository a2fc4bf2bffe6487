// The search worker: a module Web Worker holding the browser module
// (/api/wasm), which plays a computer's turn from its seat's observation
// alone. The page (local.js) owns it, numbers each worker it builds (its
// generation) and each request, and terminates it to cancel.
//
// Messages in:
//   {type: 'init', gen, js, wasm}                 load the module, self-check
//   {type: 'decide', gen, id, request}            request = {game, options,
//       observation, seat, player, seed, deadline_ms}
// Messages out (each with the gen and id it answers):
//   {type: 'ready', gen, check} | {type: 'broken', gen, error}
//   {type: 'quick', gen, id, answer}      the same level's no-search policy,
//                                         sent first, at once
//   {type: 'decision', gen, id, answer, fetched}   the search's answer (action,
//                                         stats, ms) and the data keys fetched
//   {type: 'refused', gen, id, error}     the module refused the request

import { fetched, withData } from './data.js';

let module = null;
let loading = null;

async function load(gen, js, wasm) {
  try {
    const bindings = await import(js);
    await bindings.default({ module_or_path: wasm });
    const check = bindings.selfcheck();
    module = bindings;
    postMessage({ type: 'ready', gen, check });
  } catch (err) {
    postMessage({ type: 'broken', gen, error: String(err?.message ?? err) });
    throw err;
  }
}

// The handler is set before anything is awaited, so no message is lost.
onmessage = async (event) => {
  const msg = event.data;
  if (msg.type === 'init') {
    loading = load(msg.gen, msg.js, msg.wasm);
    return;
  }
  if (msg.type !== 'decide') return;
  try {
    await loading;
  } catch {
    return; // 'broken' was sent: the page stops using the module
  }
  const { request } = msg;
  const started = performance.now();
  // The tables a position needs are fetched before the answer is final
  // (the policy looks them up too); a search after a fetch has the time
  // left.
  const call = (f) => () => {
    const left = Math.max(1, request.deadline_ms - (performance.now() - started));
    return f(JSON.stringify({ ...request, deadline_ms: left }));
  };
  try {
    const quick = await withData(module, request.game, call(module.quick));
    postMessage({ type: 'quick', gen: msg.gen, id: msg.id, answer: JSON.parse(quick) });
  } catch (err) {
    postMessage({ type: 'refused', gen: msg.gen, id: msg.id, error: String(err?.message ?? err) });
    return;
  }
  try {
    const decision = await withData(module, request.game, call(module.decide));
    postMessage({
      type: 'decision', gen: msg.gen, id: msg.id, answer: JSON.parse(decision), fetched: fetched.splice(0),
    });
  } catch (err) {
    postMessage({ type: 'refused', gen: msg.gen, id: msg.id, error: String(err?.message ?? err) });
  }
};
