/**
 * CPU time of processes, read from Linux's `/proc` (user + system, in milliseconds): a process and
 * its descendants (an instance started through tsx is a tree), and every `postgres` process (the
 * database server on this machine). Elsewhere the figures are undefined and the bench says n/a.
 *
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

interface ProcStat {
  pid: number;
  ppid: number;
  comm: string;
  cpuMs: number;
}

function stats(): ProcStat[] | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const out: ProcStat[] = [];
  for (const pid of entries) {
    try {
      const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The command is in parentheses and may hold spaces; the fields after it are fixed.
      const close = text.lastIndexOf(')');
      const comm = text.slice(text.indexOf('(') + 1, close);
      const fields = text.slice(close + 2).split(' ');
      out.push({
        pid: Number(pid),
        ppid: Number(fields[1]),
        comm,
        cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
      });
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

/** CPU milliseconds of the trees rooted at `pids`, and of every `postgres` process. */
export function cpuSnapshot(pids: readonly number[]): { instancesMs?: number; postgresMs?: number } {
  const all = stats();
  if (!all) return {};
  const children = new Map<number, ProcStat[]>();
  for (const stat of all) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
  const byPid = new Map(all.map((stat) => [stat.pid, stat]));
  let instancesMs = 0;
  const stack = pids.map((pid) => byPid.get(pid)).filter((stat) => stat !== undefined);
  while (stack.length > 0) {
    const stat = stack.pop()!;
    instancesMs += stat.cpuMs;
    stack.push(...(children.get(stat.pid) ?? []));
  }
  const postgres = all.filter((stat) => stat.comm === 'postgres');
  return {
    instancesMs,
    ...(postgres.length > 0 && { postgresMs: postgres.reduce((sum, s) => sum + s.cpuMs, 0) }),
  };
}
