/** Types of server-link.mjs. */
export function linkServer(): Promise<void>;
export function servedByServer(): boolean;
export function reportAppStarted(): void;
