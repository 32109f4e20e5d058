// The "Server answers" list the demo page and the OpenID Provider's interaction page share: every
// answer of the server, newest first, as status and JSON body.

/** The most answers a list keeps: a long session should not grow the page forever. */
export const MAX_ANSWERS = 20;

/**
 * Puts one answer at the top of `list` and drops the oldest past {@link MAX_ANSWERS}.
 *
 * @param {HTMLElement} list
 * @param {{ method: string, path: string, status: number, body: unknown }} answer
 */
export function prependAnswer(list, { method, path, status, body }) {
  const item = document.createElement("li");
  const call = document.createElement("div");
  call.className = "call";
  const verdict = document.createElement("span");
  verdict.className = status >= 200 && status < 300 ? "status-ok" : "status-bad";
  verdict.textContent = String(status);
  call.append(`${method} ${path} → `, verdict);
  const json = document.createElement("pre");
  json.textContent = JSON.stringify(body, null, 2);
  item.append(call, json);
  list.prepend(item);
  while (list.children.length > MAX_ANSWERS) list.lastElementChild.remove();
}
