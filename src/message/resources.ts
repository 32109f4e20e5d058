// The `resources` rule: a list of RFC 3986 URIs, each on its own "- " line.
import { isUri } from "./uri.js";

/** Prefix of each resource line. */
export const RESOURCE_LINE_PREFIX = "- ";

/** True when `text` may appear as a resource: an RFC 3986 URI with a scheme. */
export function isResource(text: string): boolean {
  return isUri(text);
}
