// Free play's help on the page shell (table.js): a hint at the person's
// turn (what the game's own computer would play, from the person's
// observation: the server's `POST /api/games/{id}/hint`, or the worker for
// a game kept in the page), said and marked wherever the page shows that
// move; and undo, back to the person's turn before their last move.
// Neither is offered in a daily, ranked or watched game.

const $ = (id) => document.getElementById(id);

/** Whether `shell`'s game takes help: free play against the computer. */
export function helps(shell) {
  const a = shell.answer;
  return !shell.watching && !a.ranked && a.kind !== 'daily' && a.kind !== 'watch' && !!shell.transport.hint;
}

/** Asks what the game's own computer would play now, says it, and marks
 * that move wherever the page shows it (the focus goes to it). */
export async function hint(shell) {
  if (shell.requesting || shell.disposed || !shell.answer.your_turn || !helps(shell)) return;
  const ply = shell.answer.ply;
  shell.showError(null);
  shell.setBusy(true);
  shell.draw();
  try {
    const h = await shell.transport.hint();
    if (shell.answer.ply === ply) shell.hinted = { ply, ...h };
  } catch (err) {
    shell.showError(err);
  } finally {
    shell.setBusy(false);
  }
  shell.draw();
  const label = shell.hinted?.label;
  const shown = label && shell.host.querySelector(`[data-action="${CSS.escape(label)}"]:not([disabled])`);
  if (shown) shown.focus({ preventScroll: true });
}

/** Takes back the person's last move (and the replies to it). */
export async function undo(shell) {
  if (shell.requesting || shell.disposed || !helps(shell)) return;
  shell.showError(null);
  shell.setBusy(true);
  shell.draw();
  try {
    const next = await shell.transport.undo(shell.answer.ply);
    // The log is drawn again from the shorter game.
    $('table-moves').replaceChildren();
    shell.chanceRun = null;
    shell.lastSeatMove = null;
    shell.shownPly = 0;
    shell.hinted = null;
    await shell.show(next, false);
    shell.say('Your last move was taken back.');
  } catch (err) {
    shell.showError(err);
  } finally {
    shell.setBusy(false);
  }
  shell.draw();
}

/** The help's buttons and the hint's words, for the answer shown; the
 * hinted move marked (`data-hinted`) while its ply lasts. */
export function drawHelp(shell) {
  const a = shell.answer;
  const box = $('table-help');
  box.hidden = !helps(shell) || a.over;
  if (box.hidden) return;
  if (shell.hinted && shell.hinted.ply !== a.ply) shell.hinted = null;
  $('table-hint-button').disabled = !a.your_turn || shell.requesting;
  $('table-undo').disabled = shell.requesting || !a.moves.some((m) => m.seat === a.you);
  const why = shell.hinted?.why ? `: ${shell.hinted.why}` : '';
  $('table-hint').textContent = shell.hinted ? `${shell.hinted.player} would play ${shell.hinted.label}${why}.` : '';
  for (const b of shell.host.querySelectorAll('[data-hinted]')) delete b.dataset.hinted;
  if (shell.hinted) {
    for (const b of shell.host.querySelectorAll(`[data-action="${CSS.escape(shell.hinted.label)}"]`)) b.dataset.hinted = 'true';
  }
}
