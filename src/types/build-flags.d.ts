// Compile-time constants set in next.config.ts (compiler.define).

/** "off" in a build made with BUREAU_SENTRY_SDK=off: the Sentry SDK is left out of every bundle. */
declare const __BUREAU_SENTRY_SDK__: "on" | "off";
