// The page's console, which the Stimulus bases' checks (usesBridgeBase) warn on: the
// runtime is checked with ES2017 alone, without the DOM's types the generated code has.
declare const console: { warn(message: string): void }
