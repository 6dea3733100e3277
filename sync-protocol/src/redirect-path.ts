/*
 * The WHATWG URL parser both runtimes have (Node and every browser). The package builds with no
 * platform's types, so the one constructor this file uses is declared here.
 */
declare const URL: new (input: string, base: string) => { readonly origin: string };

const SAME_SITE = 'http://urs.invalid';

/**
 * Whether a path to go to after sign-in stays on this site (spec section 2): the server keeps
 * one through single sign-on, the web app follows it. `//host` is protocol-relative (another
 * site), browsers read `/\host` the same way, and they drop tabs and line breaks first
 * (`/\t/host`). So the path is read by the URL parser browsers follow, and kept only when it
 * stays on the site it is read against.
 */
export function isSameSitePath(value: unknown): value is string {
  if (typeof value !== 'string' || !value.startsWith('/')) return false;
  try {
    return new URL(value, SAME_SITE).origin === SAME_SITE;
  } catch {
    // Not an address at all (URL.canParse is too new for some phones' browsers).
    return false;
  }
}
