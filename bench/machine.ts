// How busy the machine was while a benchmark ran, so a figure can be read against it: the load average, the
// share of CPU time the hypervisor gave to other guests (steal, /proc/stat), and a fixed CPU probe whose
// time doubles when the host is contended (seen on these machines: 175 ms → 1,600 ms within a minute).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export function loadavg(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

// Run in a fresh Node process: inside the benchmark's own process the loop's timing depends on that
// process's JIT state and loader (observed: 125 ms, then 720 ms, for the same loop).
const PROBE = `let t=process.hrtime.bigint(),x=0;for(let i=0;i<1e8;i++)x=(x+i)|0;process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6+(x&0)))`;

/** Milliseconds for 10^8 integer additions in a fresh Node process, median of three. */
export function cpuProbeMs(): number {
  const runs: number[] = [];
  for (let r = 0; r < 3; r++) runs.push(Number(execFileSync(process.execPath, ['-e', PROBE], { encoding: 'utf8' })));
  return runs.sort((a, b) => a - b)[1]!;
}

interface CpuTimes {
  total: number;
  steal: number;
}

function cpuTimes(): CpuTimes {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal guest guest_nice (guest time is already in user)
  const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
  return { total, steal: fields[7] ?? 0 };
}

/** Starts watching; `stop()` gives the machine's state over the run, one line for a report. */
export function watchMachine(): { stop(): string } {
  const probeStart = cpuProbeMs();
  const start = cpuTimes();
  return {
    stop() {
      const end = cpuTimes();
      const steal = end.total > start.total ? (100 * (end.steal - start.steal)) / (end.total - start.total) : 0;
      const probeEnd = cpuProbeMs();
      return (
        `CPU steal ${steal.toFixed(1)}% of the run; ` +
        `CPU probe (10^8 integer additions) ${Math.round(probeStart)} ms before, ${Math.round(probeEnd)} ms after ` +
        `(130–190 ms when the host is quiet)`
      );
    },
  };
}
