import { describeValue } from "../shared/describe-value.js";
import type { CheckSuccess } from "../verify/types.js";

/**
 * The statuses an `onSignIn` hook may refuse a sign-in with: client errors only, so a refusal is
 * never mistaken for a sign-in (200) or for a fault of the server (500).
 *
 * @example
 * ```ts
 * const status: SignInRefusalStatus = 403; // the account is suspended
 * ```
 */
export type SignInRefusalStatus = 400 | 401 | 403 | 404 | 409 | 410 | 422 | 423 | 429 | 451;

/**
 * Every {@link SignInRefusalStatus}, for checking a refusal at run time.
 *
 * @example
 * ```ts
 * import { SIGN_IN_REFUSAL_STATUSES } from "sign-in-with-xrpl";
 * SIGN_IN_REFUSAL_STATUSES.includes(403); // true
 * ```
 */
export const SIGN_IN_REFUSAL_STATUSES: readonly SignInRefusalStatus[] = [400, 401, 403, 404, 409, 410, 422, 423, 429, 451];

/**
 * The most UTF-8 bytes the JSON text of a sign-in's `data` may take. Small enough that a
 * sealed-cookie session carrying it stays well under the 4096 bytes a browser keeps per cookie.
 *
 * @example
 * ```ts
 * import { MAX_SESSION_DATA_BYTES } from "sign-in-with-xrpl";
 * new TextEncoder().encode(JSON.stringify(data)).length <= MAX_SESSION_DATA_BYTES;
 * ```
 */
export const MAX_SESSION_DATA_BYTES = 2048;

/** The longest refusal message, in characters: one sentence for the user, not a document. */
const MAX_REFUSAL_MESSAGE_LENGTH = 300;

/**
 * What an `onSignIn` hook answers to refuse a sign-in: the status and the one sentence the client
 * receives as `{ error: message }`. Nothing is signed in.
 *
 * @example
 * ```ts
 * const refusal: SignInRefusal = { status: 403, message: "This account is suspended." };
 * ```
 */
export interface SignInRefusal {
  status: SignInRefusalStatus;
  /** Shown to the user as is: one sentence, at most 300 characters, nothing internal. */
  message: string;
}

/**
 * What an `onSignIn` hook receives: the address whose proof holds (its nonce already used up), the
 * verifier's result (which key signed, with which authority), and the request as your server
 * passed it.
 *
 * @example
 * ```ts
 * const onSignIn = ({ address, check }: SignInHookContext) => {
 *   if (check.authority === "multisig") return { refuse: { status: 403, message: "Sign in with a single key." } };
 * };
 * ```
 */
export interface SignInHookContext<TRequest = unknown> {
  /** The classic address that is about to be signed in. */
  address: string;
  /** The verifier's success result. From a verifier without `check`, `authority` is `"unknown"` and `publicKey` null. */
  check: CheckSuccess;
  /**
   * The ledger claims read for this sign-in (the `claims` option), by name: whether each holds.
   * Every required one holds (else the sign-in was refused before the hook). Absent when no
   * claims are configured.
   */
  claims?: Readonly<Record<string, boolean>> | undefined;
  /**
   * The fetch handler: the `Request`. `createAuthHandlers`: the `request` you passed to
   * `handlers.verify(store, { body, request })` (your framework's request object, say), or
   * `undefined` when you passed none.
   */
  request: TRequest;
}

/**
 * What an `onSignIn` hook answers: nothing (sign in, no data), `{ data }` (sign in and keep
 * `data` in the session, where `getSignedIn` and `getSession` read it), or `{ refuse }` (sign
 * nothing in; the client gets the refusal's status and message). `data` must be JSON (plain
 * objects, arrays, strings, finite numbers, booleans, null) of at most `MAX_SESSION_DATA_BYTES`.
 *
 * @example
 * ```ts
 * const signIn: SignInDecision<{ userId: string }> = { data: { userId: "u_123" } };
 * const refuse: SignInDecision = { refuse: { status: 403, message: "This account is suspended." } };
 * ```
 */
export type SignInDecision<TData = unknown> =
  void | undefined | { data: TData; refuse?: undefined } | { refuse: SignInRefusal; data?: undefined };

/**
 * The `onSignIn` option: awaited once per sign-in, after the proof holds and its nonce is used
 * up, before anything is written to the session. A hook that throws answers 500 with the generic
 * text (the error goes to the `logger`) and signs nothing in.
 *
 * @example
 * ```ts
 * const onSignIn: OnSignIn<{ userId: string }> = async ({ address }) => {
 *   const user = await db.users.upsert({ address });
 *   if (user.suspended) return { refuse: { status: 403, message: "This account is suspended." } };
 *   return { data: { userId: user.id } };
 * };
 * ```
 */
export type OnSignIn<TData = unknown, TRequest = unknown> = (
  context: SignInHookContext<TRequest>,
) => SignInDecision<TData> | Promise<SignInDecision<TData>>;

/**
 * What an `onSignOut` hook receives: the address that was signed in, the data its `onSignIn`
 * stored (`undefined` when none), and the request as your server passed it.
 *
 * @example
 * ```ts
 * const onSignOut = ({ address, data }: SignOutHookContext<{ userId: string }>) => audit.log("sign-out", address, data?.userId);
 * ```
 */
export interface SignOutHookContext<TData = unknown, TRequest = unknown> {
  address: string;
  data: TData | undefined;
  /** As in {@link SignInHookContext.request}: the `Request`, or what you passed to `handlers.signOut(store, { request })`. */
  request: TRequest;
}

/**
 * The `onSignOut` option: awaited after a signed-in session has ended (a sign-out with no one
 * signed in does not call it). A hook that throws is logged; the answer stays 200, because the
 * session has ended either way.
 *
 * @example
 * ```ts
 * const onSignOut: OnSignOut = async ({ address }) => {
 *   await audit.log("signed out", address);
 * };
 * ```
 */
export type OnSignOut<TData = unknown, TRequest = unknown> = (context: SignOutHookContext<TData, TRequest>) => void | Promise<void>;

/**
 * A hook's answer, checked: `kind: "bug"` carries one line for the log saying what to fix in the
 * hook, because the hook is the app's code and its user must only see the generic text.
 *
 * @internal
 */
export type ReadDecision =
  { kind: "sign-in"; data: unknown } | { kind: "refuse"; status: SignInRefusalStatus; message: string } | { kind: "bug"; problem: string };

const PREFIX = "sign-in-with-xrpl: onSignIn";

/**
 * Reads what an `onSignIn` hook returned. `data` comes back as a JSON copy, so what a later
 * request reads is the same whichever session kind stores it.
 *
 * @internal
 */
export function readSignInDecision(value: unknown): ReadDecision {
  if (value === undefined || value === null) return { kind: "sign-in", data: undefined };
  if (typeof value !== "object" || Array.isArray(value)) {
    return { kind: "bug", problem: `${PREFIX} returned ${describe(value)}: return nothing, { data } or { refuse: { status, message } }.` };
  }
  const decision = value as Record<string, unknown>;
  if (decision.refuse !== undefined) return readRefusal(decision.refuse);
  if (!("data" in decision)) {
    return {
      kind: "bug",
      problem: `${PREFIX} returned an object without \`data\` or \`refuse\`: return nothing, { data } or { refuse: { status, message } }.`,
    };
  }
  if (decision.data === undefined) return { kind: "sign-in", data: undefined };
  const json = sessionDataJson(decision.data);
  if (typeof json !== "string") return { kind: "bug", problem: `${PREFIX} returned \`data\` that ${json.problem}.` };
  return { kind: "sign-in", data: JSON.parse(json) as unknown };
}

function readRefusal(refuse: unknown): ReadDecision {
  if (typeof refuse !== "object" || refuse === null) {
    return {
      kind: "bug",
      problem: `${PREFIX} returned \`refuse\` as ${describe(refuse)}: use { refuse: { status: 403, message: "This account is suspended." } }.`,
    };
  }
  const { status, message } = refuse as Record<string, unknown>;
  if (!(SIGN_IN_REFUSAL_STATUSES as readonly unknown[]).includes(status)) {
    return {
      kind: "bug",
      problem: `${PREFIX} refused with status ${describe(status)}: use one of ${SIGN_IN_REFUSAL_STATUSES.join(", ")}.`,
    };
  }
  if (typeof message !== "string" || message.trim() === "" || message.length > MAX_REFUSAL_MESSAGE_LENGTH) {
    return {
      kind: "bug",
      problem: `${PREFIX} refused with message ${describe(message)}: give one sentence for the user, 1 to ${MAX_REFUSAL_MESSAGE_LENGTH} characters.`,
    };
  }
  return { kind: "refuse", status: status as SignInRefusalStatus, message };
}

/**
 * The JSON text of `data`, or what keeps it from being stored: a value JSON would change
 * (a `Date`, a `Map`, a class instance, `undefined` in an array, a non-finite number), a value JSON
 * cannot hold (a function, a `bigint`, a symbol, a cycle), or more than `MAX_SESSION_DATA_BYTES`.
 *
 * @internal
 */
export function sessionDataJson(data: unknown): string | { problem: string } {
  const problem = jsonProblem(data, "data", new Set());
  if (problem !== undefined) return { problem };
  const json = JSON.stringify(data);
  const bytes = new TextEncoder().encode(json).length;
  if (bytes > MAX_SESSION_DATA_BYTES) {
    return {
      problem: `takes ${bytes} bytes as JSON, over the limit of ${MAX_SESSION_DATA_BYTES}: keep an id in the session and the rest in your database`,
    };
  }
  return json;
}

function jsonProblem(value: unknown, path: string, ancestors: Set<object>): string | undefined {
  switch (typeof value) {
    case "string":
    case "boolean":
      return undefined;
    case "number":
      return Number.isFinite(value) ? undefined : `is not JSON at ${path} (${String(value)}): use a finite number or null`;
    case "object": {
      if (value === null) return undefined;
      if (ancestors.has(value)) return `is not JSON at ${path}: it refers back to itself`;
      const prototype: unknown = Object.getPrototypeOf(value);
      const isArray = Array.isArray(value);
      if (!isArray && prototype !== Object.prototype && prototype !== null) {
        const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
        return `is not JSON at ${path} (${typeof name === "string" && name !== "" ? `a ${name}` : "a class instance"}): use plain objects, arrays, strings, numbers, booleans and null`;
      }
      ancestors.add(value);
      try {
        if (isArray) {
          for (let index = 0; index < value.length; index += 1) {
            const item: unknown = value[index];
            if (item === undefined) return `is not JSON at ${path}[${index}] (undefined): use null`;
            const problem = jsonProblem(item, `${path}[${index}]`, ancestors);
            if (problem !== undefined) return problem;
          }
          return undefined;
        }
        for (const [key, item] of Object.entries(value)) {
          // An optional field left undefined is dropped by JSON, as TypeScript code expects.
          if (item === undefined) continue;
          const problem = jsonProblem(item, `${path}.${key}`, ancestors);
          if (problem !== undefined) return problem;
        }
        return undefined;
      } finally {
        ancestors.delete(value);
      }
    }
    default:
      return `is not JSON at ${path} (a ${typeof value})`;
  }
}

// A hook's answer can be a long string; the log line shows its start.
function describe(value: unknown): string {
  return describeValue(value, { maxLength: 60 });
}

/**
 * Calls the hook and reads its answer; a hook that throws or rejects is a `bug` too, with its
 * error as `cause` for the log.
 *
 * @internal
 */
export async function callSignInHook(
  hook: (context: SignInHookContext<never>) => unknown,
  context: SignInHookContext<unknown>,
): Promise<ReadDecision & { cause?: unknown }> {
  let answer: unknown;
  try {
    answer = await hook(context as SignInHookContext<never>);
  } catch (cause) {
    return { kind: "bug", problem: `${PREFIX} threw; nothing was signed in.`, cause };
  }
  return readSignInDecision(answer);
}
