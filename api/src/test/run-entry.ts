import { spawn } from 'node:child_process';

export interface EntryResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * A process entry run from source to its end, as an operator would run it: compiled by tsx,
 * with only `PATH` and `vars` in its environment.
 */
export function runEntry(file: string, vars: Record<string, string>): Promise<EntryResult> {
  const child = spawn(process.execPath, ['--conditions=@urs/source', '--import', 'tsx', file], {
    env: { PATH: process.env['PATH'] ?? '', ...vars },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}
