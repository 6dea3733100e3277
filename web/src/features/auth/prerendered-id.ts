/** The element `login/index.html` carries the build's rendering of the login form in (build/route-html.ts). */
export const PRERENDERED_ID = 'prerendered';
