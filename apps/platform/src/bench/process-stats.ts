import { readFileSync } from 'node:fs';

/** Resident memory of a process in MB (Linux /proc), NaN when it cannot be read. */
export function residentMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * CPU time (user + system) a process used so far in ms (Linux /proc, clock ticks of 10 ms), NaN
 * when it cannot be read: another process's cost per request, which on a shared machine moves
 * far less than its throughput does.
 */
export function cpuMs(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces), from field 3 on: utime is 14, stime 15.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/**
 * Items per second since `started` (performance.now()) and this process's CPU time per item since
 * `cpuBefore`: the sender's side only when the receiver is another process; a shared machine
 * disturbs the CPU figure far less than the rate.
 */
export interface Rate {
  perSecond: number;
  cpuMsPerItem: number;
}

export function rateOf(items: number, started: number, cpuBefore: NodeJS.CpuUsage): Rate {
  const cpu = process.cpuUsage(cpuBefore);
  return {
    perSecond: items / ((performance.now() - started) / 1000),
    cpuMsPerItem: (cpu.user + cpu.system) / 1000 / items,
  };
}
