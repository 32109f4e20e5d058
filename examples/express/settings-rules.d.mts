/** Types of settings-rules.mjs, for the Next example's TypeScript files. */
import type { ClaimSet } from "sign-in-with-xrpl";
export class ConfigError extends Error {}
export function checkedByLibrary<T>(setting: string, value: string | undefined, run: () => T): T;
export function nonEmpty(value: string | undefined): string | undefined;
export function readPort(value: string | undefined): number;
export function readPositiveInteger(name: string, value: string | undefined, fallback: number): number;
export function readAppDomain(value: string | undefined, production: boolean): string[] | undefined;
export function readRedisUrl(value: string | undefined, loadCreateClient: () => (options: { url: string }) => unknown): string | undefined;
export function redactUrl(url: string): string;
export const DEFAULT_CHAIN_ID: string;
export function readChainId(value: string | undefined): string;
export function readAllowedOrigins(value: string | undefined): string[] | undefined;
export function readSignInClaims(value: string | undefined): ClaimSet | undefined;
export function readRequireClaims(value: string | undefined, claims: ClaimSet | undefined): string[] | undefined;
export function uriSchemesFor(production: boolean, domain: string[] | undefined): string[] | undefined;
