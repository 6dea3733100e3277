import fs from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on every Linux we run). */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); undefined if gone. */
export function cpuSecondsOf(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The CPU the server side spends over a stage, whatever else runs on the host: on a shared
 * machine the wall-clock latencies say how starved the run was, the CPU seconds say what the
 * work cost. Processes are sampled by pid (the API processes, the run's PostgreSQL backends as
 * they appear); each counts from its first sample to its last, so a backend that starts mid
 * stage misses at most the work before its first sample (the watcher samples every second).
 */
export class CpuMeter {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();

  sample(pids: Iterable<number | undefined>): void {
    for (const pid of pids) {
      if (pid === undefined) continue;
      const seconds = cpuSecondsOf(pid);
      if (seconds === undefined) continue;
      if (!this.first.has(pid)) this.first.set(pid, seconds);
      this.last.set(pid, seconds);
    }
  }

  /** CPU seconds the sampled processes used between their first and last samples. */
  seconds(): number {
    let total = 0;
    for (const [pid, end] of this.last) total += end - (this.first.get(pid) ?? end);
    return total;
  }
}
