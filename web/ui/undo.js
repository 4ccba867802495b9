// Undo to the player's last real choice. The page plays some actions by itself for the player at the device
// (a « let it pass » that is all they may do, with « Passer seul… » ticked; a deal's timeout): undoing one of
// those alone would change nothing, as the page plays it again at once. So an undo takes back those automatic
// actions and the player's own action before them, and is offered only when there is such an action.

/** Whether `action` is what the page would play by itself for `seat` in `view` (`unattended`: GameScreen.unattended). */
export function isAutomatic(unattended, view, seat, action) {
  if (!view || seat === null) return false;
  const auto = unattended(view, seat);
  return Boolean(auto) && JSON.stringify(auto) === JSON.stringify(action);
}

/**
 * How many actions an undo by `seat` takes back: its automatic actions at the end of `actions` ([[seat, action]…])
 * and its real action before them; 0 when the last actions are not `seat`'s or are only automatic ones.
 * `automatic`: the set of indexes of `actions` the page played by itself.
 */
export function undoSteps(actions, automatic, seat) {
  let i = actions.length - 1;
  while (i >= 0 && actions[i][0] === seat && automatic.has(i)) i--;
  if (i < 0 || actions[i][0] !== seat) return 0;
  return actions.length - i;
}

/** Take back `steps` actions of `seat` (each undo checked by the engine); the last answer, or the first refusal. */
export async function undoMany(engine, handle, seat, steps) {
  let answer = { ok: false, error: { fr: "Rien à annuler.", en: "Nothing to undo." } };
  for (let k = 0; k < steps; k++) {
    answer = await engine.undo(handle, seat);
    if (!answer.ok) return { ...answer, partial: k > 0 };
  }
  return answer;
}
