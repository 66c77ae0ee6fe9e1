// The page's console, which the Stimulus bases' checks and hooks (usesBridgeBase) write to:
// the runtime is checked with ES2017 alone, without the DOM's types the generated code has.
declare const console: { warn(message: string): void; error(message: string): void }
