import { readdirSync, readFileSync } from 'node:fs';

/**
 * The memory of Chromium's processes, sampled from /proc while a bench runs (issue 22: the render
 * Lambda's memory is Chromium's, which this process's own RSS does not count). Linux only.
 */

/** The peak, over the run, of the summed memory of this process's descendants (Chromium's processes). */
export interface ChromiumPeak {
  rssMb: number;
  /** Proportional set size: shared pages split between the processes sharing them (RSS counts them in each). */
  pssMb: number;
  processes: number;
}

/** The process ids below `root` (Chromium: the browser, its zygotes, renderers, GPU and utility processes). */
function descendantsOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: the fields after its last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Gone between the listing and the read.
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0)
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  return found;
}

/** kB fields of /proc/<pid>/smaps_rollup (Rss, Pss), 0 when the process is gone. */
function memoryOf(pid: number): { rss: number; pss: number } {
  try {
    const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);
    return { rss: field('Rss'), pss: field('Pss') };
  } catch {
    return { rss: 0, pss: 0 };
  }
}

/** Samples the Chromium processes' summed memory until stopped; the peak. */
export function sampleChromium(everyMs = 250): { stop: () => ChromiumPeak } {
  const peak: ChromiumPeak = { rssMb: 0, pssMb: 0, processes: 0 };
  const sample = () => {
    let rss = 0;
    let pss = 0;
    const pids = descendantsOf(process.pid).filter((pid) => {
      try {
        return /chrom/i.test(readFileSync(`/proc/${pid}/comm`, 'utf8'));
      } catch {
        return false;
      }
    });
    for (const pid of pids) {
      const m = memoryOf(pid);
      rss += m.rss;
      pss += m.pss;
    }
    peak.rssMb = Math.max(peak.rssMb, rss / 1024);
    peak.pssMb = Math.max(peak.pssMb, pss / 1024);
    peak.processes = Math.max(peak.processes, pids.length);
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}
