/** Types of client-address.mjs, for the routes and the tests. */
import type { IncomingMessage } from "node:http";

export const CLIENT_ADDRESS_HEADER: string;
export function compileTrustProxy(setting: string | undefined): (address: string, hop: number) => boolean;
export function setClientAddress(request: IncomingMessage, trust: (address: string, hop: number) => boolean): void;
export function clientAddressOf(headers: Headers): string;
