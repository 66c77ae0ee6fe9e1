// The Node 20 built-ins the tests use. Debian has no @types/node, so these are the
// signatures of its documentation, cut down to the calls made here.

declare module "node:test" {
  type Body = () => void | Promise<void>
  export function describe(name: string, body: Body): void
  export function it(name: string, body: Body): void
  export function beforeEach(body: Body): void
  export function afterEach(body: Body): void

  interface MockCall<Args extends unknown[]> {
    arguments: Args
  }
  interface MockFunctionContext<Args extends unknown[]> {
    readonly calls: MockCall<Args>[]
    callCount(): number
  }
  type Method = (...args: any[]) => unknown
  export const mock: {
    method<T extends object, K extends keyof T>(
      object: T,
      name: K,
      implementation?: T[K],
    ): T[K] & { mock: MockFunctionContext<T[K] extends Method ? Parameters<T[K]> : never> }
    restoreAll(): void
  }
}

declare module "node:assert/strict" {
  function ok(value: unknown, message?: string): asserts value
  namespace ok {
    function ok(value: unknown, message?: string): asserts value
    function equal<T>(actual: unknown, expected: T, message?: string): asserts actual is T
    function deepEqual<T>(actual: unknown, expected: T, message?: string): asserts actual is T
    function notEqual(actual: unknown, expected: unknown, message?: string): void
    function match(value: string, pattern: RegExp, message?: string): void
    function doesNotMatch(value: string, pattern: RegExp, message?: string): void
    function throws(block: () => unknown, error: { message: string | RegExp }, message?: string): void
  }
  export default ok
}

declare module "node:fs" {
  export function readFileSync(path: string | URL, encoding: "utf8"): string
  export function readdirSync(path: string | URL): string[]
}

declare module "node:module" {
  export function register(specifier: string, parentURL?: string | URL): void
}
