/**
 * V8's explicit compile hint (Chrome 136 and later): a file that opens with this comment has
 * all of its functions compiled as it loads, on a background thread while it streams in,
 * instead of each one on the main thread at its first call. It must be the file's first line:
 * after any other statement V8 ignores it (checked with V8's function-event log). Other
 * browsers read a comment. Its own module, with nothing imported, for the browser tests.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
