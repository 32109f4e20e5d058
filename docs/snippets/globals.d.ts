// The parts of Bun's and Deno's globals the guides use, so their samples type-check here. In a
// Bun or Deno project the runtime's own types (@types/bun, Deno's built-in types) provide them.
declare const Bun: {
  env: Record<string, string | undefined>;
  serve(options: { port?: number; fetch(request: Request): Response | Promise<Response> }): { port: number };
};

declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
  openKv(path?: string): Promise<DenoKv>;
};

// Deno.Kv as Deno's own types declare the parts the KV store uses.
type DenoKvKey = readonly (Uint8Array | string | number | bigint | boolean | symbol)[];
interface DenoAtomicOperation {
  check(...checks: { key: DenoKvKey; versionstamp: string | null }[]): this;
  set(key: DenoKvKey, value: unknown, options?: { expireIn?: number }): this;
  commit(): Promise<{ ok: true; versionstamp: string } | { ok: false }>;
}
interface DenoKv {
  get<T = unknown>(
    key: DenoKvKey,
    options?: { consistency?: "strong" | "eventual" },
  ): Promise<{ key: DenoKvKey; value: T; versionstamp: string } | { key: DenoKvKey; value: null; versionstamp: null }>;
  atomic(): DenoAtomicOperation;
}

// The parts of SvelteKit's, React Router's and NestJS's types the guides' samples use, as those
// packages declare them, so the samples type-check here without installing the frameworks. In
// your app the framework's own types apply.
declare namespace App {
  // Filled by the app (docs/snippets/sveltekit/app.d.ts), as SvelteKit's generated types expect.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Locals {}
}

declare module "@sveltejs/kit" {
  export interface RequestEvent {
    request: Request;
    url: URL;
    locals: App.Locals;
  }
  export type Handle = (input: {
    event: RequestEvent;
    resolve: (event: RequestEvent) => Response | Promise<Response>;
  }) => Response | Promise<Response>;
}

declare module "react-router" {
  export interface LoaderFunctionArgs {
    request: Request;
    params: Record<string, string | undefined>;
    context: unknown;
  }
  export type ActionFunctionArgs = LoaderFunctionArgs;
}

declare module "@nestjs/common" {
  export interface HttpArgumentsHost {
    getRequest<T = unknown>(): T;
  }
  export interface ExecutionContext {
    switchToHttp(): HttpArgumentsHost;
  }
  export interface CanActivate {
    canActivate(context: ExecutionContext): boolean | Promise<boolean>;
  }
  export class UnauthorizedException extends Error {
    constructor(message?: string);
  }
  export function Controller(prefix?: string): ClassDecorator;
  export function Get(path?: string): MethodDecorator;
  export function UseGuards(
    ...guards: (CanActivate | (abstract new (...args: never[]) => CanActivate))[]
  ): MethodDecorator & ClassDecorator;
  export function Req(): ParameterDecorator;
}
