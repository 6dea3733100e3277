import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedSchoolHistory } from './school-history.js';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** Where the trivial page lives beside the app, so both go through the same static server. */
export const BASELINE_PATH = '/lighthouse-baseline.html';

/**
 * The same-run baseline: what a page costs with nothing of ours in it. It carries the app's
 * viewport and language so Lighthouse judges it by the same rules.
 */
const BASELINE_HTML = `<!doctype html>
<html lang="id">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="Halaman statis pembanding untuk Lighthouse." />
    <title>URS</title>
  </head>
  <body style="font-family: system-ui, sans-serif; margin: 2rem">
    <h1>URS</h1>
    <p>Laporan kebersihan dan perbaikan, inventaris, dan pengumuman sekolah.</p>
  </body>
</html>
`;

/**
 * How many rows the measured school holds for a pull (LIGHTHOUSE_SCHOOL_ROWS, default 10,000,
 * the issue's large school): the demo school, topped up with earlier years' completed reports.
 */
export const SCHOOL_ROWS = Number(process.env['LIGHTHOUSE_SCHOOL_ROWS'] ?? 10_000);

export interface AppServer {
  url: string;
  /** The rows the school holds for a pull (what a fresh device's first sync brings). */
  schoolRows: number;
  stop(): Promise<void>;
}

/**
 * The built app as `npm start` serves it (scripts/dist/start.js: migrate, serve API and PWA on
 * one port), in a temporary data directory seeded first with the measured school (SCHOOL_ROWS), with a copy of web/dist that
 * also holds the baseline page.
 */
export async function startAppServer(
  // LIGHTHOUSE_WEB_DIST measures another build (an older one, for a same-day comparison).
  built: string = process.env['LIGHTHOUSE_WEB_DIST'] ?? path.join(repoRoot, 'web', 'dist'),
): Promise<AppServer> {
  const temp = await mkdtemp(path.join(os.tmpdir(), 'urs-lighthouse-'));
  const dist = path.join(temp, 'dist');
  await cp(built, dist, { recursive: true });
  await writeFile(path.join(dist, BASELINE_PATH.slice(1)), BASELINE_HTML);
  const dataDir = path.join(temp, 'data');
  const schoolRows = await seedSchoolHistory(dataDir, SCHOOL_ROWS);

  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/dist/start.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: dist,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /URS is running at http:\/\/localhost:(\d+)/.exec(output);
      if (match?.[1] !== undefined) resolve(`http://127.0.0.1:${match[1]}`);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  return {
    url,
    schoolRows,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(temp, { recursive: true, force: true });
    },
  };
}
