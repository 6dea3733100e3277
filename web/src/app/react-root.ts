/**
 * React DOM's client, in a chunk of its own (`react-root`) that main.tsx imports dynamically at
 * start: about 200 KB of the page's script, most of the entry's before. Imported statically, its
 * evaluation was part of the entry's, one task of 160-340 ms at 4x CPU in Chromium on this
 * machine (the login page, no tracing); as a chunk of its own it is evaluated in a task of its
 * own while the entry's next steps wait for the network or a task. The starter preloads it last,
 * after the page's and the signed-in frame's own chunks (build/route-html.ts, START_CHUNKS).
 */
export { createRoot } from 'react-dom/client';
